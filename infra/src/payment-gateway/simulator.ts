import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { canonicalJson, shopDate } from '@quitute/contracts';
import { conflict, notFound, validationError } from '../errors';
import { createKeyedQueue } from '../keyed-queue';
import type { Logger } from '../logging';
import { makePrivateDirectory } from '../private-directory';
import { boletoNumbers } from './boleto';
import { openPaymentLog, type PaymentLog } from './payment-log';
import { pixBrCode } from './pix-brcode';
import { qrPngHere, type QrPngRenderer } from './qr-png';
import {
  PaymentGatewayError,
  PROVIDER_PAYMENT_STATUSES,
  type CreatePaymentRequest,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type WebhookRequest,
  type WebhookVerdict,
} from './port';
import { cardBrand, cardDigits, cardOutcome, luhnValid, type CardBrand } from './test-cards';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

export interface PaymentSimulatorOptions {
  /** Signs the notifications (and checks them in `verifyWebhook`). */
  webhookSecret: string;
  /**
   * Where notifications go (our `/payments/webhook`) unless a payment names its own.
   * Read at each use, like publicUrl: a getter may answer once the shop listens.
   */
  webhookUrl?: string;
  /** Origin of the simulator's payment pages (ticket and boleto links); read at each use. */
  publicUrl: string;
  /** Payments are kept here (payment-log.ts) and survive a restart; memory only when absent. */
  dir?: string;
  /** A pending Pix or boleto approves itself after this delay. */
  autoApproveMs?: number;
  pixKey?: string;
  merchantName?: string;
  merchantCity?: string;
  now?: () => Date;
  logger?: Logger;
  /** Waits between webhook attempts; one attempt more than delays. */
  webhookRetryDelaysMs?: readonly number[];
  /** How often unpaid Pix/boleto past their expiry are swept (reads always check). */
  expirySweepMs?: number;
  /** Draws the Pix QR images (on this thread by default); closed with the simulator. */
  qrPng?: QrPngRenderer;
}

/** What the simulator's card form sends; the strings a person types. */
export interface CardTokenRequest {
  cardNumber: string;
  cardholderName: string;
  /** 1–12. */
  expirationMonth: string;
  /** 2 or 4 digits. */
  expirationYear: string;
  securityCode: string;
  /** Payer's CPF. */
  docNumber: string;
}

export interface CardToken {
  /** Single use, valid for 7 days. */
  id: string;
  /** The brand to send as the payment's `paymentMethodId`. */
  paymentMethodId: CardBrand;
  lastFourDigits: string;
}

