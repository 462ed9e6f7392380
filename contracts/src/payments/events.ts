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

export const PAYMENT_REFUND_REASONS = ['approved_after_cancel', 'provider'] as const;
export const paymentRefundedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
  reason: z.enum(PAYMENT_REFUND_REASONS),
});
/** The shop asked the provider for a refund (approved after its order was cancelled). */
export const paymentRefundRequestedSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  reason: z.enum(PAYMENT_REFUND_REASONS),
});
export const paymentChargedBackSchema = z.object({
  paymentId,
  orderId,
  providerPaymentId,
  statusDetail,
});

export const paymentEventSchemas = {
  PaymentRequested: paymentRequestedSchema,
  PaymentPending: paymentPendingSchema,
  PaymentApproved: paymentApprovedSchema,
  PaymentRejected: paymentRejectedSchema,
  PaymentInReview: paymentInReviewSchema,
  PaymentCancelled: paymentCancelledSchema,
  PaymentRefundRequested: paymentRefundRequestedSchema,
  PaymentRefunded: paymentRefundedSchema,
  PaymentChargedBack: paymentChargedBackSchema,
} as const;
export type PaymentEvent = EventOf<typeof paymentEventSchemas>;
export type PaymentEventType = PaymentEvent['type'];
export const PAYMENT_EVENT_TYPES = Object.keys(paymentEventSchemas) as PaymentEventType[];

export function paymentStreamName(paymentId: string): string {
  return `payment-${paymentId}`;
}
