import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  INTERRUPTED_ATTEMPT_ERROR,
  NOTIFICATION_MAX_ATTEMPTS,
  NOTIFICATION_MAX_SOURCE_AGE_MS,
  NOTIFICATION_RETRY_DELAYS_MS,
  notificationStreamName,
  paymentMessages,
  userStreamName,
} from '@quitute/contracts';
import { createPostgresEventStore, type EventStore } from '@quitute/infra/event-store';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { deleteUser, runUserCommand } from '../accounts/accounts';
import { changeShopSettings } from '../shop/shop-settings';
import { notificationIdOf } from './decider';
import { describeFailure, MAX_TELLING_AT_ONCE, NOTIFIER_CHECKPOINT } from './notifier';
import { requestNotificationRetry } from './notifications';
import { notifierHarness, PUBLIC_URL, START, until } from './notifier-testing';

const harnesses: ReturnType<typeof notifierHarness>[] = [];
function open(eventStore?: EventStore) {
  const made = notifierHarness(eventStore);
  harnesses.push(made);
  return made;
}
afterEach(async () => {
  for (const made of harnesses.splice(0)) await made.closeAll();
});

const SHOP_EMAIL = DEFAULT_SHOP_SETTINGS.email;
const kinds = (h: ReturnType<typeof notifierHarness>) =>
  h.emails.map(({ message, mail }) => `${message.kind} → ${mail.to}`);

