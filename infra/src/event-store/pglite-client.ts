import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import lockfile from 'proper-lockfile';
import type { SqlClient } from './sql-client';

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
    db = await PGlite.create(directory);
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
    // The lock lives beside the directory (<dir>.lock) so PGlite's own files stay untouched.
    // A crashed process leaves it behind; it counts as stale once not refreshed for 20 s.
    // If the lock is ever compromised proper-lockfile throws, ending the process:
    // better than two writers on one database.
    return await lockfile.lock(directory, { stale: 20_000, update: 5_000, retries: 0 });
  } catch (error) {
    if (isLockedError(error)) {
      throw new Error(`Another Quitute process is using ${directory}`, { cause: error });
    }
    throw error;
  }
}

function isLockedError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ELOCKED';
}
