import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { SqlClient } from './sql-client';

/**
 * PGlite's PostgreSQL settings beyond its defaults (never through `postgresqlconf`: it
 * rewrites the data directory's postgresql.conf).
 *
 * - plan_cache_mode=force_custom_plan: plpgsql keeps a statement's generic plan for the
 *   life of the connection, and PGlite is one connection that never runs ANALYZE. The
 *   append functions' plans, made on a young log, scanned the whole events table (the
 *   batch append's check for ids already stored): 16 concurrent writers went from 1 ms
 *   to 8.6 ms an append over the first 48,000 events. Planned per call they stay flat
 *   (0.4–0.8 ms here).
 * - shared_buffers=16MB: PostgreSQL's 128 MB default lives in PGlite's WebAssembly heap,
 *   which never shrinks; 16 MB kept the embedded shop ~170 MB smaller, appends no slower
 *   and a scan of the whole log ~10% slower (the OS caches the data directory anyway).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'plan_cache_mode=force_custom_plan',
  '-c',
  'shared_buffers=16MB',
];

/**
 * Embedded PGlite, persisted in dataDir or in memory without one. PGlite does not
 * stop two processes from opening the same directory (which corrupts it), so the
 * directory is locked for as long as the client is open.
 */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const release = directory === undefined ? undefined : await lockDirectory(directory);
  let db: PGlite;
  try {
    db = await PGlite.create(directory, { startParams: PGLITE_START_PARAMS });
  } catch (error) {
    await release?.();
    throw error;
  }

  return {
    async query(text, params) {
      const result = await db.query<Record<string, unknown>>(text, params ? [...params] : []);
      return result.rows;
    },

    async script(text) {
      await db.transaction(async (tx) => {
        await tx.exec(text);
      });
    },

    async listen(channel, onNotify) {
      return db.listen(channel, () => onNotify());
    },

    async close() {
      try {
        await db.close();
      } finally {
        await release?.();
      }
    },
  };
}

async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  await mkdir(directory, { recursive: true });
  try {
    return await takeLock(directory);
  } catch (error) {
    if (!isLockedError(error)) throw error;
    // A holder on this machine that no longer runs (killed, crashed) cannot refresh its
    // lock: it is made stale at once, which proper-lockfile then takes over, instead of
    // refusing every start for 20 s after a crash.
    if (await holderIsGone(directory)) {
      await utimes(`${directory}.lock`, 0, 0).catch(() => {});
      try {
        return await takeLock(directory);
      } catch (retryError) {
        if (!isLockedError(retryError)) throw retryError;
      }
    }
    throw new Error(`Another Quitute process is using ${directory}`, { cause: error });
  }
}

/** Who holds the lock: written beside it once taken, removed before it is released. */
const holderFile = (directory: string) => `${directory}.holder`;

async function takeLock(directory: string): Promise<() => Promise<void>> {
  // The lock lives beside the directory (<dir>.lock) so PGlite's own files stay untouched.
  // A holder that died leaves it behind; it counts as stale once not refreshed for 20 s,
  // or at once when the holder is known gone (holderIsGone).
  // If the lock is ever compromised proper-lockfile throws, ending the process:
  // better than two writers on one database.
  const release = await lockfile.lock(directory, { stale: 20_000, update: 5_000, retries: 0 });
  const holder = { pid: process.pid, host: hostname() };
  await writeFile(holderFile(directory), JSON.stringify(holder));
  return async () => {
    await rm(holderFile(directory), { force: true });
    await release();
  };
}

/**
 * The lock's holder ran on this host (same hostname: another container may
 * share the directory with pids of its own) and its process no longer exists.
 * Unknown (no holder file, unreadable) counts as alive: the 20 s rule decides.
 */
async function holderIsGone(directory: string): Promise<boolean> {
  let holder: unknown;
  try {
    holder = JSON.parse(await readFile(holderFile(directory), 'utf8'));
  } catch {
    return false;
  }
  if (
    typeof holder !== 'object' ||
    holder === null ||
    !('pid' in holder) ||
    !('host' in holder) ||
    typeof holder.pid !== 'number' ||
    holder.host !== hostname() ||
    holder.pid === process.pid
  ) {
    return false;
  }
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ESRCH';
  }
}

function isLockedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ELOCKED';
}