describe('the notifier: who is told what, once', () => {
  it('given a confirmed customer with both preferences on, when her Pix order is placed, pending, then paid, then order_received with the Pix code, payment_approved by e-mail and SMS and the shop’s new order, each once, to her account’s address', async () => {
    const h = open();
    const ana = await h.customer();
    const notifier = h.notifier();
    await notifier.start();
    const order = await h.placeOrder(ana.userId);
    await h.pixPending(order);
    await h.settled(notifier);
    expect(kinds(h)).toEqual([`order_received → ${ana.email}`]);
    const [received] = h.emails;
    expect(received?.message).toMatchObject({
      kind: 'order_received',
      order: { orderId: order.orderId, orderNumber: order.orderNumber, totalCents: 1200 },
      payment: { method: 'pix', pix: { qrCode: `00020126pix-${order.orderNumber}` } },
    });

    await h.approve(order);
    await h.settled(notifier);
    expect(kinds(h)).toEqual([
      `order_received → ${ana.email}`,
      `payment_approved → ${ana.email}`,
      `shop_new_order → ${SHOP_EMAIL}`,
    ]);
    expect(h.texts).toEqual([{ to: '+5511977776666', text: 'Quitute: payment_approved' }]);
    expect(h.emails[2]?.message).toMatchObject({
      kind: 'shop_new_order',
      customerEmail: ana.email,
    });

    // Nothing more, however often it looks again.
    await h.settled(notifier);
    expect(h.emails).toHaveLength(3);
    expect(h.texts).toHaveLength(1);
  });

  it('given a customer’s e-mail, then it carries the one-click unsubscribe (link and RFC 8058 headers) and replies go to the shop; the shop’s own carries none', async () => {
    const h = open();
    const ana = await h.customer();
    const notifier = h.notifier();
    await notifier.start();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    await h.approve(order);
    await h.settled(notifier);
    const toHer = h.emails.find(({ message }) => message.kind === 'payment_approved');
    expect(toHer?.mail).toMatchObject({
      to: ana.email,
      replyTo: SHOP_EMAIL,
      subject: `Pagamento aprovado — pedido #${order.orderNumber} — Quitute`,
      headers: {
        'List-Unsubscribe': `<${h.links.unsubscribeApiUrl(ana.userId)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(toHer?.mail.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=`),
    );
    expect(toHer?.links).toEqual({ unsubscribe: h.links.unsubscribeLink(ana.userId) });
    const toShop = h.emails.find(({ message }) => message.kind === 'shop_new_order');
    expect(toShop?.mail.headers).toBeUndefined();
    expect(toShop?.links).toEqual({});
  });

  it('given a card approved at once, then order_received before payment_approved', async () => {
    const h = open();
    const ana = await h.customer({ notifications: { email: true, sms: false } });
    const notifier = h.notifier();
    await notifier.start();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    await h.approve(order);
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message.kind)).toEqual([
      'order_received',
      'payment_approved',
      'shop_new_order',
    ]);
  });

  it('given a new account, a new link asked for, and a changed address, then each confirmation goes to the address it confirms, with its link and no unsubscribe; none once confirmed', async () => {
    const h = open();
    const notifier = h.notifier();
    await notifier.start();
    const ana = await h.customer({ confirmed: false });
    await h.settled(notifier);
    expect(kinds(h)).toEqual([`email_confirmation → ${ana.email}`]);
    const [first] = h.emails;
    expect(first?.mail.headers).toBeUndefined();
    expect(first?.links).toEqual({});
    expect(first?.message).toMatchObject({ kind: 'email_confirmation', name: 'Ana Souza' });
    expect(first?.message.kind === 'email_confirmation' && first.message.confirmationLink).toMatch(
      new RegExp(`^${PUBLIC_URL}/confirmar-email\\?token=`),
    );

    await runUserCommand(h.stores, ana.userId, { type: 'RequestEmailConfirmation' }, h.context());
    await h.settled(notifier);
    expect(kinds(h)).toHaveLength(2);

    await h.append(userStreamName(ana.userId), 'UserEmailChanged', {
      userId: ana.userId,
      email: 'ana.nova@exemplo.com.br',
      previousEmail: ana.email,
    });
    await h.settled(notifier);
    expect(kinds(h).at(-1)).toBe('email_confirmation → ana.nova@exemplo.com.br');
  });

  it('given each status an admin sets, then its message by e-mail, and by SMS for ready, in transit and cancelled', async () => {
    const h = open();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId, {
      customer: {
        userId: ana.userId,
        name: 'Ana Souza',
        email: 'x@y.com',
        cpf: '52998224725',
        phone: '21998765432',
      },
    });
    const notifier = h.notifier();
    await notifier.start();
    let from = 'pending';
    for (const to of ['processing', 'ready_for_pickup', 'in_transit', 'delivered', 'cancelled']) {
      await h.orderEvent(order, 'OrderStatusChanged', { from, to });
      from = to;
    }
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message.kind)).toEqual([
      'order_processing',
      'order_ready_for_pickup',
      'order_in_transit',
      'order_delivered',
      'order_cancelled',
    ]);
    expect(h.emails.at(-1)?.message).toMatchObject({ kind: 'order_cancelled', reason: null });
    // The order's mobile comes before her profile's.
    expect(h.texts).toEqual([
      { to: '+5521998765432', text: 'Quitute: order_ready_for_pickup' },
      { to: '+5521998765432', text: 'Quitute: order_in_transit' },
      { to: '+5521998765432', text: 'Quitute: order_cancelled' },
    ]);
  });

  it('given an order cancelled because its Pix expired, then order_cancelled says why; a payment approved after it tells nothing', async () => {
    const h = open();
    const ana = await h.customer({ notifications: { email: true, sms: false } });
    const order = await h.placeOrder(ana.userId);
    const notifier = h.notifier();
    await notifier.start();
    await h.orderEvent(order, 'OrderCancelled', { reason: 'payment_expired' });
    await h.approve(order);
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message)).toMatchObject([
      { kind: 'order_cancelled', reason: 'payment_expired' },
    ]);

    // The shop gives that late payment back: the refund is told once, saying why (no admin's note).
    await h.refund(order, 1200, undefined, 'approved_after_cancel');
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message)).toMatchObject([
      { kind: 'order_cancelled' },
      { kind: 'order_refunded', amountCents: 1200, note: paymentMessages.refundedAfterCancel },
    ]);
  });

  it('given a paid order refunded in part, then in full, then each refund is told with its amount and note, the last as whole', async () => {
    const h = open();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId);
    await h.approve(order);
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    const before = h.emails.length;
    await h.refund(order, 200, 'Item em falta');
    await h.refund(order, 1000);
    await h.settled(notifier);
    expect(h.emails.slice(before).map(({ message }) => message)).toMatchObject([
      { kind: 'order_refunded', amountCents: 200, whole: false, note: 'Item em falta' },
      { kind: 'order_refunded', amountCents: 1000, whole: true },
    ]);
    expect(h.texts.map(({ text }) => text)).toContain('Quitute: order_refunded');
  });

  it('given her review approved, then review_approved with the review’s facts', async () => {
    const h = open();
    const ana = await h.customer();
    const notifier = h.notifier();
    await notifier.start();
    await h.approvedReview(ana.userId);
    await h.settled(notifier);
    expect(h.emails.map(({ message, mail }) => ({ message, to: mail.to }))).toEqual([
      {
        to: ana.email,
        message: {
          kind: 'review_approved',
          name: 'Ana Souza',
          productName: 'Coxinha de Frango',
          rating: 5,
          comment: 'Maravilhosa!',
        },
      },
    ]);
  });
});

