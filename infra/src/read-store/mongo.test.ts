import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { resolveMongoTestServer } from '../testing';
import { readStoreContract } from './contract';
import { createMongoReadStore } from './mongo';

const server = await resolveMongoTestServer();

if ('skipped' in server) {
  describe('ReadStore contract: mongodb', () => {
    it.skip(`skipped: ${server.skipped}`, () => {});
  });
} else {
  afterAll(() => server.stop());

  readStoreContract('mongodb', async () => {
    // A throwaway database per test, dropped afterwards, so runs never share data.
    const database = `quitute_test_${randomUUID().replaceAll('-', '')}`;
    const store = await createMongoReadStore({ url: server.url, database });
    return {
      store,
      cleanup: async () => {
        const { MongoClient } = await import('mongodb');
        const client = new MongoClient(server.url);
        try {
          await client.db(database).dropDatabase();
        } finally {
          await client.close();
          await store.close();
        }
      },
    };
  });
}
