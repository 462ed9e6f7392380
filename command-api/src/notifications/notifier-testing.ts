import { randomUUID } from 'node:crypto';
import {
  notificationStreamName,
  notificationSubject,
  orderStreamName,
  paymentStreamName,
  reviewStreamName,
  withSchemaVersion,
  type NotificationPreferences,
  type PaymentRefundReason,
} from '@quitute/contracts';
import { aPlacedOrder, type PlacedOrderData } from '@quitute/contracts/testing';
import { createLinkSigner } from '@quitute/infra/auth';
import {
  createMemoryEventStore,
  type EventStore,
  type JsonObject,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import type { Mail, SentMail } from '@quitute/infra/mail';
import type { SentSms, Sms } from '@quitute/infra/sms';
import { createMemorySnapshotStore, type SnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords } from '@quitute/infra/testing';
import { registerUser, runUserCommand } from '../accounts/accounts';
import { reserveDayUnits } from '../schedule/kitchen-day';
import { createScheduleReader } from '../schedule/schedule-reader';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { createShopSettingsReader } from '../shop/settings-reader';
import { createEmailLinks, emailFingerprint } from './links';
import { createNotifier, type NotificationRenderers, type Notifier } from './notifier';
import type { EmailLinksFor, NotificationMessage } from './templates/types';

/**
 * The notifier on a store for tests (issue 41): its clock a number the test
 * moves, a recording mailer and SMS sender that can be made to fail or to
 * hang, and a renderer that keeps each message it was given (the templates'
 * own tests check what the real one writes).
 */

export const PUBLIC_URL = 'http://loja.test';
const secret = 'a-test-secret-that-is-long-enough-0123456789';
/** Saturday 21 November 2026, 09:00 in São Paulo. */
export const START = Date.parse('2026-11-21T12:00:00.000Z');

export interface SentEmail {
  mail: Mail;
  message: NotificationMessage;
  links: EmailLinksFor;
}

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: unknown;
  message: string;
}

export type MailerMode =
  | 'deliver'
  | 'fail'
  /** Takes the message, then never answers: the process dies before it can record anything. */
  | 'deliver-then-hang';

