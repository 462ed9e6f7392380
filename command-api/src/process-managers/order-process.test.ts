import { describe, expect, it } from 'vitest';
import type { OrderProcessEvent } from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import {
  expiredHistory,
  recordedAt,
  settledHistory,
  streamOf,
  testOrder,
} from '@quitute/infra/testing';
import { orderCancelledRefundId } from '../payments/refunds';
import {
  chargebackRefundId,
  DEFAULT_CANCEL_REFUND_GRACE_MS,
  DEFAULT_REFUND_ANSWER_TIMEOUT_MS,
  dormancyOf,
  evolveOrderProcess,
  isFinished,
  isSettled,
  nextDeadline,
  nextSteps,
  stepKey,
  wakes,
  withProgress,
  type OrderProcess,
} from './order-process';

/** recordedAt puts the n-th event n seconds after this. */
const noon = Date.UTC(2026, 10, 22, 12, 0, 0);
const seconds = (n: number) => noon + n * 1_000;
const minutes = (n: number) => noon + n * 60_000;

/** Given these events (the n-th recorded n seconds after noon), then this process state. */
function given(...events: OrderProcessEvent[]): OrderProcess {
  const state = events.reduce<OrderProcess | null>(
    (current, event, index) =>
      evolveOrderProcess(current, event, recordedAt(event, index + 1, streamOf(event))),
    null,
  );
  if (!state) throw new Error('no order placed');
  return state;
}

/** The state after one more event, recorded as the `n`-th. */
function evolve(state: OrderProcess, event: OrderProcessEvent, n: number): OrderProcess {
  const next = evolveOrderProcess(state, event, recordedAt(event, n, streamOf(event)));
  if (!next) throw new Error('no order placed');
  return next;
}

/** What is due, as `kind(input)` and the cause's position, for short assertions. */
const due = (state: OrderProcess, now: number) =>
  nextSteps(state, now).map((step) => ({
    kind: step.kind,
    input: step.input,
    cause: step.cause.position,
  }));

