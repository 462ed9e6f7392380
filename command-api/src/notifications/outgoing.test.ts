import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import {
  NOT_SENT,
  outgoing,
  type AccountFacts,
  type NotificationFacts,
  type NotificationSubject,
} from './outgoing';

const order = aPlacedOrder({
  customer: {
    userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
    name: 'Ana Souza',
    email: 'digitado@outro.com',
    cpf: '52998224725',
  },
});
const ana: AccountFacts = {
  status: 'active',
  userId: order.customer.userId,
  email: 'ana@exemplo.com.br',
  name: 'Ana Souza',
  phone: '(11) 97777-6666',
  notifications: { email: true, sms: true },
  emailConfirmed: true,
};
const facts = (overrides: Partial<NotificationFacts> = {}): NotificationFacts => ({
  shop: { settings: DEFAULT_SHOP_SETTINGS, hoursText: 'segunda a sábado', publicUrl: 'http://x' },
  account: ana,
  order: { placed: order, status: 'processing', paid: true, deleted: false },
  payment: null,
  paymentAtSource: null,
  source: null,
  review: null,
  summary: null,
  ...overrides,
});
const subject = (overrides: Partial<NotificationSubject> = {}): NotificationSubject => ({
  kind: 'payment_approved',
  channel: 'email',
  sourceId: 'e1',
  sourceStream: `payment-${order.paymentId}`,
  sourceRevision: 2,
  userId: null,
  orderId: order.orderId,
  ...overrides,
});
const links = { confirmationLink: (userId: string, email: string) => `link:${userId}:${email}` };

describe('who is told: a customer’s messages', () => {
  it('given her account confirmed and her e-mail preference on, then her account’s address (never the checkout’s), unsubscribable', () => {
    expect(outgoing(subject(), facts(), links)).toMatchObject({
      go: true,
      userId: ana.userId,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      delivery: { channel: 'email', to: 'ana@exemplo.com.br', unsubscribeFor: ana.userId },
    });
  });

  it('given her e-mail preference off, or her address unconfirmed, or her account gone, then no e-mail, and why', () => {
    const cases: [AccountFacts | null, string][] = [
      [{ ...ana, notifications: { email: false, sms: true } }, NOT_SENT.emailOff],
      [{ ...ana, emailConfirmed: false }, NOT_SENT.emailUnconfirmed],
      [{ status: 'gone' }, NOT_SENT.accountGone],
      [null, NOT_SENT.accountGone],
    ];
    for (const [account, reason] of cases) {
      expect(outgoing(subject(), facts({ account }), links)).toEqual({ go: false, reason });
    }
  });

  it('given an SMS, then the order’s mobile first, else her profile’s; a landline is none; her SMS preference off is none', () => {
    const sms = subject({ channel: 'sms' });
    const withPhone = (phone: string | undefined) =>
      facts({
        order: {
          placed: { ...order, customer: { ...order.customer, phone } },
          status: 'processing',
          paid: true,
          deleted: false,
        },
      });
    expect(outgoing(sms, withPhone('21998765432'), links)).toMatchObject({
      delivery: { channel: 'sms', to: '+5521998765432' },
    });
    expect(outgoing(sms, withPhone('2134567890'), links)).toMatchObject({
      delivery: { to: '+5511977776666' },
    });
    expect(outgoing(sms, facts({ account: { ...ana, phone: '(11) 3456-7890' } }), links)).toEqual({
      go: false,
      reason: NOT_SENT.noMobile,
    });
    expect(
      outgoing(
        sms,
        facts({ account: { ...ana, notifications: { email: true, sms: false } } }),
        links,
      ),
    ).toEqual({ go: false, reason: NOT_SENT.smsOff });
  });

  it('given an unconfirmed address, then her SMS still goes (the phone needs no link)', () => {
    expect(
      outgoing(
        subject({ channel: 'sms' }),
        facts({ account: { ...ana, emailConfirmed: false } }),
        links,
      ),
    ).toMatchObject({ go: true });
  });

  it('given the order deleted, or cancelled before its receipt or approval was told, then those are not told', () => {
    const deleted = facts({
      order: { placed: order, status: 'pending', paid: false, deleted: true },
    });
    expect(outgoing(subject({ kind: 'order_received' }), deleted, links)).toEqual({
      go: false,
      reason: NOT_SENT.orderGone,
    });
    const cancelled = facts({
      order: { placed: order, status: 'cancelled', paid: false, deleted: false },
    });
    for (const kind of ['order_received', 'payment_approved', 'shop_new_order'] as const) {
      expect(outgoing(subject({ kind }), cancelled, links)).toEqual({
        go: false,
        reason: NOT_SENT.orderCancelled,
      });
    }
    expect(outgoing(subject({ kind: 'order_cancelled' }), cancelled, links)).toMatchObject({
      go: true,
    });
  });

  it('given an unpaid order cancelled by its payment (her own cancel, a Pix expired), when its SMS is due, then none goes to the number typed at the checkout, while her e-mail does; given the shop cancelled it, then the SMS goes', () => {
    const cancelled = (source: NotificationFacts['source'], paid: boolean) =>
      facts({
        order: {
          placed: { ...order, customer: { ...order.customer, phone: '21998765432' } },
          status: 'cancelled',
          paid,
          deleted: false,
        },
        source,
      });
    const byPayment = cancelled(
      { type: 'OrderCancelled', data: { orderId: order.orderId, reason: 'payment_cancelled' } },
      false,
    );
    const sms = subject({ kind: 'order_cancelled', channel: 'sms' });
    expect(outgoing(sms, byPayment, links)).toEqual({
      go: false,
      reason: NOT_SENT.unpaidCancellationSms,
    });
    expect(
      outgoing(subject({ kind: 'order_cancelled', channel: 'email' }), byPayment, links),
    ).toMatchObject({ go: true, delivery: { channel: 'email', to: ana.email } });

    const byTheShop = cancelled(
      {
        type: 'OrderStatusChanged',
        data: { orderId: order.orderId, from: 'processing', to: 'cancelled' },
      },
      true,
    );
    expect(outgoing(sms, byTheShop, links)).toMatchObject({
      go: true,
      delivery: { channel: 'sms', to: '+5521998765432' },
    });
  });
});

