import {
  accountEventSchemas,
  assertNever,
  NOTIFICATION_STREAM_PREFIX,
  notificationEventSchemas,
  orderEventSchemas,
  paymentEventSchemas,
  reviewEventSchemas,
  SMS_NOTIFICATION_KINDS,
  type EventOf,
  type NotificationChannel,
  type NotificationKind,
  type OrderStatus,
} from '@quitute/contracts';
import type { EventFilter, RecordedEvent } from '@quitute/infra/event-store';
import { notificationDecider, notificationIdOf, type NotificationState } from './decider';

/**
 * What the notifier follows of the log (issue 41): the events that call for a
 * message, and the notifications' own events, which say what was asked for
 * and how it went. Folded purely into what is still unresolved: orders whose
 * payment has not answered yet, messages called for and not yet requested,
 * notifications not yet sent. Everything else is forgotten.
 */

export const notifierEventSchemas = {
  UserRegistered: accountEventSchemas.UserRegistered,
  UserEmailChanged: accountEventSchemas.UserEmailChanged,
  EmailConfirmationRequested: accountEventSchemas.EmailConfirmationRequested,
  OrderPlaced: orderEventSchemas.OrderPlaced,
  OrderStatusChanged: orderEventSchemas.OrderStatusChanged,
  OrderCancelled: orderEventSchemas.OrderCancelled,
  OrderDeleted: orderEventSchemas.OrderDeleted,
  PaymentPending: paymentEventSchemas.PaymentPending,
  PaymentApproved: paymentEventSchemas.PaymentApproved,
  PaymentInReview: paymentEventSchemas.PaymentInReview,
  PaymentRefundCompleted: paymentEventSchemas.PaymentRefundCompleted,
  ReviewApproved: reviewEventSchemas.ReviewApproved,
  ...notificationEventSchemas,
} as const;
export type NotifierEvent = EventOf<typeof notifierEventSchemas>;

/** Accounts, orders, payments, reviews and notifications; only the types above. */
export const notifierFilter: EventFilter = {
  streamNamePrefixes: ['user-', 'order-', 'payment-', 'review-', NOTIFICATION_STREAM_PREFIX],
  eventTypes: Object.keys(notifierEventSchemas),
};

/** The event that calls for a message: a later attempt reads the same facts from it again. */
export interface SourceRef {
  sourceId: string;
  sourceStream: string;
  sourceRevision: number;
}

/** A message called for, not yet requested. */
export interface WantedNotification extends SourceRef {
  notificationId: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  /** The account, when the event names it; else the order's or the review's, read when it is told. */
  userId: string | null;
  orderId: string | null;
  /** When the event that called for it happened (ms): past NOTIFICATION_MAX_SOURCE_AGE_MS it is not told. */
  calledAt: number;
}

/** A notification requested and not sent: under way, waiting for its next attempt, or failed. */
export type UnsettledNotification = Exclude<
  NotificationState,
  { status: 'absent' } | { status: 'sent' }
>;

export interface NotifierState {
  /** Orders placed whose payment has not answered yet (order_received waits for it): their OrderPlaced. */
  awaitingPayment: Readonly<Record<string, SourceRef>>;
  /** Called for and not requested yet, in the order they were called for (an order's are told in it). */
  wanted: readonly WantedNotification[];
  /** Requested and not sent, by notification id. */
  notifications: Readonly<Record<string, UnsettledNotification>>;
}

export const initialNotifierState: NotifierState = {
  awaitingPayment: {},
  wanted: [],
  notifications: {},
};

/** The customer's message of each status an admin may set; none for 'pending'. */
const STATUS_KINDS: Readonly<Record<OrderStatus, NotificationKind | null>> = {
  pending: null,
  processing: 'order_processing',
  ready_for_pickup: 'order_ready_for_pickup',
  in_transit: 'order_in_transit',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
};

/** E-mail always; SMS too for the kinds worth a text message. */
export function channelsOf(kind: NotificationKind): NotificationChannel[] {
  return SMS_NOTIFICATION_KINDS.includes(kind) ? ['email', 'sms'] : ['email'];
}

type Recorded = Pick<RecordedEvent, 'id' | 'streamName' | 'revision' | 'metadata'>;

const sourceOf = (recorded: Recorded): SourceRef => ({
  sourceId: recorded.id,
  sourceStream: recorded.streamName,
  sourceRevision: recorded.revision,
});

/** The state with these messages called for by `source` (each once: a notification already known is not called for again). */
function calling(
  state: NotifierState,
  calls: readonly { kind: NotificationKind; channel: NotificationChannel }[],
  about: { source: SourceRef; userId: string | null; orderId: string | null; calledAt: number },
): NotifierState {
  const wanted = [...state.wanted];
  for (const { kind, channel } of calls) {
    const notificationId = notificationIdOf(about.source.sourceId, kind, channel);
    const known =
      Object.hasOwn(state.notifications, notificationId) ||
      wanted.some((entry) => entry.notificationId === notificationId);
    if (known) continue;
    wanted.push({
      notificationId,
      kind,
      channel,
      ...about.source,
      userId: about.userId,
      orderId: about.orderId,
      calledAt: about.calledAt,
    });
  }
  return wanted.length === state.wanted.length ? state : { ...state, wanted };
}

