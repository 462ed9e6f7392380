import { kitchenDayStreamName, parseEvent, scheduleHoursText } from '@quitute/contracts';
import { loadUser } from '../accounts/accounts';
import type { UserState } from '../accounts/decider';
import { readOrder } from '../ordering/orders';
import { paymentDecider, parsePaymentEvent, type RequestedPayment } from '../payments/decider';
import { readPayment } from '../payments/payments';
import { parseReviewEvent } from '../reviews/decider';
import type { ScheduleReader } from '../schedule/schedule-reader';
import {
  kitchenDayDecider,
  kitchenDaySnapshotPolicy,
  parseKitchenDayEvent,
} from '../schedule/kitchen-day';
import {
  commandStream,
  emptyAggregate,
  foldOnto,
  readAggregate,
  type CommandStores,
} from '../shared/handle-command';
import { snapshotted } from '../shared/snapshots';
import type { ShopSettingsReader } from '../shop/settings-reader';
import { dailySummaryDate, dailySummaryOf } from './daily-summary';
import { notifierEventSchemas, type NotifierEvent } from './notifier-fold';
import type {
  AccountFacts,
  NotificationFacts,
  NotificationSubject,
  OrderOnRecord,
  ReviewSubmitted,
} from './outgoing';
import type { ShopFacts } from './templates/types';

/**
 * The facts a notification tells, read from the log when it is sent (never
 * from a read model, ARCHITECTURE §4): the account through its own stream
 * (with its snapshots), the order's, payment's and review's streams, the event
 * that called for it, the shop's settings and the calendar's hours.
 */
export interface FactsReaders {
  stores: CommandStores;
  shopSettings: ShopSettingsReader;
  schedule: ScheduleReader;
  /** The shop's origin, read at each use. */
  publicUrl: () => string;
}

export function accountFactsOf(state: UserState): AccountFacts {
  if (state.status !== 'active') return { status: 'gone' };
  const { userId, email, name, phone, notifications, emailConfirmed } = state;
  return { status: 'active', userId, email, name, phone, notifications, emailConfirmed };
}

export async function shopFacts(readers: FactsReaders): Promise<ShopFacts> {
  const [settings, schedule] = await Promise.all([
    readers.shopSettings.current(),
    readers.schedule.current(),
  ]);
  return { settings, hoursText: scheduleHoursText(schedule), publicUrl: readers.publicUrl() };
}

async function account(readers: FactsReaders, userId: string | null): Promise<AccountFacts | null> {
  if (userId === null) return null;
  const { state } = await loadUser(readers.stores, userId);
  return accountFactsOf(state);
}

async function order(readers: FactsReaders, orderId: string | null): Promise<OrderOnRecord | null> {
  if (orderId === null) return null;
  const { state } = await readOrder(readers.stores, orderId);
  return state.placed === null ? null : state;
}

async function payment(readers: FactsReaders, paymentId: string): Promise<RequestedPayment | null> {
  const { state } = await readPayment(readers.stores, paymentId);
  return state.request === null ? null : state;
}

/** The event at the source's stream and revision, when it is the one named (its id). */
async function sourceEvent(
  readers: FactsReaders,
  subject: NotificationSubject,
): Promise<NotifierEvent | null> {
  if (subject.sourceStream === null || subject.sourceRevision === null) return null;
  const [recorded] = await readers.stores.eventStore.readStream(subject.sourceStream, {
    fromRevision: subject.sourceRevision,
    maxCount: 1,
  });
  if (recorded?.id !== subject.sourceId) return null;
  return parseEvent(notifierEventSchemas, recorded);
}

/** The payment folded up to the source event (a refund's: what had gone back by then). */
async function paymentAtSource(
  readers: FactsReaders,
  subject: NotificationSubject,
): Promise<RequestedPayment | null> {
  if (subject.sourceStream === null || subject.sourceRevision === null) return null;
  const upTo = subject.sourceRevision;
  const events = (await readers.stores.eventStore.readStream(subject.sourceStream)).filter(
    (event) => event.revision <= upTo,
  );
  const { state } = foldOnto(
    { decider: paymentDecider, parse: parsePaymentEvent },
    emptyAggregate(paymentDecider),
    events,
  );
  return state.request === null ? null : state;
}

async function review(
  readers: FactsReaders,
  subject: NotificationSubject,
): Promise<{ submitted: ReviewSubmitted; deleted: boolean } | null> {
  if (subject.sourceStream === null) return null;
  const events = await readers.stores.eventStore.readStream(subject.sourceStream);
  let submitted: ReviewSubmitted | null = null;
  let deleted = false;
  for (const recorded of events) {
    const event = parseReviewEvent(recorded);
    if (event?.type === 'ReviewSubmitted') submitted = event.data;
    if (event?.type === 'ReviewDeleted') deleted = true;
  }
  return submitted && { submitted, deleted };
}

/** The orders holding units of `date` in its kitchen day, as their streams say now. */
async function dayOrders(readers: FactsReaders, date: string) {
  const day = await readAggregate(
    snapshotted(
      commandStream(
        readers.stores.eventStore,
        kitchenDayStreamName(date),
        kitchenDayDecider,
        parseKitchenDayEvent,
      ),
      readers.stores,
      kitchenDaySnapshotPolicy,
    ),
  );
  const orderIds = Object.values(day.state.holds).flatMap((bucket) => Object.keys(bucket));
  return Promise.all(
    orderIds.map(async (orderId) => (await readOrder(readers.stores, orderId)).state),
  );
}

const none: Omit<NotificationFacts, 'shop'> = {
  account: null,
  order: null,
  payment: null,
  paymentAtSource: null,
  source: null,
  review: null,
  summary: null,
};

/** What the notification's kind needs of the log, read now. */
export async function readNotificationFacts(
  readers: FactsReaders,
  subject: NotificationSubject,
): Promise<NotificationFacts> {
  const shop = await shopFacts(readers);
  const { kind } = subject;
  switch (kind) {
    case 'shop_daily_summary': {
      const date = dailySummaryDate(subject.sourceId);
      if (date === null) return { shop, ...none };
      return { shop, ...none, summary: dailySummaryOf(date, await dayOrders(readers, date)) };
    }
    case 'email_confirmation':
      return {
        shop,
        ...none,
        account: await account(readers, subject.userId),
        source: await sourceEvent(readers, subject),
      };
    case 'review_approved': {
      const found = await review(readers, subject);
      return {
        shop,
        ...none,
        review: found,
        account: await account(readers, found?.submitted.userId ?? subject.userId),
      };
    }
    default: {
      const placed = await order(readers, subject.orderId);
      const customer = placed?.placed.customer.userId ?? subject.userId;
      const paymentId = placed?.placed.paymentId;
      return {
        shop,
        ...none,
        order: placed,
        account: await account(readers, customer),
        payment: kind === 'order_received' && paymentId ? await payment(readers, paymentId) : null,
        paymentAtSource: kind === 'order_refunded' ? await paymentAtSource(readers, subject) : null,
        source:
          kind === 'order_cancelled' || kind === 'order_refunded'
            ? await sourceEvent(readers, subject)
            : null,
      };
    }
  }
}