describe('the notifier with the real templates', () => {
  it('given her card approved, then each e-mail has its subject, HTML and text parts, the unsubscribe link in the text, and the SMS its short text', async () => {
    const h = open();
    const ana = await h.customer();
    const notifier = h.notifier({ realTemplates: true });
    await notifier.start();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    await h.approve(order);
    await h.settled(notifier);
    expect(h.made.map((mail) => [mail.to, mail.subject])).toEqual([
      [ana.email, `Pedido recebido — #${order.orderNumber} — Quitute`],
      [ana.email, `Pagamento aprovado — pedido #${order.orderNumber} — Quitute`],
      [SHOP_EMAIL, `Novo pedido pago — #${order.orderNumber}`],
    ]);
    const [received] = h.made;
    expect(received?.html).toMatch(/^<!doctype html>/i);
    expect(received?.text).toContain(h.links.unsubscribeLink(ana.userId));
    expect(received?.html).toContain('Coxinha de Frango');
    expect(h.texts).toHaveLength(1);
    expect(h.texts[0]?.text).toMatch(new RegExp(`^Quitute: .*#${order.orderNumber}`));
  });
});

describe('the notifier: nothing requested for a message that will not go', () => {
  it('given her e-mail preference off, then no e-mail (her SMS still goes); given her SMS preference off, then no SMS', async () => {
    const h = open();
    const noMail = await h.customer({ notifications: { email: false, sms: true } });
    const noSms = await h.customer({ notifications: { email: true, sms: false } });
    const notifier = h.notifier();
    await notifier.start();
    for (const who of [noMail, noSms]) {
      const order = await h.placeOrder(who.userId, { paymentMethod: 'credit_card' });
      await h.approve(order);
    }
    await h.settled(notifier);
    // Two orders are told side by side: each one's in its order.
    expect(kinds(h).sort()).toEqual([
      `order_received → ${noSms.email}`,
      `payment_approved → ${noSms.email}`,
      `shop_new_order → ${SHOP_EMAIL}`,
      `shop_new_order → ${SHOP_EMAIL}`,
    ]);
    expect(h.texts).toHaveLength(1);
    const requested = (await h.notificationEvents()).filter(
      (event) => event.type === 'NotificationRequested',
    );
    expect(requested).toHaveLength(5);
  });

  it('given her e-mail unconfirmed, her account deleted, or no mobile anywhere, then nothing is requested for her', async () => {
    const h = open();
    const unconfirmed = await h.customer({
      confirmed: false,
      notifications: { email: true, sms: false },
    });
    const deleted = await h.customer();
    const noMobile = await h.customer({
      notifications: { email: false, sms: true },
      phone: '(11) 3456-7890',
    });
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    const confirmations = h.emails.length;
    await deleteUser(h.stores, deleted.userId, {
      ...h.context(),
      actorId: 'admin-1',
      actorRole: 'admin',
    });
    for (const who of [unconfirmed, deleted, noMobile]) {
      const order = await h.placeOrder(who.userId, { paymentMethod: 'credit_card' });
      await h.approve(order);
      await h.orderEvent(order, 'OrderStatusChanged', {
        from: 'processing',
        to: 'ready_for_pickup',
      });
    }
    await h.settled(notifier);
    expect(kinds(h).slice(confirmations)).toEqual([
      `shop_new_order → ${SHOP_EMAIL}`,
      `shop_new_order → ${SHOP_EMAIL}`,
      `shop_new_order → ${SHOP_EMAIL}`,
    ]);
    expect(h.texts).toEqual([]);
    const requested = (await h.notificationEvents()).filter(
      (event) => event.type === 'NotificationRequested' && event.data['kind'] !== 'shop_new_order',
    );
    expect(requested.map((event) => event.data['kind'])).toEqual(['email_confirmation']);
  });

  it('given events older than a day when the notifier first sees them, then they are not told, and that is logged once with a count', async () => {
    const h = open();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    await h.approve(order);
    h.clock.now = START + NOTIFICATION_MAX_SOURCE_AGE_MS + 60_000;
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    expect(h.emails).toEqual([]);
    expect(await h.notificationEvents()).toEqual([]);
    expect(h.logs.filter((line) => line.message.includes('too old'))).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ count: 5 }) }),
    ]);
  });
});

