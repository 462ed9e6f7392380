import type { NewOrderPush } from '@quitute/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyNewOrderFeed,
  newOrderAlertText,
  ordersAfter,
  RECENT_NEW_ORDERS,
  withNewOrder,
} from './new-order-alert';

const push = (overrides: Partial<NewOrderPush> = {}): NewOrderPush => ({
  orderId: 'a3f1c2d4-0000-4000-8000-000000001042',
  orderNumber: 1042,
  total: 150,
  customerName: 'Maria Silva',
  deliveryType: 'pickup',
  deliveryDate: '2030-12-05T08:00:00-03:00',
  ...overrides,
});

describe('new-order alert text (issue 41 point 6)', () => {
  it("given a pickup order, then 'Novo pedido #n — total — name (Retirada no Local, dd/MM às HH:mm)' in the shop's time", () => {
    expect(newOrderAlertText(push())).toBe(
      'Novo pedido #1042 — R$ 150,00 — Maria Silva (Retirada no Local, 05/12 às 08:00)',
    );
  });

  it('given a delivery order dated in UTC, then Entrega and the São Paulo clock', () => {
    expect(
      newOrderAlertText(
        push({ deliveryType: 'delivery', total: 1234.5, deliveryDate: '2030-12-06T17:30:00.000Z' }),
      ),
    ).toBe('Novo pedido #1042 — R$ 1.234,50 — Maria Silva (Entrega, 06/12 às 14:30)');
  });
});

describe('new-order feed', () => {
  it('given orders pushed, then they are counted, the same order twice only once', () => {
    let feed = emptyNewOrderFeed();
    feed = withNewOrder(feed, push());
    feed = withNewOrder(feed, push({ orderId: 'b', orderNumber: 1043 }));
    feed = withNewOrder(feed, push());

    expect(feed.total).toBe(2);
    expect(feed.recent.map((order) => order.orderNumber)).toEqual([1042, 1043]);
  });

  it('given more orders than it keeps, then the count goes on and the recent ones are the latest', () => {
    let feed = emptyNewOrderFeed();
    for (let n = 1; n <= RECENT_NEW_ORDERS + 5; n += 1) {
      feed = withNewOrder(feed, push({ orderId: `o-${n}`, orderNumber: n }));
    }

    expect(feed.total).toBe(RECENT_NEW_ORDERS + 5);
    expect(feed.recent).toHaveLength(RECENT_NEW_ORDERS);
    expect(feed.recent.at(-1)?.orderNumber).toBe(RECENT_NEW_ORDERS + 5);
  });

  it('given some orders already handled, then only the later ones are new; a feed started again has none', () => {
    let feed = emptyNewOrderFeed();
    for (const n of [1, 2, 3])
      feed = withNewOrder(feed, push({ orderId: `o-${n}`, orderNumber: n }));

    expect(ordersAfter(feed, 1).map((order) => order.orderNumber)).toEqual([2, 3]);
    expect(ordersAfter(feed, 3)).toEqual([]);
    expect(ordersAfter(emptyNewOrderFeed(), 3)).toEqual([]);
  });
});
