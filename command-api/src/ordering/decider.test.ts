import { describe, expect, it } from 'vitest';
import {
  adminMessages,
  checkoutMessages,
  orderMessages,
  type OrderEvent,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { orderDecider, type OrderCommand } from './decider';

const order = aPlacedOrder();
const { orderId, paymentId } = order;

const placed: OrderEvent = { type: 'OrderPlaced', data: order };
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paymentId, amountCents: 1200 } };
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId, reason: 'payment_rejected' },
};
const markPaid: OrderCommand = { type: 'MarkOrderPaid', orderId, paymentId, amountCents: 1200 };
const cancel: OrderCommand = { type: 'CancelOrder', orderId, reason: 'payment_expired' };

const given = deciderSpec(orderDecider);

describe('order decider: PlaceOrder', () => {
  it('given no order, when placed, then OrderPlaced and the order is pending', () => {
    const events = given([]).when({ type: 'PlaceOrder', order })();
    expect(events).toEqual([placed]);
    expect(fold(orderDecider, events)).toEqual({
      placed: order,
      status: 'pending',
      paid: false,
      deleted: false,
    });
  });

  it('given the order placed, when the same request places it again, then nothing', () => {
    expect(given([placed]).when({ type: 'PlaceOrder', order })()).toEqual([]);
  });

  it('given the order placed, when another request under its key places it, then 409 idempotencyKeyReused', () => {
    rejectsWith(
      given([placed]).when({
        type: 'PlaceOrder',
        order: { ...order, requestFingerprint: 'fingerprint-2' },
      }),
      'conflict',
      checkoutMessages.idempotencyKeyReused,
    );
  });
});

describe('order decider: MarkOrderPaid', () => {
  it('given a pending order, when marked paid, then OrderPaid and it is processing', () => {
    const events = given([placed]).when(markPaid)();
    expect(events).toEqual([paid]);
    expect(fold(orderDecider, [placed, ...events])).toMatchObject({
      status: 'processing',
      paid: true,
    });
  });

  it('given an order an admin marked delivered while its payment was pending, when marked paid, then OrderPaid and it stays delivered', () => {
    const delivered: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { orderId, from: 'pending', to: 'delivered' },
    };
    const events = given([placed, delivered]).when(markPaid)();
    expect(events).toEqual([paid]);
    expect(fold(orderDecider, [placed, delivered, ...events])).toMatchObject({
      status: 'delivered',
      paid: true,
    });
  });

  it('given a paid order, when marked paid again, then nothing', () => {
    expect(given([placed, paid]).when(markPaid)()).toEqual([]);
  });

  it('given a paid order an admin moved on, when marked paid again, then nothing', () => {
    const delivered: OrderEvent = {
      type: 'OrderStatusChanged',
      data: { orderId, from: 'processing', to: 'delivered' },
    };
    expect(given([placed, paid, delivered]).when(markPaid)()).toEqual([]);
  });

  it('given a cancelled order, when marked paid, then nothing (the payment is refunded instead)', () => {
    expect(given([placed, cancelled]).when(markPaid)()).toEqual([]);
  });

  it('given no order, when marked paid, then 404', () => {
    rejectsWith(given([]).when(markPaid), 'not_found', orderMessages.notFound);
  });
});

describe('order decider: CancelOrder', () => {
  it('given a pending order, when cancelled, then OrderCancelled with the reason', () => {
    const events = given([placed]).when(cancel)();
    expect(events).toEqual([
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
    ]);
    expect(fold(orderDecider, [placed, ...events])).toMatchObject({ status: 'cancelled' });
  });

  it('given a paid order, when cancelled, then nothing', () => {
    expect(given([placed, paid]).when(cancel)()).toEqual([]);
  });

  it('given a cancelled order, when cancelled again, then nothing', () => {
    expect(given([placed, cancelled]).when(cancel)()).toEqual([]);
  });
});

describe('order decider: ChangeOrderStatus (admin)', () => {
  it('given a paid order, when moved to each status, then OrderStatusChanged from → to', () => {
    for (const to of [
      'ready_for_pickup',
      'in_transit',
      'delivered',
      'cancelled',
      'pending',
    ] as const) {
      expect(given([placed, paid]).when({ type: 'ChangeOrderStatus', orderId, to })()).toEqual([
        { type: 'OrderStatusChanged', data: { orderId, from: 'processing', to } },
      ]);
    }
  });

  it('given an order at a status, when set to that same status, then nothing', () => {
    expect(
      given([placed, paid]).when({ type: 'ChangeOrderStatus', orderId, to: 'processing' })(),
    ).toEqual([]);
  });

  it('given a status change, then the order stands at its new status', () => {
    const events: OrderEvent[] = [
      placed,
      paid,
      { type: 'OrderStatusChanged', data: { orderId, from: 'processing', to: 'in_transit' } },
    ];
    expect(fold(orderDecider, events)).toMatchObject({ status: 'in_transit', paid: true });
  });

  it('given no order, when its status is changed, then 404', () => {
    rejectsWith(
      given([]).when({ type: 'ChangeOrderStatus', orderId, to: 'delivered' }),
      'not_found',
      orderMessages.notFound,
    );
  });
});

describe('order decider: DeleteOrder (admin)', () => {
  const deleted: OrderEvent = { type: 'OrderDeleted', data: { orderId } };

  it('given an unpaid order, when deleted, then OrderDeleted; it keeps its status', () => {
    expect(given([placed]).when({ type: 'DeleteOrder', orderId })()).toEqual([deleted]);
    expect(fold(orderDecider, [placed, deleted])).toMatchObject({
      status: 'pending',
      paid: false,
      deleted: true,
    });
  });

  it('given a paid order, when deleted, then 409 paidCannotBeDeleted (issue 38: cancel it instead)', () => {
    rejectsWith(
      given([placed, paid]).when({ type: 'DeleteOrder', orderId }),
      'conflict',
      adminMessages.paidOrderCannotBeDeleted,
    );
  });

  it('given an order deleted before issue 38 and paid since, then it reads deleted and paid', () => {
    expect(fold(orderDecider, [placed, deleted, paid])).toMatchObject({
      status: 'processing',
      paid: true,
      deleted: true,
    });
  });

  it('given a deleted order, when an admin deletes it again or changes its status, then 404 as an unknown order', () => {
    rejectsWith(
      given([placed, deleted]).when({ type: 'DeleteOrder', orderId }),
      'not_found',
      orderMessages.notFound,
    );
    rejectsWith(
      given([placed, deleted]).when({ type: 'ChangeOrderStatus', orderId, to: 'delivered' }),
      'not_found',
      orderMessages.notFound,
    );
  });

  it('given no order, when deleted, then 404', () => {
    rejectsWith(
      given([]).when({ type: 'DeleteOrder', orderId }),
      'not_found',
      orderMessages.notFound,
    );
  });

  it('given a deleted pending order, when its payment is approved, then OrderPaid all the same (the money is recorded)', () => {
    expect(given([placed, deleted]).when(markPaid)()).toEqual([paid]);
    expect(fold(orderDecider, [placed, deleted, paid])).toMatchObject({
      status: 'processing',
      paid: true,
      deleted: true,
    });
  });

  it('given a deleted pending order, when its payment fails, then OrderCancelled all the same', () => {
    expect(given([placed, deleted]).when(cancel)()).toEqual([
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
    ]);
  });
});
