import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryEventStore,
  type EventStore,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import {
  readCheckpoint,
  readProjectionsStatus,
  writeCheckpoint,
} from '@quitute/infra/projection-progress';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { defineProjection } from './projection';
import { rebuildProjections, type RebuildProgress } from './rebuild';
import { ProjectionBusyError, ProjectionRunner } from './runner';
import { verifyProjection } from './verify';

/** A tally per key of the numbers counted, and a total per key: any lost or doubled event shows. */
const tallyDocument = z.object({
  _id: z.string(),
  numbers: z.array(z.number()),
  total: z.number(),
});
const tallyDefinition = {
  name: 'tally_v1',
  collection: 'tallies_v1',
  events: {
    Counted: z.object({ key: z.string(), n: z.number() }),
    Forgotten: z.object({ key: z.string() }),
  },
  document: tallyDocument,
  documentId: (event: { data: { key: string } }) => event.data.key,
  evolve: (
    document: z.infer<typeof tallyDocument> | null,
    event:
      | { type: 'Counted'; data: { key: string; n: number } }
      | { type: 'Forgotten'; data: { key: string } },
  ) => {
    if (event.type === 'Forgotten') return null;
    return {
      _id: event.data.key,
      numbers: [...(document?.numbers ?? []), event.data.n],
      total: (document?.total ?? 0) + event.data.n,
    };
  },
};
const tally = defineProjection(tallyDefinition);

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-21T12:00:00.000Z',
};

async function count(store: EventStore, from: number, to: number, keys = 7): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    const key = `k${n % keys}`;
    await store.appendToStream(
      `tally-${key}`,
      [{ id: crypto.randomUUID(), type: 'Counted', data: { key, n }, metadata }],
      { expectedRevision: 'any' },
    );
  }
}

async function forget(store: EventStore, key: string): Promise<void> {
  await store.appendToStream(
    `tally-${key}`,
    [{ id: crypto.randomUUID(), type: 'Forgotten', data: { key }, metadata }],
    { expectedRevision: 'any' },
  );
}

/** The tally, its handler throwing 'bug' on the count of `n`. */
const tallyBrokenAt = (n: number) =>
  defineProjection({
    ...tallyDefinition,
    evolve: (document, event) => {
      if (event.type === 'Counted' && event.data.n === n) throw new Error('bug');
      return tallyDefinition.evolve(document, event);
    },
  });

const runnerOver = (eventStore: EventStore, readStore: ReadStore, projection = tally) =>
  new ProjectionRunner({ eventStore, readStore, projections: [projection], logger: silentLogger });

async function tallies(readStore: ReadStore) {
  const documents = await readStore.collection('tallies_v1').find({}, { sort: { _id: 1 } });
  return documents.map((document) => tallyDocument.parse(document));
}

/** What a fresh runner builds from the same log: the reference. */
async function freshBuild(eventStore: EventStore) {
  const readStore = createMemoryReadStore();
  const runner = runnerOver(eventStore, readStore);
  await runner.start();
  await runner.stop();
  return tallies(readStore);
}

