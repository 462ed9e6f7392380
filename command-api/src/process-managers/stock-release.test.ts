import { aPlacedOrder } from '@quitute/contracts/testing';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_HOLD_LAPSE_MS,
  kitchenDayStreamName,
  productStreamName,
  withSchemaVersion,
} from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readProduct } from '../catalog/products';
import { menuProductId, seedMenu } from '../catalog/seed';
import { reserveOrderStock } from '../catalog/stock';
import { kitchenDayDecider, parseKitchenDayEvent, reserveDayUnits } from '../schedule/kitchen-day';
import { emptyAggregate, foldOnto } from '../shared/handle-command';
import {
  createStockReleaseManager,
  evolveOrderStock,
  holdsNothing,
  stockReleasesDue,
  type OrderStock,
  type StockReleaseEvent,
} from './stock-release';

const reservedAt = Date.parse('2026-11-21T12:00:00.000Z');
const orderId = '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b';
const productId = menuProductId('coxinha-de-frango');
const metadata = (at: number) => ({
  metadata: {
    correlationId: 'test',
    causationId: 'test',
    actorId: 'test',
    actorRole: 'user' as const,
    occurredAt: new Date(at).toISOString(),
  },
});
const reserved: StockReleaseEvent = {
  type: 'ProductStockReserved',
  data: { productId, orderId, quantity: 20, checkoutAttempt: 'attempt-1', stock: 480 },
};

/** Given these events (each at `reservedAt`), then this order's stock. */
const given = (events: StockReleaseEvent[]): OrderStock | undefined =>
  events.reduce<OrderStock | undefined>(
    (state, event) => evolveOrderStock(state, event, metadata(reservedAt)),
    undefined,
  );

describe('stock release step (issue 38): what is due', () => {
  it('given an order holding units and placed, then nothing is due, even long after', () => {
    const state = given([reserved, placedEvent()]);
    expect(state && stockReleasesDue(state, reservedAt + 10 * CHECKOUT_HOLD_LAPSE_MS)).toEqual([]);
  });

  it('given a placed order cancelled, then all its units are due back', () => {
    const state = given([
      reserved,
      placedEvent(),
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
    ]);
    expect(state && stockReleasesDue(state, reservedAt)).toEqual([
      { orderId, productIds: [productId], dates: [], reason: 'order_cancelled' },
    ]);
  });

  it('given an admin cancelling it, then its units are due back', () => {
    const state = given([
      reserved,
      placedEvent(),
      { type: 'OrderStatusChanged', data: { orderId, from: 'processing', to: 'cancelled' } },
    ]);
    expect(state && stockReleasesDue(state, reservedAt)).toMatchObject([
      { reason: 'order_cancelled' },
    ]);
  });

  it('given units never followed by their order, then they are due back only once they lapsed, for the attempt that took them', () => {
    const state = given([reserved]);
    expect(state && stockReleasesDue(state, reservedAt + CHECKOUT_HOLD_LAPSE_MS - 1)).toEqual([]);
    expect(state && stockReleasesDue(state, reservedAt + CHECKOUT_HOLD_LAPSE_MS)).toEqual([
      {
        orderId,
        productIds: [productId],
        dates: [],
        reason: 'checkout_lapsed',
        checkoutAttempt: 'attempt-1',
      },
    ]);
  });

  it('given its units released, then the order is forgotten (holds nothing)', () => {
    const state = given([
      reserved,
      {
        type: 'ProductStockReleased',
        data: { productId, orderId, quantity: 20, reason: 'order_cancelled', stock: 500 },
      },
    ]);
    expect(state?.holds).toEqual({});
  });

  it('given an order that holds nothing (placed before stock moved), then its events keep nothing', () => {
    expect(given([placedEvent()])).toBeUndefined();
  });
});

function placedEvent(): StockReleaseEvent {
  const [line] = aPlacedOrder().items;
  if (!line) throw new Error('the fixture has a line');
  return {
    type: 'OrderPlaced',
    data: aPlacedOrder({ orderId, paymentId: randomUUID(), items: [{ ...line, productId }] }),
  };
}

async function stockOf(eventStore: EventStore): Promise<number> {
  const { state } = await readProduct({ eventStore }, productId);
  if (state.status !== 'listed') throw new Error('not listed');
  return state.fields.stock;
}

