import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { reportSkip } from '../testing';
import { snapshotStoreContract } from './contract';
import { createPostgresStores } from './sql-stores';

const envUrl = process.env['QUITUTE_TEST_POSTGRES_URL'];
const url = envUrl || 'postgres://postgres@127.0.0.1:5432/test';
const unreachable = await probe(url);

if (unreachable === undefined) {
  snapshotStoreContract('PostgreSQL server', async () => {
    const schema = `quitute_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const { eventStore, snapshotStore } = await createPostgresStores({ url, schema });
    return {
      store: snapshotStore,
      cleanup: async () => {
        await eventStore.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        } finally {
          await client.end();
        }
      },
    };
  });
} else if (envUrl) {
  describe('SnapshotStore contract: PostgreSQL server', () => {
    it('reaches the server named by QUITUTE_TEST_POSTGRES_URL', () => {
      throw new Error(
        `QUITUTE_TEST_POSTGRES_URL is set but the server does not answer: ${unreachable}`,
      );
    });
  });
} else {
  reportSkip(
    'postgres',
    `QUITUTE_TEST_POSTGRES_URL is not set and ${url} does not answer (${unreachable})`,
  );
  describe.skip('SnapshotStore contract: PostgreSQL server', () => {
    it('needs a PostgreSQL server', () => {});
  });
}

async function probe(target: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}