describe('the notifier: replays, retries, crashes', () => {
  it('given everything told, when a second notifier follows the same log, or one restarts from a state saved before the sends, then nothing is sent again', async () => {
    const h = open();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    const first = h.notifier();
    await first.start();
    await h.settled(first);
    const savedBefore = first.capture();
    await h.approve(order);
    await h.settled(first);
    const told = { emails: h.emails.length, texts: h.texts.length };
    expect(told).toEqual({ emails: 3, texts: 1 });
    await first.close();

    const second = h.notifier();
    await second.start();
    await h.settled(second);
    const restarted = h.notifier();
    restarted.restore(savedBefore.position, savedBefore.entries);
    await restarted.start();
    await h.settled(restarted);
    expect({ emails: h.emails.length, texts: h.texts.length }).toEqual(told);
    expect(h.logs.filter((line) => line.message.includes('unreadable'))).toEqual([]);
  });

  it('given a mail server that refuses, then each attempt comes after its pause, the last leaves it failed; an admin’s retry sends it', async () => {
    const h = open();
    const ana = await h.customer({ notifications: { email: true, sms: false } });
    const notifier = h.notifier();
    await notifier.start();
    h.mailMode.current = 'fail';
    await h.approvedReview(ana.userId);
    await h.settled(notifier);
    expect(h.tries.mail).toBe(1);
    for (const [index, delay] of NOTIFICATION_RETRY_DELAYS_MS.entries()) {
      h.clock.now += delay - 1;
      await h.settled(notifier);
      expect(h.tries.mail, `before pause ${index + 1} is over`).toBe(index + 1);
      h.clock.now += 1;
      await h.settled(notifier);
      expect(h.tries.mail, `once pause ${index + 1} is over`).toBe(index + 2);
    }
    h.clock.now += 86_400_000;
    await h.settled(notifier);
    expect(h.tries.mail).toBe(NOTIFICATION_MAX_ATTEMPTS);
    const failures = (await h.notificationEvents()).filter(
      (event) => event.type === 'NotificationAttemptFailed',
    );
    expect(failures.map((event) => event.data['retryAt'] === null)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(failures[0]?.data).toMatchObject({
      error: '421 4.3.2 Service not available',
      interrupted: false,
    });
    expect(failures[0]?.metadata).toMatchObject({ actorId: 'system', correlationId: ana.userId });

    h.mailMode.current = 'deliver';
    const notificationId = String(failures[0]?.data['notificationId']);
    await requestNotificationRetry(h.eventStore, notificationId, {
      ...h.context(),
      actorId: 'admin-1',
      actorRole: 'admin',
    });
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message.kind)).toEqual(['review_approved']);
    const last = (await h.eventStore.readStream(notificationStreamName(notificationId))).at(-1);
    expect(last).toMatchObject({
      type: 'NotificationSent',
      data: { attempt: NOTIFICATION_MAX_ATTEMPTS + 1 },
    });
  });

  it('given an SMS provider that refuses, then only the SMS retries; the e-mail was sent once', async () => {
    const h = open();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId);
    await h.approve(order);
    h.smsMode.current = 'fail';
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    h.smsMode.current = 'deliver';
    h.clock.now += NOTIFICATION_RETRY_DELAYS_MS[0] ?? 0;
    await h.settled(notifier);
    expect(h.tries.sms).toBe(2);
    expect(h.texts).toHaveLength(1);
    expect(h.emails.map(({ message }) => message.kind)).toEqual([
      'order_received',
      'payment_approved',
      'shop_new_order',
    ]);
  });

  crashBetweenSendAndRecord(() => Promise.resolve(undefined));
});

/**
 * The crash between the send and its record: the mail server took the message,
 * the process died before it recorded the outcome. The next notifier must not
 * send it again (it may have gone), and marks it failed, interrupted.
 */
