import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments/constants';
import {
  adminMessages as m,
  adminPageAnswer,
  adminPageFields,
  adminSearchField,
  blankAsMissing,
  positionField,
  requiredOr,
} from '../shared/admin';
import { messages } from '../shared/messages';
import { ORDER_STATUSES } from './constants';
import { orderDtoSchema } from './dto';

/** The admin's orders (admin-spec §3, §4, §7): the status change, the list, its stats and the dashboard's orders. */

/** PUT /api/admin/orders/{id}/status: any of the six statuses (admin-spec §4). */
export const adminOrderStatusBodySchema = z.strictObject({
  orderStatus: z.enum(ORDER_STATUSES, requiredOr(m.orderStatusRequired, m.orderStatusInvalid)),
});
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

/** An order as an order command leaves it. */
export const adminOrderResultSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  orderStatus: z.enum(ORDER_STATUSES),
  isDeleted: z.boolean(),
});
export type AdminOrderResult = z.infer<typeof adminOrderResultSchema>;

/** GET /api/admin/orders: `search` matches the order number or the customer's name or e-mail. */
export const adminOrdersQuerySchema = z.object({
  ...adminPageFields,
  search: adminSearchField,
  orderStatus: z.preprocess(
    (value) => (blankAsMissing(value) === 'all' ? undefined : blankAsMissing(value)),
    z.enum(ORDER_STATUSES, messages.invalidSearch).optional(),
  ),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** An order on the admin pages: the same shape the customer's pages read (admin-spec §3). */
export const adminOrderDtoSchema = orderDtoSchema;
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
