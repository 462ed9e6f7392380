import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_SCHEDULE,
  dayFullMessage,
  kitchenDayStreamName,
  type KitchenSchedule,
} from '@quitute/contracts';
import {
  createMemoryEventStore,
  createPostgresEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { readProduct, updateProduct } from '../catalog/products';
import { runOrderCommand } from '../ordering/orders';
import {
  closeShops,
  coxinha,
  kit,
  line,
  now,
  openShop,
  pixBody,
  type Shop,
} from '../payments/testing';
import { DEFAULT_PAYMENT_RATE_LIMITS } from '../payments/rate-limits';
import { createStockReleaseManager } from '../process-managers/stock-release';
import { kitchenDayDecider, parseKitchenDayEvent } from '../schedule/kitchen-day';
import { emptyAggregate, foldOnto } from '../shared/handle-command';

/**
 * Issue 40 over real HTTP: the checkout enforces the kitchen's calendar. A
 * time outside the day's hours, a closed date or one past the horizon is a
 * 400 in pt-BR before anything is claimed; a day without room for the order's
 * units is a 409, decided on the day's own stream, and nothing is held.
 * The shop's clock: Saturday 2026-11-21, 09:00 in São Paulo.
 */

afterEach(closeShops);

const context = () => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId: 'admin-test',
  actorRole: 'admin' as const,
  occurredAt: now().toISOString(),
});

/** The admin saves the calendar over HTTP, as the admin's page does. */
async function saveSchedule(shop: Shop, schedule: KitchenSchedule) {
  const rosa = await shop.admin('Rosa');
  const answer = await shop.call('PUT', '/api/admin/schedule', {
    token: rosa.token,
    body: schedule,
  });
  expect(answer.status).toBe(200);
}

const withCapacity = (dailyCapacityUnits: number | null): KitchenSchedule => ({
  ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
  dailyCapacityUnits,
});

/** What the day's orders hold, folded from its stream. */
async function reservedOn(eventStore: EventStore, date: string): Promise<number> {
  const recorded = await eventStore.readStream(kitchenDayStreamName(date));
  return foldOnto(
    { decider: kitchenDayDecider, parse: parseKitchenDayEvent },
    emptyAggregate(kitchenDayDecider),
    recorded,
  ).state.reservedUnits;
}

async function stockOf(eventStore: EventStore, productId: string): Promise<number> {
  const { state } = await readProduct({ eventStore }, productId);
  if (state.status !== 'listed') throw new Error('not listed');
  return state.fields.stock;
}

/** Nothing was placed, claimed or held: no order, no slot among unpaid orders, no units of a day or a product. */
async function expectNothingClaimed(shop: Shop) {
  for (const type of [
    'OrderPlaced',
    'UnpaidOrderOpened',
    'KitchenDayUnitsReserved',
    'ProductStockReserved',
  ]) {
    expect(await shop.ofType(type), type).toEqual([]);
  }
  expect(await shop.appended(['order-', 'kitchenday-', 'unpaid-orders-'])).toEqual([]);
}

describe('checkout against the kitchen calendar (issue 40)', () => {
  it('given the default calendar, when a pickup is asked for 03:00, then 400 naming the day’s hours, and nothing placed nor held', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { deliveryDate: '2026-11-25T03:00' }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message:
          'Horário indisponível: em 25/11/2026 a retirada é das 9h às 18h. Escolha um dos horários oferecidos.',
      },
    });
    await expectNothingClaimed(shop);
  });

  it('given the 25th of December closed for Natal, when a checkout asks for it, then 400 saying so, and nothing placed nor held', async () => {
    const shop = await openShop({ notifications: false });
    await saveSchedule(shop, {
      ...withCapacity(null),
      closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
    });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { deliveryDate: '2026-12-25T10:00' }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Não abrimos em 25/12/2026 (Natal). Escolha outra data.' },
    });
    await expectNothingClaimed(shop);
  });

  it('given the default 60-day horizon, when a checkout asks for 61 days ahead, then 400 naming the last date, and nothing placed nor held', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { deliveryDate: '2027-01-21T10:00' }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message:
          'Aceitamos pedidos com até 60 dias de antecedência: escolha uma data até 20/01/2027.',
      },
    });
    await expectNothingClaimed(shop);
  });

  it('given the default calendar, when a pickup is asked for a Sunday, then 400: no pickups on Sundays', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { deliveryDate: '2026-11-29T10:00' }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: { message: 'Não fazemos retiradas aos domingos. Escolha outra data.' },
    });
    await expectNothingClaimed(shop);
  });

  it('given Saturday pickup saved as 08:00–12:00, then the next checkout takes 08:00 and refuses 12:00 (the saved calendar is the one enforced)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const at = (time: string) => pixBody(maria.userId, { deliveryDate: `2026-11-28T${time}` });
    expect((await maria.checkout(at('08:00'))).status).toBe(400);

    const saturday = withCapacity(null);
    saturday.weekly.pickup.sat = [{ open: '08:00', close: '12:00' }];
    await saveSchedule(shop, saturday);

    expect((await maria.checkout(at('08:00'))).status).toBe(200);
    expect(await maria.checkout(at('12:00'))).toMatchObject({
      status: 400,
      body: {
        message:
          'Horário indisponível: em 28/11/2026 a retirada é das 8h às 12h. Escolha um dos horários oferecidos.',
      },
    });
  });

  it('given a day with room for 100 units, when one order takes 100 and another asks for 20, then the second gets 409 (day full) and holds nothing', async () => {
    const shop = await openShop({ notifications: false });
    await saveSchedule(shop, withCapacity(100));
    const maria = await shop.customer();
    const joana = await shop.customer('Joana');

    const first = await maria.checkout(
      pixBody(maria.userId, { items: [line(coxinha, 100)], total: 60 }),
    );
    const second = await joana.checkout(pixBody(joana.userId));

    expect(first.status).toBe(200);
    expect(second).toMatchObject({
      status: 409,
      body: { message: dayFullMessage('2026-11-25', 0) },
    });
    expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(100);
    expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(400);
    expect(await shop.ofType('OrderPlaced')).toHaveLength(1);
    expect(await shop.ofType('UnpaidOrderClosed')).toHaveLength(1);
  });

  it('given 30 units left, when an order of two kits (20 units each) asks, then 409 saying 30 are left; one kit fits', async () => {
    const shop = await openShop({ notifications: false });
    await saveSchedule(shop, withCapacity(30));
    const maria = await shop.customer();
    const kits = (quantity: number) =>
      pixBody(maria.userId, {
        items: [line(kit, quantity)],
        total: (kit.priceCents * quantity) / 100,
      });

    expect(await maria.checkout(kits(2))).toMatchObject({
      status: 409,
      body: { message: dayFullMessage('2026-11-25', 30) },
    });
    expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(0);
    expect((await maria.checkout(kits(1))).status).toBe(200);
    expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(20);
  });

  it('given a checkout answered, when it is retried with the same Idempotency-Key, then the day’s units are taken once', async () => {
    const shop = await openShop({ notifications: false });
    await saveSchedule(shop, withCapacity(1000));
    const maria = await shop.customer();
    const key = randomUUID();

    expect((await maria.checkout(pixBody(maria.userId), key)).status).toBe(200);
    expect((await maria.checkout(pixBody(maria.userId), key)).status).toBe(200);

    expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(20);
    expect(await shop.ofType('KitchenDayUnitsReserved')).toHaveLength(1);
  });

  it('given notes for the kitchen, then the order records them trimmed; blank notes are left out', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    await maria.checkout(pixBody(maria.userId, { notes: '  Escrever Feliz Aniversário  ' }));
    await maria.checkout(pixBody(maria.userId, { notes: '   ' }));

    const placed = (await shop.ofType('OrderPlaced')).map((event) => event.data['notes']);
    expect(placed).toEqual(['Escrever Feliz Aniversário', undefined]);
  });
});

