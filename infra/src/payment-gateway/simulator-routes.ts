import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import {
  accountMessages,
  formatDigitableLine,
  formatShopDayTime,
  parseMoneyInput,
} from '@quitute/contracts';
import { AppError } from '../errors';
import { escapeHtml, htmlPage, sendHtmlPage } from '../http/html-page';
import { parseWith } from '../http/parse';
import type { PaymentMethod, ProviderPayment, ProviderPaymentStatus, ProviderRefund } from './port';
import { isSettleable, type PaymentSimulator } from './simulator';

const TITLE = 'Simular pagamento';
const BASE_PATH = '/simulator/payments';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f2;color:#2b2118}
main{max-width:40rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.4rem}
h2{font-size:1.1rem;margin-top:1.5rem}
dl{display:grid;grid-template-columns:8rem 1fr;gap:.35rem .75rem}
dt{font-weight:600}
dd{margin:0}
code,.code{font-family:ui-monospace,monospace;word-break:break-all}
.code{font-size:1.05rem;background:#fff;border:1px solid #e5ddd1;padding:.6rem}
textarea{width:100%;box-sizing:border-box;font-family:ui-monospace,monospace}
img{display:block;image-rendering:pixelated;border:1px solid #e5ddd1;background:#fff}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.1rem;border-radius:.4rem;border:1px solid #8a3b12;cursor:pointer}
.approve{background:#2f6b2f;border-color:#2f6b2f;color:#fff}
.reject{background:#fff;color:#8a3b12}
.refund{display:flex;gap:.5rem;align-items:center}
input{font:inherit;padding:.5rem;width:8rem}
table{border-collapse:collapse}
td,th{padding:.3rem .6rem;border-bottom:1px solid #e5ddd1;text-align:left}
.notice{background:#fdecea;border:1px solid #e6a29a;padding:.6rem}
.meta{color:#6b5b4b;font-size:.9rem}
`;

const METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  credit_card: 'Cartão de crédito',
  debit_card: 'Cartão de débito',
};

const STATUS_LABELS: Record<ProviderPaymentStatus, string> = {
  pending: 'Pendente',
  approved: 'Aprovado',
  authorized: 'Autorizado',
  in_process: 'Em análise',
  in_mediation: 'Em disputa',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Estornado (chargeback)',
};

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
function page(title: string, body: string): string {
  return htmlPage(title, body, STYLE);
}

/** Absolute path of a payment's page, wherever the router is mounted. */
const paymentPath = (req: Request, paymentId: string) =>
  `${req.baseUrl}${BASE_PATH}/${encodeURIComponent(paymentId)}`;

function instrumentSection(payment: ProviderPayment): string {
  if (payment.pix) {
    return `<h2>Pix copia e cola</h2>
<img alt="QR Code do Pix" width="240" height="240" src="data:image/png;base64,${escapeHtml(payment.pix.qrCodeBase64)}">
<p><textarea readonly rows="4" aria-label="Código Pix copia e cola">${escapeHtml(payment.pix.qrCode)}</textarea></p>`;
  }
  if (payment.boleto) {
    return `<h2>Boleto</h2>
<p>Linha digitável</p>
<p class="code">${escapeHtml(formatDigitableLine(payment.boleto.digitableLine))}</p>
<p class="meta">Código de barras: <code>${escapeHtml(payment.boleto.barcode)}</code></p>`;
  }
  return '';
}

const REFUND_STATUS_LABELS: Record<ProviderRefund['status'], string> = {
  approved: 'Aprovado',
  in_process: 'Em processamento',
  rejected: 'Rejeitado',
  cancelled: 'Cancelado',
};

function refundsSection(payment: ProviderPayment): string {
  const refunds = payment.refunds ?? [];
  if (refunds.length === 0) return '';
  const rows = refunds
    .map(
      (refund) =>
        `<tr><td><code>${escapeHtml(refund.id)}</code></td><td>${escapeHtml(money.format(refund.amountCents / 100))}</td><td>${escapeHtml(REFUND_STATUS_LABELS[refund.status])}</td><td>${escapeHtml(formatShopDayTime(new Date(refund.createdAt)))}</td></tr>`,
    )
    .join('\n');
  return `<h2>Reembolsos</h2>
<table><thead><tr><th>Reembolso</th><th>Valor</th><th>Status</th><th>Quando</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
}

/** An approved payment may be refunded or charged back "at the provider" (issue 38). */
function providerActions(path: string, payment: ProviderPayment): string {
  if (payment.status !== 'approved') return '';
  return `<h2>Ações do sistema de pagamento</h2>
<div class="actions">
<form method="post" action="${path}/refund" class="refund"><label>Valor (vazio: o restante) <input name="amount" inputmode="decimal" placeholder="10,00"></label><button type="submit" class="reject">Reembolsar</button></form>
<form method="post" action="${path}/chargeback"><button type="submit" class="reject">Simular contestação (chargeback)</button></form>
</div>`;
}

function paymentPage(req: Request, payment: ProviderPayment, notice?: string): string {
  const path = escapeHtml(paymentPath(req, payment.id));
  const expiry = payment.expiresAt
    ? `<dt>Vencimento</dt><dd>${escapeHtml(formatShopDayTime(new Date(payment.expiresAt)))}</dd>`
    : '';
  const actions = isSettleable(payment)
    ? `<div class="actions">
<form method="post" action="${path}/approve"><button type="submit" class="approve">Aprovar pagamento</button></form>
<form method="post" action="${path}/reject"><button type="submit" class="reject">Rejeitar pagamento</button></form>
</div>`
    : payment.status === 'approved'
      ? ''
      : '<p>Este pagamento não está pendente: não há o que simular.</p>';
  return page(
    `${TITLE} — ${payment.id}`,
    `<h1>${TITLE}</h1>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<dl>
<dt>Valor</dt><dd>${escapeHtml(money.format(payment.amountCents / 100))}</dd>
<dt>Método</dt><dd>${escapeHtml(METHOD_LABELS[payment.method])}</dd>
<dt>Status</dt><dd>${escapeHtml(STATUS_LABELS[payment.status])} <code>${escapeHtml(`${payment.status} / ${payment.statusDetail}`)}</code></dd>
<dt>Pedido</dt><dd><code>${escapeHtml(payment.externalReference)}</code></dd>
<dt>Pagamento</dt><dd><code>${escapeHtml(payment.id)}</code></dd>
${expiry}
</dl>
${instrumentSection(payment)}
${refundsSection(payment)}
${actions}
${providerActions(path, payment)}
<p class="meta">Simulador de pagamentos: nenhum dinheiro de verdade é movimentado.</p>`,
  );
}

const notFoundPage = () =>
  page(
    `Pagamento não encontrado — ${TITLE}`,
    `<h1>${TITLE}</h1>\n<p>Pagamento não encontrado.</p>`,
  );

/** No scripts, nothing external; inline styles, the QR code as a data: image, forms to this origin. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function sendHtml(res: Response, status: number, html: string): void {
  sendHtmlPage(res, status, html, PAGE_POLICY);
}

/** A browser's form post wants the page back; `fetch` and API clients get JSON. */
const wantsHtml = (req: Request) => req.accepts(['json', 'html']) === 'html';

const field = (message: string, max: number) => z.string({ error: message }).max(max, message);

const cardTokenSchema = z.strictObject({
  cardNumber: field('Número do cartão inválido.', 30),
  cardholderName: field('Nome do titular é obrigatório.', 100),
  expirationMonth: field('Data de validade inválida.', 2),
  expirationYear: field('Data de validade inválida.', 4),
  securityCode: field('Código de segurança inválido.', 4),
  docNumber: field('CPF inválido', 20),
});

/**
 * The simulator's own surface: a page per payment to approve or reject it
 * by hand (the Pix/boleto link the shop shows) and the card tokenizer the
 * simulated card form calls. Mount it only while the simulator is the active
 * gateway; JSON errors go on to the shop's error handler.
 */
/**
 * Card tokens a client (by IP) may ask for per minute: a customer types a card
 * a few times at most, and each token is kept in memory until used.
 */
export const CARD_TOKENS_PER_MINUTE = 30;

export function paymentSimulatorRouter(
  simulator: PaymentSimulator,
  options: { cardTokensPerMinute?: number } = {},
): Router {
  const router = Router();
  const cardTokenLimit = rateLimit({
    windowMs: 60_000,
    limit: options.cardTokensPerMinute ?? CARD_TOKENS_PER_MINUTE,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    message: { message: accountMessages.tooManyRequests, code: 'rate_limited' },
  });

  router.get(`${BASE_PATH}/:paymentId`, async (req, res) => {
    const payment = await simulator.get(req.params.paymentId);
    if (payment) sendHtml(res, 200, paymentPage(req, payment));
    else sendHtml(res, 404, notFoundPage());
  });

  for (const outcome of ['approve', 'reject'] as const) {
    router.post(`${BASE_PATH}/:paymentId/${outcome}`, async (req, res) => {
      const payment = await simulator[outcome](req.params.paymentId);
      if (wantsHtml(req)) res.redirect(303, paymentPath(req, payment.id));
      else res.json(payment);
    });
  }

  const refundForm = z.object({ amount: z.string().max(30).optional() });
  router.post(
    `${BASE_PATH}/:paymentId/refund`,
    express.urlencoded({ extended: false, limit: '1kb', inflate: false }),
    express.json({ limit: '1kb', strict: true, inflate: false }),
    async (req, res) => {
      const { amount } = parseWith(refundForm, req.body ?? {});
      let amountCents: number | undefined;
      if (amount !== undefined && amount.trim() !== '') {
        const parsed = parseMoneyInput(amount);
        if (!parsed.ok) throw new AppError('validation', parsed.message);
        amountCents = parsed.cents;
      }
      const payment = await simulator.refundAtProvider(req.params.paymentId, amountCents);
      if (wantsHtml(req)) res.redirect(303, paymentPath(req, payment.id));
      else res.json(payment);
    },
  );

  router.post(`${BASE_PATH}/:paymentId/chargeback`, async (req, res) => {
    const payment = await simulator.chargeBack(req.params.paymentId);
    if (wantsHtml(req)) res.redirect(303, paymentPath(req, payment.id));
    else res.json(payment);
  });

  router.post(
    '/simulator/card_tokens',
    cardTokenLimit,
    // No inflating: a compressed body answers 415, as on the shop's own routes.
    express.json({ limit: '10kb', strict: true, inflate: false }),
    async (req, res) => {
      const request = parseWith(cardTokenSchema, req.body);
      res.status(201).json(await simulator.createCardToken(request));
    },
  );

  /** A form post that cannot be done shows the page again with the reason, not JSON. */
  const formErrors: ErrorRequestHandler = async (error, req, res, next) => {
    if (!(error instanceof AppError) || !wantsHtml(req)) {
      next(error);
      return;
    }
    const paymentId = typeof req.params.paymentId === 'string' ? req.params.paymentId : '';
    const payment = await simulator.get(paymentId);
    if (payment) sendHtml(res, error.status, paymentPage(req, payment, error.message));
    else sendHtml(res, 404, notFoundPage());
  };
  router.use(`${BASE_PATH}/:paymentId`, formErrors);

  return router;
}
