import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveTestServer } from '../testing';
import { snapshotStoreContract } from './contract';
import { createEsdbSnapshotStore, snapshotStreamPrefix } from './esdb';

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

  describe('EventStoreDB snapshot streams on the server', () => {
    it('given a stream never snapshotted, when snapshots are written, then its snapshot stream has maxCount 1 and reads back one event', async () => {
      const esdb = await import('@eventstore/db-client');
      const client = esdb.EventStoreDBClient.connectionString(server.url);
      const store = await createEsdbSnapshotStore({ url: server.url });
      const streamName = `user-${randomUUID()}`;
      try {
        for (const revision of [3, 7, 11]) {
          await store.write(streamName, { version: 'user-1', revision, position: 1, state: {} });
        }

        const { metadata } = await client.getStreamMetadata(snapshotStreamPrefix + streamName);
        expect(metadata).toMatchObject({ maxCount: 1 });
        const events = [];
        for await (const resolved of client.readStream(snapshotStreamPrefix + streamName)) {
          events.push(resolved.event?.revision);
        }
        expect(events).toEqual([2n]);
      } finally {
        await store.close();
        await client.dispose();
      }
    });
  });
}
