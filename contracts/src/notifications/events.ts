import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './constants';

/**
 * Notification events, stream `notification-<notificationId>` (issue 41). They
 * say what was told to whom and when, never the address or the text: those
 * are the account's and the order's (and a customer's data stays where her
 * data rights can reach it). An attempt begins with NotificationRequested
 * (the first) or NotificationAttemptStarted (a retry), recorded before the
 * send, and ends with NotificationSent or NotificationAttemptFailed.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const notificationId = z.uuid();
const attempt = z.number().int().positive();

export const notificationRequestedSchema = z.object({
  notificationId,
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  /** What called for it: the source event's id; for the daily summary, `daily-summary:<YYYY-MM-DD>`. */
  sourceId: z.string().min(1).max(200),
  /**
   * Where the source event is (its stream and revision), so a later attempt
   * reads the same facts again; null for the daily summary, which has none.
   */
  sourceStream: z.string().min(1).max(200).nullable(),
  sourceRevision: z.number().int().nonnegative().nullable(),
  /** The customer told; null for the shop's own messages. */
  userId: z.uuid().nullable(),
  /** The order it is about, when it is about one. */
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().positive().nullable(),
  /** Always 1: the first attempt begins with the request. */
  attempt: z.literal(1),
});

/** A retry begins (after a pause, or because an admin asked). */
export const notificationAttemptStartedSchema = z.object({ notificationId, attempt });

/** The mail server (or SMS provider) took the message. */
export const notificationSentSchema = z.object({
  notificationId,
  attempt,
  /** The provider's id for it, when it gives one (SMTP message id, Twilio's SID). */
  providerMessageId: z.string().max(300).optional(),
});

/**
 * The attempt failed: `retryAt` is when the next one begins, null when it is
 * the last (the notification is failed until an admin retries it).
 * `interrupted`: the attempt was begun by a process that stopped before it
 * recorded the outcome; the message may have gone, so it is never sent again
 * on its own.
 */
export const notificationAttemptFailedSchema = z.object({
  notificationId,
  attempt,
  /** For the admin: what the server said ('550 5.1.1 mailbox unavailable'), short, no address. */
  error: z.string().max(500),
  retryAt: z.iso.datetime({ offset: true }).nullable(),
  interrupted: z.boolean(),
});

/** An admin asked to send a failed notification again (POST /api/admin/notifications/:id/retry). */
export const notificationRetryRequestedSchema = z.object({ notificationId });

export const notificationEventSchemas = {
  NotificationRequested: notificationRequestedSchema,
  NotificationAttemptStarted: notificationAttemptStartedSchema,
  NotificationSent: notificationSentSchema,
  NotificationAttemptFailed: notificationAttemptFailedSchema,
  NotificationRetryRequested: notificationRetryRequestedSchema,
} as const;
export type NotificationEvent = EventOf<typeof notificationEventSchemas>;
