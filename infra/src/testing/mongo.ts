import { resolveTestServer, type TestServer } from './reachability';

/**
 * A MongoDB server for a contract suite: `QUITUTE_TEST_MONGO_URL`, else a
 * testcontainers MongoDB 7 (needs Docker), else a printed skip.
 */
export function resolveMongoTestServer(): Promise<TestServer> {
  return resolveTestServer({
    adapter: 'mongodb',
    envVar: 'QUITUTE_TEST_MONGO_URL',
    startContainer: async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('mongo:7.0')
        .withExposedPorts(27017)
        .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
        .start();
      return {
        url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
        stop: async () => {
          await container.stop();
        },
      };
    },
  });
}
