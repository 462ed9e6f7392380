import pg from 'pg';
import type { SqlClient } from './sql-client';

const listenerRetryMs = 1_000;

/** A PostgreSQL server through a `pg` pool; LISTEN gets a connection of its own. */
export async function openPgClient(url: string, poolSize = 10): Promise<SqlClient> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
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
      const result = await pool.query<Record<string, unknown>>({
        text,
        values: params ? [...params] : [],
        ...(options?.name ? { name: options.name } : {}),
      });
      return result.rows;
    },

    async script(text) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(text);
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        client.release(true);
        throw error;
      }
    },

    async listen(channel, onNotify) {
      const stop = await listenWithReconnect(url, channel, onNotify);
      const unlisten = async (): Promise<void> => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },

    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

/**
 * A pooled connection cannot hold a LISTEN (it is handed to other queries), so the
 * listener owns a client. If that connection drops, it reconnects and wakes the
 * subscriber once, because notifications sent meanwhile are lost.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => reconnectSoon(next));
    next.on('end', () => reconnectSoon(next));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const reconnectSoon = (failed: pg.Client): void => {
    if (closed || retryTimer || (client !== undefined && client !== failed)) return;
    client = undefined;
    failed.removeAllListeners('end');
    failed.end().catch(() => {});
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(onNotify, () => reconnectSoon(failed));
    }, listenerRetryMs);
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  };
}
