import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { buildReadModelsFirst } from './first-build';
import { ProjectionRunner } from './runner';
import { count, documentsOf, runnerBuild, tallyDocument, tallyProjection } from './testing';

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
