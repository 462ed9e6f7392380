/**
 * Notifications (issue 41): what the shop tells people, and how it keeps count.
 * The notifier (command-api, a process manager under the process managers'
 * lease) follows the log and, for each source event that calls for a message,
 * records a notification on its own stream `notification-<notificationId>`
 * before it sends, then its outcome. The id is derived from the source and the
 * kind and channel (notificationIdOf), and the first event is appended with
 * `no_stream`: a crash, a replay or a second instance sends nothing twice.
 * An attempt begun and never settled (the process died between the send and
 * its record) is never sent again on its own: it is marked failed
 * ('interrupted') and the admin decides (GET /api/admin/notifications).
 */

export const NOTIFICATION_STREAM_PREFIX = 'notification-';
export function notificationStreamName(notificationId: string): string {
  return `${NOTIFICATION_STREAM_PREFIX}${notificationId}`;
}

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * What a message is about. `email_confirmation` is essential (it goes whatever
 * the preference, to the address it confirms); the `shop_*` kinds go to the
 * shop's own address (its settings' e-mail); every other kind goes to the
 * customer's account only when her preference for that channel is on and, for
 * e-mail, her address is confirmed.
 */
export const NOTIFICATION_KINDS = [
  'email_confirmation',
  'order_received',
  'payment_approved',
  'order_processing',
  'order_ready_for_pickup',
  'order_in_transit',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  'review_approved',
  'shop_new_order',
  'shop_daily_summary',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Sent whatever the customer's preferences (the README lists them, with password resets). */
export const ESSENTIAL_NOTIFICATION_KINDS: readonly NotificationKind[] = ['email_confirmation'];
/** To the shop's address (shop settings' `email`), never to a customer. */
export const SHOP_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'shop_new_order',
  'shop_daily_summary',
];
/** The kinds also sent by SMS (short, and worth a text message); the rest are e-mail only. */
export const SMS_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'payment_approved',
  'order_ready_for_pickup',
  'order_in_transit',
  'order_cancelled',
  'order_refunded',
];

export type NotificationAudience = 'customer' | 'shop';
export function audienceOf(kind: NotificationKind): NotificationAudience {
  return SHOP_NOTIFICATION_KINDS.includes(kind) ? 'shop' : 'customer';
}

/**
 * Pauses before the 2nd, 3rd… attempt of a send that failed (a mail server down,
 * refusing): after the last one the notification is failed and waits for the admin.
 */
export const NOTIFICATION_RETRY_DELAYS_MS: readonly number[] = [
  60_000, // 1 min
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
];
export const NOTIFICATION_MAX_ATTEMPTS = NOTIFICATION_RETRY_DELAYS_MS.length + 1;

/**
 * A source event older than this when the notifier first sees it live is not
 * told any more (a first start on a long log, a notifier down for days): a
 * 'Pedido recebido' a day late is noise, and an old log must never mail everyone.
 */
export const NOTIFICATION_MAX_SOURCE_AGE_MS = 24 * 3_600_000;

/** The daily production summary's default hour (America/Sao_Paulo), `HH:mm`. */
export const DEFAULT_DAILY_SUMMARY_TIME = '18:00';

/** The admins' socket room: joined at the handshake by a token of role admin, never by a message. */
export const ADMINS_ROOM = 'admins';
/** The socket event an admin's sockets receive when an order's payment is approved. */
export const NEW_ORDER_SOCKET_EVENT = 'newOrder';

/** An e-mail confirmation link's life (7 days); a new one may be asked from the profile. */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 86_400_000;
/** Confirmation e-mails one account may ask again per hour ('Reenviar'). */
export const EMAIL_CONFIRMATION_RESENDS_PER_HOUR = 3;
/**
 * …and per week: whoever signed an address up holds that account's 'Reenviar',
 * so without a longer cap a stranger could send its owner a link every 20
 * minutes for ever. A password reset confirms the address too.
 */
export const EMAIL_CONFIRMATION_RESENDS_PER_WEEK = 5;

/** Web routes the e-mails link to (the SPA posts the token to the API). */
export const CONFIRM_EMAIL_PATH = '/confirmar-email';
export const UNSUBSCRIBE_PATH = '/descadastrar';
/** The RFC 8058 one-click target (POST, `List-Unsubscribe=One-Click`), also what the page posts. */
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';

/** The notifications read model. */
export const NOTIFICATIONS_COLLECTION = 'notifications_v1';
export const NOTIFICATIONS_PROJECTION = 'notifications_v1';
export const ADMIN_NOTIFICATIONS_PAGE_SIZE = 50;
