import type { Pool } from 'pg';
import { asStoreError } from './connection-failure';
import type { SqlClient } from './sql-client';

/**
 * A PostgreSQL server through a `pg` pool; LISTEN gets a connection of its own.
 * A query that fails because the server is down or unreachable rejects with
 * StoreUnavailableError (503 at the HTTP edge); the pool reconnects by itself
 * once the server is back.
 * Every connection carries `applicationName`, so an operator (or a test) can find
 * the store's sessions in pg_stat_activity.
 */
export async function openPgClient(
  url: string,
  poolSize = 10,
  applicationName = 'quitute-event-store',
): Promise<SqlClient> {
  // Loaded here, not at the module's top: a shop on its embedded PGlite never loads `pg`.
  const { default: pg } = await import('pg');
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
  });
  // An idle pooled connection that dies (server restart) emits 'error' on the pool;
  // unhandled, that would crash the process. The pool drops it and the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const listeners = new Set<() => Promise<void>>();

  return {
    async query(text, params, options) {
      try {
        const result = await pool.query<Record<string, unknown>>({
          text,
          values: params ? [...params] : [],
          ...(options?.name ? { name: options.name } : {}),
        });
        return result.rows;
      } catch (error) {
        throw asStoreError(error);
      }
    },

    async script(text) {
      const client = await pool.connect().catch((error: unknown) => {
        throw asStoreError(error);
      });
      try {
        await client.query('BEGIN');
        await client.query(text);
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        client.release(true);
        throw asStoreError(error);
      }
    },

    // A pooled connection cannot hold a LISTEN (it is handed to other queries), so the
    // listener owns a client. It does not reconnect by itself: the subscriptions that
    // rely on it hear of the loss, and listen again when they retry (with their backoff).
    async listen(channel, onNotify, onLost) {
      const client = new pg.Client({ connectionString: url, application_name: applicationName });
      let listening = false;
      let ended = false;
      const end = async (): Promise<void> => {
        ended = true;
        listeners.delete(unlisten);
        await client.end().catch(() => {});
      };
      const unlisten = async (): Promise<void> => {
        if (!ended) await end();
      };
      const drop = (error: unknown): void => {
        if (ended) return;
        void end();
        if (listening) onLost(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      // Stays attached for the client's life: an 'error' without a listener crashes the process.
      client.on('error', drop);
      client.on('end', () => drop(new Error('The LISTEN connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN "${channel}"`);
      } catch (error) {
        await end();
        throw error;
      }
      listening = true;
      listeners.add(unlisten);
      return unlisten;
    },

    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}
