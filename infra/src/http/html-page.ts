import type { Response } from 'express';

/**
 * The server-rendered pages of the development surfaces (the dev mailbox, the
 * payment simulator): text escaped for HTML, one page shell, and strict
 * headers of their own (no script runs on them).
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A whole pt-BR page: `body` is HTML already escaped by the caller, `style` its stylesheet. */
export function htmlPage(title: string, body: string, style: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** Sends a page with its own Content-Security-Policy, never cached, never a referrer. */
export function sendHtmlPage(
  res: Response,
  status: number,
  html: string,
  contentSecurityPolicy: string,
): void {
  res
    .status(status)
    .set({
      'Content-Security-Policy': contentSecurityPolicy,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    })
    .type('html')
    .send(html);
}