function crashBetweenSendAndRecord(store: () => Promise<EventStore | undefined>) {
  it('given the scaled-out shop, when a term ends and another starts, then the next follows the log from the checkpoint the first kept, and sends nothing again', async () => {
    const h = open();
    const checkpoint = createMemorySnapshotStore();
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId);
    const first = h.notifier({ checkpoint });
    await first.start();
    await h.approve(order);
    await h.settled(first);
    const told = h.emails.length;
    await first.close();
    const kept = await checkpoint.read(NOTIFIER_CHECKPOINT);
    expect(kept?.position).toBe(await h.eventStore.headPosition());

    const next = h.notifier({ checkpoint });
    await next.start();
    await h.settled(next);

    expect(h.subscribedFrom).toEqual([0, kept?.position]);
    expect(h.emails).toHaveLength(told);
  });

  it('given a burst of paid orders and a mail server that holds every message, then no more than MAX_TELLING_AT_ONCE (4) messages are being told at once', async () => {
    const h = open();
    const customers = await Promise.all(
      Array.from({ length: 5 }, () => h.customer({ notifications: { email: true, sms: false } })),
    );
    const orders = [];
    for (const customer of customers) orders.push(await h.placeOrder(customer.userId));
    const holding = h.notifier({ mailerMode: () => 'deliver-then-hang' });
    await holding.start();

    for (const order of orders) await h.approve(order);
    await until(() => h.emails.length >= MAX_TELLING_AT_ONCE);
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Five orders call for ten e-mails (hers and the shop's); four are under way, the rest wait.
    expect(h.emails).toHaveLength(MAX_TELLING_AT_ONCE);
    h.abandon(holding);
  });

  it('given a mail taken by the server and the notifier gone before it recorded it, when another starts on the same log, then it sends nothing and marks the notification failed, interrupted', async () => {
    const h = open(await store());
    const ana = await h.customer({ notifications: { email: true, sms: false } });
    const dying = h.notifier({ mailerMode: () => 'deliver-then-hang' });
    await dying.start();
    await h.approvedReview(ana.userId);
    await until(() => h.emails.length === 1);
    h.abandon(dying);

    const next = h.notifier();
    await next.start();
    await h.settled(next);
    expect(h.emails).toHaveLength(1);
    const [review] = h.emails;
    expect(review?.message.kind).toBe('review_approved');
    const events = await h.notificationEvents();
    expect(events.map((event) => event.type)).toEqual([
      'NotificationRequested',
      'NotificationAttemptFailed',
    ]);
    expect(events[1]?.data).toMatchObject({
      attempt: 1,
      interrupted: true,
      retryAt: null,
      error: INTERRUPTED_ATTEMPT_ERROR,
    });

    // Never again on its own, however long it waits.
    h.clock.now += 7 * 86_400_000;
    await h.settled(next);
    expect(h.emails).toHaveLength(1);
  });
}

describe('what a failure records', () => {
  it('given a server’s refusal naming the address or the number, then its words without them', () => {
    expect(
      describeFailure(
        new Error('550 5.1.1 <ana.souza@exemplo.com.br>: Recipient address rejected'),
      ),
    ).toBe('550 5.1.1 <[e-mail]>: Recipient address rejected');
    expect(describeFailure(new Error("The 'To' number +5511977776666 is not valid"))).toBe(
      "The 'To' number [telefone] is not valid",
    );
    expect(describeFailure(new Error('421 4.3.2 Service not available'))).toBe(
      '421 4.3.2 Service not available',
    );
    expect(describeFailure('connect ECONNREFUSED 127.0.0.1:25')).toBe(
      'connect ECONNREFUSED 127.0.0.1:25',
    );
  });
});

