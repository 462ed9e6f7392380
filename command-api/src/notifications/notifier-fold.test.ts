import { describe, expect, it } from 'vitest';
import { aPlacedOrder } from '@quitute/contracts/testing';
import type { NotificationKind, OrderStatus } from '@quitute/contracts';
import { notificationIdOf } from './decider';
import {
  attemptsDue,
  attemptsUnderWay,
  evolveNotifier,
  initialNotifierState,
  withoutWanted,
  type NotifierEvent,
  type NotifierState,
} from './notifier-fold';

const order = aPlacedOrder();
const { orderId, paymentId } = order;
const userId = order.customer.userId;
const at = '2026-11-21T12:00:00.000Z';

/** An event as the log gives it: its id, stream and revision name its source. */
interface Logged {
  event: NotifierEvent;
  id: string;
  streamName: string;
  revision: number;
}

let counter = 0;
const logged = (event: NotifierEvent, streamName: string, revision = 0): Logged => {
  counter += 1;
  return {
    event,
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    streamName,
    revision,
  };
};
const orderStream = `order-${orderId}`;
const paymentStream = `payment-${paymentId}`;

const placed = () => logged({ type: 'OrderPlaced', data: order }, orderStream);
const pending = () =>
  logged(
    {
      type: 'PaymentPending',
      data: {
        paymentId,
        orderId,
        providerPaymentId: 'p1',
        statusDetail: 'pending_waiting_transfer',
      },
    },
    paymentStream,
    1,
  );
const approved = () =>
  logged(
    {
      type: 'PaymentApproved',
      data: { paymentId, orderId, providerPaymentId: 'p1', statusDetail: 'accredited' },
    },
    paymentStream,
    2,
  );

/** Given these events, then this state. */
function given(events: readonly Logged[]): NotifierState {
  return events.reduce(
    (state, { event, ...recorded }) =>
      evolveNotifier(state, event, { ...recorded, metadata: metadataAt(at) }),
    initialNotifierState,
  );
}
const metadataAt = (occurredAt: string) => ({
  correlationId: 'test',
  causationId: 'test',
  actorId: 'test',
  actorRole: 'user' as const,
  occurredAt,
});

const kindsOf = (state: NotifierState) =>
  state.wanted.map((wanted) => `${wanted.kind}/${wanted.channel}`);