describe('who is told: the e-mail confirmation', () => {
  const registered = (email: string): NotificationFacts['source'] => ({
    type: 'UserRegistered',
    data: { userId: ana.userId, email, name: 'Ana', passwordHash: 'h', role: 'user' },
  });
  const confirmation = subject({ kind: 'email_confirmation', orderId: null, userId: ana.userId });
  const unconfirmed: AccountFacts = {
    ...ana,
    emailConfirmed: false,
    notifications: { email: false, sms: false },
  };

  it('given her address unconfirmed, then the link goes to it whatever her preferences, without unsubscribe', () => {
    expect(
      outgoing(
        confirmation,
        facts({ account: unconfirmed, source: registered('Ana@Exemplo.com.br') }),
        links,
      ),
    ).toEqual({
      go: true,
      userId: ana.userId,
      orderId: null,
      orderNumber: null,
      delivery: {
        channel: 'email',
        to: 'ana@exemplo.com.br',
        unsubscribeFor: null,
        message: {
          kind: 'email_confirmation',
          name: 'Ana Souza',
          confirmationLink: `link:${ana.userId}:ana@exemplo.com.br`,
        },
      },
    });
  });

  it('given the account has another address now, or it is confirmed already, then no link', () => {
    expect(
      outgoing(
        confirmation,
        facts({ account: unconfirmed, source: registered('old@x.com') }),
        links,
      ),
    ).toEqual({ go: false, reason: NOT_SENT.confirmationStale });
    expect(
      outgoing(confirmation, facts({ account: ana, source: registered(ana.email) }), links),
    ).toEqual({ go: false, reason: NOT_SENT.alreadyConfirmed });
  });
});

describe('who is told: the shop and the review', () => {
  it('given a paid order, then the shop’s new order goes to the settings’ e-mail with her account’s address, not the checkout’s', () => {
    expect(outgoing(subject({ kind: 'shop_new_order' }), facts(), links)).toMatchObject({
      go: true,
      userId: null,
      delivery: {
        to: DEFAULT_SHOP_SETTINGS.email,
        unsubscribeFor: null,
        message: { kind: 'shop_new_order', customerEmail: 'ana@exemplo.com.br' },
      },
    });
  });

  it('given a review deleted after its approval, then nothing', () => {
    const review = {
      submitted: {
        reviewId: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
        userId: ana.userId,
        userName: 'Ana',
        userEmail: 'a@x.com',
        productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
        productName: 'Coxinha',
        rating: 4,
        comment: 'Boa',
      },
      deleted: true,
    };
    expect(
      outgoing(subject({ kind: 'review_approved', orderId: null }), facts({ review }), links),
    ).toEqual({ go: false, reason: NOT_SENT.reviewGone });
  });
});
