import { v5 as uuidv5 } from 'uuid';
import type { RefundStatus } from '@quitute/contracts';
import type { ProviderRefund } from '@quitute/infra/payment-gateway';
import type { CommandContext } from '../shared/handle-command';
import { refundOf, type PaymentCommand, type RefundEntry } from './decider';
import {
  readPayment,
  requestedPayment,
  runPaymentCommand,
  withPaymentLane,
  type PaymentWork,
} from './payments';

/** Names the refunds the shop asks (an admin's under her Idempotency-Key, a cancelled order's). */
export const REFUND_NAMESPACE = 'c3e1a7d4-58b2-4f6e-9a0d-7b4c2e8f1a63';

/** An admin's refund: the same key on the same order is the same refund (a retried request). */
export const adminRefundId = (orderId: string, idempotencyKey: string): string =>
  uuidv5(`${orderId}:${idempotencyKey}`, REFUND_NAMESPACE);

/** The refund of what was left when an admin cancelled a paid order: once per order. */
export const orderCancelledRefundId = (orderId: string): string =>
  uuidv5(`${orderId}:order-cancelled`, REFUND_NAMESPACE);

/** What the provider sees: the same key for every attempt of one refund, so it refunds once. */
export const refundIdempotencyKey = (refundId: string): string => `refund-${refundId}`;

export interface RefundOutcome {
  refundId: string;
  amountCents: number;
  status: RefundStatus;
  /** The payment stream's position after the last append (the caller's read-your-writes). */
  position: number;
}

/** How the shop asks: a new refund (or the same again), or a failed one retried. */
export type RefundAsk =
  | Extract<PaymentCommand, { type: 'RequestPaymentRefund' }>
  | Extract<PaymentCommand, { type: 'RetryRefund' }>;

/**
 * Gives money back, in the payment's lane: asks (the decider refuses what may
 * not be, 409 with the pt-BR reason, and appends PaymentRefundRequested under
 * the stream's expected revision, so two requests racing from two instances
 * meet as a conflict and the second finds the first in progress), then calls
 * the provider under the refund's own key, then records its answer or its
 * failure. A refund found already completed or failed is answered as it
 * stands; one found pending (a crash between the ask and the provider's
 * answer) is sent again under the same key, which the provider refunds once.
 */
export function refundPayment(
  work: PaymentWork,
  paymentId: string,
  ask: RefundAsk,
  context: CommandContext,
): Promise<RefundOutcome> {
  return withPaymentLane(work.stores, paymentId, () => refundInLane(work, paymentId, ask, context));
}

/** refundPayment for a caller already in the payment's lane (a cancellation checks, changes, then refunds). */
export async function refundInLane(
  work: PaymentWork,
  paymentId: string,
  ask: RefundAsk,
  context: CommandContext,
): Promise<RefundOutcome> {
  const loaded = await readPayment(work.stores, paymentId);
  const asked = await runPaymentCommand(work, paymentId, ask, context, loaded);
  return sendPendingRefund(work, paymentId, ask.refundId, context, asked);
}

/**
 * Sends a refund that is pending to the provider and records its answer; in
 * the payment's lane (the caller's). The process manager's backstop calls it
 * for a refund left pending.
 */
export async function sendPendingRefund(
  work: PaymentWork,
  paymentId: string,
  refundId: string,
  context: CommandContext,
  known?: Awaited<ReturnType<typeof runPaymentCommand>>,
): Promise<RefundOutcome> {
  const current = known ?? {
    ...(await readPayment(work.stores, paymentId)),
    appended: [],
  };
  const payment = requestedPayment(current.state);
  const entry = payment ? refundOf(payment, refundId) : undefined;
  if (!payment || !entry) throw new Error(`refund ${refundId} of payment ${paymentId} not found`);
  if (entry.status !== 'pending' || payment.providerPaymentId === null) {
    return outcomeOf(entry, current.position);
  }
  let answer: PaymentCommand;
  try {
    const refund: ProviderRefund = await work.gateway.refund(payment.providerPaymentId, {
      idempotencyKey: refundIdempotencyKey(refundId),
      amountCents: entry.amountCents,
    });
    answer = { type: 'RecordRefundAnswer', refundId, refund };
  } catch (error) {
    work.logger.warn({ err: error, paymentId, refundId }, 'refund not confirmed by the provider');
    answer = { type: 'RecordRefundFailure', refundId, detail: failureDetail(error) };
  }
  const recorded = await runPaymentCommand(
    work,
    paymentId,
    answer,
    { ...context, commandId: uuidv5(`${context.commandId}:answer`, REFUND_NAMESPACE) },
    current,
  );
  const settled = await recordPaymentAfterRefund(work, paymentId, context, recorded);
  const after = requestedPayment(settled.state);
  const now = after ? refundOf(after, refundId) : undefined;
  return outcomeOf(now ?? entry, settled.position);
}

/**
 * After a refund went through, the payment as the provider now says
 * (`refunded` once the last centavo went back), so the order's status does not
 * wait for the notification; a failed read changes nothing (the notification
 * and the reconciliation still come).
 */
async function recordPaymentAfterRefund(
  work: PaymentWork,
  paymentId: string,
  context: CommandContext,
  recorded: Awaited<ReturnType<typeof runPaymentCommand>>,
): Promise<Awaited<ReturnType<typeof runPaymentCommand>>> {
  const completed = recorded.appended.some((event) => event.type === 'PaymentRefundCompleted');
  const payment = requestedPayment(recorded.state);
  if (!completed || payment?.providerPaymentId == null) return recorded;
  try {
    const report = await work.gateway.get(payment.providerPaymentId);
    if (!report) return recorded;
    return await runPaymentCommand(
      work,
      paymentId,
      { type: 'RecordProviderPayment', report },
      { ...context, commandId: uuidv5(`${context.commandId}:reread`, REFUND_NAMESPACE) },
      recorded,
    );
  } catch (error) {
    work.logger.warn({ err: error, paymentId }, 'payment not re-read after its refund');
    return recorded;
  }
}

function outcomeOf(entry: RefundEntry, position: number): RefundOutcome {
  return {
    refundId: entry.refundId,
    amountCents: entry.amountCents,
    status: entry.status,
    position,
  };
}

/** For the admin and the logs: what the provider said, or that it did not answer; short. */
function failureDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300) || 'no answer';
}
