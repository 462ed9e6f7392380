import { z } from 'zod';
import type { EventOf } from '../shared/events';
import type { Upcaster } from '../shared/upcasting';
import { PAYMENT_METHODS } from '../payments/constants';
import { DELIVERY_TYPES, ORDER_STATUSES } from './constants';

/**
 * Order events, stream `order-<orderId>`, and the order numbers' own stream.
 * Lines carry the catalogue's name, category and unit price at the moment the
 * order was placed: an order is a record of what was sold, whatever the menu
 * says later. Money in integer centavos.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const orderId = z.uuid();
const cents = z.number().int().nonnegative();

export const orderLineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  category: z.string(),
  unitPriceCents: cents,
  quantity: z.number().int().positive(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderAddressSchema = z.object({
  zipCode: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  federalUnit: z.string(),
  complement: z.string().optional(),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderCustomerSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** 11 digits. */
  cpf: z.string(),
  /** Issue 37: a number to call about the order (10 or 11 digits, DDD included); required for delivery. */
  phone: z.string().optional(),
});

/** A number taken for an order, in the ORDER_NUMBERS_STREAM: revision n is number FIRST_ORDER_NUMBER + n. */
export const orderNumberAssignedSchema = z.object({
  orderId,
  orderNumber: z.number().int().positive(),
});

export const orderPlacedSchema = z.object({
  orderId,
  orderNumber: z.number().int().positive(),
  /** The order's one payment (stream `payment-<paymentId>`). */
  paymentId: z.uuid(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  customer: orderCustomerSchema,
  items: z.array(orderLineSchema).min(1),
  /** What the customer pays: the items and the delivery fee. */
  totalCents: cents,
  /**
   * Issue 37: the delivery fee, priced by the server from the CEP's zone, its own
   * line of the order (in totalCents, never in a product's revenue); 0 for pickup
   * and absent on orders placed before zones existed (read as 0).
   */
  deliveryFeeCents: cents.optional(),
  /** The delivery zone that priced the fee. */
  deliveryZone: z.string().optional(),
  deliveryType: z.enum(DELIVERY_TYPES),
  /** The chosen date and time, ISO with the shop's offset (`2026-11-25T14:30:00-03:00`). */
  deliveryDate: z.string(),
  /** For delivery (and boleto, whose payer needs one). */
  address: orderAddressSchema.optional(),
  /** Issue 40: what the customer asked the kitchen ('Escrever Feliz Aniversário'); absent without. */
  notes: z.string().optional(),
  /** Where the lines came from: the customer's server cart or the checkout request. */
  linesFrom: z.enum(['cart', 'request']),
  /**
   * Hash of the checkout request that placed it: a retry with the same
   * Idempotency-Key and the same request gets the first answer; another request
   * under that key is refused.
   */
  requestFingerprint: z.string(),
});

/**
 * OrderPlaced v1 (stored before the fingerprint was recorded) → v2. The request
 * behind such an order is unknown: an empty fingerprint matches no request, so
 * its Idempotency-Key reused later is refused (409) rather than answered as a
 * retry that nothing can confirm.
 */
export const orderPlacedUpcasters: readonly Upcaster[] = [
  (v1) => ({ requestFingerprint: '', ...v1 }),
];

/** Its payment was approved: the shop starts preparing it (orderStatus processing). */
export const orderPaidSchema = z.object({
  orderId,
  paymentId: z.uuid(),
  amountCents: cents,
});

/** An admin moved the order along (admin-spec §4: any status may be set). */
export const orderStatusChangedSchema = z.object({
  orderId,
  from: z.enum(ORDER_STATUSES),
  to: z.enum(ORDER_STATUSES),
});

export const ORDER_CANCEL_REASONS = [
  'payment_rejected',
  'payment_cancelled',
  'payment_expired',
  'payment_failed',
] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/** Cancelled because its payment will not come (rejected, cancelled, expired, failed). */
export const orderCancelledSchema = z.object({
  orderId,
  reason: z.enum(ORDER_CANCEL_REASONS),
});

/**
 * An admin removed the order from the lists (admin-spec §7 DELETE): it no
 * longer shows to the admin or to its customer, while its stream, its payment
 * and its sale stay for the auditors and the reports. Nothing happens to it after.
 */
export const orderDeletedSchema = z.object({ orderId });

export const orderEventSchemas = {
  OrderPlaced: orderPlacedSchema,
  OrderPaid: orderPaidSchema,
  OrderStatusChanged: orderStatusChangedSchema,
  OrderCancelled: orderCancelledSchema,
  OrderDeleted: orderDeletedSchema,
} as const;
export type OrderEvent = EventOf<typeof orderEventSchemas>;
export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES = Object.keys(orderEventSchemas) as OrderEventType[];

export const orderNumberEventSchemas = {
  OrderNumberAssigned: orderNumberAssignedSchema,
} as const;
export type OrderNumberEvent = EventOf<typeof orderNumberEventSchemas>;

export function orderStreamName(orderId: string): string {
  return `order-${orderId}`;
}

/** One stream holds every number taken, so two orders can never take the same one (not named order-…: it is no order). */
export const ORDER_NUMBERS_STREAM = 'sequence-order-numbers';

/**
 * Issue 38: the orders an account holds awaiting payment, stream
 * `unpaid-orders-<userId>` (at most MAX_UNPAID_ORDERS open at once, decided
 * on this stream with its expected revision). An order is opened by its
 * checkout before it is placed, and closed once it no longer awaits payment
 * (paid, cancelled or expired), or its checkout stopped before placing it.
 */
export const unpaidOrderOpenedSchema = z.object({
  userId: z.uuid(),
  orderId,
  /** The checkout attempt that opened it: a retry of the checkout takes the slot over. */
  checkoutAttempt: z.string().min(1),
  /** When (ISO): a slot whose order was never placed lapses a while after. */
  openedAt: z.string(),
  /** The units the order holds (MAX_UNPAID_UNITS); absent on slots opened before the cap (read as 0). */
  units: z.number().int().nonnegative().optional(),
});

export const UNPAID_ORDER_CLOSE_REASONS = [
  'paid',
  'cancelled',
  /** Placed, and no longer pending (an admin moved it along) though unpaid. */
  'no_longer_pending',
  /** The checkout stopped before placing the order. */
  'checkout_refused',
  /** The checkout that opened it never placed its order. */
  'checkout_lapsed',
] as const;
export type UnpaidOrderCloseReason = (typeof UNPAID_ORDER_CLOSE_REASONS)[number];

export const unpaidOrderClosedSchema = z.object({
  userId: z.uuid(),
  orderId,
  reason: z.enum(UNPAID_ORDER_CLOSE_REASONS),
});

export const unpaidOrderEventSchemas = {
  UnpaidOrderOpened: unpaidOrderOpenedSchema,
  UnpaidOrderClosed: unpaidOrderClosedSchema,
} as const;
export type UnpaidOrderEvent = EventOf<typeof unpaidOrderEventSchemas>;

export function unpaidOrdersStreamName(userId: string): string {
  return `unpaid-orders-${userId}`;
}