describe('payment process: nextSteps', () => {
  const order = testOrder('pix');
  const { orderId, paymentId, userId } = order;
  const [coxinha] = aPlacedOrder().items.map((item) => item.productId);

  it('given a payment approved for a pending order, then mark it paid, caused by the approval', () => {
    const state = given(order.placed(), order.requested(), order.pending(), order.approved());
    expect(due(state, seconds(5))).toEqual([
      { kind: 'markOrderPaid', input: { orderId, paymentId, amountCents: 1_200 }, cause: 4 },
    ]);
  });

  it('given the order paid, then check the cart out and record the online sale, both caused by OrderPaid; each done drops out', () => {
    const paid = [order.placed(), order.requested(), order.approved(), order.paid()] as const;
    expect(due(given(...paid), seconds(5))).toEqual([
      {
        kind: 'checkOutCart',
        input: { userId, orderId, lines: [{ productId: coxinha, quantidade: 20 }] },
        cause: 4,
      },
      { kind: 'recordOnlineSale', input: { orderId }, cause: 4 },
    ]);
    expect(due(given(...paid, order.cartCheckedOut()), seconds(6))).toEqual([
      { kind: 'recordOnlineSale', input: { orderId }, cause: 4 },
    ]);
    const settled = given(...paid, order.saleRecorded(), order.cartCheckedOut());
    expect(due(settled, seconds(7))).toEqual([]);
    expect(isSettled(settled)).toBe(true);
    expect(isFinished(settled)).toBe(false);
  });

  it('given an order an admin marked delivered before its payment was approved, when paid, then it stays delivered and the cart and sale still follow', () => {
    const state = given(
      order.placed(),
      order.requested(),
      order.statusChanged('pending', 'delivered'),
      order.approved(),
    );
    expect(due(state, seconds(5)).map((step) => step.kind)).toEqual(['markOrderPaid']);

    const paid = evolve(state, order.paid(), 5);
    expect(paid.orderStatus).toBe('delivered');
    expect(due(paid, seconds(6)).map((step) => step.kind)).toEqual([
      'checkOutCart',
      'recordOnlineSale',
    ]);
  });

  const settledOrder = settledHistory(order);

  describe('a paid order’s payment given back', () => {
    it('given the sale recorded, when the payment is refunded, then reverse the sale (refunded), caused by the refund; once reversed, nothing and finished', () => {
      const refunded = given(...settledOrder, order.refunded());
      expect(isSettled(refunded)).toBe(false);
      expect(due(refunded, seconds(8))).toEqual([
        { kind: 'reverseOnlineSale', input: { orderId, reason: 'refunded' }, cause: 7 },
      ]);
      expect(isFinished(refunded)).toBe(false);

      const reversed = given(...settledOrder, order.refunded(), order.saleReversed());
      expect(due(reversed, seconds(9))).toEqual([]);
      expect(isFinished(reversed)).toBe(true);
    });

    it('given the sale recorded, when the payment is charged back, then reverse the sale (charged_back), caused by the chargeback', () => {
      expect(due(given(...settledOrder, order.chargedBack()), seconds(8))).toEqual([
        { kind: 'reverseOnlineSale', input: { orderId, reason: 'charged_back' }, cause: 7 },
      ]);
    });

    it('given a payment refunded before any sale was recorded (approved after its order was cancelled, never paid), then nothing: no sale to reverse', () => {
      const refunded = given(
        ...expiredHistory(order),
        order.approved(),
        order.refundRequested(),
        order.refunded(),
      );
      expect(due(refunded, seconds(9))).toEqual([]);
      expect(isFinished(refunded)).toBe(true);
    });

    it('given a paid order refunded before its sale was recorded, then no reversal yet (nothing counts); the sale is recorded as for any paid order, then reversed', () => {
      const paidThenRefunded = [
        order.placed(),
        order.requested(),
        order.approved(),
        order.paid(),
        order.cartCheckedOut(),
        order.refunded(),
      ] as const;
      const refunded = given(...paidThenRefunded);
      expect(due(refunded, seconds(7))).toEqual([
        { kind: 'recordOnlineSale', input: { orderId }, cause: 4 },
      ]);
      expect(isFinished(refunded)).toBe(false);
      expect(due(given(...paidThenRefunded, order.saleRecorded()), seconds(8))).toEqual([
        { kind: 'reverseOnlineSale', input: { orderId, reason: 'refunded' }, cause: 6 },
      ]);
    });

    it('given the refund notified twice, then the reversal is one step; running or succeeded, not due again', () => {
      const twice = given(...settledOrder, order.refunded(), order.refunded());
      expect(due(twice, seconds(9))).toEqual([
        { kind: 'reverseOnlineSale', input: { orderId, reason: 'refunded' }, cause: 8 },
      ]);
      const progress = { succeeded: false, failures: 0, retryAt: 0 };
      const running = withProgress(twice, 'reverseOnlineSale', { ...progress, running: true });
      expect(due(running, seconds(9))).toEqual([]);
      const succeeded = withProgress(running, 'reverseOnlineSale', {
        ...progress,
        running: false,
        succeeded: true,
      });
      expect(due(evolve(succeeded, order.refunded(), 10), seconds(10))).toEqual([]);
    });
  });

  describe('dormancy: what the process manager may let go of until an event of the order comes', () => {
    it('given a paid order done with, then it is dormant (settled); its status changing does not wake it, its payment refunded does', () => {
      const settled = given(...settledOrder);
      expect(dormancyOf(settled, seconds(7))).toBe('settled');
      expect(wakes('settled', order.statusChanged('processing', 'delivered'))).toBe(false);
      expect(wakes('settled', order.refunded())).toBe(true);
      expect(wakes('settled', order.chargedBack())).toBe(true);
    });

    it('given a paid order whose sale is not recorded yet, or a payment given back, then it is awake', () => {
      const paidOnly = settledOrder.slice(0, 4);
      expect(dormancyOf(given(...paidOnly), seconds(5))).toBeNull();
      expect(dormancyOf(given(...settledOrder, order.refunded()), seconds(8))).toBeNull();
    });

    it('given an order cancelled after its Pix expired, then it is dormant (cancelled) and every event of it wakes it', () => {
      const cancelled = given(...expiredHistory(order));
      expect(dormancyOf(cancelled, seconds(6))).toBe('cancelled');
      expect(wakes('cancelled', order.approved())).toBe(true);
      expect(wakes('cancelled', order.statusChanged('cancelled', 'pending'))).toBe(true);
    });

    it('given a cancelled order whose payment still awaits the provider, an answer or even its request, then it is awake (reconciliation, the request timeout, a checkout still running)', () => {
      const [placed, requested, pending] = [order.placed(), order.requested(), order.pending()];
      const cancelledPending = given(
        placed,
        requested,
        pending,
        order.orderCancelled('payment_expired'),
      );
      expect(dormancyOf(cancelledPending, seconds(5))).toBeNull();
      const cancelledUnanswered = given(
        placed,
        requested,
        order.statusChanged('pending', 'cancelled'),
      );
      expect(dormancyOf(cancelledUnanswered, seconds(4))).toBeNull();
      const cancelledBeforeItsRequest = given(placed, order.orderCancelled('payment_failed'));
      expect(dormancyOf(cancelledBeforeItsRequest, seconds(3))).toBeNull();
    });

    it('given a step due for a cancelled order (an approval to refund), then it is awake, even once the step succeeded but before its event is in', () => {
      const approvedLate = given(...expiredHistory(order), order.approved());
      expect(dormancyOf(approvedLate, seconds(7))).toBeNull();
      const succeeded = withProgress(approvedLate, 'refundApprovedPayment', {
        running: false,
        succeeded: true,
        failures: 0,
        retryAt: 0,
      });
      expect(dormancyOf(succeeded, seconds(7))).toBeNull();
    });
  });

  it('given a payment approved after its order was cancelled, then refund it (not mark it paid); once asked, never again', () => {
    const cancelledThenApproved = [...expiredHistory(order), order.approved()] as const;
    const state = given(...cancelledThenApproved);
    expect(due(state, seconds(7))).toEqual([
      { kind: 'refundApprovedPayment', input: { paymentId }, cause: 6 },
    ]);
    expect(isFinished(state)).toBe(false);

    const asked = given(...cancelledThenApproved, order.refundRequested());
    expect(due(asked, seconds(8))).toEqual([]);
    expect(isFinished(asked)).toBe(true);
  });

  it('given a payment rejected while the order is pending, then cancel the order (payment_rejected); once cancelled, nothing', () => {
    const rejected = [order.placed(), order.requested(), order.rejected()] as const;
    expect(due(given(...rejected), seconds(4))).toEqual([
      { kind: 'cancelOrder', input: { orderId, reason: 'payment_rejected' }, cause: 3 },
    ]);
    const cancelled = given(...rejected, order.orderCancelled('payment_rejected'));
    expect(due(cancelled, seconds(5))).toEqual([]);
    expect(isFinished(cancelled)).toBe(true);
  });

  describe('a declined card (issue 36)', () => {
    const card = testOrder('credit_card');
    const declined = [card.placed(), card.requested(), card.rejected()] as const;
    const anotherCard: OrderProcessEvent = {
      type: 'PaymentRequested',
      data: {
        paymentId: card.paymentId,
        orderId: card.orderId,
        userId: card.userId,
        method: 'credit_card',
        amountCents: 1_200,
        provider: 'simulator',
        paymentMethodId: 'master',
        attempt: 2,
      },
    };
    const secondApproval: OrderProcessEvent = {
      type: 'PaymentApproved',
      data: {
        paymentId: card.paymentId,
        orderId: card.orderId,
        providerPaymentId: 'mp-second-card',
        statusDetail: 'accredited',
      },
    };

    it('given a card the provider declined, then the order waits 30 min for another card, and only then is cancelled (payment_rejected)', () => {
      const state = given(...declined);
      expect(due(state, seconds(3) + 29 * 60_000)).toEqual([]);
      expect(nextDeadline(state, seconds(4))).toBe(seconds(3) + 30 * 60_000);
      expect(due(state, seconds(3) + 30 * 60_000)).toEqual([
        {
          kind: 'cancelOrder',
          input: { orderId: card.orderId, reason: 'payment_rejected' },
          cause: 3,
        },
      ]);
    });

    it('given another card requested for the same order and approved, then the order is marked paid, and its decline cancels nothing', () => {
      const state = given(...declined, anotherCard, secondApproval);
      expect(due(state, minutes(45))).toEqual([
        {
          kind: 'markOrderPaid',
          input: { orderId: card.orderId, paymentId: card.paymentId, amountCents: 1_200 },
          cause: 5,
        },
      ]);
    });

    it('given a Pix requested instead after the decline, then the order waits for the Pix and expires it at its time', () => {
      const pixInstead: OrderProcessEvent = {
        type: 'PaymentRequested',
        data: {
          paymentId: card.paymentId,
          orderId: card.orderId,
          userId: card.userId,
          method: 'pix',
          amountCents: 1_200,
          provider: 'simulator',
          paymentMethodId: 'pix',
          attempt: 2,
        },
      };
      const pixPending: OrderProcessEvent = {
        type: 'PaymentPending',
        data: {
          paymentId: card.paymentId,
          orderId: card.orderId,
          providerPaymentId: 'mp-pix',
          statusDetail: 'pending_waiting_transfer',
          expiresAt: new Date(minutes(30)).toISOString(),
        },
      };
      const state = given(...declined, pixInstead, pixPending);
      expect(state.payment.method).toBe('pix');
      expect(due(state, minutes(29))).toEqual([]);
      expect(due(state, minutes(30))).toEqual([
        {
          kind: 'expirePayment',
          input: { paymentId: card.paymentId, reason: 'expired' },
          cause: 5,
        },
      ]);
    });

    it('given another card requested and not answered yet, then nothing is due until its request times out', () => {
      const state = given(...declined, anotherCard);
      expect(state.payment.report).toBeNull();
      expect(due(state, minutes(10))).toEqual([]);
    });
  });

  it.each([
    ['customer', 'payment_cancelled'],
    ['provider', 'payment_cancelled'],
    ['expired', 'payment_expired'],
    ['failed', 'payment_failed'],
  ] as const)(
    'given the payment cancelled (%s) while the order is pending, then cancel the order (%s)',
    (paymentReason, orderReason) => {
      const state = given(order.placed(), order.requested(), order.paymentCancelled(paymentReason));
      expect(due(state, seconds(4))).toEqual([
        { kind: 'cancelOrder', input: { orderId, reason: orderReason }, cause: 3 },
      ]);
    },
  );

  it('given a pending Pix, then nothing before its expiry and expire it (expired) from then on, caused by the pending report', () => {
    const state = given(
      order.placed(),
      order.requested(),
      order.pending(new Date(minutes(30)).toISOString()),
    );
    expect(due(state, minutes(30) - 1)).toEqual([]);
    expect(due(state, minutes(30))).toEqual([
      { kind: 'expirePayment', input: { paymentId, reason: 'expired' }, cause: 3 },
    ]);
    expect(nextDeadline(state, seconds(4))).toBe(minutes(30));
  });

  it('given a pending boleto past its expiry, then nothing (the provider expires it)', () => {
    const boleto = testOrder('boleto');
    const state = given(
      boleto.placed(),
      boleto.requested(),
      boleto.pending(new Date(minutes(30)).toISOString()),
    );
    expect(due(state, minutes(60))).toEqual([]);
    expect(nextDeadline(state, seconds(4))).toBeNull();
  });

  it('given a payment requested that the provider never answered, then nothing for 15 minutes, then expire it (failed)', () => {
    const state = given(order.placed(), order.requested());
    const timeout = seconds(2) + 15 * 60_000;
    expect(due(state, timeout - 1)).toEqual([]);
    expect(due(state, timeout)).toEqual([
      { kind: 'expirePayment', input: { paymentId, reason: 'failed' }, cause: 2 },
    ]);
    expect(nextDeadline(state, seconds(3))).toBe(timeout);
    expect(due(given(order.placed(), order.requested(), order.pending()), timeout)).toEqual([]);
  });

  it('given an order whose payment was never requested, then cancel the order (payment_failed) 15 minutes after it was placed', () => {
    const state = given(order.placed());
    expect(due(state, seconds(1) + 15 * 60_000)).toEqual([
      { kind: 'cancelOrder', input: { orderId, reason: 'payment_failed' }, cause: 1 },
    ]);
  });

  it('given a payment in review, then nothing (reconciliation re-reads it)', () => {
    const state = given(order.placed(), order.requested(), order.inReview());
    expect(due(state, minutes(60))).toEqual([]);
    expect(nextDeadline(state, seconds(4))).toBeNull();
  });

  it('given a pending report after the approval (a slow notification), then the approval still counts', () => {
    const state = given(order.placed(), order.requested(), order.approved(), order.pending());
    expect(state.payment.report?.status).toBe('approved');
    expect(due(state, seconds(5)).map((step) => step.kind)).toEqual(['markOrderPaid']);
  });

  it('given a step running, then it is not due again; succeeded, never again in this process', () => {
    const state = given(order.placed(), order.requested(), order.approved());
    const [step] = nextSteps(state, seconds(4));
    if (!step) throw new Error('markOrderPaid expected');
    const key = stepKey(step);
    const running = withProgress(state, key, {
      running: true,
      succeeded: false,
      failures: 0,
      retryAt: 0,
    });
    expect(nextSteps(running, seconds(5))).toEqual([]);
    const succeeded = withProgress(state, key, {
      running: false,
      succeeded: true,
      failures: 0,
      retryAt: 0,
    });
    expect(nextSteps(succeeded, seconds(5))).toEqual([]);
  });

  it('given a step that failed, then it is due again from its retry time, which is the next deadline', () => {
    const state = given(order.placed(), order.requested(), order.approved());
    const failed = withProgress(state, 'markOrderPaid', {
      running: false,
      succeeded: false,
      failures: 2,
      retryAt: seconds(20),
    });
    expect(nextSteps(failed, seconds(19))).toEqual([]);
    expect(nextDeadline(failed, seconds(19))).toBe(seconds(20));
    expect(due(failed, seconds(20)).map((step) => step.kind)).toEqual(['markOrderPaid']);
    expect(nextDeadline(failed, seconds(20))).toBeNull();
  });

  it('given expiry failed once and then the provider answered pending, then the Pix expiry is a step of its own', () => {
    const state = given(
      order.placed(),
      order.requested(),
      order.pending(new Date(minutes(30)).toISOString()),
    );
    const failedExpired = withProgress(state, 'expirePayment:failed', {
      running: false,
      succeeded: true,
      failures: 0,
      retryAt: 0,
    });
    expect(due(failedExpired, minutes(31)).map((step) => step.kind)).toEqual(['expirePayment']);
  });

  it('given events of an order never placed, then no process', () => {
    const other = testOrder();
    expect(
      evolveOrderProcess(null, other.approved(), recordedAt(other.approved(), 1, 'payment-x')),
    ).toBeNull();
  });
});