describe('stock release step (issue 38): the backstop on a store', () => {
  const context = (commandId: string, at = reservedAt) => ({
    commandId,
    correlationId: 'test',
    actorId: 'test',
    actorRole: 'user' as const,
    occurredAt: new Date(at).toISOString(),
  });

  it('given a checkout that took 20 units and stopped before placing its order, when the hold lapses, then the backstop gives them back, once', async () => {
    const eventStore = createMemoryEventStore();
    await seedMenu(eventStore, () => new Date(reservedAt));
    await reserveOrderStock(
      { eventStore, snapshotStore: createMemorySnapshotStore(), logger: silentLogger },
      { orderId, checkoutAttempt: 'attempt-1', lines: [{ productId, quantity: 20 }] },
      context('attempt-1'),
    );
    let clock = reservedAt + 60_000;
    const manager = createStockReleaseManager({
      eventStore,
      logger: silentLogger,
      now: () => clock,
      sweepIntervalMs: 60_000,
    });
    await manager.start();
    await manager.sweep();
    expect(await stockOf(eventStore)).toBe(480);

    clock = reservedAt + CHECKOUT_HOLD_LAPSE_MS;
    await manager.sweep();
    expect(await stockOf(eventStore)).toBe(500);
    await manager.sweep();
    await manager.close();
    const events = await eventStore.readStream(productStreamName(productId));
    expect(events.filter((event) => event.type === 'ProductStockReleased')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'checkout_lapsed' }) }),
    ]);
  });

  it('given a checkout stopped after taking units, when another request under its key asks (another attempt), then it is refused and the stopped one lapses: every unit goes back', async () => {
    const eventStore = createMemoryEventStore();
    await seedMenu(eventStore, () => new Date(reservedAt));
    const take = (attempt: string, at: number) =>
      reserveOrderStock(
        { eventStore, snapshotStore: createMemorySnapshotStore(), logger: silentLogger },
        { orderId, checkoutAttempt: attempt, lines: [{ productId, quantity: 20 }] },
        context(attempt, at),
      );
    await take('attempt-1', reservedAt);
    await expect(take('attempt-2', reservedAt + 10 * 60_000)).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await stockOf(eventStore)).toBe(480);
    const manager = createStockReleaseManager({
      eventStore,
      logger: silentLogger,
      now: () => reservedAt + CHECKOUT_HOLD_LAPSE_MS,
    });
    await manager.start();
    await manager.sweep();
    await manager.close();
    expect(await stockOf(eventStore)).toBe(500);
  });
});

