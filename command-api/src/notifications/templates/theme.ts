/** The web app's design tokens (web/src/styles/tokens.css, DESIGN.md), for the e-mails. */
export const colors = {
  background: '#fff8ee',
  backgroundAlt: '#fbefdf',
  surface: '#ffffff',
  text: '#3b2417',
  textMuted: '#6b4a3a',
  border: '#ead9c4',
  accent: '#a3154a',
  chocolate: '#4a2a1a',
  error: '#b3261e',
} as const;

/** The system font stack: no web font to download (and none that images-off would lose). */
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const MONOSPACE_FAMILY = "ui-monospace, Menlo, Consolas, 'Courier New', monospace";
