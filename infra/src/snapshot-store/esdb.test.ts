import { describe, it } from 'vitest';
import { resolveTestServer } from '../testing';
import { snapshotStoreContract } from './contract';
import { createEsdbSnapshotStore } from './esdb';

// No container here: the event store's EventStoreDB suite starts one when Docker is there.
const server = await resolveTestServer({
  adapter: 'eventstoredb snapshots',
  envVar: 'QUITUTE_TEST_ESDB_URL',
});

if ('skipped' in server) {
  describe.skip('SnapshotStore contract: EventStoreDB', () => {
    it(`skipped: ${server.skipped}`, () => {});
  });
} else {
  snapshotStoreContract('EventStoreDB', async () => ({
    store: await createEsdbSnapshotStore({ url: server.url }),
    cleanup: async () => {},
  }));
}
