import { Router, type Response } from 'express';
import { formatShopDayTime, messages } from '@quitute/contracts';
import { notFound } from '../errors';
import { escapeHtml, htmlPage, sendHtmlPage } from '../http/html-page';
import { isLocalClient } from '../http/local-client';
import type { OutboxMailer, StoredMail } from './port';

export { isLoopbackAddress } from '../http/local-client';

const TITLE = 'Caixa de e-mails (desenvolvimento)';
const BASE_PATH = '/dev/mailbox';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f2;color:#2b2118}
main{max-width:52rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem}
ul{list-style:none;padding:0}
li{border-bottom:1px solid #e5ddd1}
li a{display:grid;grid-template-columns:11rem 14rem 1fr;gap:.75rem;padding:.6rem .25rem;color:inherit;text-decoration:none}
li a:hover{background:#f1e9dd}
.meta{color:#6b5b4b}
dl{display:grid;grid-template-columns:6rem 1fr;gap:.25rem .75rem}
dt{font-weight:600}
dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e5ddd1;padding:1rem;font:inherit}
pre a{color:#8a3b12}
`;

/**
 * URLs are found in the raw text and every piece, link or not, is escaped on
 * its own: markup in a mail can never reach the page, and `&` in a query
 * string stays one character. Trailing sentence punctuation is not part of
 * the link.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function textWithLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? '';
    const url = escapeHtml(match[0].slice(0, match[0].length - trailing.length));
    html += `${escapeHtml(text.slice(from, match.index))}<a href="${url}">${url}</a>`;
    from = match.index + match[0].length - trailing.length;
  }
  return html + escapeHtml(text.slice(from));
}

function page(title: string, body: string): string {
  return htmlPage(title, body, STYLE);
}

const formatDate = (iso: string): string => formatShopDayTime(new Date(iso), { seconds: true });
const mailPath = (mail: StoredMail): string => `${BASE_PATH}/${encodeURIComponent(mail.id)}`;

function listPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (mail) => `<li><a href="${mailPath(mail)}">
<span class="meta">${escapeHtml(formatDate(mail.sentAt))}</span>
<span>${escapeHtml(mail.to)}</span>
<strong>${escapeHtml(mail.subject)}</strong>
</a></li>`,
    )
    .join('\n');
  const content = mails.length === 0 ? '<p>Nenhum e-mail enviado ainda.</p>' : `<ul>${items}</ul>`;
  return page(TITLE, `<h1>${TITLE}</h1>\n${content}`);
}

const backLink = `<p><a href="${BASE_PATH}">← Voltar para a caixa de e-mails</a></p>`;

function mailPage(mail: StoredMail): string {
  return page(
    `${mail.subject} — ${TITLE}`,
    `${backLink}
<h1>${escapeHtml(mail.subject)}</h1>
<dl>
<dt>De</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>Para</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Enviado</dt><dd>${escapeHtml(formatDate(mail.sentAt))}</dd>
</dl>
<pre>${textWithLinks(mail.text)}</pre>`,
  );
}

/** No script, no form, nothing from elsewhere: the mails are only read. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendHtml(res: Response, status: number, html: string): void {
  sendHtmlPage(res, status, html, PAGE_POLICY);
}

/**
 * GET /dev/mailbox and /dev/mailbox/:id over the outbox. Mount it only when
 * the outbox adapter is the active mailer (ARCHITECTURE §7), and never in
 * production. It shows every mail's links, password reset tokens included, so
 * it answers only clients on this machine; everyone else gets the same 404 as
 * an unknown path.
 */
export function devMailboxRouter(outbox: OutboxMailer): Router {
  const router = Router();
  router.use(BASE_PATH, (req, _res, next) => {
    next(isLocalClient(req) ? undefined : notFound(messages.notFound));
  });
  router.get(BASE_PATH, async (_req, res) => {
    sendHtml(res, 200, listPage(await outbox.list()));
  });
  router.get(`${BASE_PATH}/:id`, async (req, res) => {
    const mail = await outbox.get(req.params.id);
    if (!mail) {
      sendHtml(
        res,
        404,
        page(`E-mail não encontrado — ${TITLE}`, `${backLink}\n<p>E-mail não encontrado.</p>`),
      );
      return;
    }
    sendHtml(res, 200, mailPage(mail));
  });
  return router;
}
