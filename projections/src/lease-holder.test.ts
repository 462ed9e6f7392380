import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryEventStore,
  createPostgresEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { createMemoryLease, createPostgresLease, type Lease } from '@quitute/infra/lease';
import { createMemoryBus } from '@quitute/infra/bus';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import {
  createMemoryReadStore,
  type ReadCollection,
  type ReadDocument,
  type ReadStore,
} from '@quitute/infra/read-store';
import {
  describeWithPostgres,
  endingSubscriptions,
  terminatePostgresLeaseHolder,
  throwawaySchema,
} from '@quitute/infra/testing';
import { LeaseHolder, type LeaseWorker } from './lease-holder';
import { createPaymentRelay } from './payments/payment-relay';
import { defineProjection } from './projection';
import { ProjectionRunner } from './runner';

/** Records every number applied to each key's document: a lost, doubled or stale write shows. */
const counterDocument = z.object({ _id: z.string(), applied: z.array(z.number()) });
const counting = defineProjection({
  name: 'counter_v1',
  collection: 'counters_v1',
  events: { Counted: z.object({ key: z.string(), n: z.number() }) },
  document: counterDocument,
  documentId: (event) => event.data.key,
  evolve: (document, event) => ({
    _id: event.data.key,
    applied: [...(document?.applied ?? []), event.data.n],
  }),
});

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-21T12:00:00.000Z',
};

const KEYS = 4;

async function appendCounted(store: EventStore, from: number, to: number): Promise<number> {
  let position = 0;
  for (let n = from; n <= to; n += 1) {
    const key = `k${n % KEYS}`;
    const result = await store.appendToStream(
      `counter-${key}`,
      [{ id: randomUUID(), type: 'Counted', data: { key, n }, metadata }],
      { expectedRevision: 'any' },
    );
    position = result.position;
  }
  return position;
}

/** The read store as one instance sees it, noting in `writes` each write it makes. */
function writingAs(readStore: ReadStore, who: string, writes: string[]): ReadStore {
  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      const inner = readStore.collection<T>(name);
      return {
        get: (id) => inner.get(id),
        find: (filter, options) => inner.find(filter, options),
        count: (filter) => inner.count(filter),
        put: (document) => {
          writes.push(who);
          return inner.put(document);
        },
        putMany: (documents, options) => {
          if (documents.length > 0) writes.push(who);
          return inner.putMany(documents, options);
        },
        delete: (id, options) => {
          writes.push(who);
          return inner.delete(id, options);
        },
        clear: () => {
          writes.push(who);
          return inner.clear();
        },
      };
    },
    ensureIndexes: (name, specs) => readStore.ensureIndexes(name, specs),
    listIndexes: (name) => readStore.listIndexes(name),
    replaceCollection: (target, source) => {
      writes.push(who);
      return readStore.replaceCollection(target, source);
    },
    close: () => readStore.close(),
  };
}

const runnerOver = (eventStore: EventStore) => (readStore: ReadStore) =>
  new ProjectionRunner({ eventStore, readStore, projections: [counting], logger: silentLogger });

/** The counters as a runner that applies the whole log, alone and from scratch, builds them. */
async function fullRebuild(eventStore: EventStore): Promise<ReadDocument[]> {
  const readStore = createMemoryReadStore();
  const runner = runnerOver(eventStore)(readStore);
  await runner.start();
  await runner.stop();
  return readStore.collection('counters_v1').find({}, { sort: { _id: 1 } });
}

/** Each key's document has each of its numbers once, in order: nothing lost, doubled or overwritten. */
function expectEveryNumberOnce(documents: ReadDocument[], last: number): void {
  for (let k = 0; k < KEYS; k++) {
    const expected = [];
    for (let n = 1; n <= last; n++) if (n % KEYS === k) expected.push(n);
    const document = counterDocument.parse(documents.find((d) => d._id === `k${k}`));
    expect(document.applied).toEqual(expected);
  }
}

/** Promise.withResolvers (Node 22) for the Node 20 this still runs on. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const running = (...holders: LeaseHolder[]) =>
  holders.filter((holder) => holder.status === 'running').length;

/** Samples how many holders run at once, every few milliseconds, until stopped. */
function watchConcurrency(holders: LeaseHolder[]) {
  let most = 0;
  const timer = setInterval(() => {
    most = Math.max(most, running(...holders));
  }, 2);
  return {
    stop: () => {
      clearInterval(timer);
      return most;
    },
  };
}

