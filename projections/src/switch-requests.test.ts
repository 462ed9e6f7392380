import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { createMemoryLease, type Lease } from '@quitute/infra/lease';
import { silentLogger } from '@quitute/infra/logging';
import { CHECKPOINTS_COLLECTION, readCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { LeaseHolder } from './lease-holder';
import { rebuildProjections, type OnProgress } from './rebuild';
import { ProjectionRunner } from './runner';
import { switchThroughLease } from './switch-requests';
import { count, documentsOf, runnerBuild, tallyProjection } from './testing';

const tally = tallyProjection('tally_v1');
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** Appends a count every few milliseconds until stopped: a shop taking orders. */
function steadyStream(eventStore: EventStore, from: number) {
  let writing = true;
  let next = from;
  const done = (async () => {
    while (writing) {
      await count(eventStore, next, next);
      next += 1;
      await sleep(2);
    }
  })();
  return {
    stop: async () => {
      writing = false;
      await done;
    },
  };
}

/** The CLI's rebuild on the distributed stores (storesTarget): built here, switched through the lease. */
function cliRebuild(
  eventStore: EventStore,
  readStore: ReadStore,
  lease: Lease,
  onProgress?: OnProgress,
) {
  return rebuildProjections({
    eventStore,
    readStore,
    projections: [tally],
    ...(onProgress ? { onProgress } : {}),
    switchOver: switchThroughLease({
      readStore,
      eventStore,
      lease,
      pollMs: 10,
      acquireWaitMs: 30,
      handoverMs: 0,
    }),
  });
}

/** The projections service: a runner under the lease. */
async function projectionsService(eventStore: EventStore, readStore: ReadStore, lease: Lease) {
  const holder = new LeaseHolder({
    lease,
    readStore,
    logger: silentLogger,
    handoverMs: 0,
    createRunner: (store) =>
      new ProjectionRunner({
        eventStore,
        readStore: store,
        projections: [tally],
        logger: silentLogger,
        switchPollMs: 10,
      }),
  });
  holder.start();
  while (holder.runner?.status !== 'live') await sleep(5);
  stops.push(() => holder.stop());
  return holder;
}

describe('a rebuild made beside the running projections service (npm run projections -- rebuild)', () => {
  it('given a live runner applying a steady stream, when a rebuild runs and switches, then once the runner catches up the collection equals a fresh rebuild of the whole log', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const lease = createMemoryLease();
    await count(eventStore, 1, 2_000);
    const service = await projectionsService(eventStore, readStore, lease);
    const stream = steadyStream(eventStore, 2_001);

    const [result] = await cliRebuild(eventStore, readStore, lease, (progress) => {
      // Between the rebuild's head and its switch, the runner applies more of the log.
      if (progress.phase === 'switching') void count(eventStore, 5_001, 5_030);
    });
    await sleep(30);
    await stream.stop();
    const head = await eventStore.headPosition();
    expect(await service.runner?.waitForPosition(head, 2_000)).toBe(true);

    expect(await documentsOf(readStore, tally)).toEqual(await runnerBuild(eventStore, tally));
    expect(result?.position).toBeGreaterThan(2_000);
    expect(await readCheckpoint(readStore, 'tally_v1')).toBe(head);
    expect(await readStore.collection('tally_v1_documents__rebuild').count()).toBe(0);
    expect(
      await readStore
        .collection(CHECKPOINTS_COLLECTION)
        .count({ switchRequest: { $exists: true } }),
    ).toBe(0);
  });

  it('given the service applied events past the rebuild and then went down, when the rebuild switches, then it takes the lease and catches up itself: nothing the service applied is lost', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const lease = createMemoryLease();
    await count(eventStore, 1, 500);
    const service = await projectionsService(eventStore, readStore, lease);

    await cliRebuild(eventStore, readStore, lease, (progress) => {
      if (progress.phase !== 'switching') return;
      void (async () => {
        await count(eventStore, 501, 540);
        await service.runner?.waitForPosition(await eventStore.headPosition(), 2_000);
        await service.stop();
      })();
    });
    // The service starts again later, from the switched checkpoint.
    const restarted = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [tally],
      logger: silentLogger,
    });
    await count(eventStore, 541, 550);
    await restarted.start();
    await restarted.stop();

    expect(await documentsOf(readStore, tally)).toEqual(await runnerBuild(eventStore, tally));
  });
});
