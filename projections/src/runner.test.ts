import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryEventStore,
  type EventStore,
  type SubscribeOptions,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import {
  createMemoryReadStore,
  type ReadCollection,
  type ReadDocument,
  type ReadStore,
} from '@quitute/infra/read-store';
import { defineProjection, type Projection } from './projection';
import { ProjectionRunner } from './runner';

/** Counts every event applied to each stream's document: any double apply shows. */
const counterDocument = z.object({ _id: z.string(), applied: z.array(z.number()) });
const countingDefinition = {
  name: 'counter_v1',
  collection: 'counters_v1',
  events: { Counted: z.object({ key: z.string(), n: z.number() }) },
  document: counterDocument,
  documentId: (event: { data: { key: string } }) => event.data.key,
  evolve: (
    document: { applied: number[] } | null,
    event: { data: { key: string; n: number } },
  ) => ({
    _id: event.data.key,
    applied: [...(document?.applied ?? []), event.data.n],
  }),
};
const counting = defineProjection(countingDefinition);

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-21T12:00:00.000Z',
};

async function appendCounted(store: EventStore, from: number, to: number) {
  for (let n = from; n <= to; n += 1) {
    const key = `k${n % 3}`;
    await store.appendToStream(
      `counter-${key}`,
      [{ id: crypto.randomUUID(), type: 'Counted', data: { key, n }, metadata }],
      { expectedRevision: 'any' },
    );
  }
}

async function appliedNumbers(readStore: ReturnType<typeof createMemoryReadStore>) {
  const documents = await readStore.collection('counters_v1').find({});
  return documents
    .flatMap((document) => counterDocument.parse(document).applied)
    .sort((a, b) => a - b);
}

/** A runner over the stores with one projection (the counter unless named), logging nothing. */
function newRunner(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: Projection = counting,
) {
  return new ProjectionRunner({
    eventStore,
    readStore,
    projections: [projection],
    logger: silentLogger,
  });
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('ProjectionRunner', () => {
  it('given stored events, when started, then it resolves once they are applied', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 30);
    const runner = newRunner(eventStore, readStore);
    await runner.start();
    expect(runner.status).toBe('live');
    expect(await appliedNumbers(readStore)).toEqual(range(1, 30));
    expect(await readCheckpoint(readStore, 'counter_v1')).toBe(30);
    await runner.stop();
  });

  it('given a runner stopped mid-stream, when a new one starts on the same stores, then nothing is applied twice or missed', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 50);
    const first = newRunner(eventStore, readStore);
    await first.start();
    const appending = appendCounted(eventStore, 51, 150);
    await first.waitForPosition(90, 5_000);
    await first.stop();
    await appending;
    const stoppedAt = first.position;
    expect(stoppedAt).toBeGreaterThanOrEqual(90);
    expect(stoppedAt).toBeLessThanOrEqual(150);

    const second = newRunner(eventStore, readStore);
    await second.start();
    await appendCounted(eventStore, 151, 160);
    expect(await second.waitForPosition(160, 5_000)).toBe(true);
    expect(await appliedNumbers(readStore)).toEqual(range(1, 160));
    await second.stop();
  });

  it('given a checkpoint behind the documents (a crash before saving it), when replayed, then documents skip what they applied', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 20);
    const first = newRunner(eventStore, readStore);
    await first.start();
    await first.stop();
    // The crash: documents were written but the checkpoint was not.
    await readStore.collection('projection_checkpoints').delete('counter_v1');

    const second = newRunner(eventStore, readStore);
    await second.start();
    expect(await appliedNumbers(readStore)).toEqual(range(1, 20));
    await second.stop();
  });

  it('waitForPosition resolves true once reached and false after the timeout', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const runner = newRunner(eventStore, readStore);
    await runner.start();
    const waiting = runner.waitForPosition(1, 2_000);
    await appendCounted(eventStore, 1, 1);
    expect(await waiting).toBe(true);
    expect(await runner.waitForPosition(99, 50)).toBe(false);
    await runner.stop();
  });
});