describe('payment process: refunds (issue 38)', () => {
  const order = testOrder('pix');
  const { orderId, paymentId } = order;
  const providerPaymentId = `mp-${orderId.slice(0, 8)}`;
  const ids = { orderId, paymentId, providerPaymentId };
  const refundA = '11111111-1111-4111-8111-111111111111';
  const settled = [
    order.placed(),
    order.requested(),
    order.approved(),
    order.paid(),
    order.cartCheckedOut(),
    order.saleRecorded(),
  ] as const;
  const asked = (refundId: string, amountCents: number): OrderProcessEvent => ({
    type: 'PaymentRefundRequested',
    data: { ...ids, reason: 'admin', refundId, amountCents, note: 'Item em falta' },
  });
  const completed = (refundId: string, amountCents: number): OrderProcessEvent => ({
    type: 'PaymentRefundCompleted',
    data: {
      ...ids,
      refundId,
      amountCents,
      reason: 'admin',
      refundedAt: '2026-12-02T15:00:00.000Z',
    },
  });
  const saleRefunded = (refundId: string): OrderProcessEvent => ({
    type: 'OnlineSaleRefunded',
    data: {
      saleId: orderId,
      orderId,
      refundId,
      reason: 'refunded',
      refundedAt: '2026-12-02T15:00:00.000Z',
      clientName: 'Maria',
      amountCents: 200,
      deliveryFeeCents: 0,
      items: [],
      final: false,
    },
  });

  it('given a completed refund of a recorded sale, then refund the sale on the day the money moved, once', () => {
    const state = given(...settled, asked(refundA, 200), completed(refundA, 200));
    expect(due(state, seconds(10))).toEqual([
      {
        kind: 'refundOnlineSale',
        input: {
          orderId,
          refundId: refundA,
          amountCents: 200,
          reason: 'refunded',
          refundedAt: '2026-12-02T15:00:00.000Z',
        },
        cause: 8,
      },
    ]);
    const done = evolve(state, saleRefunded(refundA), 9);
    expect(due(done, seconds(10))).toEqual([]);
    expect(isSettled(done, seconds(10))).toBe(true);
  });

  it('given a chargeback of what was left, then refund the sale by that amount under the order chargeback id', () => {
    const state = given(...settled, {
      type: 'PaymentChargedBack',
      data: { ...ids, statusDetail: 'settled', amountCents: 1_200 },
    });
    expect(due(state, seconds(10))).toEqual([
      expect.objectContaining({
        kind: 'refundOnlineSale',
        input: expect.objectContaining({
          refundId: chargebackRefundId(orderId),
          amountCents: 1_200,
          reason: 'charged_back',
        }),
      }),
    ]);
  });

  it('given a payment given back before issue 38 (no refund amounts), then the sale is reversed whole as then', () => {
    const state = given(...settled, order.refunded());
    expect(due(state, seconds(10)).map((step) => step.kind)).toEqual(['reverseOnlineSale']);
  });

  it('given a refund asked and never answered, then it is sent again once its answer is overdue', () => {
    const state = given(...settled, asked(refundA, 200));
    expect(due(state, seconds(60))).toEqual([]);
    expect(isSettled(state, seconds(60))).toBe(false);
    expect(nextDeadline(state, seconds(60))).toBe(seconds(7) + DEFAULT_REFUND_ANSWER_TIMEOUT_MS);
    expect(due(state, seconds(7) + DEFAULT_REFUND_ANSWER_TIMEOUT_MS)).toEqual([
      { kind: 'resendRefund', input: { paymentId, refundId: refundA }, cause: 7 },
    ]);
  });

  it('given a paid order an admin cancelled with no refund asked, then after the grace the rest is refunded under the cancellation refund; a settled order wakes for it', () => {
    const cancelled = order.statusChanged('processing', 'cancelled');
    expect(wakes('settled', cancelled)).toBe(true);
    expect(wakes('settled', order.statusChanged('processing', 'delivered'))).toBe(false);
    const state = given(...settled, cancelled);
    expect(due(state, seconds(8))).toEqual([]);
    expect(nextDeadline(state, seconds(8))).toBe(seconds(7) + DEFAULT_CANCEL_REFUND_GRACE_MS);
    expect(due(state, seconds(7) + DEFAULT_CANCEL_REFUND_GRACE_MS)).toEqual([
      { kind: 'refundCancelledOrder', input: { orderId, paymentId }, cause: 7 },
    ]);
    const refunded = evolve(state, asked(orderCancelledRefundId(orderId), 1_200), 8);
    expect(due(refunded, seconds(9) + DEFAULT_CANCEL_REFUND_GRACE_MS)).toEqual([]);
  });

  it('given a paid order cancelled long ago (before issue 38), then the backstop leaves it alone', () => {
    const state = given(...settled, order.statusChanged('processing', 'cancelled'));
    const later = seconds(7) + 30 * 24 * 60 * 60_000;
    expect(due(state, later)).toEqual([]);
    expect(isSettled(state, later)).toBe(true);
  });

  it('given a payment refunded in full with every refund taken from the sale, then the order is finished', () => {
    const state = given(
      ...settled,
      asked(refundA, 1_200),
      completed(refundA, 1_200),
      order.refunded(),
      saleRefunded(refundA),
    );
    expect(isFinished(state)).toBe(true);
  });
});