describe('the notifier fold: what calls for which message', () => {
  it('given an account registered, its e-mail changed, or a new link asked for, then each calls for an e-mail confirmation to that account', () => {
    const userStream = `user-${userId}`;
    const state = given([
      logged(
        {
          type: 'UserRegistered',
          data: { userId, email: 'ana@x.com', name: 'Ana', passwordHash: 'h', role: 'user' },
        },
        userStream,
      ),
      logged(
        {
          type: 'UserEmailChanged',
          data: { userId, email: 'ana@y.com', previousEmail: 'ana@x.com' },
        },
        userStream,
        1,
      ),
      logged(
        { type: 'EmailConfirmationRequested', data: { userId, email: 'ana@y.com' } },
        userStream,
        2,
      ),
    ]);
    expect(state.wanted).toMatchObject([
      {
        kind: 'email_confirmation',
        channel: 'email',
        userId,
        sourceStream: userStream,
        sourceRevision: 0,
      },
      { kind: 'email_confirmation', userId, sourceRevision: 1 },
      { kind: 'email_confirmation', userId, sourceRevision: 2 },
    ]);
    expect(new Set(state.wanted.map((wanted) => wanted.notificationId)).size).toBe(3);
  });

  it('given the first start’s admin registered by the system, then no confirmation (its address is the configuration’s)', () => {
    const registered: NotifierEvent = {
      type: 'UserRegistered',
      data: { userId, email: 'admin@x.com', name: 'Admin', passwordHash: 'h', role: 'admin' },
    };
    const state = evolveNotifier(initialNotifierState, registered, {
      id: 'e-admin',
      streamName: `user-${userId}`,
      revision: 0,
      metadata: { ...metadataAt(at), actorId: 'system', actorRole: 'system' },
    });
    expect(state.wanted).toEqual([]);
  });

  it('given an order placed, then nothing yet; when its payment first answers (Pix pending), then order_received, named after the OrderPlaced', () => {
    const place = placed();
    expect(given([place]).wanted).toEqual([]);
    const state = given([place, pending()]);
    expect(state.wanted).toEqual([
      {
        notificationId: notificationIdOf(place.id, 'order_received', 'email'),
        kind: 'order_received',
        channel: 'email',
        sourceId: place.id,
        sourceStream: orderStream,
        sourceRevision: 0,
        userId: null,
        orderId,
        calledAt: Date.parse(at),
      },
    ]);
    expect(state.awaitingPayment).toEqual({});
  });

  it('given a card approved at once, then order_received first, then payment_approved by e-mail and SMS and the shop’s new order', () => {
    expect(kindsOf(given([placed(), approved()]))).toEqual([
      'order_received/email',
      'payment_approved/email',
      'payment_approved/sms',
      'shop_new_order/email',
    ]);
  });

  it('given a Pix pending then paid, then order_received once, and the approval’s messages after', () => {
    expect(kindsOf(given([placed(), pending(), approved()]))).toEqual([
      'order_received/email',
      'payment_approved/email',
      'payment_approved/sms',
      'shop_new_order/email',
    ]);
  });

  it('given a card in review, then order_received', () => {
    const review = logged(
      {
        type: 'PaymentInReview',
        data: {
          paymentId,
          orderId,
          providerPaymentId: 'p1',
          statusDetail: 'pending_review_manual',
        },
      },
      paymentStream,
      1,
    );
    expect(kindsOf(given([placed(), review]))).toEqual(['order_received/email']);
  });

  it('given an order cancelled (or deleted) before its payment answered, then order_received is dropped', () => {
    const cancelled = logged(
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_failed' } },
      orderStream,
      1,
    );
    expect(kindsOf(given([placed(), cancelled, pending()]))).toEqual([
      'order_cancelled/email',
      'order_cancelled/sms',
    ]);
    const deleted = logged({ type: 'OrderDeleted', data: { orderId } }, orderStream, 1);
    const state = given([placed(), deleted, pending()]);
    expect(state.wanted).toEqual([]);
    expect(state.awaitingPayment).toEqual({});
  });

  it('given each status an admin sets, then its message, by SMS too for ready, in transit and cancelled; none for pending', () => {
    const changed = (to: OrderStatus) =>
      logged(
        { type: 'OrderStatusChanged', data: { orderId, from: 'pending', to } },
        orderStream,
        1,
      );
    const expected: [OrderStatus, string[]][] = [
      ['pending', []],
      ['processing', ['order_processing/email']],
      ['ready_for_pickup', ['order_ready_for_pickup/email', 'order_ready_for_pickup/sms']],
      ['in_transit', ['order_in_transit/email', 'order_in_transit/sms']],
      ['delivered', ['order_delivered/email']],
      ['cancelled', ['order_cancelled/email', 'order_cancelled/sms']],
    ];
    for (const [to, kinds] of expected) {
      expect(kindsOf(given([changed(to)])), to).toEqual(kinds);
    }
  });

  it('given a refund completed, then order_refunded by e-mail and SMS, about its order', () => {
    const refunded = logged(
      {
        type: 'PaymentRefundCompleted',
        data: {
          paymentId,
          orderId,
          providerPaymentId: 'p1',
          refundId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
          amountCents: 600,
          reason: 'admin',
          note: 'Item em falta',
          refundedAt: at,
        },
      },
      paymentStream,
      4,
    );
    const state = given([refunded]);
    expect(kindsOf(state)).toEqual(['order_refunded/email', 'order_refunded/sms']);
    expect(state.wanted[0]).toMatchObject({
      orderId,
      sourceStream: paymentStream,
      sourceRevision: 4,
    });
  });

  it('given a review approved, then review_approved by e-mail, its account read later from the review', () => {
    const reviewId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
    const state = given([
      logged({ type: 'ReviewApproved', data: { reviewId } }, `review-${reviewId}`, 1),
    ]);
    expect(state.wanted).toMatchObject([
      { kind: 'review_approved', channel: 'email', userId: null, orderId: null },
    ]);
  });
});

