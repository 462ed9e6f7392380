import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson } from '@quitute/contracts';
import { conflict, notFound } from '../errors';
import { createKeyedQueue } from '../keyed-queue';
import type { Logger } from '../logging';
import { makePrivateDirectory } from '../private-directory';
import { openPaymentLog, type PaymentLog } from './payment-log';
import {
  PaymentGatewayError,
  PROVIDER_PAYMENT_STATUSES,
  type CreatePaymentRequest,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './port';

const refundSchema = z.object({
  id: z.string(),
  amountCents: z.int().positive(),
  status: z.enum(['approved', 'in_process', 'rejected', 'cancelled']),
  createdAt: z.iso.datetime({ offset: true }),
});

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
  refunds: z.array(refundSchema).optional(),
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
  /** The key of the one whole refund the simulator made before issue 38 (older records). */
  refundKey: z.string().optional(),
  /** Each refund's idempotency key, by the refund's id (issue 38: partial refunds). */
  refundKeys: z.record(z.string(), z.string()).optional(),
});
export type PaymentRecord = z.infer<typeof recordSchema>;

/** What a new payment's instrument makes of it (simulator-instruments.ts); the book adds the rest. */
export type NewPayment = Omit<
  ProviderPayment,
  'id' | 'amountCents' | 'externalReference' | 'updatedAt'
>;

export type NotificationAction = 'payment.created' | 'payment.updated';

const OPEN_STATUSES: readonly ProviderPaymentStatus[] = ['pending', 'in_process', 'authorized'];
const isOffline = (record: PaymentRecord) =>
  record.payment.method === 'pix' || record.payment.method === 'boleto';
export const isAwaitingPayment = (record: PaymentRecord) =>
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

export const gatewayError = {
  notFound: () =>
    new PaymentGatewayError('Pagamento não encontrado.', 404, false, 'Pagamento não encontrado.'),
  // The simulator's refusals are written for the customer (pt-BR) already.
  badRequest: (message: string) => new PaymentGatewayError(message, 400, false, message),
};

export function newNumericId(length: number): string {
  let id = String(randomInt(1, 10));
  while (id.length < length) id += String(randomInt(0, 10));
  return id;
}

