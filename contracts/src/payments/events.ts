import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { PAYMENT_METHODS } from './constants';

/**
 * Payment events, stream `payment-<paymentId>` (our id; one payment per order).
 * After PaymentRequested, each event records a status the provider reported for
 * its payment `providerPaymentId`; its event id is derived from that id and the
 * status (paymentStatusEventId), so the same notification delivered twice
 * appends nothing. The Pix QR image is not stored: it is drawn from `qrCode`.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const paymentId = z.uuid();
/** Every payment event names its order too: the order's read model is keyed by it. */
const orderId = z.uuid();
const providerPaymentId = z.string().min(1);
const statusDetail = z.string();

export const paymentRequestedSchema = z.object({
  paymentId,
  orderId,
  userId: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int().positive(),
  provider: z.enum(['mercadopago', 'simulator']),
  /** The provider's method id: `pix`, `bolbradesco`, or a card brand. */
  paymentMethodId: z.string(),
  installments: z.number().int().positive().optional(),
  /**
   * Another card after a declined one pays the same order (issue 36): the
   * payment is requested again in its stream, attempt 2, 3…; absent on the first.
   */
  attempt: z.number().int().min(2).optional(),
});

export const paymentPendingSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
  /** When an unpaid Pix or boleto stops being payable (ISO). */
  expiresAt: z.string().optional(),
  pix: z.object({ qrCode: z.string(), ticketUrl: z.string().optional() }).optional(),
  boleto: z.object({ url: z.string(), digitableLine: z.string(), barcode: z.string() }).optional(),
});

export const paymentApprovedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
});
export const paymentRejectedSchema = z.object({
  paymentId,
  orderId,
  /** Absent when the provider refused to create the payment at all. */
  providerPaymentId: providerPaymentId.optional(),
  statusDetail,
});
export const paymentInReviewSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
});

export const PAYMENT_CANCEL_REASONS = ['customer', 'expired', 'provider', 'failed'] as const;
export const paymentCancelledSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId: providerPaymentId.optional(),
  statusDetail,
  reason: z.enum(PAYMENT_CANCEL_REASONS),
});

/**
 * Why money goes back:
 * - `approved_after_cancel`: the payment was approved after its order was cancelled (issue 10);
 * - `provider`: the provider reports a refund the shop did not ask for (made at the provider);
 * - `admin`: an admin refunded all or part of a paid order (issue 38);
 * - `order_cancelled`: an admin cancelled a paid order, which refunds what was left (issue 38).
 */
export const PAYMENT_REFUND_REASONS = [
  'approved_after_cancel',
  'provider',
  'admin',
  'order_cancelled',
] as const;
export type PaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/** Status report: the provider says the whole payment is refunded (`refunded`). */
export const paymentRefundedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
  reason: z.enum(PAYMENT_REFUND_REASONS),
});

/** One refund's id: ours, a uuid, the stable key the provider sees (`refund-<refundId>`). */
const refundId = z.uuid();
const refundCents = z.number().int().positive();
/** What the admin wrote as the refund's reason, shown to the customer ('Item em falta'). */
const refundNote = z.string().max(200);

/**
 * The shop asks the provider for money back. Before issue 38 only a whole
 * refund of a payment approved after its order was cancelled, without
 * `refundId` or `amountCents` (read as the whole payment); since then every
 * refund has its id and amount, and an admin's its note.
 */
export const paymentRefundRequestedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  reason: z.enum(PAYMENT_REFUND_REASONS),
  refundId: refundId.optional(),
  amountCents: refundCents.optional(),
  note: refundNote.optional(),
});

/**
 * Money went back to the payer: a refund the shop asked for that the provider
 * confirmed, or one the provider reports that the shop did not ask for (made
 * at the provider; its refundId derived from the provider's refund id, so a
 * repeated report appends nothing). The money moved at `refundedAt` (the
 * provider's time when it gives one): the reports count it on that day.
 */
export const paymentRefundCompletedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  refundId,
  amountCents: refundCents,
  reason: z.enum(PAYMENT_REFUND_REASONS),
  note: refundNote.optional(),
  /** The provider's id of the refund, when it gave one. */
  providerRefundId: z.string().optional(),
  /** ISO. */
  refundedAt: z.string(),
});

/**
 * The provider did not confirm a refund the shop asked for (it refused, or did
 * not answer): nothing moved; the admin sees it failed and may try it again,
 * under the same refundId (the provider sees the same idempotency key).
 */
export const paymentRefundFailedSchema = z.object({
  paymentId,
  orderId,
  refundId,
  amountCents: refundCents,
  /** For the admin and the logs: what the provider said, or that it did not answer. */
  detail: z.string(),
});

/**
 * The payer disputed the charge and the provider took the money back
 * (`charged_back`). `amountCents` (issue 38): what was taken back, the payment
 * less what had already been refunded; absent on older events (read as that).
 */
export const paymentChargedBackSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
  amountCents: z.number().int().nonnegative().optional(),
});

export const paymentEventSchemas = {
  PaymentRequested: paymentRequestedSchema,
  PaymentPending: paymentPendingSchema,
  PaymentApproved: paymentApprovedSchema,
  PaymentRejected: paymentRejectedSchema,
  PaymentInReview: paymentInReviewSchema,
  PaymentCancelled: paymentCancelledSchema,
  PaymentRefundRequested: paymentRefundRequestedSchema,
  PaymentRefundCompleted: paymentRefundCompletedSchema,
  PaymentRefundFailed: paymentRefundFailedSchema,
  PaymentRefunded: paymentRefundedSchema,
  PaymentChargedBack: paymentChargedBackSchema,
} as const;
export type PaymentEvent = EventOf<typeof paymentEventSchemas>;
export type PaymentEventType = PaymentEvent['type'];
export const PAYMENT_EVENT_TYPES = Object.keys(paymentEventSchemas) as PaymentEventType[];

export function paymentStreamName(paymentId: string): string {
  return `payment-${paymentId}`;
}
