import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { listenOnFreePort } from '../testing/http';
import { mercadoPagoDate } from './mercadopago';
import type { ProviderPaymentStatus } from './port';
import { startWebhookDelivery, type WebhookDelivery } from './simulator-webhooks';

/**
 * Test helper: a local stand-in for the few Payments API routes the adapter
 * calls, on 127.0.0.1 at a free port. Point `createMercadoPagoGateway` at
 * `fake.url`.
 *
 * - `POST /v1/payments`, `GET /v1/payments/:id`, `PUT /v1/payments/:id`
 *   (`{status:"cancelled"}` only) and `POST /v1/payments/:id/refunds` (all
 *   that is left, or `{amount}` in reais for part: `approved/partially_refunded`
 *   until the last centavo, then `refunded/refunded`; the payment lists its `refunds`).
 * - Every request needs `Authorization: Bearer <accessToken>` (else 401);
 *   every write needs `X-Idempotency-Key` (else 400), and a key seen before on
 *   the same route gets the first answer again, with no new effect.
 * - Pix and boleto (`bolbradesco`) start `pending`; boleto also needs the
 *   payer's name, CPF and whole address, as Mercado Pago requires since 2024.
 * - Cards: the token's first four letters decide, like the test cardholder
 *   names — `APRO` approved, `CONT` in process, `FUND` rejected for funds,
 *   anything else rejected (`cc_rejected_other_reason`). Brands starting with
 *   `deb` (`debvisa`, `debelo`, …) are debit cards, any other credit.
 * - The Pix code, boleto line and barcode are placeholders, not valid codes.
 * - Every request is kept in `requests` (headers lower-cased, JSON body).
 * - With `webhookSecret`, the fake notifies like Mercado Pago: `settle` posts a
 *   signed notification to the payment's `notification_url`, and a test-only
 *   control route, `POST /test-control/payments/:id/approve` (same bearer
 *   token), pays a pending Pix or boleto from outside the process — what the
 *   topology of processes (deploy/src/topology) and its fault test call.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakePayment {
  id: number;
  status: ProviderPaymentStatus;
  status_detail: string;
  payment_method_id: string;
  payment_type_id: string;
  transaction_amount: number;
  description: string | null;
  external_reference: string | null;
  date_created: string;
  date_last_updated: string;
  date_of_expiration: string | null;
  installments: number | null;
  payer: Record<string, unknown>;
  point_of_interaction: Record<string, unknown>;
  transaction_details: Record<string, unknown>;
  refunds: FakeRefund[];
  notification_url: string | null;
}

export interface FakeRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved';
  date_created: string;
}

export interface MercadoPagoFake {
  url: string;
  accessToken: string;
  requests: RecordedRequest[];
  payments: Map<string, FakePayment>;
  /** The next `times` (default 1) requests get `status` and an error body, before any check. */
  failNext(failure: { status: number; times?: number; body?: Record<string, unknown> }): void;
  /** Moves a payment on as the provider would: a Pix paid, a boleto expired. */
  settle(paymentId: string, status: ProviderPaymentStatus, statusDetail: string): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

const CANCELLABLE: ProviderPaymentStatus[] = ['pending', 'in_process', 'authorized'];
const CARD_OUTCOMES: Record<string, [ProviderPaymentStatus, string]> = {
  APRO: ['approved', 'accredited'],
  CONT: ['in_process', 'pending_contingency'],
  FUND: ['rejected', 'cc_rejected_insufficient_amount'],
};
const MP_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const BOLETO_ADDRESS = [
  'zip_code',
  'street_name',
  'street_number',
  'neighborhood',
  'city',
  'federal_unit',
];