describe('ProjectionRunner.rebuild (blue/green)', () => {
  it('given a live runner, when a projection is rebuilt while events keep arriving and a reader keeps reading, then every read sees a whole collection, the result equals a fresh build and the runner goes on with it', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 3_000);
    await forget(eventStore, 'k3');
    const runner = runnerOver(eventStore, readStore);
    await runner.start();
    // A document the old code got wrong: the rebuild must not keep it.
    await readStore
      .collection('tallies_v1')
      .put({ _id: 'k1', numbers: [], total: -1, _position: 1 });

    let reading = true;
    const reads: number[] = [];
    const reader = (async () => {
      while (reading) {
        const documents = await readStore.collection('tallies_v1').find({});
        reads.push(documents.length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const writer = count(eventStore, 3_001, 3_200);
    const progress: RebuildProgress[] = [];
    const [result] = await runner.rebuild(['tally_v1'], (step) => progress.push(step));
    await writer;
    await count(eventStore, 3_201, 3_210);
    expect(await runner.waitForPosition(await eventStore.headPosition(), 2_000)).toBe(true);
    reading = false;
    await reader;

    expect(await tallies(readStore)).toEqual(await freshBuild(eventStore));
    // k3 was forgotten, then counted again: 6 documents, never fewer, never a half-built one.
    expect(reads.every((length) => length === 6 || length === 7)).toBe(true);
    expect(result).toMatchObject({ projection: 'tally_v1', collection: 'tallies_v1' });
    expect(result?.position).toBeGreaterThanOrEqual(3_001);
    expect(await readCheckpoint(readStore, 'tally_v1')).toBe(await eventStore.headPosition());
    expect(await readStore.collection('tallies_v1__rebuild').count()).toBe(0);
    expect(progress.map((step) => step.phase)).toEqual(
      expect.arrayContaining(['reading', 'writing', 'switching']),
    );
    await runner.stop();
  });

  it('given a rebuild running, when another rebuild or a verify of it is asked, then it is refused as busy', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 50);
    const runner = runnerOver(eventStore, readStore);
    await runner.start();

    const first = runner.rebuild(['tally_v1']);
    await expect(runner.rebuild(['tally_v1'])).rejects.toBeInstanceOf(ProjectionBusyError);
    await expect(runner.verify('tally_v1')).rejects.toBeInstanceOf(ProjectionBusyError);
    await first;
    await expect(runner.rebuild(['tally_v1'])).resolves.toMatchObject([{ documents: 7 }]);
    await runner.stop();
  });

  it('given a projection whose handler throws, when rebuilt, then the rebuild fails naming the event and the live collection stays as it was', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 20);
    const runner = runnerOver(eventStore, readStore);
    await runner.start();
    const before = await tallies(readStore);
    const broken = tallyBrokenAt(9);

    await expect(
      rebuildProjections({ eventStore, readStore, projections: [broken] }),
    ).rejects.toThrow('tally_v1 failed on Counted at position 9: bug');
    expect(await tallies(readStore)).toEqual(before);
    await runner.stop();
  });
});

describe('rebuildProjections', () => {
  it('given folds of the log, when projections are rebuilt, then each fold has every page, in order, while the next page is being read', async () => {
    const inner = createMemoryEventStore();
    await count(inner, 1, 5_001);
    const log: string[] = [];
    const eventStore: Pick<EventStore, 'readAll' | 'settledPosition'> = {
      settledPosition: () => inner.settledPosition(),
      readAll: async (options) => {
        log.push(`read after ${options?.fromPosition ?? 0}`);
        return inner.readAll(options);
      },
    };
    const fold = (name: string) => ({
      catchUp: async (page: readonly RecordedEvent[]) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.push(`${name} ${page[0]?.position ?? '-'}..${page.at(-1)?.position ?? '-'}`);
      },
    });

    await rebuildProjections({
      eventStore,
      readStore: createMemoryReadStore(),
      projections: [tally],
      folds: [fold('a'), fold('b')],
    });

    expect(log).toEqual([
      'read after 0',
      'read after 5000',
      'a 1..5000',
      'b 1..5000',
      'a 5001..5001',
      'b 5001..5001',
    ]);
  });

  it('given a log that grew past its settled position, when projections are rebuilt, then the folds get the pages up to it only (past it an append may be in flight below a later event)', async () => {
    const inner = createMemoryEventStore();
    await count(inner, 1, 10);
    const eventStore: Pick<EventStore, 'readAll' | 'settledPosition'> = {
      settledPosition: () => Promise.resolve(7),
      readAll: (options) => inner.readAll(options),
    };
    const folded: number[] = [];
    const fold = {
      catchUp: async (page: readonly RecordedEvent[]) => {
        folded.push(...page.map((event) => event.position));
      },
    };

    await rebuildProjections({
      eventStore,
      readStore: createMemoryReadStore(),
      projections: [tally],
      folds: [fold],
    });

    expect(folded).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('given a projection that throws while the next page is being read, when the rebuild fails, then that read has finished before the failure is heard', async () => {
    const inner = createMemoryEventStore();
    await count(inner, 1, 5_001);
    const reads = { asked: 0, finished: 0 };
    const eventStore: Pick<EventStore, 'readAll' | 'settledPosition'> = {
      settledPosition: () => inner.settledPosition(),
      readAll: async (options) => {
        reads.asked += 1;
        const page = await inner.readAll(options);
        await new Promise((resolve) => setTimeout(resolve, 20));
        reads.finished += 1;
        return page;
      },
    };
    const broken = tallyBrokenAt(9);

    await expect(
      rebuildProjections({ eventStore, readStore: createMemoryReadStore(), projections: [broken] }),
    ).rejects.toThrow('tally_v1 failed on Counted at position 9: bug');

    expect(reads).toEqual({ asked: 2, finished: 2 });
  });
});

describe('verify', () => {
  it('given a running shop that keeps appending, when verified, then there is no difference', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 2_000);
    const runner = runnerOver(eventStore, readStore);
    await runner.start();

    const writer = count(eventStore, 2_001, 2_300, 3);
    const result = await runner.verify('tally_v1');
    await writer;

    expect(result.differences).toEqual([]);
    expect(result.documents).toBe(7);
    await runner.stop();
  });

  it('given one read-model document corrupted, one removed and one added, when verified, then exactly those are reported', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 100);
    const runner = runnerOver(eventStore, readStore);
    await runner.start();
    const live = readStore.collection('tallies_v1');
    const k2 = await live.get('k2');
    if (!k2) throw new Error('k2 missing');
    await live.put({ ...k2, total: 0 });
    await live.delete('k4');
    await live.put({ _id: 'k99', numbers: [], total: 0, _position: 1 });

    const result = await verifyProjection({ eventStore, readStore, projection: tally });

    expect(result.differences).toEqual([
      { id: 'k2', kind: 'different', fields: ['total'] },
      { id: 'k4', kind: 'missing', fields: [] },
      { id: 'k99', kind: 'extra', fields: [] },
    ]);
    await runner.stop();
  });
});

