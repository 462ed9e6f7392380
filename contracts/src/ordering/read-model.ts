import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments/constants';
import { PAYMENT_REFUND_REASONS } from '../payments/events';
import { REFUND_STATUSES } from '../payments/messages';
import { DELIVERY_TYPES, ORDER_STATUSES } from './constants';
import { orderAddressSchema, orderLineSchema, ORDER_CANCEL_REASONS } from './events';

/**
 * The orders read model (collection orders_v4): one document per order, fed by
 * order and payment events. It serves the customer's orders and details, the
 * admin's orders and the dashboard; every document remembers the global
 * position of the last event applied (replays skip what was applied).
 * v2: documents carry isDeleted and searchText, so v1 documents are rebuilt
 * rather than read without them.
 * v3: a payment moves only a pending order into preparation (one an admin had
 * already moved on stays there), so v2 documents are rebuilt from the log.
 * v4 (issue 37): documents carry the customer's phone and CPF and the delivery fee.
 * v5 (issue 38): documents carry the money of the order — what was paid, each
 * refund by its id (asked, completed or failed), the refunded total and the
 * chargeback — and a payment is 'refunded' once every centavo went back, so v4
 * documents (which knew only the provider's status) are rebuilt from the log.
 * v6 (issue 40): documents carry the customer's notes for the kitchen, and the
 * delivery date is indexed for the production list and the admin's filter.
 */
export const orderRefundSchema = z.object({
  refundId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  reason: z.enum(PAYMENT_REFUND_REASONS),
  /** The admin's note ('Item em falta'); null without one. */
  note: z.string().nullable(),
  /** ISO: when the shop asked for it; null for one made at the provider. */
  requestedAt: z.string().nullable(),
  /** ISO: when the money moved (the provider's time when it gave one); null until then. */
  refundedAt: z.string().nullable(),
  /** Why the provider did not confirm it, while it stands failed; null otherwise. */
  failureDetail: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderDocumentSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** Issue 37: null on orders from before it. */
  customerPhone: z.string().nullable(),
  customerCpf: z.string(),
  items: z.array(orderLineSchema),
  /** Items and delivery fee. */
  totalCents: z.number().int(),
  /** Issue 37: the delivery fee, its own line; 0 for pickup and older orders. */
  deliveryFeeCents: z.number().int(),
  deliveryZone: z.string().nullable(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Our payment's id (stream payment-<id>). */
  paymentId: z.string(),
  /** The provider's payment id, once it answered. */
  providerPaymentId: z.string().nullable(),
  /** The provider's own status and detail (approved/accredited, rejected/cc_rejected_…). */
  providerStatus: z.string().nullable(),
  statusDetail: z.string().nullable(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryDate: z.string(),
  address: orderAddressSchema.nullable(),
  /** Issue 40: the customer's notes for the kitchen; '' without. */
  notes: z.string(),
  /** ISO times. */
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  /** Set when an approved payment was refunded because the order had been cancelled. */
  refundedAfterCancel: z.boolean(),
  /** Issue 38: what the payment took (OrderPaid); 0 until paid. */
  paidCents: z.number().int(),
  /** Every refund asked for or reported, in the order they were first seen. */
  refunds: z.array(orderRefundSchema),
  /** The completed refunds added up: the money that went back. */
  refundedCents: z.number().int(),
  /** The payer disputed the charge and the provider took this back; null otherwise. */
  chargeback: z.object({ amountCents: z.number().int(), at: z.string() }).nullable(),
  /**
   * When and why the provider reported the whole payment refunded (PaymentRefunded):
   * older logs have no refund events, so this is all they tell of the money going back.
   */
  providerRefund: z.object({ at: z.string(), reason: z.enum(PAYMENT_REFUND_REASONS) }).nullable(),
  pix: z.object({ qrCode: z.string(), ticketUrl: z.string().optional() }).nullable(),
  boleto: z.object({ url: z.string(), digitableLine: z.string(), barcode: z.string() }).nullable(),
  paymentExpiresAt: z.string().nullable(),
  /** Deleted by an admin (OrderDeleted): gone from every list; its events stay for auditors, its sale in the reports. */
  isDeleted: z.boolean(),
  /** Order number, customer name and e-mail folded (foldForSearch): the admin's search. */
  searchText: z.string(),
  /** Global position of the last event applied. */
  position: z.number().int(),
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const ORDERS_COLLECTION = 'orders_v6';
export const ORDERS_PROJECTION = 'orders_v6';
