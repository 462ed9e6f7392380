import { Router, type Response } from 'express';
import { formatShopDayTime, messages } from '@quitute/contracts';
import { notFound } from '../errors';
import { escapeHtml, htmlPage, sendHtmlPage } from '../http/html-page';
import { isLocalClient } from '../http/local-client';
import type { OutboxSmsSender, StoredSms } from '../sms/port';
import type { OutboxMailer, StoredMail } from './port';

export { isLoopbackAddress } from '../http/local-client';

const TITLE = 'Caixa de e-mails (desenvolvimento)';
const BASE_PATH = '/dev/mailbox';
const SMS_PATH = `${BASE_PATH}/sms`;

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f2;color:#2b2118}
main{max-width:52rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem}
h2{font-size:1.1rem;margin-top:1.5rem}
ul{list-style:none;padding:0}
li{border-bottom:1px solid #e5ddd1}
li a{display:grid;grid-template-columns:11rem 4rem 14rem 1fr;gap:.75rem;padding:.6rem .25rem;color:inherit;text-decoration:none}
li a:hover{background:#f1e9dd}
li a>*{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.meta{color:#6b5b4b}
dl{display:grid;grid-template-columns:12rem 1fr;gap:.25rem .75rem}
dt{font-weight:600}
dd{margin:0;word-break:break-word}
dd a,pre a{color:#8a3b12}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e5ddd1;padding:1rem;font:inherit}
iframe{width:100%;height:40rem;background:#fff;border:1px solid #e5ddd1}
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
const smsPath = (sms: StoredSms): string => `${SMS_PATH}/${encodeURIComponent(sms.id)}`;

interface ListEntry {
  kind: 'E-mail' | 'SMS';
  id: string;
  sentAt: string;
  to: string;
  /** The subject of a mail, the text of an SMS. */
  title: string;
  path: string;
}

const newestFirst = (a: ListEntry, b: ListEntry): number =>
  Date.parse(b.sentAt) - Date.parse(a.sentAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function listPage(mails: StoredMail[], texts: StoredSms[]): string {
  const entries: ListEntry[] = [
    ...mails.map((mail) => ({
      kind: 'E-mail' as const,
      id: mail.id,
      sentAt: mail.sentAt,
      to: mail.to,
      title: mail.subject,
      path: mailPath(mail),
    })),
    ...texts.map((sms) => ({
      kind: 'SMS' as const,
      id: sms.id,
      sentAt: sms.sentAt,
      to: sms.to,
      title: sms.text,
      path: smsPath(sms),
    })),
  ].sort(newestFirst);
  const items = entries
    .map(
      (entry) => `<li><a href="${entry.path}">
<span class="meta">${escapeHtml(formatDate(entry.sentAt))}</span>
<span class="meta">${entry.kind}</span>
<span>${escapeHtml(entry.to)}</span>
<strong>${escapeHtml(entry.title)}</strong>
</a></li>`,
    )
    .join('\n');
  const content =
    entries.length === 0 ? '<p>Nenhuma mensagem enviada ainda.</p>' : `<ul>${items}</ul>`;
  return page(TITLE, `<h1>${TITLE}</h1>\n${content}`);
}

const backLink = `<p><a href="${BASE_PATH}">← Voltar para a caixa de e-mails</a></p>`;

const field = (name: string, valueHtml: string): string =>
  `<dt>${escapeHtml(name)}</dt><dd>${valueHtml}</dd>`;

/**
 * The HTML part is shown as the mail client would, in a frame of its own with
 * every sandbox restriction (no script, no form, no navigation, an origin of
 * its own): `srcdoc` is an attribute, so the whole document is escaped once.
 */
const htmlPart = (html: string): string =>
  `<iframe sandbox="" title="Parte HTML do e-mail" srcdoc="${escapeHtml(html)}"></iframe>`;

function mailPage(mail: StoredMail): string {
  const headers = Object.entries(mail.headers ?? {})
    .map(([name, value]) => field(name, textWithLinks(value)))
    .join('\n');
  return page(
    `${mail.subject} — ${TITLE}`,
    `${backLink}
<h1>${escapeHtml(mail.subject)}</h1>
<dl>
${field('De', escapeHtml(mail.from))}
${field('Para', escapeHtml(mail.to))}
${mail.replyTo === undefined ? '' : field('Responder para', escapeHtml(mail.replyTo))}
${field('Enviado', escapeHtml(formatDate(mail.sentAt)))}
${headers}
</dl>
<h2>Texto</h2>
<pre>${textWithLinks(mail.text)}</pre>
${mail.html === undefined ? '' : `<h2>HTML</h2>\n${htmlPart(mail.html)}`}`,
  );
}

function smsPage(sms: StoredSms): string {
  return page(
    `SMS para ${sms.to} — ${TITLE}`,
    `${backLink}
<h1>SMS para ${escapeHtml(sms.to)}</h1>
<dl>
${field('Para', escapeHtml(sms.to))}
${field('Enviado', escapeHtml(formatDate(sms.sentAt)))}
</dl>
<pre>${textWithLinks(sms.text)}</pre>`,
  );
}

/**
 * No script, no form, nothing from elsewhere: the mails are only read. The
 * HTML part's frame (`srcdoc`, a local document) is no fetch and inherits
 * this very policy, so its styles apply and its images, fonts and scripts do
 * not load; `frame-src` names no source: nothing else may be framed.
 */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function sendHtml(res: Response, status: number, html: string): void {
  sendHtmlPage(res, status, html, PAGE_POLICY);
}

function notFoundPage(res: Response, what: 'E-mail' | 'SMS'): void {
  const title = `${what} não encontrado`;
  sendHtml(res, 404, page(`${title} — ${TITLE}`, `${backLink}\n<p>${title}.</p>`));
}

/**
 * GET /dev/mailbox (e-mails and SMS together), /dev/mailbox/:id and
 * /dev/mailbox/sms/:id over the outboxes. Mount it only when the outbox
 * adapter is the active mailer (ARCHITECTURE §7), and never in production. It
 * shows every mail's links, password reset tokens included, so it answers
 * only clients on this machine; everyone else gets the same 404 as an unknown
 * path.
 */
export function devMailboxRouter(outbox: OutboxMailer, sms?: OutboxSmsSender): Router {
  const router = Router();
  router.use(BASE_PATH, (req, _res, next) => {
    next(isLocalClient(req) ? undefined : notFound(messages.notFound));
  });
  router.get(BASE_PATH, async (_req, res) => {
    const [mails, texts] = await Promise.all([outbox.list(), sms ? sms.list() : []]);
    sendHtml(res, 200, listPage(mails, texts));
  });
  router.get(`${SMS_PATH}/:id`, async (req, res) => {
    const found = sms ? await sms.get(req.params.id) : null;
    if (!found) {
      notFoundPage(res, 'SMS');
      return;
    }
    sendHtml(res, 200, smsPage(found));
  });
  router.get(`${BASE_PATH}/:id`, async (req, res) => {
    const mail = await outbox.get(req.params.id);
    if (!mail) {
      notFoundPage(res, 'E-mail');
      return;
    }
    sendHtml(res, 200, mailPage(mail));
  });
  return router;
}