describe('stock release step (issue 40): the kitchen day’s units go back on the same paths', () => {
  const date = '2026-12-05';
  const saleId = '4c3b2a19-8d7e-4f6a-9b5c-3d2e1f0a9b8c';
  const dayStores = (eventStore: EventStore) => ({
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    logger: silentLogger,
  });
  const context = (commandId: string) => ({
    commandId,
    correlationId: 'test',
    actorId: 'test',
    actorRole: 'user' as const,
    occurredAt: new Date(reservedAt).toISOString(),
  });
  const dayReserved: StockReleaseEvent = {
    type: 'KitchenDayUnitsReserved',
    data: {
      date,
      orderId,
      units: 100,
      checkoutAttempt: 'attempt-1',
      reservedUnits: 100,
      capacityUnits: 1000,
    },
  };
  const refunded = (final: boolean): StockReleaseEvent => ({
    type: 'OnlineSaleRefunded',
    data: {
      saleId,
      orderId,
      refundId: randomUUID(),
      reason: 'refunded',
      refundedAt: new Date(reservedAt).toISOString(),
      clientName: 'Maria da Silva',
      amountCents: final ? 6000 : 1000,
      deliveryFeeCents: 0,
      items: [],
      final,
    },
  });
  const streamOf = (event: StockReleaseEvent) =>
    event.type.startsWith('OnlineSale') ? `sale-${saleId}` : `order-${orderId}`;

  /**
   * An order holding 100 of the day's 1,000 units (and 20 coxinhas), then
   * these events of its own, then the release step run at `clock`: the units
   * the day still holds, and the day's release events.
   */
  async function dayAfter(events: StockReleaseEvent[], clock = reservedAt + 60_000) {
    const eventStore = createMemoryEventStore();
    await seedMenu(eventStore, () => new Date(reservedAt));
    await reserveDayUnits(
      dayStores(eventStore),
      { date, orderId, units: 100, checkoutAttempt: 'attempt-1', capacityUnits: 1000 },
      context('attempt-1'),
    );
    await reserveOrderStock(
      dayStores(eventStore),
      { orderId, checkoutAttempt: 'attempt-1', lines: [{ productId, quantity: 20 }] },
      context('attempt-1'),
    );
    for (const event of events) {
      await eventStore.appendToStream(
        streamOf(event),
        [
          {
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: withSchemaVersion(event.type, metadata(reservedAt).metadata),
          },
        ],
        { expectedRevision: 'any' },
      );
    }
    const manager = createStockReleaseManager({
      eventStore,
      logger: silentLogger,
      now: () => clock,
    });
    await manager.start();
    await manager.sweep();
    await manager.close();
    const recorded = await eventStore.readStream(kitchenDayStreamName(date));
    const day = foldOnto(
      { decider: kitchenDayDecider, parse: parseKitchenDayEvent },
      emptyAggregate(kitchenDayDecider),
      recorded,
    ).state;
    const released = recorded
      .filter((event) => event.type === 'KitchenDayUnitsReleased')
      .map((event) => event.data['reason']);
    return { reservedUnits: day.reservedUnits, released, stock: await stockOf(eventStore) };
  }

  it('given an order holding 100 of the day’s units, when the customer cancels it, then the day takes them back (and the stock its coxinhas)', async () => {
    expect(
      await dayAfter([
        placedEvent(),
        { type: 'OrderCancelled', data: { orderId, reason: 'payment_cancelled' } },
      ]),
    ).toEqual({ reservedUnits: 0, released: ['order_cancelled'], stock: 500 });
  });

  it('given an order unpaid, when its payment expires and it is cancelled, then the day takes its units back', async () => {
    expect(
      await dayAfter([
        placedEvent(),
        { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
      ]),
    ).toMatchObject({ reservedUnits: 0, released: ['order_cancelled'] });
  });

  it('given an admin cancelling the order, then the day takes its units back', async () => {
    expect(
      await dayAfter([
        placedEvent(),
        { type: 'OrderStatusChanged', data: { orderId, from: 'processing', to: 'cancelled' } },
      ]),
    ).toMatchObject({ reservedUnits: 0, released: ['order_cancelled'] });
  });

  it('given a paid order refunded in full, then the day takes its units back', async () => {
    expect(await dayAfter([placedEvent(), refunded(true)])).toEqual({
      reservedUnits: 0,
      released: ['order_refunded'],
      stock: 500,
    });
  });

  it('given a paid order refunded in part, then the day keeps its units', async () => {
    expect(await dayAfter([placedEvent(), refunded(false)])).toEqual({
      reservedUnits: 100,
      released: [],
      stock: 480,
    });
  });

  it('given a placed order left alone, then the day keeps its units, long after', async () => {
    expect(await dayAfter([placedEvent()], reservedAt + 10 * CHECKOUT_HOLD_LAPSE_MS)).toEqual({
      reservedUnits: 100,
      released: [],
      stock: 480,
    });
  });

  it('given a checkout that took the day’s units and never placed its order, when the hold lapses, then the day takes them back, and not before', async () => {
    expect(await dayAfter([], reservedAt + CHECKOUT_HOLD_LAPSE_MS - 1)).toMatchObject({
      reservedUnits: 100,
      released: [],
    });
    expect(await dayAfter([], reservedAt + CHECKOUT_HOLD_LAPSE_MS)).toEqual({
      reservedUnits: 0,
      released: ['checkout_lapsed'],
      stock: 500,
    });
  });

  it('given an order holding a day and a product, when cancelled, then one release names both; once both went back it is forgotten', () => {
    const state = given([
      dayReserved,
      reserved,
      placedEvent(),
      { type: 'OrderCancelled', data: { orderId, reason: 'payment_expired' } },
    ]);
    expect(state && stockReleasesDue(state, reservedAt)).toEqual([
      { orderId, productIds: [productId], dates: [date], reason: 'order_cancelled' },
    ]);
    const afterDay =
      state &&
      evolveOrderStock(
        state,
        {
          type: 'KitchenDayUnitsReleased',
          data: { date, orderId, units: 100, reason: 'order_cancelled', reservedUnits: 0 },
        },
        metadata(reservedAt),
      );
    expect(afterDay && holdsNothing(afterDay)).toBe(false);
    const afterBoth =
      afterDay &&
      evolveOrderStock(
        afterDay,
        {
          type: 'ProductStockReleased',
          data: { productId, orderId, quantity: 20, reason: 'order_cancelled', stock: 500 },
        },
        metadata(reservedAt),
      );
    expect(afterBoth && holdsNothing(afterBoth)).toBe(true);
  });
});