/** A worker that notes when it starts and closes (a close after the first is not noted). */
function recordingWorker(name: string, log: string[], startFailure?: Error): LeaseWorker {
  let closed = false;
  return {
    start: async () => {
      if (startFailure) throw startFailure;
      log.push(`${name} start`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      log.push(`${name} close`);
    },
  };
}

describe('LeaseHolder over a memory lease (one process)', () => {
  it('given two holders of one lease, when the first stops, then the second takes over and the read model equals a full rebuild', async () => {
    const eventStore = createMemoryEventStore();
    const shared = createMemoryReadStore();
    const writes: string[] = [];
    const lease: Lease = createMemoryLease();
    const [a, b] = ['A', 'B'].map(
      (who) =>
        new LeaseHolder({
          lease,
          readStore: writingAs(shared, who, writes),
          createRunner: runnerOver(eventStore),
          logger: silentLogger,
          handoverMs: 0,
        }),
    );
    if (!a || !b) throw new Error('two holders expected');
    await appendCounted(eventStore, 1, 50);
    const concurrency = watchConcurrency([a, b]);

    a.start();
    await vi.waitFor(() => expect(a.runner?.status).toBe('live'));
    b.start();
    await sleep(50);
    expect(b.status).toBe('waiting');

    await appendCounted(eventStore, 51, 80);
    await a.stop();
    await vi.waitFor(() => expect(b.runner?.status).toBe('live'));
    const last = await appendCounted(eventStore, 81, 100);
    await vi.waitFor(() => expect(b.runner?.position).toBe(last));
    await b.stop();

    expect(concurrency.stop()).toBe(1);
    expect(writes.lastIndexOf('A')).toBeLessThan(writes.indexOf('B'));
    const documents = await shared.collection('counters_v1').find({}, { sort: { _id: 1 } });
    expect(documents).toEqual(await fullRebuild(eventStore));
    expectEveryNumberOnce(documents, 100);
  });

  it('given a holder whose lease is lost while a write is on its way, when its runner stops, then nothing after that write reaches the read store', async () => {
    const eventStore = createMemoryEventStore();
    await appendCounted(eventStore, 1, 20);
    const shared = createMemoryReadStore();
    const writes: string[] = [];
    let letWriteThrough: () => void = () => {};
    const firstWriteHeld = new Promise<void>((resolve) => {
      letWriteThrough = resolve;
    });
    let writing: () => void = () => {};
    const writeStarted = new Promise<void>((resolve) => {
      writing = resolve;
    });
    const slowFirstWrite: ReadStore = {
      collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
        const inner = writingAs(shared, 'A', writes).collection<T>(name);
        return {
          get: (id) => inner.get(id),
          find: (filter, options) => inner.find(filter, options),
          count: (filter) => inner.count(filter),
          put: (document) => inner.put(document),
          putMany: async (documents, options) => {
            writing();
            await firstWriteHeld;
            await inner.putMany(documents, options);
          },
          delete: (id, options) => inner.delete(id, options),
          clear: () => inner.clear(),
        };
      },
      ensureIndexes: (name, specs) => shared.ensureIndexes(name, specs),
      listIndexes: (name) => shared.listIndexes(name),
      replaceCollection: (target, source) => shared.replaceCollection(target, source),
      close: () => shared.close(),
    };
    let revoke: () => void = () => {};
    const lease: Lease = {
      kind: 'memory',
      acquire: () =>
        Promise.resolve({
          lost: new Promise<void>((resolve) => {
            revoke = resolve;
          }),
          release: () => Promise.resolve(revoke()),
        }),
      close: () => Promise.resolve(),
    };
    const holder = new LeaseHolder({
      lease,
      readStore: slowFirstWrite,
      createRunner: runnerOver(eventStore),
      logger: silentLogger,
      handoverMs: 0,
      retryDelayMs: 60_000,
    });

    holder.start();
    await writeStarted;
    revoke();
    await vi.waitFor(() => expect(holder.status).toBe('stopping'));
    letWriteThrough();
    await vi.waitFor(() => expect(holder.status).toBe('waiting'));
    await holder.stop();

    expect(writes).toEqual(['A']);
    expect(await readCheckpoint(shared, counting.name)).toBe(0);
  });

  it('given a deposed runner whose batch write lands after its successor wrote newer documents, then the newer documents stay', async () => {
    const eventStore = createMemoryEventStore();
    const shared = createMemoryReadStore();
    await appendCounted(eventStore, 1, 20);
    const held = deferred();
    const writing = deferred();
    const landed = deferred();
    let first = true;
    const lateFirstWrite: ReadStore = {
      ...shared,
      collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
        const inner = shared.collection<T>(name);
        if (name !== counting.collection) return inner;
        return {
          ...inner,
          putMany: async (documents, options) => {
            if (!first) return inner.putMany(documents, options);
            first = false;
            writing.resolve();
            await held.promise;
            await inner.putMany(documents, options);
            landed.resolve();
          },
        };
      },
    };
    const deposed = runnerOver(eventStore)(lateFirstWrite);
    const deposedStarted = deposed.start();
    await writing.promise;

    const successor = runnerOver(eventStore)(shared);
    await successor.start();
    const last = await appendCounted(eventStore, 21, 40);
    await vi.waitFor(() => expect(successor.position).toBe(last));
    held.resolve();
    await landed.promise;

    const documents = await shared.collection('counters_v1').find({}, { sort: { _id: 1 } });
    expectEveryNumberOnce(documents, 40);
    await deposedStarted;
    await Promise.all([deposed.stop(), successor.stop()]);
  });

  it('given two holders with workers, when the first stops, then only the holder’s workers run: the first’s are closed before the second’s start', async () => {
    const eventStore = createMemoryEventStore();
    const shared = createMemoryReadStore();
    const lease = createMemoryLease();
    const log: string[] = [];
    const [a, b] = ['A', 'B'].map(
      (who) =>
        new LeaseHolder({
          lease,
          readStore: shared,
          createRunner: runnerOver(eventStore),
          createWorkers: () => ({
            'payment-process': recordingWorker(`${who}:process`, log),
            'payment-relay': recordingWorker(`${who}:relay`, log),
          }),
          logger: silentLogger,
          handoverMs: 0,
        }),
    );
    if (!a || !b) throw new Error('two holders expected');

    a.start();
    await vi.waitFor(() => expect(log).toEqual(['A:process start', 'A:relay start']));
    b.start();
    await sleep(50);
    expect(b.status).toBe('waiting');
    expect(log).toHaveLength(2);

    await a.stop();
    await vi.waitFor(() => expect(log).toContain('B:relay start'));
    await b.stop();

    expect(log).toEqual([
      'A:process start',
      'A:relay start',
      'A:process close',
      'A:relay close',
      'B:process start',
      'B:relay start',
      'B:process close',
      'B:relay close',
    ]);
  });

  it('given a holder whose lease is lost, then its workers are closed and it stands by', async () => {
    let revoke: () => void = () => {};
    const lease: Lease = {
      kind: 'memory',
      acquire: () =>
        Promise.resolve({
          lost: new Promise<void>((resolve) => {
            revoke = resolve;
          }),
          release: () => Promise.resolve(revoke()),
        }),
      close: () => Promise.resolve(),
    };
    const log: string[] = [];
    const holder = new LeaseHolder({
      lease,
      readStore: createMemoryReadStore(),
      createRunner: runnerOver(createMemoryEventStore()),
      createWorkers: () => ({ 'payment-process': recordingWorker('process', log) }),
      logger: silentLogger,
      handoverMs: 0,
      retryDelayMs: 60_000,
    });

    holder.start();
    await vi.waitFor(() => expect(log).toEqual(['process start']));
    revoke();
    await vi.waitFor(() => expect(holder.status).toBe('waiting'));
    await holder.stop();

    expect(log).toEqual(['process start', 'process close']);
  });

  it('given a worker that fails to start, then the term ends: the runner stops, the workers are closed and the lease is given up', async () => {
    const lease = createMemoryLease();
    const log: string[] = [];
    const holder = new LeaseHolder({
      lease,
      readStore: createMemoryReadStore(),
      createRunner: runnerOver(createMemoryEventStore()),
      createWorkers: () => ({
        'payment-process': recordingWorker('process', log),
        'payment-relay': recordingWorker('relay', log, new Error('the bus is down')),
      }),
      logger: silentLogger,
      handoverMs: 0,
      retryDelayMs: 60_000,
    });

    holder.start();
    await vi.waitFor(() => expect(log).toContain('relay close'));
    await vi.waitFor(() => expect(holder.status).toBe('waiting'));

    expect(holder.runner).toBeUndefined();
    expect(log).toEqual(['process start', 'process close', 'relay close']);
    const other = await lease.acquire(AbortSignal.timeout(1_000));
    await other.release();
    await holder.stop();
  });

  it('given the holder’s relay whose subscription keeps ending, then it gives the lease up, the stand-by’s relay takes over, and its /health says failed with why (not ok)', async () => {
    const eventStore = createMemoryEventStore();
    const lease = createMemoryLease();
    const readStore = createMemoryReadStore();
    const relayOver = (store: EventStore) => (termStore: ReadStore) => ({
      'payment-relay': createPaymentRelay({
        eventStore: store,
        bus: createMemoryBus(),
        readStore: termStore,
        logger: silentLogger,
        resubscribeDelayMs: 1,
      }),
    });
    const holderOver = (store: EventStore) =>
      new LeaseHolder({
        lease,
        readStore,
        createRunner: runnerOver(eventStore),
        createWorkers: relayOver(store),
        logger: silentLogger,
        handoverMs: 0,
        retryDelayMs: 60_000,
        watchMs: 5,
      });
    const failing = holderOver(endingSubscriptions(eventStore).store);
    const standBy = holderOver(eventStore);

    failing.start();
    await vi.waitFor(() => expect(failing.health().status).toBe('failed'));
    standBy.start();
    await vi.waitFor(() => expect(standBy.runner?.status).toBe('live'));

    expect(failing.status).toBe('waiting');
    expect(failing.health()).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/lease given up.*subscription dropped/),
    });
    expect(standBy.health()).toEqual({ status: 'ok' });
    await standBy.stop();
    await failing.stop();
  });

  it('given a holder that was never started, when stopped, then it says so', async () => {
    const holder = new LeaseHolder({
      lease: createMemoryLease(),
      readStore: createMemoryReadStore(),
      createRunner: runnerOver(createMemoryEventStore()),
      logger: silentLogger,
    });
    expect(holder.status).toBe('idle');
    await holder.stop();
    expect(holder.status).toBe('stopped');
  });
});

