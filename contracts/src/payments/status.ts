import type { PaymentStatus } from './constants';
import type { PaymentEventType } from './events';

/** The shop's payment status as the payment events report it: the orders read model and the payment process read it alike. */

/**
 * The payment events that report a status the provider gave (all but the
 * request and the refund's own events: a partial refund leaves the payment
 * approved).
 */
export type PaymentStatusEventType = Exclude<
  PaymentEventType,
  'PaymentRequested' | 'PaymentRefundRequested' | 'PaymentRefundCompleted' | 'PaymentRefundFailed'
>;

/** The shop's payment status each reported status stands for (issue 10's mapping). */
export const PAYMENT_STATUS_OF: Record<PaymentStatusEventType, PaymentStatus> = {
  PaymentPending: 'pending',
  PaymentApproved: 'approved',
  PaymentRejected: 'rejected',
  PaymentInReview: 'in_review',
  PaymentCancelled: 'cancelled',
  PaymentRefunded: 'refunded',
  PaymentChargedBack: 'charged_back',
};

/**
 * The provider's own status behind each event, as far as the event tells it:
 * in review stands for in_process, in_mediation and authorized alike.
 */
export const PROVIDER_STATUS_OF: Record<PaymentStatusEventType, string> = {
  PaymentPending: 'pending',
  PaymentApproved: 'approved',
  PaymentRejected: 'rejected',
  PaymentInReview: 'in_process',
  PaymentCancelled: 'cancelled',
  PaymentRefunded: 'refunded',
  PaymentChargedBack: 'charged_back',
};

/** Not awaiting anything any more: the provider decided. */
const SETTLED: ReadonlySet<PaymentStatus> = new Set([
  'approved',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
]);

/**
 * The status after a report. A pending or in-review report that arrives after a
 * settled one is stale (a slow notification overtaken by a later one): the
 * settled status stays. Any other report moves it on (a cancelled Pix may still
 * be paid, an approval may be refunded).
 */
export function paymentStatusAfter(
  current: PaymentStatus | null,
  reported: PaymentStatus,
): PaymentStatus {
  if (current !== null && SETTLED.has(current) && !SETTLED.has(reported)) return current;
  return reported;
}