export interface PaymentSimulator extends PaymentGateway {
  readonly provider: 'simulator';
  /** Pays a pending Pix/boleto (or settles a card payment in review): 404/409 AppErrors otherwise. */
  approve(paymentId: string): Promise<ProviderPayment>;
  /** Declines a pending Pix/boleto (or a card payment in review): 404/409 AppErrors otherwise. */
  reject(paymentId: string): Promise<ProviderPayment>;
  /** What MercadoPago.js does in the browser; 400 AppErrors with pt-BR messages per field. */
  createCardToken(request: CardTokenRequest): Promise<CardToken>;
  /** Resolves once every notification sent so far was delivered or given up on. */
  settled(): Promise<void>;
  /** Stops timers, retries and notifications; state on disk stays. */
  close(): void;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
const SIGNATURE_TOLERANCE_MS = 5 * 60_000;
const CARD_TOKEN_TTL_MS = 7 * 24 * 3600_000;
/** Live tokens kept at most: past it the oldest goes (a card form pays within minutes). */
export const MAX_LIVE_CARD_TOKENS = 1_000;
const MAX_CREDIT_INSTALLMENTS = 12;
const BRADESCO = '237';
/** Never a registered key: a code scanned by a real banking app cannot pay anyone. */
const DEFAULT_PIX_KEY = '00000000-0000-0000-0000-000000000000';

const paymentSchema = z.object({
  id: z.string().regex(/^\d{10,12}$/),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  statusDetail: z.string(),
  method: z.enum(['pix', 'boleto', 'credit_card', 'debit_card']),
  amountCents: z.int().positive(),
  externalReference: z.string(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  pix: z
    .object({ qrCode: z.string(), qrCodeBase64: z.string(), ticketUrl: z.string().optional() })
    .optional(),
  boleto: z.object({ url: z.string(), digitableLine: z.string(), barcode: z.string() }).optional(),
  updatedAt: z.iso.datetime({ offset: true }),
});

/** A payment with what the simulator must remember about the requests that made and changed it. */
const recordSchema = z.object({
  payment: paymentSchema,
  idempotencyKey: z.string(),
  /** Hash of the create request: the same key with another body is a conflict. */
  fingerprint: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  notificationUrl: z.string().optional(),
  cancelKey: z.string().optional(),
  refundKey: z.string().optional(),
});
type PaymentRecord = z.infer<typeof recordSchema>;

interface StoredCardToken {
  brand: CardBrand;
  cardholderName: string;
  expiresAtMs: number;
  used: boolean;
}

const OPEN_STATUSES: readonly ProviderPaymentStatus[] = ['pending', 'in_process', 'authorized'];
const isOffline = (record: PaymentRecord) =>
  record.payment.method === 'pix' || record.payment.method === 'boleto';
const isAwaitingPayment = (record: PaymentRecord) =>
  isOffline(record) && record.payment.status === 'pending';

/** What the simulator's page may approve or reject: an unpaid Pix/boleto or a card payment in review. */
export function isSettleable(payment: ProviderPayment): boolean {
  return payment.method === 'pix' || payment.method === 'boleto'
    ? payment.status === 'pending'
    : payment.status === 'in_process';
}

function fingerprintOf(request: CreatePaymentRequest): string {
  // The device id travels in a header at Mercado Pago, outside the compared body.
  const { idempotencyKey: _key, deviceId: _device, ...body } = request;
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function property(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const gatewayError = {
  notFound: () =>
    new PaymentGatewayError('Pagamento não encontrado.', 404, false, 'Pagamento não encontrado.'),
  // The simulator's refusals are written for the customer (pt-BR) already.
  badRequest: (message: string) => new PaymentGatewayError(message, 400, false, message),
};

function newNumericId(length: number): string {
  let id = String(randomInt(1, 10));
  while (id.length < length) id += String(randomInt(0, 10));
  return id;
}

/**
 * A local Mercado Pago: Pix with a real BR Code and QR image, boleto with
 * valid numbers, cards whose outcome the cardholder name picks, and signed
 * notifications posted to the shop like Mercado Pago's.
 *
 * Operations on one payment run one at a time, and so do creates under one
 * idempotency key (two retries can never make two payments); different
 * payments go side by side, as checkouts of different customers do. An unpaid
 * Pix/boleto past its expiry reads back as `cancelled/expired`: every
 * operation on it checks first, and a sweep every `expirySweepMs` does it for
 * payments nobody reads, so the shop is notified either way. Card tokens live
 * in memory only (a restart asks the customer to type the card again, as an
 * expired token would).
 */
export function createPaymentSimulator(options: PaymentSimulatorOptions): PaymentSimulator {
  const {
    webhookSecret,
    dir,
    autoApproveMs,
    pixKey = DEFAULT_PIX_KEY,
    merchantName = 'Quitute',
    merchantCity = 'Sao Paulo',
    now = () => new Date(),
    logger,
    webhookRetryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
    expirySweepMs = 30_000,
    qrPng = qrPngHere,
  } = options;
  const publicUrl = (): string => options.publicUrl.replace(/\/+$/, '');
  const payments = new Map<string, PaymentRecord>();
  const idsByKey = new Map<string, string>();
  const cardTokens = new Map<string, StoredCardToken>();
  const deliveries = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const stop = new AbortController();

  const remember = (record: PaymentRecord) => {
    payments.set(record.payment.id, record);
    idsByKey.set(record.idempotencyKey, record.payment.id);
  };

  let log: PaymentLog<PaymentRecord> | undefined;
  if (dir) {
    makePrivateDirectory(dir);
    log = openPaymentLog({
      dir,
      parse: (value) => recordSchema.safeParse(value).data ?? null,
      idOf: (record) => record.payment.id,
      logger,
    });
    for (const record of log.records.values()) remember(record);
  }

  /** On disk first: a change that could not be kept is not made. */
  async function save(record: PaymentRecord): Promise<void> {
    await log?.append(record);
    remember(record);
  }

  /** Work in one lane runs one at a time, in the order it came; lanes run side by side. */
  const lanes = createKeyedQueue();
  const inLane = <T>(lane: string, work: () => Promise<T>) => lanes.run(lane, work);
  const onPayment = <T>(paymentId: string, work: () => Promise<T>) =>
    inLane(`payment:${paymentId}`, work);

  function later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  // Notifications go out through kept-alive connections, as Mercado Pago's do.
  const agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };
  /** Ended by close (one abort listener each on the stop signal would pile up past ten). */
  const posting = new Set<http.ClientRequest>();
  /** POSTs `body` and answers the status (the answer's body is read and dropped). */
  function post(target: URL, headers: Record<string, string>, body: string): Promise<number> {
    const secure = target.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent: secure ? agents.https : agents.http,
          timeout: WEBHOOK_TIMEOUT_MS,
        },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      posting.add(request);
      request.on('close', () => posting.delete(request));
      request.on('timeout', () => request.destroy(new Error('no answer in time')));
      request.on('error', reject);
      request.end(body);
    });
  }