export interface PaymentBook {
  /** Every payment by id, as last saved. */
  readonly records: ReadonlyMap<string, PaymentRecord>;
  /** An unpaid Pix/boleto whose expiry has passed (still pending until someone reads it). */
  isPastExpiry(record: PaymentRecord): boolean;
  /** The same key again answers the payment it made; `isNew` when this call made it. */
  create(
    request: CreatePaymentRequest,
    build: (id: string, request: CreatePaymentRequest) => Promise<NewPayment>,
  ): Promise<{ record: PaymentRecord; isNew: boolean }>;
  get(paymentId: string): Promise<ProviderPayment | null>;
  cancel(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  refund(
    paymentId: string,
    request: { idempotencyKey: string; amountCents?: number },
  ): Promise<ProviderRefund>;
  /** The simulator page's approve and reject: 404/409 AppErrors. */
  settle(paymentId: string, outcome: 'approve' | 'reject'): Promise<ProviderPayment>;
  /** The simulator page's refund made at the provider (not asked by the shop): 404/409 AppErrors. */
  refundAtProvider(paymentId: string, amountCents: number | undefined): Promise<ProviderPayment>;
  /** The simulator page's chargeback: the payer disputed an approved payment; 404/409 AppErrors. */
  chargeBack(paymentId: string): Promise<ProviderPayment>;
  /** Cancels the payment if it is past its expiry (a read does the same). */
  expire(paymentId: string): Promise<void>;
  /** Approves the payment if it still awaits payment. */
  autoApprove(paymentId: string): Promise<void>;
  close(): void;
}

/**
 * The simulator's payments and their states, kept in payment-log.ts under
 * `dir` (memory only without it). Operations on one payment run one at a time,
 * and so do creates under one idempotency key (two retries can never make two
 * payments); different payments go side by side, as checkouts of different
 * customers do. An unpaid Pix/boleto past its expiry reads back as
 * `cancelled/expired`: every operation on it checks first. `notify` hears of
 * every change once it is saved.
 */
export function openPaymentBook(options: {
  dir: string | undefined;
  now: () => Date;
  logger: Logger | undefined;
  notify: (
    paymentId: string,
    notificationUrl: string | undefined,
    action: NotificationAction,
  ) => void;
}): PaymentBook {
  const { dir, now, logger, notify } = options;
  const payments = new Map<string, PaymentRecord>();
  const idsByKey = new Map<string, string>();

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
  const onPayment = <T>(paymentId: string, work: () => Promise<T>) =>
    lanes.run(`payment:${paymentId}`, work);

  async function transition(
    record: PaymentRecord,
    status: ProviderPaymentStatus,
    statusDetail: string,
    changes: Pick<PaymentRecord, 'cancelKey' | 'refundKeys'> &
      Pick<ProviderPayment, 'refunds'> = {},
  ): Promise<ProviderPayment> {
    const { refunds, ...keys } = changes;
    const changed: PaymentRecord = {
      ...record,
      ...keys,
      payment: {
        ...record.payment,
        status,
        statusDetail,
        updatedAt: now().toISOString(),
        ...(refunds ? { refunds } : {}),
      },
    };
    await save(changed);
    notify(changed.payment.id, changed.notificationUrl, 'payment.updated');
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

  /** Ids handed out and not yet saved: two creates at once never draw the same. */
  const drawn = new Set<string>();
  function newPaymentId(): string {
    for (;;) {
      const id = newNumericId(randomInt(10, 13));
      if (!payments.has(id) && !drawn.has(id)) return id;
    }
  }

  async function create(
    request: CreatePaymentRequest,
    build: (id: string, request: CreatePaymentRequest) => Promise<NewPayment>,
  ): Promise<{ record: PaymentRecord; isNew: boolean }> {
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
      return { record: existing, isNew: false };
    }
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      throw gatewayError.badRequest('O valor do pagamento deve ser maior que zero.');
    }
    const id = newPaymentId();
    drawn.add(id);
    try {
      const built = await build(id, request);
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
      notify(id, record.notificationUrl, 'payment.created');
      return { record, isNew: true };
    } finally {
      drawn.delete(id);
    }
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

  /**
   * Gives back part (amountCents) or all that is left of an approved payment,
   * as Mercado Pago's PaymentRefund: `approved/partially_refunded` while money
   * is left, `refunded/refunded` once the last centavo went back.
   */
  async function refund(
    record: PaymentRecord,
    amountCents: number | undefined,
    idempotencyKey: string,
    refuse: (message: string) => Error,
  ): Promise<{ refund: ProviderRefund; payment: ProviderPayment }> {
    if (record.payment.status !== 'approved') {
      throw refuse('Só é possível reembolsar pagamentos aprovados.');
    }
    const refunds = record.payment.refunds ?? [];
    const given = refunds
      .filter((made) => made.status === 'approved')
      .reduce((sum, made) => sum + made.amountCents, 0);
    const left = record.payment.amountCents - given;
    const amount = amountCents ?? left;
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw refuse('O valor do reembolso deve ser maior que zero.');
    }
    if (amount > left) {
      throw refuse('O valor do reembolso é maior que o restante do pagamento.');
    }
    const made: ProviderRefund = {
      id: newNumericId(10),
      amountCents: amount,
      status: 'approved',
      createdAt: now().toISOString(),
    };
    const whole = amount === left;
    const payment = await transition(
      record,
      whole ? 'refunded' : 'approved',
      whole ? 'refunded' : 'partially_refunded',
      {
        refunds: [...refunds, made],
        refundKeys: { ...record.refundKeys, [made.id]: idempotencyKey },
      },
    );
    return { refund: made, payment };
  }

  return {
    records: payments,
    isPastExpiry,

    create: (request, build) =>
      lanes.run(`key:${request.idempotencyKey}`, () => create(request, build)),

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

    refund: (paymentId, { idempotencyKey, amountCents }) =>
      onPayment(paymentId, async () => {
        const record = await current(paymentId);
        if (!record) throw gatewayError.notFound();
        const keys = record.refundKeys ?? {};
        const again = (record.payment.refunds ?? []).find(
          (refund) => keys[refund.id] === idempotencyKey,
        );
        if (again) return again;
        const made = await refund(record, amountCents, idempotencyKey, (message) =>
          gatewayError.badRequest(message),
        );
        return made.refund;
      }),

    refundAtProvider: (paymentId, amountCents) =>
      onPayment(paymentId, async () => {
        const record = await current(paymentId);
        if (!record) throw notFound('Pagamento não encontrado.');
        const made = await refund(record, amountCents, `simulator-${newNumericId(12)}`, conflict);
        return made.payment;
      }),

    chargeBack: (paymentId) =>
      onPayment(paymentId, async () => {
        const record = await current(paymentId);
        if (!record) throw notFound('Pagamento não encontrado.');
        if (record.payment.status !== 'approved') {
          throw conflict('Só é possível contestar pagamentos aprovados.');
        }
        return transition(record, 'charged_back', 'settled');
      }),

    settle: (paymentId, outcome) => onPayment(paymentId, () => settle(paymentId, outcome)),

    expire: (paymentId) =>
      onPayment(paymentId, async () => {
        await current(paymentId);
      }),

    autoApprove: (paymentId) =>
      onPayment(paymentId, async () => {
        const payment = await current(paymentId);
        if (payment && isAwaitingPayment(payment)) {
          await transition(payment, 'approved', 'accredited');
        }
      }),

    close: () => log?.close(),
  };
}