describe('GET /api/admin/projections status', () => {
  const brokenTally = defineProjection({
    ...tallyDefinition,
    evolve: (document, event) => {
      if (event.type === 'Counted' && event.data.n === 5) throw new Error('bug in a projection');
      return tallyDefinition.evolve(document, event);
    },
  });
  const other = defineProjection({ ...tallyDefinition, name: 'other_v1', collection: 'others_v1' });

  it("given a projection stopped on an event, then the status shows it failed at that event with what it is behind, and the others live; a retired projection's checkpoint is not listed", async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 12);
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [brokenTally, other],
      logger: silentLogger,
    });
    await runner.start();
    const recordedAt = (await eventStore.readAll({ fromPosition: 4, maxCount: 1 }))[0]?.recordedAt;
    const now = new Date(Date.parse(recordedAt ?? '') + 90_000);

    // A retired projection's checkpoint, left in the store by an earlier version of the shop.
    await writeCheckpoint(readStore, 'tally_v0', 0, {
      collection: 'tallies_v0',
      eventTypes: ['Counted'],
      error: null,
      rebuilding: false,
    });

    const status = await readProjectionsStatus({
      readStore,
      eventStore,
      projectionNames: ['tally_v1', 'other_v1'],
      now: () => now,
    });

    expect(status).toEqual({
      position: 12,
      projections: [
        {
          name: 'other_v1',
          collection: 'others_v1',
          state: 'live',
          checkpoint: 12,
          eventsBehind: 0,
          secondsBehind: 0,
          lastError: null,
        },
        {
          name: 'tally_v1',
          collection: 'tallies_v1',
          state: 'failed',
          checkpoint: 4,
          eventsBehind: 8,
          secondsBehind: 90,
          lastError: { position: 5, eventType: 'Counted', message: 'bug in a projection' },
        },
      ],
    });
    await runner.stop();
  });

  it('given a projection far behind, when the status is read, then it reads at most the scan limit (a lower bound)', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    await count(eventStore, 1, 30);
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [brokenTally],
      logger: silentLogger,
    });
    await runner.start();

    const status = await readProjectionsStatus({
      readStore,
      eventStore,
      projectionNames: ['tally_v1'],
      now: () => new Date(),
      scanLimit: 10,
    });

    expect(status.projections[0]).toMatchObject({ checkpoint: 4, eventsBehind: 10 });
    await runner.stop();
  });
});
