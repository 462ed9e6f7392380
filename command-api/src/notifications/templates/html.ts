/** Text made safe inside HTML: element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
  if (!asideValues) return escaped;
  asideValues.push(escaped);
  return `${TOKEN_START}${asideValues.length - 1}${TOKEN_END}`;
}

/**
 * Compiling MJML costs milliseconds of the shop's one thread per e-mail, while
 * an e-mail of a kind differs from the last one of its shape only in its
 * values. So the MJML is written with each value set aside (escapeHtml answers
 * a token for it), compiled once per shape, and the escaped values put back
 * into the compiled HTML. The tokens are plain letters and digits that no
 * template writes and MJML leaves as they are.
 */
let asideValues: string[] | null = null;
const TOKEN_START = 'QVALUE';
const TOKEN_END = 'QEND';
const TOKEN = new RegExp(`${TOKEN_START}(\\d+)${TOKEN_END}`, 'g');

/** What `write` returns with every value it escaped replaced by a token, and those values. */
export function withValuesAside<T>(write: () => T): { written: T; values: string[] } {
  const values: string[] = [];
  asideValues = values;
  try {
    return { written: write(), values };
  } finally {
    asideValues = null;
  }
}

/** The values back in place of their tokens (once: a value is never read for tokens). */
export function putValuesBack(html: string, values: readonly string[]): string {
  return html.replace(TOKEN, (token, index: string) => values[Number(index)] ?? token);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Whether a link may be an anchor: only http(s). A payment provider's URL is
 * read from the log, and a `javascript:` one must never become clickable.
 */
export function isWebUrl(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href);
}