describe('the notifier fold: requested, settled, forgotten', () => {
  const requestOf = (kind: NotificationKind, sourceId: string) => {
    const notificationId = notificationIdOf(sourceId, kind, 'email');
    return {
      notificationId,
      event: {
        type: 'NotificationRequested',
        data: {
          notificationId,
          kind,
          channel: 'email',
          sourceId,
          sourceStream: orderStream,
          sourceRevision: 0,
          userId,
          orderId,
          orderNumber: order.orderNumber,
          attempt: 1,
        },
      } satisfies NotifierEvent,
    };
  };

  it('given a wanted message requested, then it is no longer wanted and is under way', () => {
    const place = placed();
    const { notificationId, event } = requestOf('order_received', place.id);
    const state = given([place, pending(), logged(event, `notification-${notificationId}`)]);
    expect(state.wanted).toEqual([]);
    expect(attemptsUnderWay(state)).toMatchObject([{ status: 'sending', attempt: 1 }]);
  });

  it('given a notification sent, then it is forgotten; one failed for good is kept for the admin', () => {
    const place = placed();
    const { notificationId, event } = requestOf('order_received', place.id);
    const stream = `notification-${notificationId}`;
    const sent = given([
      place,
      pending(),
      logged(event, stream),
      logged({ type: 'NotificationSent', data: { notificationId, attempt: 1 } }, stream, 1),
    ]);
    expect(sent.notifications).toEqual({});
    const failed = given([
      logged(event, stream),
      logged(
        {
          type: 'NotificationAttemptFailed',
          data: { notificationId, attempt: 1, error: 'x', retryAt: null, interrupted: true },
        },
        stream,
        1,
      ),
    ]);
    expect(Object.values(failed.notifications)).toMatchObject([
      { status: 'failed', interrupted: true },
    ]);
  });

  it('given a notification already requested, when its source is seen again, then it is not called for again', () => {
    const place = placed();
    const { notificationId, event } = requestOf('order_received', place.id);
    const state = given([logged(event, `notification-${notificationId}`), place, pending()]);
    expect(state.wanted).toEqual([]);
  });

  it('given an attempt failed with a retry at T, then it is due at T, not before; an admin’s retry is due at once', () => {
    const { notificationId, event } = requestOf('payment_approved', 'a-source');
    const stream = `notification-${notificationId}`;
    const retryAt = '2026-11-21T12:01:00.000Z';
    const failedOnce = given([
      logged(event, stream),
      logged(
        {
          type: 'NotificationAttemptFailed',
          data: { notificationId, attempt: 1, error: 'x', retryAt, interrupted: false },
        },
        stream,
        1,
      ),
    ]);
    expect(attemptsDue(failedOnce, Date.parse(retryAt) - 1)).toEqual([]);
    expect(attemptsDue(failedOnce, Date.parse(retryAt))).toMatchObject([{ attempt: 1 }]);
    const failedForGood = given([
      logged(event, stream),
      logged(
        {
          type: 'NotificationAttemptFailed',
          data: { notificationId, attempt: 1, error: 'x', retryAt: null, interrupted: false },
        },
        stream,
        1,
      ),
    ]);
    expect(attemptsDue(failedForGood, Date.parse(retryAt) * 2)).toEqual([]);
    const retried = evolveNotifier(
      failedForGood,
      { type: 'NotificationRetryRequested', data: { notificationId } },
      { id: 'r', streamName: stream, revision: 2, metadata: metadataAt(at) },
    );
    expect(attemptsDue(retried, 0)).toMatchObject([{ status: 'retry_requested' }]);
  });

  it('given a wanted message decided not to go, when dropped, then it is no longer wanted', () => {
    const state = given([placed(), pending()]);
    const [wanted] = state.wanted;
    expect(wanted && withoutWanted(state, wanted.notificationId).wanted).toEqual([]);
  });
});