/** The counter, except that its evolve throws on n === 5 (a bug shipped in one version). */
const brokenCounting = defineProjection({
  ...countingDefinition,
  evolve: (document, event) => {
    if (event.data.n === 5) throw new Error('bug in a projection');
    return countingDefinition.evolve(document, event);
  },
});
/** Another counter, into its own collection: it has no bug. */
const otherCounting = defineProjection({
  ...countingDefinition,
  name: 'other_counter_v1',
  collection: 'other_counters_v1',
});

async function numbersIn(readStore: ReadStore, collection: string) {
  const documents = await readStore.collection(collection).find({});
  return documents
    .flatMap((document) => counterDocument.parse(document).applied)
    .sort((a, b) => a - b);
}

describe('ProjectionRunner when a projection throws', () => {
  it('given a projection that throws on one event, then it stops there (checkpoint before it), the others go on, position moves for them, and health reports it', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 8);
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [brokenCounting, otherCounting],
      logger: silentLogger,
    });

    await runner.start();
    await appendCounted(eventStore, 9, 12);
    const reached = await runner.waitForPosition(12, 2_000);

    expect(reached).toBe(true);
    expect(runner.status).toBe('live');
    expect(await numbersIn(readStore, 'other_counters_v1')).toEqual(range(1, 12));
    expect(await appliedNumbers(readStore)).toEqual(range(1, 4));
    expect(await readCheckpoint(readStore, 'counter_v1')).toBe(4);
    expect(await readCheckpoint(readStore, 'other_counter_v1')).toBe(12);
    expect(runner.stoppedProjections).toEqual([
      { name: 'counter_v1', position: 5, eventType: 'Counted', error: 'bug in a projection' },
    ]);
    expect(runner.health()).toEqual({
      status: 'degraded',
      reason: 'projection counter_v1 stopped at position 5 (Counted): bug in a projection',
    });
    await runner.stop();
  });

  it('given a projection stopped on an event, when a fixed version starts on the same stores, then it resumes from its checkpoint: nothing skipped, nothing applied twice', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 8);
    const broken = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [brokenCounting, otherCounting],
      logger: silentLogger,
    });
    await broken.start();
    await broken.stop();

    const fixed = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [counting, otherCounting],
      logger: silentLogger,
    });
    await fixed.start();

    expect(await appliedNumbers(readStore)).toEqual(range(1, 8));
    expect(await numbersIn(readStore, 'other_counters_v1')).toEqual(range(1, 8));
    expect(await readCheckpoint(readStore, 'counter_v1')).toBe(8);
    expect(fixed.health()).toEqual({ status: 'ok' });
    await fixed.stop();
  });
});

describe('ProjectionRunner health', () => {
  /** The memory store, with a hand on the runner's subscription callbacks to play a store failure. */
  function storeWithHandle() {
    const memory = createMemoryEventStore();
    let subscriber: SubscribeOptions | undefined;
    const eventStore: EventStore = {
      ...memory,
      subscribeToAll: (options) => {
        subscriber = options;
        return memory.subscribeToAll(options);
      },
    };
    const handle = () => {
      if (!subscriber) throw new Error('not subscribed yet');
      return subscriber;
    };
    return { eventStore, handle };
  }

  it('given a live runner, when the subscription retries after a store failure, then health is degraded with the attempt, and ok again once caught up', async () => {
    const { eventStore, handle } = storeWithHandle();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 3);
    const runner = newRunner(eventStore, readStore);
    await runner.start();
    expect(runner.health()).toEqual({ status: 'ok' });

    handle().onRetry?.({
      error: new Error('Connection terminated unexpectedly'),
      attempt: 2,
      delayMs: 200,
    });
    const whileRetrying = runner.health();
    handle().onCaughtUp?.(3);
    await runner.waitForPosition(3, 1_000);

    expect(whileRetrying).toEqual({
      status: 'degraded',
      reason: 'event store unreachable, retrying (attempt 2): Connection terminated unexpectedly',
    });
    expect(runner.health()).toEqual({ status: 'ok' });
    await runner.stop();
  });

  it('given a runner not yet caught up, then health is degraded (catching up); once stopped, failed', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 3);
    const runner = newRunner(eventStore, readStore);

    const starting = runner.start();
    const beforeCaughtUp = runner.health();
    await starting;
    await runner.stop();

    expect(beforeCaughtUp).toEqual({
      status: 'degraded',
      reason: 'catching up with the event log',
    });
    expect(runner.health()).toEqual({ status: 'failed', reason: 'projections stopped' });
  });
});

