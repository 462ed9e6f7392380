import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments/constants';
import { REFUND_STATUSES, refundMessages } from '../payments/messages';
import {
  adminMessages as m,
  adminPageAnswer,
  adminPageFields,
  adminSearchField,
  blankAsMissing,
  positionField,
  reaisField,
  requiredOr,
  singleLineField,
} from '../shared/admin';
import { messages } from '../shared/messages';
import { ORDER_STATUSES } from './constants';
import { orderDtoSchema } from './dto';
import { isCalendarDate } from '../schedule/calendar';

/** The admin's orders (admin-spec §3, §4, §7): the status change, the list, its stats and the dashboard's orders. */

/** PUT /api/admin/orders/{id}/status: any of the six statuses (admin-spec §4). */
export const adminOrderStatusBodySchema = z.strictObject({
  orderStatus: z.enum(ORDER_STATUSES, requiredOr(m.orderStatusRequired, m.orderStatusInvalid)),
});
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

/** The longest note an admin may give a refund (shown to the customer). */
export const REFUND_NOTE_MAX_LENGTH = 200;

/**
 * POST /api/admin/orders/{id}/refund (issue 38), with an Idempotency-Key as
 * checkout: no amount (or a blank one) refunds what is left; an amount in
 * reais, a number or text typed the Brazilian way ('20,00'), refunds part.
 */
export const adminRefundBodySchema = z.strictObject({
  amount: z.preprocess(
    blankAsMissing,
    reaisField(
      {
        required: refundMessages.amountZero,
        invalid: m.amountInvalid,
        low: refundMessages.amountZero,
        decimals: m.amountDecimals,
        tooHigh: m.amountTooHigh,
      },
      true,
    ).optional(),
  ),
  reason: singleLineField(
    refundMessages.reasonRequired,
    REFUND_NOTE_MAX_LENGTH,
    refundMessages.reasonTooLong,
  ),
});
export type AdminRefundBody = z.infer<typeof adminRefundBodySchema>;

/**
 * A refund's answer: 201 when the provider confirmed it (completed), 202 while
 * it awaits the provider (pending); a failed one answers 502 with this body
 * and the message, so the admin can retry it
 * (POST /api/admin/orders/{id}/refunds/{refundId}/retry).
 */
export const adminRefundResultSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  message: z.string(),
  position: positionField,
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;

/** An order as an order command leaves it; a paid order cancelled also says how its refund went. */
export const adminOrderResultSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  orderStatus: z.enum(ORDER_STATUSES),
  isDeleted: z.boolean(),
  refund: adminRefundResultSchema.optional(),
});
export type AdminOrderResult = z.infer<typeof adminOrderResultSchema>;

/** Issue 40: how the admin's orders list is sorted (default: newest first). */
export const ADMIN_ORDER_SORTS = [
  'createdAt_desc',
  'deliveryDate_asc',
  'deliveryDate_desc',
] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ADMIN_ORDER_SORT_LABELS: Record<AdminOrderSort, string> = {
  createdAt_desc: 'Mais recentes',
  deliveryDate_asc: 'Data de entrega (mais próxima)',
  deliveryDate_desc: 'Data de entrega (mais distante)',
};

/**
 * GET /api/admin/orders: `search` matches the order number or the customer's
 * name or e-mail; issue 40: `deliveryDate` (`YYYY-MM-DD`, the shop's day) keeps
 * the orders for that day, `sort` orders the list. GET /api/admin/orders.csv
 * takes the same filters and answers every matching order (no pages).
 */
export const adminOrdersQuerySchema = z.object({
  ...adminPageFields,
  search: adminSearchField,
  orderStatus: z.preprocess(
    (value) => (blankAsMissing(value) === 'all' ? undefined : blankAsMissing(value)),
    z.enum(ORDER_STATUSES, messages.invalidSearch).optional(),
  ),
  deliveryDate: z.preprocess(
    blankAsMissing,
    z
      .string(messages.invalidSearch)
      .refine((value) => isCalendarDate(value), messages.invalidSearch)
      .optional(),
  ),
  sort: z.preprocess(
    blankAsMissing,
    z.enum(ADMIN_ORDER_SORTS, messages.invalidSearch).default('createdAt_desc'),
  ),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** A refund as the admin follows it (issue 38): asked, done, or not confirmed by the provider (retry). */
export const adminRefundDtoSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  /** The admin's note, or what the reason stands for (REFUND_REASON_LABELS). */
  reason: z.string(),
  /** ISO: when it was asked (or, for one made at the provider, when the money moved). */
  at: z.string(),
  /** Why it failed, for a failed one; null otherwise. */
  detail: z.string().nullable(),
});
export type AdminRefundDto = z.infer<typeof adminRefundDtoSchema>;

/**
 * An order on the admin pages: the shape the customer's pages read
 * (admin-spec §3) and, since issue 38, every refund asked for it and what may
 * still be refunded (reais: paid, less what went back, is on its way back or
 * was charged back; 0 for an order never paid).
 */
export const adminOrderDtoSchema = orderDtoSchema.extend({
  refundable: z.number(),
  refundAttempts: z.array(adminRefundDtoSchema),
});
export type AdminOrderDto = z.infer<typeof adminOrderDtoSchema>;

/** Newest first; deleted orders are not listed. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderDtoSchema),
  ...adminPageAnswer,
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** GET /api/admin/orders/stats: orders not deleted, by orderStatus. */
export const orderStatsSchema = z.object({
  totalOrders: z.number().int().nonnegative(),
  pendingOrders: z.number().int().nonnegative(),
  processingOrders: z.number().int().nonnegative(),
  deliveredOrders: z.number().int().nonnegative(),
  cancelledOrders: z.number().int().nonnegative(),
  position: positionField,
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

/** GET /api/admin/dashboard/recent-orders: a list, newest first, deleted orders left out. */
export const recentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  total: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;
export const recentOrdersSchema = z.array(recentOrderSchema);

/** GET /api/admin/dashboard/orders-today: orders placed today (shop's calendar), deleted ones not counted. */
export const ordersTodaySchema = z.object({
  count: z.number().int().nonnegative(),
  position: positionField,
});
export type OrdersToday = z.infer<typeof ordersTodaySchema>;