describe('the notifier: the daily summary', () => {
  /** 21 Nov 2026 is a Saturday; its summary is of Sunday 22nd... the orders book the 23rd (Monday) below. */
  const at = (clock: string) => Date.parse(`2026-11-22T${clock}:00.000-03:00`);

  it('given orders for tomorrow, when the settings’ hour comes, then the summary goes once to the shop, with the day’s standing orders by time and totals per product', async () => {
    const h = open();
    const ana = await h.customer();
    const bia = await h.customer({ name: 'Bia Lima' });
    h.clock.now = at('10:00');
    await changeShopSettings(
      h.eventStore,
      { ...DEFAULT_SHOP_SETTINGS, dailySummaryTime: '17:30' },
      { ...h.context(), actorId: 'admin-1', actorRole: 'admin' },
    );
    const line = (name: string, quantity: number) => ({
      productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
      name,
      category: 'Salgados Fritos',
      unitPriceCents: 60,
      quantity,
    });
    const late = await h.placeOrder(bia.userId, {
      customer: { userId: bia.userId, name: 'Bia Lima', email: 'b@x.com', cpf: '52998224725' },
      deliveryDate: '2026-11-23T15:00:00-03:00',
      items: [line('Coxinha de Frango', 40), line('Kibe', 20)],
    });
    const early = await h.placeOrder(ana.userId, {
      deliveryDate: '2026-11-23T09:00:00-03:00',
      items: [line('Coxinha de Frango', 20)],
    });
    const cancelled = await h.placeOrder(ana.userId, {
      deliveryDate: '2026-11-23T11:00:00-03:00',
      items: [line('Empada', 100)],
    });
    const otherDay = await h.placeOrder(ana.userId, { deliveryDate: '2026-11-24T09:00:00-03:00' });
    for (const order of [late, early, cancelled]) await h.holdDay(order, '2026-11-23');
    await h.holdDay(otherDay, '2026-11-24');
    await h.approve(early);
    await h.orderEvent(early, 'OrderPaid', {
      paymentId: early.paymentId,
      amountCents: early.totalCents,
    });
    await h.orderEvent(cancelled, 'OrderCancelled', { reason: 'payment_expired' });

    h.clock.now = at('17:29');
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    const summaries = () => h.emails.filter(({ message }) => message.kind === 'shop_daily_summary');
    expect(summaries()).toEqual([]);

    h.clock.now = at('17:30');
    await h.settled(notifier);
    expect(
      summaries().map(({ mail, message }) => ({ to: mail.to, subject: mail.subject, message })),
    ).toEqual([
      {
        to: SHOP_EMAIL,
        subject: 'Produção de 23/11/2026',
        message: {
          kind: 'shop_daily_summary',
          date: '2026-11-23',
          totals: [
            { name: 'Coxinha de Frango', quantity: 60 },
            { name: 'Kibe', quantity: 20 },
          ],
          orders: [
            {
              orderNumber: early.orderNumber,
              customerName: 'Ana Souza',
              deliveryType: 'pickup',
              deliveryDate: '2026-11-23T09:00:00-03:00',
              totalCents: early.totalCents,
              paid: true,
            },
            {
              orderNumber: late.orderNumber,
              customerName: 'Bia Lima',
              deliveryType: 'pickup',
              deliveryDate: '2026-11-23T15:00:00-03:00',
              totalCents: late.totalCents,
              paid: false,
            },
          ],
        },
      },
    ]);
    const summaryStream = notificationStreamName(
      notificationIdOf('daily-summary:2026-11-23', 'shop_daily_summary', 'email'),
    );
    expect((await h.eventStore.readStream(summaryStream)).map((event) => event.type)).toEqual([
      'NotificationRequested',
      'NotificationSent',
    ]);

    // Once: later that day, and after a restart the same evening.
    h.clock.now = at('21:00');
    await h.settled(notifier);
    await notifier.close();
    const restarted = h.notifier();
    await restarted.start();
    await h.settled(restarted);
    expect(summaries()).toHaveLength(1);
  });

  it('given a notifier started after the hour, then it still sends that day’s summary; the next day before the hour, nothing more', async () => {
    const h = open();
    h.clock.now = at('19:00');
    const notifier = h.notifier();
    await notifier.start();
    await h.settled(notifier);
    expect(h.emails.map(({ message }) => message)).toEqual([
      { kind: 'shop_daily_summary', date: '2026-11-23', totals: [], orders: [] },
    ]);
    h.clock.now = at('19:00') + 86_400_000 - 2 * 3_600_000;
    await h.settled(notifier);
    expect(h.emails).toHaveLength(1);
  });
});

await describeWithPostgres('the notifier on PostgreSQL', (url) => {
  const opened: { store: EventStore; drop: () => Promise<void> }[] = [];
  /** A log of its own (a throwaway schema) for each test. */
  const newStore = async () => {
    const { schema, drop } = throwawaySchema(url);
    const store = await createPostgresEventStore({ url, schema });
    opened.push({ store, drop });
    return store;
  };
  afterEach(async () => {
    for (const made of harnesses.splice(0)) await made.closeAll();
    for (const { store, drop } of opened.splice(0)) {
      await store.close();
      await drop();
    }
  });

  crashBetweenSendAndRecord(newStore);

  it('given a PostgreSQL log, when two notifiers follow it one after the other, then each message is sent once', async () => {
    const h = open(await newStore());
    const ana = await h.customer();
    const order = await h.placeOrder(ana.userId, { paymentMethod: 'credit_card' });
    const first = h.notifier();
    await first.start();
    await h.approve(order);
    await h.settled(first);
    await first.close();
    const second = h.notifier();
    await second.start();
    await h.settled(second);
    expect(kinds(h)).toEqual([
      `order_received → ${ana.email}`,
      `payment_approved → ${ana.email}`,
      `shop_new_order → ${SHOP_EMAIL}`,
    ]);
  });
});
