import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { leaseApplicationName } from '../lease/postgres';
import { describeWithServer } from './reachability';

/**
 * Defines the suites that need a PostgreSQL server: the one named by
 * QUITUTE_TEST_POSTGRES_URL, else the local default. An unreachable default is
 * a printed skip; an unreachable server that the variable names is a failure.
 */
export function describeWithPostgres(title: string, define: (url: string) => void): Promise<void> {
  return describeWithServer(
    {
      adapter: 'postgres',
      envVar: 'QUITUTE_TEST_POSTGRES_URL',
      defaultUrl: 'postgres://postgres@127.0.0.1:5432/test',
      probe,
    },
    title,
    (url) => define(withoutWaitingForDisk(url)),
  );
}

/**
 * The tests' sessions commit without waiting for the disk: no test crashes the server
 * (a terminated session loses nothing committed), and 8,000 appends each waiting for an
 * fsync were the slowest test of the suite.
 */
function withoutWaitingForDisk(url: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', '-c synchronous_commit=off');
  return withOptions.href;
}

async function probe(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
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

/**
 * A schema name of its own, so that parallel runs on one server never see each
 * other's tables; `drop` removes it with everything in it.
 */
export function throwawaySchema(url: string): { schema: string; drop: () => Promise<void> } {
  const schema = `quitute_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  return {
    schema,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Ends the PostgreSQL session that holds the advisory-lock lease `name`, as a
 * crash or a cut network would: the server frees the lock, the holder's
 * connection dies.
 */
export async function terminatePostgresLeaseHolder(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `SELECT pg_terminate_backend(l.pid)
         FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1`,
      [leaseApplicationName(name)],
    );
  } finally {
    await client.end();
  }
}