describe('ProjectionRunner batches', () => {
  it('given appends while live, when waitForPosition resolves, then the checkpoint and the document are already stored', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const runner = newRunner(eventStore, readStore);
    await runner.start();
    for (let n = 1; n <= 40; n += 1) {
      const { position } = await eventStore.appendToStream(
        'counter-k',
        [{ id: crypto.randomUUID(), type: 'Counted', data: { key: 'k', n }, metadata }],
        { expectedRevision: 'any' },
      );
      expect(await runner.waitForPosition(position, 2_000)).toBe(true);
      expect(await readCheckpoint(readStore, 'counter_v1')).toBeGreaterThanOrEqual(position);
      expect(await appliedNumbers(readStore)).toEqual(range(1, n));
    }
    await runner.stop();
  });

  it('given many events for one document, when applied, then its stored version is parsed once and the result is the same', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await appendCounted(eventStore, 1, 3);
    const seed = newRunner(eventStore, readStore);
    await seed.start();
    await seed.stop();
    await appendCounted(eventStore, 4, 300);

    let parses = 0;
    const countedParses = counterDocument.transform((document) => {
      parses += 1;
      return document;
    });
    const parsing = defineProjection({ ...countingDefinition, document: countedParses });
    const runner = newRunner(eventStore, readStore, parsing);
    await runner.start();
    await runner.stop();
    expect(await appliedNumbers(readStore)).toEqual(range(1, 300));
    // Three documents, each read back from the store once.
    expect(parses).toBe(3);
  });

  it('given a document removed in the batch that created it and another removed in a later batch, then neither is stored', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const removable = defineProjection({
      name: 'removable_v1',
      collection: 'removable_v1',
      events: { Counted: z.object({ key: z.string(), n: z.number() }) },
      document: counterDocument,
      documentId: (event) => event.data.key,
      evolve: (document, event) =>
        event.data.n < 0
          ? null
          : { _id: event.data.key, applied: [...(document?.applied ?? []), event.data.n] },
    });
    const count = (key: string, n: number) =>
      eventStore.appendToStream(
        `counter-${key}`,
        [{ id: crypto.randomUUID(), type: 'Counted', data: { key, n }, metadata }],
        { expectedRevision: 'any' },
      );
    await count('a', 1);
    await count('b', 1);
    await count('a', -1);
    const runner = newRunner(eventStore, readStore, removable);
    await runner.start();
    const collection = readStore.collection('removable_v1');
    expect(await collection.get('a')).toBeNull();
    expect(await collection.get('b')).toMatchObject({ applied: [1] });

    const { position } = await count('b', -1);
    expect(await runner.waitForPosition(position, 2_000)).toBe(true);
    expect(await collection.get('b')).toBeNull();
    await runner.stop();
  });

  it('given a read store that fails while live, then the runner reports failed and never claims the position', async () => {
    const eventStore = createMemoryEventStore();
    const memory = createMemoryReadStore();
    let failing = false;
    const readStore: ReadStore = {
      collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
        const collection = memory.collection<T>(name);
        return {
          ...collection,
          putMany: async (documents) => {
            if (failing) throw new Error('read store down');
            await collection.putMany(documents);
          },
        };
      },
      ensureIndexes: (name, specs) => memory.ensureIndexes(name, specs),
      listIndexes: (name) => memory.listIndexes(name),
      replaceCollection: (target, source) => memory.replaceCollection(target, source),
      close: () => memory.close(),
    };
    const runner = newRunner(eventStore, readStore);
    await runner.start();
    failing = true;
    await appendCounted(eventStore, 1, 1);
    expect(await runner.waitForPosition(1, 300)).toBe(false);
    expect(runner.status).toBe('failed');
    expect(runner.failure).toEqual(new Error('read store down'));
    expect(runner.health()).toEqual({
      status: 'failed',
      reason: 'projections stopped: read store down',
    });
    await runner.stop();
  });
});
