import {
  notificationDocumentSchema,
  notificationEventSchemas,
  NOTIFICATIONS_COLLECTION,
  NOTIFICATIONS_PROJECTION,
  type NotificationDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * One document per notification (notifications_v1, issue 41), from its stream
 * `notification-<id>`: what was told to whom about which order, and where its
 * sending stands, for the admin's GET /api/admin/notifications. An attempt
 * begins `sending` (the request or a retry's start) and ends `sent`,
 * `retrying` (the next attempt is due at `nextAttemptAt`) or `failed` (the
 * last attempt, or an interrupted one: the message may have gone, so only an
 * admin sends it again). `lastError` is the last failure's, kept after a later
 * success; `interrupted` holds only while the notification is failed by one.
 * Times are the events' `occurredAt`.
 */
export const notificationsProjection = defineProjection({
  name: NOTIFICATIONS_PROJECTION,
  collection: NOTIFICATIONS_COLLECTION,
  events: notificationEventSchemas,
  document: notificationDocumentSchema,
  indexes: [
    // The admin's list, newest first: all of them, or those of one status (`?status=failed`).
    { fields: { createdAt: -1, _id: -1 } },
    { fields: { status: 1, createdAt: -1, _id: -1 } },
  ],
  documentId: (event) => event.data.notificationId,
  evolve(document, event, recorded): NotificationDocument | null {
    const at = recorded.metadata.occurredAt;
    const { position } = recorded;
    switch (event.type) {
      case 'NotificationRequested': {
        const { notificationId, kind, channel, userId, orderId, orderNumber, attempt } = event.data;
        return {
          _id: notificationId,
          kind,
          channel,
          userId,
          orderId,
          orderNumber,
          status: 'sending',
          attempts: attempt,
          lastError: null,
          interrupted: false,
          nextAttemptAt: null,
          createdAt: at,
          updatedAt: at,
          sentAt: null,
          position,
        };
      }
      case 'NotificationAttemptStarted':
        return (
          document && {
            ...document,
            status: 'sending',
            attempts: Math.max(document.attempts, event.data.attempt),
            interrupted: false,
            nextAttemptAt: null,
            updatedAt: at,
            position,
          }
        );
      case 'NotificationSent':
        return (
          document && {
            ...document,
            status: 'sent',
            attempts: Math.max(document.attempts, event.data.attempt),
            interrupted: false,
            nextAttemptAt: null,
            sentAt: at,
            updatedAt: at,
            position,
          }
        );
      case 'NotificationAttemptFailed': {
        const { attempt, error, retryAt, interrupted } = event.data;
        const retrying = retryAt !== null && !interrupted;
        return (
          document && {
            ...document,
            status: retrying ? 'retrying' : 'failed',
            attempts: Math.max(document.attempts, attempt),
            lastError: error,
            interrupted,
            nextAttemptAt: retrying ? retryAt : null,
            updatedAt: at,
            position,
          }
        );
      }
      // An admin asked for it again: the next attempt is due now (the notifier begins it).
      case 'NotificationRetryRequested':
        return (
          document && {
            ...document,
            ...(document.status === 'failed'
              ? { status: 'retrying', interrupted: false, nextAttemptAt: at }
              : {}),
            updatedAt: at,
            position,
          }
        );
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
