import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { buildReadModelsFirst } from './first-build';
import { defineProjection, type Projection } from './projection';
import { ProjectionRunner } from './runner';

const tallyDocument = z.object({ _id: z.string(), numbers: z.array(z.number()) });
const counted = { Counted: z.object({ key: z.string(), n: z.number() }) };

/** A tally of the numbers counted per key; `failOn` makes its handler throw on that number. */
function tallyProjection(name: string, failOn?: number): Projection {
  return defineProjection({
    name,
    collection: `${name}_documents`,
    events: counted,
    document: tallyDocument,
    documentId: (event) => event.data.key,
    evolve(document, event) {
      if (event.data.n === failOn) throw new Error(`cannot count ${failOn}`);
      return { _id: event.data.key, numbers: [...(document?.numbers ?? []), event.data.n] };
    },
  });
}

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-11-25T12:00:00.000Z',
};

async function count(store: EventStore, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    const key = `k${n % 5}`;
    await store.appendToStream(
      `tally-${key}`,
      [{ id: crypto.randomUUID(), type: 'Counted', data: { key, n }, metadata }],
      { expectedRevision: 'any' },
    );
  }
}

async function documentsOf(readStore: ReadStore, projection: Projection) {
  return readStore.collection(projection.collection).find({}, { sort: { _id: 1 } });
}

async function runnerBuild(eventStore: EventStore, projection: Projection) {
  const readStore = createMemoryReadStore();
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [projection],
    logger: silentLogger,
  });
  await runner.start();
  await runner.stop();
  return documentsOf(readStore, projection);
}

describe('buildReadModelsFirst (the embedded shop\u2019s start)', () => {
  it('given a log and an empty read store, when the models are built first and the runner starts, then they equal the runner\u2019s own build, the runner starts at the head and goes on live', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 600);
    const tally = tallyProjection('tally_v1');
    const readStore = createMemoryReadStore();

    await buildReadModelsFirst({
      eventStore,
      readStore,
      projections: [tally],
      logger: silentLogger,
    });
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [tally],
      logger: silentLogger,
    });
    await runner.start();

    expect(await readCheckpoint(readStore, tally.name)).toBe(await eventStore.headPosition());
    expect(await documentsOf(readStore, tally)).toEqual(await runnerBuild(eventStore, tally));
    await count(eventStore, 601, 605);
    expect(await runner.waitForPosition(await eventStore.headPosition(), 5_000)).toBe(true);
    const k1 = await readStore.collection(tally.collection).get('k1');
    expect(tallyDocument.parse(k1).numbers.at(-1)).toBe(601);
    await runner.stop();
  });

  it('given a projection that throws on an event, when the models are built first, then nothing is switched and the runner stops that projection at that event while the others are built', async () => {
    const eventStore = createMemoryEventStore();
    await count(eventStore, 1, 50);
    const failing = tallyProjection('failing_v1', 30);
    const healthy = tallyProjection('healthy_v1');
    const readStore = createMemoryReadStore();

    await buildReadModelsFirst({
      eventStore,
      readStore,
      projections: [failing, healthy],
      logger: silentLogger,
    });
    expect(await readCheckpoint(readStore, healthy.name)).toBe(0);
    expect(await documentsOf(readStore, healthy)).toEqual([]);

    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [failing, healthy],
      logger: silentLogger,
    });
    await runner.start();

    expect(runner.stoppedProjections).toEqual([
      expect.objectContaining({ name: 'failing_v1', eventType: 'Counted' }),
    ]);
    expect(await documentsOf(readStore, healthy)).toEqual(await runnerBuild(eventStore, healthy));
    await runner.stop();
  });
});