export async function startMercadoPagoFake(
  options: {
    accessToken?: string;
    now?: () => Date;
    /** A fixed port on 127.0.0.1 (a free one when unset). */
    port?: number;
    /** Signs the notifications `settle` posts (none without it). */
    webhookSecret?: string;
  } = {},
): Promise<MercadoPagoFake> {
  const { accessToken = 'TEST-fake-access-token', now = () => new Date() } = options;
  const webhooks: WebhookDelivery | undefined = options.webhookSecret
    ? startWebhookDelivery({
        secret: options.webhookSecret,
        defaultUrl: () => undefined,
        now,
        logger: undefined,
        retryDelaysMs: [500, 1_000, 2_000, 5_000],
      })
    : undefined;
  const requests: RecordedRequest[] = [];
  const payments = new Map<string, FakePayment>();
  const replays = new Map<string, Answer>();
  const failures: { status: number; body: Record<string, unknown> | undefined }[] = [];
  let nextId = 1_000_000_001;
  let url = '';

  function createPayment(body: Record<string, unknown>): Answer {
    const amount = body.transaction_amount;
    if (typeof amount !== 'number' || amount <= 0 || Math.round(amount * 100) / 100 !== amount) {
      return badRequest('transaction_amount must be positive reais with at most 2 decimals');
    }
    const methodId = body.payment_method_id;
    if (typeof methodId !== 'string') return badRequest('payment_method_id is required');
    const payer = record(body.payer);
    if (typeof payer.email !== 'string') return badRequest('payer.email is required');
    const created = mercadoPagoDate(now());
    const id = nextId++;
    const payment: FakePayment = {
      id,
      status: 'pending',
      status_detail: '',
      payment_method_id: methodId,
      payment_type_id: '',
      transaction_amount: amount,
      description: typeof body.description === 'string' ? body.description : null,
      external_reference:
        typeof body.external_reference === 'string' ? body.external_reference : null,
      date_created: created,
      date_last_updated: created,
      date_of_expiration: null,
      installments: null,
      payer,
      point_of_interaction: {},
      transaction_details: {},
      refunds: [],
      notification_url: typeof body.notification_url === 'string' ? body.notification_url : null,
    };
    if (methodId === 'pix' || methodId === 'bolbradesco') {
      const expires = body.date_of_expiration;
      if (typeof expires !== 'string' || !MP_DATE.test(expires)) {
        return badRequest('invalid date_of_expiration', 23);
      }
      payment.date_of_expiration = expires;
    }
    if (methodId === 'pix') {
      payment.payment_type_id = 'bank_transfer';
      payment.status_detail = 'pending_waiting_transfer';
      payment.point_of_interaction = {
        type: 'PIX',
        transaction_data: {
          qr_code: `fake-pix-copia-e-cola-${id}`,
          qr_code_base64: 'iVBORw0KGgo=',
          ticket_url: `${url}/payments/${id}/ticket`,
        },
      };
    } else if (methodId === 'bolbradesco') {
      const address = record(payer.address);
      const identification = record(payer.identification);
      const missing = [
        ...['first_name', 'last_name'].filter((field) => !payer[field]),
        ...(identification.number ? [] : ['identification']),
        ...BOLETO_ADDRESS.filter((field) => !address[field]).map((field) => `address.${field}`),
      ];
      if (missing.length > 0) return badRequest(`boleto payer needs ${missing.join(', ')}`);
      payment.payment_type_id = 'ticket';
      payment.status_detail = 'pending_waiting_payment';
      payment.transaction_details = {
        external_resource_url: `${url}/payments/${id}/boleto`,
        digitable_line: String(id).padStart(47, '0'),
        barcode: { content: String(id).padStart(44, '0') },
      };
    } else {
      const token = body.token;
      const installments = body.installments;
      if (typeof token !== 'string') return badRequest('token is required for cards');
      if (typeof installments !== 'number' || !Number.isInteger(installments) || installments < 1) {
        return badRequest('installments must be a positive integer');
      }
      payment.payment_type_id = methodId.startsWith('deb') ? 'debit_card' : 'credit_card';
      payment.installments = installments;
      const [status, detail] = CARD_OUTCOMES[token.slice(0, 4)] ?? [
        'rejected',
        'cc_rejected_other_reason',
      ];
      payment.status = status;
      payment.status_detail = detail;
    }
    payments.set(String(id), payment);
    return { status: 201, body: payment };
  }

  function changePayment(payment: FakePayment, status: ProviderPaymentStatus, detail: string) {
    payment.status = status;
    payment.status_detail = detail;
    payment.date_last_updated = mercadoPagoDate(now());
    webhooks?.notify(String(payment.id), payment.notification_url ?? undefined, 'payment.updated');
  }

  function approveFromOutside(payment: FakePayment): Answer {
    if (payment.status !== 'pending') {
      return badRequest(`a ${payment.status} payment cannot be approved`);
    }
    changePayment(payment, 'approved', 'accredited');
    return { status: 200, body: payment };
  }

  function cancelPayment(payment: FakePayment, body: Record<string, unknown>): Answer {
    if (body.status !== 'cancelled') return badRequest('the fake only cancels payments');
    if (!CANCELLABLE.includes(payment.status)) {
      return badRequest(`a ${payment.status} payment cannot be cancelled`);
    }
    changePayment(payment, 'cancelled', 'by_collector');
    return { status: 200, body: payment };
  }

  function refundPayment(payment: FakePayment, body: Record<string, unknown>): Answer {
    if (payment.status !== 'approved') {
      return badRequest(`a ${payment.status} payment cannot be refunded`);
    }
    const cents = (reais: number) => Math.round(reais * 100);
    const given = payment.refunds.reduce((sum, refund) => sum + cents(refund.amount), 0);
    const left = cents(payment.transaction_amount) - given;
    const asked = body.amount;
    if (
      asked !== undefined &&
      (typeof asked !== 'number' || asked <= 0 || Math.round(asked * 100) / 100 !== asked)
    ) {
      return badRequest('amount must be positive reais with at most 2 decimals');
    }
    const amountCents = asked === undefined ? left : cents(asked);
    if (amountCents > left) return badRequest('amount is greater than what is left to refund');
    const whole = amountCents === left;
    changePayment(
      payment,
      whole ? 'refunded' : 'approved',
      whole ? 'refunded' : 'partially_refunded',
    );
    const refund: FakeRefund = {
      id: nextId++,
      payment_id: payment.id,
      amount: amountCents / 100,
      status: 'approved',
      date_created: payment.date_last_updated,
    };
    payment.refunds.push(refund);
    return { status: 201, body: refund };
  }

  function route(method: string, path: string, body: unknown, key: string | undefined): Answer {
    if (method !== 'GET' && !key) return badRequest('X-Idempotency-Key is required');
    const replayKey = `${method} ${path} ${key}`;
    const replay = replays.get(replayKey);
    if (method !== 'GET' && replay) return replay;
    const answer = decide();
    if (method !== 'GET' && answer.status < 500) replays.set(replayKey, answer);
    return answer;

    function decide(): Answer {
      if (method === 'POST' && path === '/v1/payments') return createPayment(record(body));
      const control = /^\/test-control\/payments\/([^/]+)\/approve$/.exec(path);
      if (control && webhooks && method === 'POST') {
        const paid = payments.get(decodeURIComponent(control[1] ?? ''));
        return paid ? approveFromOutside(paid) : failure(404, 'not_found', 'Payment not found');
      }
      const match = /^\/v1\/payments\/([^/]+)(\/refunds)?$/.exec(path);
      const payment = match ? payments.get(decodeURIComponent(match[1] ?? '')) : undefined;
      if (!match) return failure(404, 'not_found', 'resource not found');
      if (!payment) return failure(404, 'not_found', 'Payment not found');
      if (method === 'GET' && !match[2]) return { status: 200, body: payment };
      if (method === 'PUT' && !match[2]) return cancelPayment(payment, record(body));
      if (method === 'POST' && match[2]) return refundPayment(payment, record(body));
      return failure(405, 'method_not_allowed', 'method not allowed');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(res, badRequest('body is not JSON'));
    }
    requests.push({ method, path, headers: req.headers, body });
    const injected = failures.shift();
    if (injected) {
      return send(res, {
        status: injected.status,
        body: injected.body ?? {
          message: 'internal error',
          error: 'internal_error',
          status: injected.status,
          cause: [],
        },
      });
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(res, failure(401, 'unauthorized', 'invalid access token'));
    }
    const key = req.headers['x-idempotency-key'];
    send(res, route(method, path, body, Array.isArray(key) ? key[0] : key));
  }

  const server = await listenOnFreePort((req, res) => {
    handle(req, res).catch(() => send(res, failure(500, 'internal_error', 'fake failed')));
  }, options.port);
  url = server.url;

  return {
    url,
    accessToken,
    requests,
    payments,
    failNext({ status, times = 1, body }) {
      for (let i = 0; i < times; i++) failures.push({ status, body });
    },
    settle(paymentId, status, statusDetail) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the fake has no payment ${paymentId}`);
      changePayment(payment, status, statusDetail);
    },
    close: async () => {
      webhooks?.close();
      await server.close();
    },
  };
}

function failure(status: number, error: string, message: string, code?: number): Answer {
  const cause = code === undefined ? [] : [{ code, description: message }];
  return { status, body: { message, error, status, cause } };
}

function badRequest(message: string, code?: number): Answer {
  return failure(400, 'bad_request', message, code);
}

function send(res: ServerResponse, answer: Answer) {
  res.statusCode = answer.status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
