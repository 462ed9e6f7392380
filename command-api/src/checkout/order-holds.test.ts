import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  MAX_UNPAID_UNITS,
  productStreamName,
  tooManyUnpaidUnitsMessage,
  unpaidOrdersStreamName,
} from '@quitute/contracts';
import {
  createMemoryEventStore,
  createPostgresEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { allHolds } from '../catalog/decider';
import { readProduct, updateProduct } from '../catalog/products';
import {
  closeShops,
  coxinha,
  line,
  now,
  openShop,
  paoDeQueijo,
  pixBody,
  type Shop,
} from '../payments/testing';
import { createStockReleaseManager } from '../process-managers/stock-release';
import { runOrderCommand } from '../ordering/orders';
import { DEFAULT_PAYMENT_RATE_LIMITS } from '../payments/rate-limits';

/**
 * Issue 38 over real HTTP: the checkout's claim step. Units are taken on each
 * product's stream and an account's unpaid orders on its own stream, both
 * with their expected revision, so racing checkouts never oversell nor pass
 * the cap; a refusal is a 409 in pt-BR and nothing is placed.
 */

afterEach(closeShops);

const context = () => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId: 'admin-test',
  actorRole: 'admin' as const,
  occurredAt: now().toISOString(),
});

/** The admin sets a product's stock to what she typed. */
async function setStock(eventStore: EventStore, productId: string, stock: number) {
  await updateProduct({ eventStore }, productId, { stock }, context());
}

async function stockOf(eventStore: EventStore, productId: string): Promise<number> {
  const { state } = await readProduct({ eventStore }, productId);
  if (state.status !== 'listed') throw new Error('not listed');
  return state.fields.stock;
}

/** 20 coxinhas (R$ 12,00) by Pix. */
const twentyCoxinhas = (userId: string) => pixBody(userId);

/** Its order's id from a 200 checkout answer. */
const orderIdOf = (body: unknown): string => {
  const { orderId } = body as { orderId: string };
  return orderId;
};

/** Cancels an order as its payment's expiry would. */
async function cancelOrder(shop: Shop, orderId: string) {
  await runOrderCommand(
    { eventStore: shop.eventStore, snapshotStore: shop.snapshotStore, logger: silentLogger },
    orderId,
    { type: 'CancelOrder', orderId, reason: 'payment_expired' },
    context(),
  );
}

/** The release step, caught up with the log, having run what is due. */
async function releaseStep(eventStore: EventStore, clock: () => number = () => now().getTime()) {
  const manager = createStockReleaseManager({ eventStore, logger: silentLogger, now: clock });
  await manager.start();
  await manager.sweep();
  return manager;
}

/** Thirty customers racing from this one test host: above the per-address limit, which is not what is tested here. */
const oneAddressOfThirty = {
  ...DEFAULT_PAYMENT_RATE_LIMITS,
  checkoutPerAddress: { limit: 1_000, windowMs: 60_000 },
};

async function thirtyRaceForTheLastFifty(shop: Shop) {
  await setStock(shop.eventStore, coxinha.productId, 50);
  const customers: Awaited<ReturnType<Shop['customer']>>[] = [];
  // One at a time: the password hasher takes a few at once.
  for (let index = 0; index < 30; index++) customers.push(await shop.customer());
  const answers = await Promise.all(
    customers.map((customer) => customer.checkout(twentyCoxinhas(customer.userId))),
  );
  const succeeded = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(succeeded).toHaveLength(2);
  expect(refused).toHaveLength(28);
  for (const answer of refused) {
    expect(answer.body).toMatchObject({
      message: 'Só restam 10 unidades de Coxinha de Frango. Ajuste a quantidade no carrinho.',
    });
  }
  expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(10);
  const placed = await shop.ofType('OrderPlaced');
  expect(placed).toHaveLength(2);
  // Nothing is left held by the refused checkouts: the two orders hold 20 each.
  const { state } = await readProduct({ eventStore: shop.eventStore }, coxinha.productId);
  if (state.status !== 'listed') throw new Error('not listed');
  expect(allHolds(state.holds).map((hold) => hold.quantity)).toEqual([20, 20]);

  // Then cancelling one gives its 20 back.
  const [first] = succeeded;
  await cancelOrder(shop, orderIdOf(first?.body));
  const manager = await releaseStep(shop.eventStore);
  await manager.close();
  expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(30);
}