  async function deliver(url: string, paymentId: string, action: string): Promise<void> {
    const target = new URL(url);
    target.searchParams.set('data.id', paymentId);
    target.searchParams.set('type', 'payment');
    const body = JSON.stringify({
      id: Number(newNumericId(11)),
      live_mode: false,
      type: 'payment',
      date_created: now().toISOString(),
      action,
      api_version: 'v1',
      data: { id: paymentId },
    });
    for (let attempt = 0; ; attempt++) {
      const requestId = randomUUID();
      const ts = String(Math.floor(now().getTime() / 1000));
      let failure: string;
      try {
        const status = await post(
          target,
          {
            'content-type': 'application/json',
            'x-request-id': requestId,
            'x-signature': signWebhook(webhookSecret, { dataId: paymentId, requestId, ts }),
          },
          body,
        );
        if (status >= 200 && status < 300) return;
        failure = `HTTP ${status}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const delay = webhookRetryDelaysMs[attempt];
      if (delay === undefined || stop.signal.aborted) {
        logger?.error(
          { paymentId, attempts: attempt + 1, reason: failure },
          'payment simulator: webhook not delivered',
        );
        return;
      }
      logger?.warn(
        { paymentId, attempt: attempt + 1, reason: failure },
        'payment simulator: webhook failed, retrying',
      );
      try {
        await sleep(delay, undefined, { signal: stop.signal, ref: false });
      } catch {
        return;
      }
    }
  }

  function notify(record: PaymentRecord, action: 'payment.created' | 'payment.updated'): void {
    const url = record.notificationUrl ?? options.webhookUrl;
    if (!url || stop.signal.aborted) return;
    const delivery: Promise<void> = deliver(url, record.payment.id, action)
      .catch((error: unknown) => {
        logger?.error({ err: error }, 'payment simulator: webhook delivery crashed');
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  async function transition(
    record: PaymentRecord,
    status: ProviderPaymentStatus,
    statusDetail: string,
    keys: Pick<PaymentRecord, 'cancelKey' | 'refundKey'> = {},
  ): Promise<ProviderPayment> {
    const changed: PaymentRecord = {
      ...record,
      ...keys,
      payment: { ...record.payment, status, statusDetail, updatedAt: now().toISOString() },
    };
    await save(changed);
    notify(changed, 'payment.updated');
    return changed.payment;
  }

  function isPastExpiry(record: PaymentRecord): boolean {
    const expiresAt = record.payment.expiresAt;
    return isAwaitingPayment(record) && !!expiresAt && Date.parse(expiresAt) <= now().getTime();
  }

  /** The payment as it is now, an unpaid Pix/boleto past its expiry cancelled first; in its lane. */
  async function current(paymentId: string): Promise<PaymentRecord | undefined> {
    const record = payments.get(paymentId);
    if (record && isPastExpiry(record)) await transition(record, 'cancelled', 'expired');
    return payments.get(paymentId);
  }

  function sweep(): void {
    for (const [id, record] of payments) {
      if (!isPastExpiry(record)) continue;
      onPayment(id, () => current(id)).catch((error: unknown) => {
        logger?.error({ err: error, paymentId: id }, 'payment simulator: expiry failed');
      });
    }
    const at = now().getTime();
    for (const [id, token] of cardTokens) {
      if (token.used || token.expiresAtMs <= at) cardTokens.delete(id);
    }
  }

  function scheduleAutoApprove(record: PaymentRecord): void {
    if (autoApproveMs === undefined || !isAwaitingPayment(record)) return;
    const due = Date.parse(record.createdAt) + autoApproveMs;
    const { id } = record.payment;
    later(Math.max(0, due - now().getTime()), () => {
      onPayment(id, async () => {
        const payment = await current(id);
        if (payment && isAwaitingPayment(payment)) {
          await transition(payment, 'approved', 'accredited');
        }
      }).catch((error: unknown) => {
        logger?.error({ err: error }, 'payment simulator: auto-approval failed');
      });
    });
  }

  /** Ids handed out and not yet saved: two creates at once never draw the same. */
  const drawn = new Set<string>();
  function newPaymentId(): string {
    for (;;) {
      const id = newNumericId(randomInt(10, 13));
      if (!payments.has(id) && !drawn.has(id)) return id;
    }
  }

  function futureExpiry(expiresAt: Date): string {
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now().getTime()) {
      throw gatewayError.badRequest('A data de expiração do pagamento deve estar no futuro.');
    }
    return expiresAt.toISOString();
  }

  type Built = Omit<ProviderPayment, 'id' | 'amountCents' | 'externalReference' | 'updatedAt'>;

  async function buildPayment(id: string, request: CreatePaymentRequest): Promise<Built> {
    const { instrument, payer } = request;
    const pageUrl = `${publicUrl()}/simulator/payments/${id}`;
    switch (instrument.method) {
      case 'pix': {
        const expiresAt = futureExpiry(instrument.expiresAt);
        const qrCode = pixBrCode({
          key: pixKey,
          merchantName,
          merchantCity,
          amountCents: request.amountCents,
          txid: id,
        });
        return {
          method: 'pix',
          status: 'pending',
          statusDetail: 'pending_waiting_transfer',
          expiresAt,
          pix: { qrCode, qrCodeBase64: await qrPng.render(qrCode), ticketUrl: pageUrl },
        };
      }
      case 'boleto': {
        const address = payer.address;
        const complete =
          /^\d{11}$/.test(payer.cpf) &&
          address !== undefined &&
          /^\d{8}$/.test(address.zipCode) &&
          /^[A-Za-z]{2}$/.test(address.federalUnit) &&
          [address.streetName, address.streetNumber, address.neighborhood, address.city].every(
            (part) => part.trim() !== '',
          );
        if (!complete) {
          throw gatewayError.badRequest(
            'Boleto exige o CPF e o endereço completo do pagador (CEP, rua, número, bairro, cidade e UF).',
          );
        }
        const expiresAt = futureExpiry(instrument.expiresAt);
        // Bradesco's free field: agency (4), wallet (2), "nosso número" (11), account (7), 0.
        const freeField = `3381` + `09` + id.padStart(11, '0').slice(-11) + `0001234` + `0`;
        const numbers = boletoNumbers({
          bankCode: BRADESCO,
          amountCents: request.amountCents,
          dueDate: shopDate(instrument.expiresAt),
          freeField,
        });
        return {
          method: 'boleto',
          status: 'pending',
          statusDetail: 'pending_waiting_payment',
          expiresAt,
          boleto: { url: pageUrl, ...numbers },
        };
      }
      case 'credit_card':
      case 'debit_card': {
        const token = cardTokens.get(instrument.token);
        if (!token || token.used || token.expiresAtMs <= now().getTime()) {
          throw gatewayError.badRequest('Token do cartão inválido, expirado ou já usado.');
        }
        // Mercado Pago names debit brands `debvisa`, `debmaster`, `debelo`.
        if (![token.brand, `deb${token.brand}`].includes(instrument.paymentMethodId)) {
          throw gatewayError.badRequest('A bandeira informada não corresponde ao cartão.');
        }
        token.used = true;
        const validInstallments =
          Number.isInteger(instrument.installments) &&
          (instrument.method === 'debit_card'
            ? instrument.installments === 1
            : instrument.installments >= 1 && instrument.installments <= MAX_CREDIT_INSTALLMENTS);
        const outcome = validInstallments
          ? cardOutcome(token.cardholderName)
          : { status: 'rejected' as const, statusDetail: 'cc_rejected_invalid_installments' };
        return { method: instrument.method, ...outcome };
      }
    }
  }

  async function create(request: CreatePaymentRequest): Promise<ProviderPayment> {
    const fingerprint = fingerprintOf(request);
    const existingId = idsByKey.get(request.idempotencyKey);
    const existing = existingId && (await onPayment(existingId, () => current(existingId)));
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new PaymentGatewayError(
          'Esta chave de idempotência já foi usada com outros dados.',
          409,
          false,
        );
      }
      return existing.payment;
    }
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw gatewayError.badRequest('O valor do pagamento deve ser maior que zero.');
    }
    const id = newPaymentId();
    drawn.add(id);
    try {
      return await createNew(id, request, fingerprint);
    } finally {
      drawn.delete(id);
    }
  }

  async function createNew(
    id: string,
    request: CreatePaymentRequest,
    fingerprint: string,
  ): Promise<ProviderPayment> {
    const built = await buildPayment(id, request);
    const createdAt = now().toISOString();
    const record: PaymentRecord = {
      payment: {
        id,
        amountCents: request.amountCents,
        externalReference: request.externalReference,
        ...built,
        updatedAt: createdAt,
      },
      idempotencyKey: request.idempotencyKey,
      fingerprint,
      createdAt,
      ...(request.notificationUrl ? { notificationUrl: request.notificationUrl } : {}),
    };
    await save(record);
    notify(record, 'payment.created');
    scheduleAutoApprove(record);
    return record.payment;
  }

  async function settle(
    paymentId: string,
    outcome: 'approve' | 'reject',
  ): Promise<ProviderPayment> {
    const record = await current(paymentId);
    if (!record) throw notFound('Pagamento não encontrado.');
    if (!isSettleable(record.payment)) {
      throw conflict(
        outcome === 'approve'
          ? 'Este pagamento não está pendente e não pode ser aprovado.'
          : 'Este pagamento não está pendente e não pode ser rejeitado.',
      );
    }
    if (outcome === 'approve') return transition(record, 'approved', 'accredited');
    // Mercado Pago's details for a refused transfer or card (not confirmed for Pix/boleto).
    return transition(
      record,
      'rejected',
      isOffline(record) ? 'rejected_by_bank' : 'cc_rejected_other_reason',
    );
  }

  async function createCardToken(request: CardTokenRequest): Promise<CardToken> {
    const errors: Record<string, string> = {};
    const cardholderName = request.cardholderName.trim();
    if (cardholderName === '') errors.cardholderName = 'Nome do titular é obrigatório.';
    const number = cardDigits(request.cardNumber);
    const brand = cardBrand(number);
    if (!luhnValid(number)) errors.cardNumber = 'Número do cartão inválido.';
    else if (!brand) errors.cardNumber = 'Bandeira do cartão não aceita.';
    const month = /^\d{1,2}$/.test(request.expirationMonth) ? Number(request.expirationMonth) : 0;
    const year = /^(\d{2}|\d{4})$/.test(request.expirationYear)
      ? Number(request.expirationYear.padStart(4, '20'))
      : 0;
    const [thisYear = 0, thisMonth = 0] = shopDate(now()).split('-').map(Number);
    if (month < 1 || month > 12) {
      errors.expirationMonth = 'Data de validade inválida.';
    } else if (year === 0) {
      errors.expirationYear = 'Data de validade inválida.';
    } else if (year * 12 + month < thisYear * 12 + thisMonth) {
      // A card is good until the last day of its month.
      errors.expirationYear = 'Cartão vencido.';
    }
    if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(request.securityCode)) {
      errors.securityCode = 'Código de segurança inválido.';
    }
    if (!/^\d{11}$/.test(request.docNumber.replace(/[.\-\s]/g, ''))) {
      errors.docNumber = 'CPF inválido';
    }
    const [firstError] = Object.values(errors);
    if (firstError !== undefined || !brand) {
      throw validationError(firstError ?? 'Bandeira do cartão não aceita.', errors);
    }
    const id = randomBytes(16).toString('hex');
    // A Map keeps insertion order: the first key is the oldest token.
    for (const oldest of cardTokens.keys()) {
      if (cardTokens.size < MAX_LIVE_CARD_TOKENS) break;
      cardTokens.delete(oldest);
    }
    cardTokens.set(id, {
      brand,
      cardholderName,
      expiresAtMs: now().getTime() + CARD_TOKEN_TTL_MS,
      used: false,
    });
    return { id, paymentMethodId: brand, lastFourDigits: number.slice(-4) };
  }

  function verifyWebhook(request: WebhookRequest): WebhookVerdict {
    const { query, body, headers } = request;
    const dataId =
      asText(query['data.id']) ??
      asText(property(query.data, 'id')) ??
      asText(property(property(body, 'data'), 'id'));
    const check = verifyWebhookSignature(
      webhookSecret,
      firstHeader(headers['x-signature']),
      { dataId, requestId: firstHeader(headers['x-request-id']) },
      { nowMs: now().getTime(), toleranceMs: SIGNATURE_TOLERANCE_MS },
    );
    if (!check.ok) return { kind: 'invalid', reason: check.reason };
    const topic =
      asText(query.type) ??
      asText(query.topic) ??
      asText(property(body, 'type')) ??
      asText(property(body, 'topic'));
    if (topic !== 'payment') return { kind: 'ignored' };
    if (!dataId || !/^\d+$/.test(dataId)) return { kind: 'invalid', reason: 'missing data.id' };
    return { kind: 'payment', paymentId: dataId };
  }

  for (const record of payments.values()) scheduleAutoApprove(record);
  const sweeper = setInterval(sweep, expirySweepMs);
  sweeper.unref();

  return {
    provider: 'simulator',

    create: (request) => inLane(`key:${request.idempotencyKey}`, () => create(request)),

    get: (paymentId) =>
      onPayment(paymentId, async () => (await current(paymentId))?.payment ?? null),

    cancel: (paymentId, idempotencyKey) =>
      onPayment(paymentId, async () => {
        const record = await current(paymentId);
        if (!record) throw gatewayError.notFound();
        if (record.payment.status === 'cancelled' && record.cancelKey === idempotencyKey) {
          return record.payment;
        }
        if (!OPEN_STATUSES.includes(record.payment.status)) {
          throw gatewayError.badRequest('Só é possível cancelar pagamentos ainda não aprovados.');
        }
        return transition(record, 'cancelled', 'by_collector', { cancelKey: idempotencyKey });
      }),

    refund: (paymentId, idempotencyKey) =>
      onPayment(paymentId, async () => {
        const record = await current(paymentId);
        if (!record) throw gatewayError.notFound();
        if (record.payment.status === 'refunded' && record.refundKey === idempotencyKey) {
          return record.payment;
        }
        if (record.payment.status !== 'approved') {
          throw gatewayError.badRequest('Só é possível reembolsar pagamentos aprovados.');
        }
        return transition(record, 'refunded', 'refunded', { refundKey: idempotencyKey });
      }),

    verifyWebhook,

    approve: (paymentId) => onPayment(paymentId, () => settle(paymentId, 'approve')),
    reject: (paymentId) => onPayment(paymentId, () => settle(paymentId, 'reject')),
    createCardToken,

    async settled() {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },

    close() {
      clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      stop.abort();
      for (const request of posting) request.destroy(new Error('payment simulator closed'));
      agents.http.destroy();
      agents.https.destroy();
      log?.close();
      qrPng.close();
    },
  };
}