await describeWithPostgres('LeaseHolder over a PostgreSQL advisory lock (two instances)', (url) => {
  const { schema, drop } = throwawaySchema(url);
  const leaseName = `projections-${schema}`;
  // Each instance has its own connections to the one event store, as two processes would.
  let storeA: EventStore;
  let storeB: EventStore;

  beforeAll(async () => {
    storeA = await createPostgresEventStore({ url, schema });
    storeB = await createPostgresEventStore({ url, schema });
  });

  afterAll(async () => {
    await Promise.all([storeA.close(), storeB.close()]);
    await drop();
  });

  it("given two instances over one event store and one read store, when the holder's lease connection is killed mid-stream, then the stand-by takes over, one runs at a time and the read model equals a full rebuild", async () => {
    const shared = createMemoryReadStore();
    const writes: string[] = [];
    const holder = (who: string, eventStore: EventStore) =>
      new LeaseHolder({
        lease: createPostgresLease({ url, name: leaseName, pollMs: 50 }),
        readStore: writingAs(shared, who, writes),
        createRunner: runnerOver(eventStore),
        logger: silentLogger,
        handoverMs: 300,
        retryDelayMs: 1_000,
        watchMs: 50,
      });
    const a = holder('A', storeA);
    const b = holder('B', storeB);
    await appendCounted(storeA, 1, 200);
    const concurrency = watchConcurrency([a, b]);
    let appending: Promise<number> | undefined;
    try {
      a.start();
      await vi.waitFor(() => expect(a.runner?.status).toBe('live'), { timeout: 10_000 });
      b.start();
      await sleep(300);
      expect(b.status).toBe('waiting');

      appending = appendCounted(storeA, 201, 400);
      await sleep(100);
      await terminatePostgresLeaseHolder(url, leaseName);
      await vi.waitFor(() => expect(b.runner?.status).toBe('live'), { timeout: 10_000 });
      expect(a.status).toBe('waiting');
      await appending;
      const last = await appendCounted(storeA, 401, 420);
      await vi.waitFor(() => expect(b.runner?.position).toBe(last), { timeout: 10_000 });
    } finally {
      await appending?.catch(() => {});
      await Promise.all([b.stop(), a.stop()]);
    }

    expect(concurrency.stop()).toBe(1);
    expect(writes).toContain('A');
    expect(writes.lastIndexOf('A')).toBeLessThan(writes.indexOf('B'));
    const documents = await shared.collection('counters_v1').find({}, { sort: { _id: 1 } });
    expect(documents).toEqual(await fullRebuild(storeA));
    expectEveryNumberOnce(documents, 420);
  });
});