await describeWithPostgres('stock on the PostgreSQL event store', (url) => {
  const { schema, drop } = throwawaySchema(url);
  const capSchema = throwawaySchema(url);
  const opened: EventStore[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await drop();
    await capSchema.drop();
  });

  it('given the last 50 coxinhas, when 30 checkouts of 20 race, then exactly 2 succeed, 28 get 409 naming what is left, the stock ends at 10; then cancelling one gives its 20 back', async () => {
    const eventStore = await createPostgresEventStore({ url, schema });
    opened.push(eventStore);
    await thirtyRaceForTheLastFifty(await openShop({ eventStore, rateLimits: oneAddressOfThirty }));
  }, 60_000);

  it('given an account with 2 unpaid orders, when 5 checkouts race, then exactly 1 succeeds and 4 get 409 naming the 3 open orders', async () => {
    const eventStore = await createPostgresEventStore({ url, schema: capSchema.schema });
    opened.push(eventStore);
    const shop = await openShop({ eventStore, notifications: false });
    const maria = await shop.customer();
    for (let index = 0; index < 2; index++) {
      expect((await maria.checkout(twentyCoxinhas(maria.userId))).status).toBe(200);
    }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => maria.checkout(twentyCoxinhas(maria.userId))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(4);
    const numbers = (await shop.ofType('OrderPlaced'))
      .map((event) => Number(event.data['orderNumber']))
      .sort((a, b) => a - b);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        message: `Você já tem 3 pedidos aguardando pagamento (${numbers.map((n) => `#${n}`).join(', ')}). Pague ou cancele um deles antes de fazer um novo pedido.`,
      });
    }
    // The refused checkouts held nothing: 3 orders of 20 out of the seed's 500.
    expect(await stockOf(eventStore, coxinha.productId)).toBe(440);
  }, 60_000);
});

