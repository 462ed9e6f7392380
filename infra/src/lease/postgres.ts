import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import { silentLogger, type Logger } from '../logging';
import type { Lease, LeaseHandle } from './port';
import { pause, settled } from './wait';

export interface PostgresLeaseOptions {
  url: string;
  /** Processes that name the same lease contend for it. */
  name: string;
  /** How often a stand-by tries to take the lock. */
  pollMs?: number;
  /** How often the holder proves its connection alive; a query slower than this counts as dead. */
  heartbeatMs?: number;
  logger?: Logger;
}

const DEFAULT_POLL_MS = 1_000;
const DEFAULT_HEARTBEAT_MS = 5_000;

/** The 64-bit advisory lock key of a lease name. */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`quitute-lease:${name}`).digest().readBigInt64BE(0).toString();
}

/** What the lease's connections call themselves in pg_stat_activity (at most 63 bytes). */
export function leaseApplicationName(name: string): string {
  return `quitute-lease:${name}`.slice(0, 63);
}

/**
 * A PostgreSQL session advisory lock on a connection of its own. The server
 * releases the lock when that session ends, so a holder that dies (process
 * killed, connection cut, backend terminated) frees it at once. The holder
 * hears of it through the connection's error/end events, or through a
 * heartbeat that fails or hangs when the connection is silently gone.
 */
export function createPostgresLease(options: PostgresLeaseOptions): Lease {
  const { url, name } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const logger = options.logger ?? silentLogger;
  const key = advisoryLockKey(name);
  const closing = new AbortController();
  const held = new Set<LeaseHandle>();

  const connect = async (): Promise<Client> => {
    // Loaded on the first connection: a shop that holds no lease never loads `pg`.
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: url,
      application_name: leaseApplicationName(name),
      keepAlive: true,
      query_timeout: heartbeatMs,
      // The server's side of a cut network: it drops a holder that stopped answering
      // within about half a minute, and with it the lock.
      options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
    });
    // Until the lock is held, a dropped connection only shows as a failed poll.
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };

  const hold = (client: Client): LeaseHandle => {
    const lost = settled();
    let ended = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const end = async (): Promise<void> => {
      if (ended) return;
      ended = true;
      clearTimeout(heartbeat);
      held.delete(handle);
      client.removeAllListeners('end');
      lost.resolve();
      // Ending the session is what releases a session-level advisory lock; on a
      // silent connection the goodbye may never be answered, so it is bounded.
      await Promise.race([
        client.end().catch(() => {}),
        sleep(heartbeatMs, undefined, { ref: false }),
      ]);
    };
    const onLost = (reason: unknown) => {
      if (ended) return;
      logger.warn({ err: reason, lease: name }, 'lease lost: its PostgreSQL session ended');
      void end();
    };
    const beat = () => {
      heartbeat = setTimeout(() => {
        client.query('SELECT 1').then(beat, onLost);
      }, heartbeatMs);
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('connection closed')));
    beat();
    const handle: LeaseHandle = { lost: lost.promise, release: end };
    held.add(handle);
    return handle;
  };

  return {
    kind: 'postgres',

    async acquire(signal) {
      const aborted = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      for (;;) {
        aborted.throwIfAborted();
        let client: Client | undefined;
        try {
          client = await connect();
          for (;;) {
            aborted.throwIfAborted();
            const { rows } = await client.query<{ held: boolean }>(
              'SELECT pg_try_advisory_lock($1::bigint) AS held',
              [key],
            );
            if (rows[0]?.held) {
              const handle = hold(client);
              client = undefined;
              return handle;
            }
            await pause(pollMs, aborted);
          }
        } catch (error) {
          aborted.throwIfAborted();
          logger.warn({ err: error, lease: name }, 'lease: PostgreSQL unreachable, trying again');
          await pause(pollMs, aborted);
        } finally {
          await client?.end().catch(() => {});
        }
      }
    },

    async close() {
      closing.abort(new Error('the lease was closed'));
      await Promise.all([...held].map((handle) => handle.release()));
    },
  };
}