/** Every channel of `kind`. */
const allChannels = (kind: NotificationKind) =>
  channelsOf(kind).map((channel) => ({ kind, channel }));

function withoutAwaiting(state: NotifierState, orderId: string): NotifierState {
  if (!Object.hasOwn(state.awaitingPayment, orderId)) return state;
  const { [orderId]: _settled, ...awaitingPayment } = state.awaitingPayment;
  return { ...state, awaitingPayment };
}

/** The state without a wanted message (requested, or decided not to go). */
export function withoutWanted(state: NotifierState, notificationId: string): NotifierState {
  const wanted = state.wanted.filter((entry) => entry.notificationId !== notificationId);
  return wanted.length === state.wanted.length ? state : { ...state, wanted };
}

function withNotification(
  state: NotifierState,
  notificationId: string,
  next: NotificationState,
): NotifierState {
  const { [notificationId]: _before, ...others } = state.notifications;
  const notifications =
    next.status === 'absent' || next.status === 'sent'
      ? others
      : { ...others, [notificationId]: next };
  return { ...state, notifications };
}

/** The notifier's state after one event of the log (pure). */
export function evolveNotifier(
  state: NotifierState,
  event: NotifierEvent,
  recorded: Recorded,
): NotifierState {
  const calledAt = Date.parse(recorded.metadata.occurredAt);
  const source = sourceOf(recorded);
  switch (event.type) {
    case 'UserRegistered':
      // The first start's admin (the system registers it): its address is the configuration's, no stranger's.
      if (recorded.metadata.actorRole === 'system') return state;
      return calling(state, [{ kind: 'email_confirmation', channel: 'email' }], {
        source,
        userId: event.data.userId,
        orderId: null,
        calledAt,
      });
    case 'UserEmailChanged':
    case 'EmailConfirmationRequested':
      return calling(state, [{ kind: 'email_confirmation', channel: 'email' }], {
        source,
        userId: event.data.userId,
        orderId: null,
        calledAt,
      });
    case 'OrderPlaced':
      return {
        ...state,
        awaitingPayment: { ...state.awaitingPayment, [event.data.orderId]: source },
      };
    case 'PaymentPending':
    case 'PaymentApproved':
    case 'PaymentInReview': {
      const { orderId } = event.data;
      const placed = state.awaitingPayment[orderId];
      // Told once the payment first answered: a Pix's e-mail then carries its code.
      let next = placed
        ? calling(withoutAwaiting(state, orderId), [{ kind: 'order_received', channel: 'email' }], {
            source: placed,
            userId: null,
            orderId,
            calledAt,
          })
        : state;
      if (event.type === 'PaymentApproved') {
        next = calling(
          next,
          [...allChannels('payment_approved'), { kind: 'shop_new_order', channel: 'email' }],
          { source, userId: null, orderId, calledAt },
        );
      }
      return next;
    }
    case 'OrderStatusChanged': {
      const { orderId, to } = event.data;
      const kind = STATUS_KINDS[to];
      const next = to === 'cancelled' ? withoutAwaiting(state, orderId) : state;
      if (kind === null) return next;
      return calling(next, allChannels(kind), { source, userId: null, orderId, calledAt });
    }
    case 'OrderCancelled': {
      const { orderId } = event.data;
      return calling(withoutAwaiting(state, orderId), allChannels('order_cancelled'), {
        source,
        userId: null,
        orderId,
        calledAt,
      });
    }
    case 'OrderDeleted':
      return withoutAwaiting(state, event.data.orderId);
    case 'PaymentRefundCompleted':
      return calling(state, allChannels('order_refunded'), {
        source,
        userId: null,
        orderId: event.data.orderId,
        calledAt,
      });
    case 'ReviewApproved':
      return calling(state, allChannels('review_approved'), {
        source,
        userId: null,
        orderId: null,
        calledAt,
      });
    case 'NotificationRequested': {
      const { notificationId } = event.data;
      return withNotification(
        withoutWanted(state, notificationId),
        notificationId,
        notificationDecider.evolve(notificationDecider.initialState, event),
      );
    }
    case 'NotificationAttemptStarted':
    case 'NotificationSent':
    case 'NotificationAttemptFailed':
    case 'NotificationRetryRequested': {
      const { notificationId } = event.data;
      const known = state.notifications[notificationId];
      // One sent and forgotten says nothing new (an admin cannot ask a sent one again).
      if (!known) return state;
      return withNotification(state, notificationId, notificationDecider.evolve(known, event));
    }
    default:
      return assertNever(event);
  }
}

/** Notifications whose next attempt is due at `now` (its pause is over, or an admin asked). */
export function attemptsDue(state: NotifierState, now: number): UnsettledNotification[] {
  return Object.values(state.notifications).filter(
    (notification) =>
      notification.status === 'retry_requested' ||
      (notification.status === 'retrying' && Date.parse(notification.retryAt) <= now),
  );
}

/** Attempts begun and not settled: the ones this process is not running were interrupted. */
export function attemptsUnderWay(state: NotifierState): UnsettledNotification[] {
  return Object.values(state.notifications).filter(
    (notification) => notification.status === 'sending',
  );
}
