import { describe, it } from 'vitest';
import { resolveTestServer } from '../testing';
import { eventStoreContract } from './contract';
import { createEsdbEventStore } from './esdb';

const server = await resolveTestServer({
  adapter: 'eventstoredb',
  envVar: 'QUITUTE_TEST_ESDB_URL',
  startContainer: async () => {
    // Loaded here so a machine without Docker never pays for (or trips over) testcontainers.
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('kurrentplatform/kurrentdb:25.1')
      .withEnvironment({
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_CLUSTER_SIZE: '1',
        KURRENTDB_RUN_PROJECTIONS: 'None',
        KURRENTDB_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(
        Wait.forHttp('/health/live', 2113).forStatusCodeMatching(
          (status) => status >= 200 && status < 300,
        ),
      )
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
      stop: async () => {
        await container.stop();
      },
    };
  },
});

if ('skipped' in server) {
  describe.skip('EventStore contract: EventStoreDB', () => {
    it(`skipped: ${server.skipped}`, () => {});
  });
} else {
  eventStoreContract(
    'EventStoreDB',
    async () => {
      const store = await createEsdbEventStore({ url: server.url });
      return {
        store,
        cleanup: async () => {
          await store.close();
          await server.stop();
        },
      };
    },
    { concurrency: { writers: 8, appendsPerWriter: 250 }, idsUniqueAcrossStreams: false },
  );
}
