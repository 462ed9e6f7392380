import pg from 'pg';
import { leaseApplicationName } from '../lease/postgres';

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
