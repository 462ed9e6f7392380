import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FIRST_ORDER_NUMBER, ORDER_NUMBERS_STREAM } from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore, createPostgresStores } from '@quitute/infra/snapshot-store';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { deriveEventId, type CommandContext, type CommandStores } from '../shared/handle-command';
import { withMemorySnapshots } from '../shared/testing';
import { createOrderNumberAllocator, orderNumbersSnapshotPolicy } from './order-number-allocator';

const context = (): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId: 'user-1',
  actorRole: 'user',
  occurredAt: '2026-11-21T12:00:00.000Z',
});

const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);

/** The numbers stream as stored: every number once, in order, each with its order. */
async function storedNumbers(store: EventStore) {
  const events = await store.readStream(ORDER_NUMBERS_STREAM);
  return events.map((event) => ({
    revision: event.revision,
    orderNumber: event.data['orderNumber'],
    orderId: event.data['orderId'],
  }));
}

describe('order number allocator', () => {
  it('given 50 checkouts at once in one process, then they get 1001..1050, no gap, no duplicate, and revision n holds 1001 + n', async () => {
    const stores = withMemorySnapshots(createMemoryEventStore());
    const allocator = createOrderNumberAllocator(stores);
    const orderIds = Array.from({ length: 50 }, () => randomUUID());

    const numbers = await Promise.all(orderIds.map((id) => allocator.assign(id, context())));

    expect([...numbers].sort((a, b) => a - b)).toEqual(range(FIRST_ORDER_NUMBER, 50));
    const stored = await storedNumbers(stores.eventStore);
    expect(stored.map((row) => row.orderNumber)).toEqual(range(FIRST_ORDER_NUMBER, 50));
    for (const row of stored) expect(row.orderNumber).toBe(FIRST_ORDER_NUMBER + row.revision);
    orderIds.forEach((id, index) => {
      expect(stored.find((row) => row.orderId === id)?.orderNumber).toBe(numbers[index]);
    });
  });

  it("given 30 checkouts at once, when numbered, then they share a few appends and each number carries its own checkout's metadata and id", async () => {
    const eventStore = createMemoryEventStore();
    let appends = 0;
    const counting: EventStore = {
      ...eventStore,
      appendToStream: (...args) => {
        appends++;
        return eventStore.appendToStream(...args);
      },
    };
    const allocator = createOrderNumberAllocator(withMemorySnapshots(counting));
    const checkouts = Array.from({ length: 30 }, (_, n) => ({
      orderId: randomUUID(),
      context: { ...context(), correlationId: `request-${n}`, actorId: `customer-${n}` },
    }));

    await Promise.all(checkouts.map(({ orderId, context }) => allocator.assign(orderId, context)));

    expect(appends).toBeLessThanOrEqual(2);
    const events = await eventStore.readStream(ORDER_NUMBERS_STREAM);
    expect(events).toHaveLength(30);
    for (const { orderId, context } of checkouts) {
      const event = events.find((stored) => stored.data['orderId'] === orderId);
      expect(event?.metadata).toMatchObject({
        correlationId: context.correlationId,
        actorId: context.actorId,
        causationId: context.commandId,
      });
      expect(event?.id).toBe(deriveEventId(context.commandId, 0));
    }
  });

  it('given an order that already holds a number, when it asks again (a retried checkout), then it gets the same number and nothing is appended', async () => {
    const stores = withMemorySnapshots(createMemoryEventStore());
    const allocator = createOrderNumberAllocator(stores);
    const orderId = randomUUID();
    const first = await allocator.assign(orderId, context());
    await allocator.assign(randomUUID(), context());

    const again = await allocator.assign(orderId, context());
    // Another process (no memory of this one) finds it in the stream too.
    const elsewhere = await createOrderNumberAllocator({
      ...stores,
      snapshotStore: createMemorySnapshotStore(),
    }).assign(orderId, context());

    expect([first, again, elsewhere]).toEqual([1001, 1001, 1001]);
    expect(await storedNumbers(stores.eventStore)).toHaveLength(2);
  });

  it('given a long stream and its snapshot, when a new process allocates, then it reads only the events after the snapshot and continues the sequence', async () => {
    const eventStore = createMemoryEventStore();
    const stores = withMemorySnapshots(eventStore);
    const first = createOrderNumberAllocator(stores);
    const count = orderNumbersSnapshotPolicy.every * 2 + 5;
    for (let n = 0; n < count; n++) await first.assign(randomUUID(), context());
    // Snapshots are written off the answer's path: wait for the last one due (at revisions 99, 199).
    const lastSnapshot = orderNumbersSnapshotPolicy.every * 2 - 1;
    await expect
      .poll(async () => (await stores.snapshotStore.read(ORDER_NUMBERS_STREAM))?.revision)
      .toBe(lastSnapshot);

    const reads: { fromRevision?: number; maxCount?: number }[] = [];
    const counting: EventStore = {
      ...eventStore,
      readStream: (name, options) => {
        if (name === ORDER_NUMBERS_STREAM) reads.push(options ?? {});
        return eventStore.readStream(name, options);
      },
    };
    // A new process: the same stores, but nothing remembered of the stream.
    const snapshots = stores.snapshotStore;
    const restarted = createOrderNumberAllocator({
      ...stores,
      eventStore: counting,
      snapshotStore: {
        read: (name) => snapshots.read(name),
        write: (name, snapshot) => snapshots.write(name, snapshot),
        close: () => snapshots.close(),
      },
    });

    expect(await restarted.assign(randomUUID(), context())).toBe(FIRST_ORDER_NUMBER + count);
    // The stream's start (to see it is long), then only what follows the snapshot.
    expect(reads).toEqual([
      { maxCount: orderNumbersSnapshotPolicy.every },
      { fromRevision: lastSnapshot },
    ]);
  });
});

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

await describeWithPostgres('order number allocator on PostgreSQL', (url) => {
  const { schema, drop } = throwawaySchema(url);
  afterAll(drop);

  async function process(): Promise<CommandStores> {
    const stores = await createPostgresStores({ url, schema });
    closing.push(async () => {
      await stores.snapshotStore.close();
      await stores.eventStore.close();
    });
    return { ...stores, logger: silentLogger };
  }

  it('given two processes (two store instances) each allocating 25 at once, then 50 numbers without gap or duplicate', async () => {
    const [one, two] = [await process(), await process()];
    const allocators = [createOrderNumberAllocator(one), createOrderNumberAllocator(two)];
    const before = (await storedNumbers(one.eventStore)).length;

    const numbers = await Promise.all(
      range(0, 50).map((n) => allocators[n % 2]?.assign(randomUUID(), context())),
    );

    const expected = range(FIRST_ORDER_NUMBER + before, 50);
    expect([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(expected);
    const stored = await storedNumbers(two.eventStore);
    expect(stored.map((row) => row.orderNumber)).toEqual(range(FIRST_ORDER_NUMBER, before + 50));
    for (const row of stored) expect(row.orderNumber).toBe(FIRST_ORDER_NUMBER + row.revision);
  });
});
