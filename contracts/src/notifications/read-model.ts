import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './constants';

/**
 * Where a notification stands:
 * - `sending`: an attempt is under way (or a process stopped during it, until the notifier says so);
 * - `retrying`: an attempt failed and the next one is due at `nextAttemptAt`;
 * - `sent`;
 * - `failed`: the last attempt failed, or one was interrupted: it waits for an admin.
 */
export const NOTIFICATION_STATUSES = ['sending', 'retrying', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The notifications read model (NOTIFICATIONS_COLLECTION), one document per notification. */
export const notificationDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  userId: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  interrupted: z.boolean(),
  nextAttemptAt: z.string().nullable(),
  /** ISO, of the request. */
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** Global position of the last event applied. */
  position: z.number().int(),
});
export type NotificationDocument = z.infer<typeof notificationDocumentSchema>;