/** Forty customers racing from this one test host: above the per-address limit, which is not what is tested here. */
const oneAddressOfForty = {
  ...DEFAULT_PAYMENT_RATE_LIMITS,
  checkoutPerAddress: { limit: 1_000, windowMs: 60_000 },
};

/**
 * A day with 1,000 units, 40 checkouts of 100 by 40 accounts (the unpaid
 * orders' cap is per account) racing: exactly 10 are placed, 30 find the day
 * full. Then cancelling one gives its 100 back to the day.
 */
async function fortyRaceForTheDay(shop: Shop) {
  await saveSchedule(shop, withCapacity(1000));
  await updateProduct(
    { eventStore: shop.eventStore },
    coxinha.productId,
    { stock: 5000 },
    context(),
  );
  const customers: Awaited<ReturnType<Shop['customer']>>[] = [];
  // One at a time: the password hasher takes a few at once.
  for (let index = 0; index < 40; index++) customers.push(await shop.customer());
  const hundred = (userId: string) => pixBody(userId, { items: [line(coxinha, 100)], total: 60 });

  const answers = await Promise.all(
    customers.map((customer) => customer.checkout(hundred(customer.userId))),
  );

  const placed = answers.filter((answer) => answer.status === 200);
  const refused = answers.filter((answer) => answer.status === 409);
  expect(placed).toHaveLength(10);
  expect(refused).toHaveLength(30);
  for (const answer of refused) {
    expect(answer.body).toMatchObject({ message: dayFullMessage('2026-11-25', 0) });
  }
  expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(1000);
  expect(await shop.ofType('OrderPlaced')).toHaveLength(10);
  // The refused checkouts hold no coxinhas either: ten orders of 100.
  expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(4000);

  // Then cancelling one (its payment expired) gives its 100 units back to the day.
  const { orderId } = placed[0]?.body as { orderId: string };
  await runOrderCommand(
    { eventStore: shop.eventStore, snapshotStore: shop.snapshotStore, logger: silentLogger },
    orderId,
    { type: 'CancelOrder', orderId, reason: 'payment_expired' },
    context(),
  );
  const manager = createStockReleaseManager({
    eventStore: shop.eventStore,
    logger: silentLogger,
    now: () => now().getTime(),
  });
  await manager.start();
  await manager.sweep();
  await manager.close();
  expect(await reservedOn(shop.eventStore, '2026-11-25')).toBe(900);
  expect(await stockOf(shop.eventStore, coxinha.productId)).toBe(4100);
}

await describeWithPostgres('the kitchen day’s capacity on the PostgreSQL event store', (url) => {
  const { schema, drop } = throwawaySchema(url);
  const opened: EventStore[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await drop();
  });

  it('given a day with 1,000 units, when 40 checkouts of 100 by 40 customers race, then exactly 10 are placed, 30 get 409 (day full), the day holds 1,000; then cancelling one gives its 100 back', async () => {
    const eventStore = await createPostgresEventStore({ url, schema });
    opened.push(eventStore);
    await fortyRaceForTheDay(await openShop({ eventStore, rateLimits: oneAddressOfForty }));
  }, 120_000);
});

describe('the kitchen day’s capacity on the memory store', () => {
  it('given a day with 1,000 units, when 40 checkouts of 100 race, then exactly 10 are placed', async () => {
    await fortyRaceForTheDay(
      await openShop({ eventStore: createMemoryEventStore(), rateLimits: oneAddressOfForty }),
    );
  }, 120_000);
});