describe('checkout claims units and a slot among unpaid orders', () => {
  it('given the last 50 coxinhas on the memory store, when 30 checkouts of 20 race, then exactly 2 succeed', async () => {
    await thirtyRaceForTheLastFifty(
      await openShop({ eventStore: createMemoryEventStore(), rateLimits: oneAddressOfThirty }),
    );
  }, 60_000);

  it('given a product sold out, when a checkout asks for it, then 409 "… está esgotado." and nothing is placed', async () => {
    const shop = await openShop({ notifications: false });
    await setStock(shop.eventStore, coxinha.productId, 0);
    const maria = await shop.customer();
    const answer = await maria.checkout(twentyCoxinhas(maria.userId));
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'Coxinha de Frango está esgotado.' },
    });
    expect(await shop.ofType('OrderPlaced')).toEqual([]);
    expect(await shop.ofType('UnpaidOrderClosed')).toHaveLength(1);
  });

  it('given two products, the second short, when a checkout asks for both, then 409 naming the second, the first product keeps its units and nothing is placed', async () => {
    const shop = await openShop({ notifications: false });
    await setStock(shop.eventStore, paoDeQueijo.productId, 12);
    const maria = await shop.customer();
    const answer = await maria.checkout(
      pixBody(maria.userId, { items: [line(coxinha, 20), line(paoDeQueijo, 20)], total: 32 }),
    );
    expect(answer).toMatchObject({
      status: 409,
      body: { message: 'Só restam 12 unidades de Pão de Queijo. Ajuste a quantidade no carrinho.' },
    });
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(500);
    expect(await stockOf(shop.eventStore, paoDeQueijo.productId)).toBe(12);
    const coxinhaEvents = await shop.eventStore.readStream(productStreamName(coxinha.productId));
    expect(coxinhaEvents.map((event) => event.type).slice(-2)).toEqual([
      'ProductStockReserved',
      'ProductStockReleased',
    ]);
    expect(await shop.ofType('OrderPlaced')).toEqual([]);
  });

  it('given a checkout answered, when it is retried with the same Idempotency-Key, then its units are taken once', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();
    expect((await maria.checkout(twentyCoxinhas(maria.userId), key)).status).toBe(200);
    expect((await maria.checkout(twentyCoxinhas(maria.userId), key)).status).toBe(200);
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(480);
    expect(await shop.ofType('ProductStockReserved')).toHaveLength(1);
  });

  it('given two checkouts racing under one Idempotency-Key for 100 and for 20 coxinhas, when both run, then one order is placed and the stock holds exactly its units (the attack pass oversold this way)', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();
      const key = randomUUID();
      const answers = await Promise.all([
        maria.checkout(pixBody(maria.userId, { items: [line(coxinha, 100)], total: 60 }), key),
        maria.checkout(twentyCoxinhas(maria.userId), key),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [placed] = await shop.ofType('OrderPlaced');
      const units = (placed?.data as { items: { quantity: number }[] }).items[0]?.quantity ?? 0;
      expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(500 - units);
      await closeShops();
    }
  });

  it('given two checkouts racing under one Idempotency-Key for different products, when both run, then the refused one gives its units back', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();
    const answers = await Promise.all([
      maria.checkout(twentyCoxinhas(maria.userId), key),
      maria.checkout(
        pixBody(maria.userId, {
          items: [line(paoDeQueijo, 20)],
          total: (paoDeQueijo.priceCents * 20) / 100,
        }),
        key,
      ),
    ]);
    const placed = await shop.ofType('OrderPlaced');
    expect(placed).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const items = (placed[0]?.data as { items: { productId: string; quantity: number }[] }).items;
    const held = (productId: string) =>
      items
        .filter((item) => item.productId === productId)
        .reduce((sum, item) => sum + item.quantity, 0);
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(500 - held(coxinha.productId));
    expect(await stockOf(shop.eventStore, paoDeQueijo.productId)).toBe(
      500 - held(paoDeQueijo.productId),
    );
  });

  it('given an account whose unpaid order holds 400 units, when it checks out 201 more, then 409 naming the cap and nothing is held (one boleto reserved the whole menu in the attack pass)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const units = (quantity: number) =>
      pixBody(maria.userId, { items: [line(coxinha, quantity)], total: quantity * 0.6 });
    expect((await maria.checkout(units(400))).status).toBe(200);

    const refused = await maria.checkout(units(201));

    expect(refused).toMatchObject({
      status: 409,
      body: { message: tooManyUnpaidUnitsMessage(400, MAX_UNPAID_UNITS) },
    });
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(100);
    expect(await shop.ofType('OrderPlaced')).toHaveLength(1);
    expect((await maria.checkout(units(50))).status).toBe(200);
  });

  it('given an admin editing a product that orders hold units of, when she saves a stock, then the stock is what she typed', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    expect((await maria.checkout(twentyCoxinhas(maria.userId))).status).toBe(200);
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(480);
    await setStock(shop.eventStore, coxinha.productId, 35);
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(35);
  });

  it('given 3 unpaid orders, when one is cancelled, then a fourth checkout is placed (the cancelled one stops counting)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const orderIds: string[] = [];
    for (let index = 0; index < 3; index++) {
      const answer = await maria.checkout(twentyCoxinhas(maria.userId));
      expect(answer.status).toBe(200);
      orderIds.push(orderIdOf(answer.body));
    }
    expect((await maria.checkout(twentyCoxinhas(maria.userId))).status).toBe(409);
    await cancelOrder(shop, orderIds[1] ?? '');
    expect((await maria.checkout(twentyCoxinhas(maria.userId))).status).toBe(200);
    const closed = await shop.eventStore.readStream(unpaidOrdersStreamName(maria.userId));
    expect(closed.filter((event) => event.type === 'UnpaidOrderClosed')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'cancelled' }) }),
    ]);
  });
});
