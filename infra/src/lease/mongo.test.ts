import { randomUUID } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { resolveMongoTestServer } from '../testing';
import { leaseContract } from './contract';
import { createMongoLease } from './mongo';
import type { Lease } from './port';

const server = await resolveMongoTestServer();

if ('skipped' in server) {
  describe('Lease contract: MongoDB lease document', () => {
    it.skip(`skipped: ${server.skipped}`, () => {});
  });
} else {
  afterAll(() => server.stop());
  const ttlMs = 900;

  leaseContract('MongoDB lease document', async () => {
    const { MongoClient } = await import('mongodb');
    // A throwaway database per run, dropped afterwards, so runs never share a lease.
    const database = `quitute_test_${randomUUID().replaceAll('-', '')}`;
    const name = 'projections';
    const clients = new Map<Lease, MongoClient>();
    return {
      async contender() {
        // A client per contender, as each process has its own: killing one cuts only it.
        const client = new MongoClient(server.url);
        await client.connect();
        const lease = createMongoLease({ db: client.db(database), name, ttlMs, pollMs: 100 });
        const own: Lease = {
          kind: lease.kind,
          acquire: (signal) => lease.acquire(signal),
          close: async () => {
            await lease.close();
            await client.close();
          },
        };
        clients.set(own, client);
        return own;
      },
      kill: async (holder) => {
        await clients.get(holder)?.close(true);
      },
      takeoverMs: ttlMs,
      cleanup: async () => {
        const client = new MongoClient(server.url);
        try {
          await client.db(database).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
}