export function notifierHarness(eventStore: EventStore = createMemoryEventStore()) {
  const clock = { now: START };
  const now = () => clock.now;
  const stores: CommandStores = {
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    logger: silentLogger,
  };
  const emails: SentEmail[] = [];
  const texts: Sms[] = [];
  /** Mails the real templates rendered (the test renderer's go to `emails`). */
  const made: Mail[] = [];
  const tries = { mail: 0, sms: 0 };
  const logs: LogLine[] = [];
  /** What the renderer was last given for each subject (the mailer pairs it with its mail). */
  const rendered = new Map<string, { message: NotificationMessage; links: EmailLinksFor }>();

  const renderers: NotificationRenderers = {
    email(message, shop, links) {
      const subject = notificationSubject(message.kind, {
        shopName: shop.settings.name,
        orderNumber: 'order' in message ? message.order.orderNumber : null,
        ...(message.kind === 'shop_daily_summary' ? { date: message.date } : {}),
      });
      const key = randomUUID();
      rendered.set(key, { message, links });
      return { subject, text: key, html: `<p>${key}</p>` };
    },
    sms: (message, shop) => `${shop.settings.name}: ${message.kind}`,
  };

  const mailerFor = (mode: () => MailerMode) => ({
    async send(mail: Mail): Promise<SentMail> {
      tries.mail += 1;
      if (mode() === 'fail') throw new Error('421 4.3.2 Service not available');
      const seen = rendered.get(mail.text);
      if (seen) emails.push({ mail, ...seen });
      else made.push(mail);
      if (mode() === 'deliver-then-hang') return new Promise<SentMail>(() => {});
      return { messageId: `<${emails.length}@loja.test>` };
    },
  });
  const smsMode = { current: 'deliver' as 'deliver' | 'fail' };
  const sms = {
    send: async (message: Sms): Promise<SentSms> => {
      tries.sms += 1;
      if (smsMode.current === 'fail') throw new Error('21610 unsubscribed recipient');
      texts.push(message);
      return { messageId: `SM${texts.length}` };
    },
  };
  const links = createEmailLinks({
    signer: createLinkSigner(secret),
    publicUrl: () => PUBLIC_URL,
    now: () => new Date(clock.now),
  });
  const recordAs =
    (level: LogLine['level']) =>
    (...args: unknown[]): void => {
      const [fields, message] = args;
      logs.push({ level, fields, message: typeof message === 'string' ? message : '' });
    };
  const logger = { info: recordAs('info'), warn: recordAs('warn'), error: recordAs('error') };

  const mailMode = { current: 'deliver' as MailerMode };
  const opened: Notifier[] = [];

  /** A notifier on the store (not started), with the harness's mailer unless told otherwise. */
  /** Where each subscription of the notifiers made here started (0: the log's start). */
  const subscribedFrom: number[] = [];
  const recordingStore: EventStore = Object.assign(Object.create(eventStore) as EventStore, {
    subscribeToAll: (subscribe: Parameters<EventStore['subscribeToAll']>[0]) => {
      subscribedFrom.push(subscribe.fromPosition ?? 0);
      return eventStore.subscribeToAll(subscribe);
    },
  });
  const notifier = (
    options: {
      mailerMode?: () => MailerMode;
      realTemplates?: boolean;
      checkpoint?: SnapshotStore;
    } = {},
  ) => {
    const created = createNotifier({
      eventStore: recordingStore,
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
      snapshotStore: stores.snapshotStore,
      logger,
      mailer: mailerFor(options.mailerMode ?? (() => mailMode.current)),
      sms,
      shopSettings: createShopSettingsReader(eventStore),
      schedule: createScheduleReader(eventStore),
      emailLinks: links,
      publicUrl: () => PUBLIC_URL,
      ...(options.realTemplates ? {} : { renderers }),
      now,
      sweepIntervalMs: 3_600_000,
    });
    opened.push(created);
    return created;
  };

  const context = (): CommandContext => ({
    commandId: randomUUID(),
    correlationId: 'test',
    actorId: 'test',
    actorRole: 'user',
    occurredAt: new Date(clock.now).toISOString(),
  });

  const append = async (stream: string, type: string, data: JsonObject) => {
    const metadata = withSchemaVersion(type, {
      correlationId: 'test',
      causationId: 'test',
      actorId: 'test',
      actorRole: 'user',
      occurredAt: new Date(clock.now).toISOString(),
    });
    return eventStore.appendToStream(stream, [{ id: randomUUID(), type, data, metadata }]);
  };

  /** A customer's account: confirmed, both preferences on, a mobile on her profile, unless told otherwise. */
  const customer = async (
    options: {
      confirmed?: boolean;
      notifications?: NotificationPreferences;
      phone?: string;
      name?: string;
    } = {},
  ) => {
    const email = `ana.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const name = options.name ?? 'Ana Souza';
    const { userId } = await registerUser(
      stores,
      cheapPasswords,
      { email, name, password: 'Segredo123', role: 'user' },
      context(),
    );
    if (options.confirmed ?? true) {
      await runUserCommand(
        stores,
        userId,
        { type: 'ConfirmEmail', emailFingerprint: emailFingerprint(email) },
        context(),
      );
    }
    const notifications = options.notifications ?? { email: true, sms: true };
    await runUserCommand(stores, userId, { type: 'ChangePreferences', notifications }, context());
    await runUserCommand(
      stores,
      userId,
      { type: 'UpdateProfile', changes: { phone: options.phone ?? '(11) 97777-6666' } },
      context(),
    );
    return { userId, email, name };
  };

  let orderNumber = 1000;
  /** Her order as the checkout records it: requested, placed; the checkout's typed e-mail is not hers. */
  const placeOrder = async (
    userId: string,
    overrides: Partial<PlacedOrderData> = {},
  ): Promise<PlacedOrderData> => {
    orderNumber += 1;
    const order = aPlacedOrder({
      orderId: randomUUID(),
      paymentId: randomUUID(),
      orderNumber,
      ...overrides,
      customer: {
        userId,
        name: 'Ana Souza',
        email: 'digitado.no.checkout@outro.com',
        cpf: '52998224725',
        ...overrides.customer,
      },
    });
    await append(paymentStreamName(order.paymentId), 'PaymentRequested', {
      paymentId: order.paymentId,
      orderId: order.orderId,
      userId,
      method: order.paymentMethod,
      amountCents: order.totalCents,
      provider: 'simulator',
      paymentMethodId: order.paymentMethod === 'pix' ? 'pix' : 'master',
    });
    await append(orderStreamName(order.orderId), 'OrderPlaced', order);
    return order;
  };

  const paymentEvent = (order: PlacedOrderData, type: string, data: JsonObject = {}) =>
    append(paymentStreamName(order.paymentId), type, {
      paymentId: order.paymentId,
      orderId: order.orderId,
      providerPaymentId: `sim-${order.orderNumber}`,
      statusDetail: 'x',
      ...data,
    });
  const pixPending = (order: PlacedOrderData) =>
    paymentEvent(order, 'PaymentPending', {
      statusDetail: 'pending_waiting_transfer',
      expiresAt: new Date(clock.now + 30 * 60_000).toISOString(),
      pix: { qrCode: `00020126pix-${order.orderNumber}` },
    });
  const approve = (order: PlacedOrderData) =>
    paymentEvent(order, 'PaymentApproved', { statusDetail: 'accredited' });
  const refund = (
    order: PlacedOrderData,
    amountCents: number,
    note?: string,
    reason: PaymentRefundReason = 'admin',
  ) =>
    paymentEvent(order, 'PaymentRefundCompleted', {
      refundId: randomUUID(),
      amountCents,
      reason,
      ...(note ? { note } : {}),
      refundedAt: new Date(clock.now).toISOString(),
    });
  const orderEvent = (order: PlacedOrderData, type: string, data: JsonObject = {}) =>
    append(orderStreamName(order.orderId), type, { orderId: order.orderId, ...data });

  /** Ana's review of a product, approved. */
  const approvedReview = async (userId: string) => {
    const reviewId = randomUUID();
    await append(reviewStreamName(reviewId), 'ReviewSubmitted', {
      reviewId,
      userId,
      userName: 'Ana Souza',
      userEmail: 'ana@exemplo.com.br',
      productId: randomUUID(),
      productName: 'Coxinha de Frango',
      rating: 5,
      comment: 'Maravilhosa!',
    });
    await append(reviewStreamName(reviewId), 'ReviewApproved', { reviewId });
    return reviewId;
  };

  /** The order holds units of its day's kitchen, as its checkout took them. */
  const holdDay = (order: PlacedOrderData, date: string) =>
    reserveDayUnits(
      stores,
      { date, orderId: order.orderId, units: 20, checkoutAttempt: 'a1', capacityUnits: null },
      context(),
    );

  /** The notifier has applied everything stored and done what it had to do, twice over (its own records included). */
  const settled = async (target: Notifier) => {
    for (let round = 0; round < 20; round += 1) {
      const head = await eventStore.headPosition();
      await until(() => target.reached() >= head);
      await target.sweep();
      if ((await eventStore.headPosition()) === head) return;
    }
    throw new Error('the notifier never settled');
  };

  /** The events of every notification stream, in the log's order. */
  const notificationEvents = async (): Promise<RecordedEvent[]> =>
    (await eventStore.readAll()).filter((event) =>
      event.streamName.startsWith(notificationStreamName('')),
    );

  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((made) => made.close()));
  };
  /** Left as a killed process leaves it: it follows and acts no more, and its send never settles. */
  const abandon = (made: Notifier) => {
    opened.splice(opened.indexOf(made), 1);
    void made.close();
  };

  return {
    eventStore,
    stores,
    clock,
    emails,
    made,
    texts,
    tries,
    logs,
    links,
    mailMode,
    smsMode,
    notifier,
    subscribedFrom,
    append,
    customer,
    placeOrder,
    pixPending,
    approve,
    refund,
    paymentEvent,
    orderEvent,
    approvedReview,
    holdDay,
    settled,
    notificationEvents,
    closeAll,
    abandon,
    context,
  };
}

export async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
