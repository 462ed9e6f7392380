import { z } from 'zod';
import { DELIVERY_TYPES } from '../ordering/constants';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './constants';
import { NOTIFICATION_STATUSES } from './read-model';

/** HTTP and socket shapes of issue 41. */

/** GET /api/admin/notifications?status=&page= (admin): newest first. */
export const adminNotificationsQuerySchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminNotificationsQuery = z.infer<typeof adminNotificationsQuerySchema>;

export const adminNotificationDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  interrupted: z.boolean(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  /** Who it was for, from the users read model; null for the shop's own (and a deleted account). */
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminNotificationDto = z.infer<typeof adminNotificationDtoSchema>;

export const adminNotificationListSchema = z.object({
  notifications: z.array(adminNotificationDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminNotificationList = z.infer<typeof adminNotificationListSchema>;

/** POST /api/admin/notifications/:id/retry → `{ message, position }`. */

/**
 * POST /api/notifications/unsubscribe?token= (public, RFC 8058 one-click: the
 * mail client posts `List-Unsubscribe=One-Click`; the web page posts nothing).
 */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** POST /api/users/confirm-email (public: the link is the proof). */
export const confirmEmailBodySchema = z.strictObject({ token: z.string().min(1).max(1024) });
/** POST /api/users/email-confirmation (logged in): send the link again; no body. */

/**
 * The `newOrder` socket event to the admins' room when an order's payment is
 * approved. `total` in reais; `deliveryDate` as the order has it (ISO with the
 * shop's offset).
 */
export const newOrderPushSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  total: z.number(),
  customerName: z.string(),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryDate: z.string(),
});
export type NewOrderPush = z.infer<typeof newOrderPushSchema>;
