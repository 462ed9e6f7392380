import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import type {
  PgliteAnswer,
  PgliteErrorShape,
  PgliteRequest,
  PgliteWorkerData,
} from './pglite-worker';
import { startModuleWorker } from '../worker-threads';
import type { SqlClient } from './sql-client';

/**
 * Embedded PGlite, persisted in dataDir or in memory without one, running on a
 * thread of its own: its WebAssembly PostgreSQL executes the statements there
 * while this thread answers requests (the embedded shop's add-to-cart went from
 * about 830 to 1,130 requests a second) and, at a first start, applies the
 * page of the log read before. PGlite does not stop two processes from opening
 * the same directory (which corrupts it), so the directory is locked for as
 * long as the client is open.
 *
 * The thread keeps the process alive only while an answer is awaited, as a
 * query of PGlite on this thread did. If it dies, every answer awaited and
 * every later call fails with that, and listeners hear they are lost.
 */
export async function openPgliteClient(dataDir?: string): Promise<SqlClient> {
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const release = directory === undefined ? undefined : await lockDirectory(directory);
  const workerData: PgliteWorkerData = { directory };
  const worker = startModuleWorker(import.meta.url, 'pglite-worker', { workerData });
  const waiting = new Map<number, Pending>();
  const listeners = new Map<string, { onNotify: () => void; onLost: (error: unknown) => void }>();
  let nextId = 0;
  let ended: Error | undefined;
  let closing = false;

  const opened = new Promise<void>((resolveOpened, rejectOpened) => {
    worker.on('message', (answer: PgliteAnswer) => {
      if ('opened' in answer) return resolveOpened();
      if ('openFailed' in answer) return rejectOpened(databaseError(answer.openFailed));
      if ('notify' in answer) return listeners.get(answer.notify)?.onNotify();
      const pending = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) worker.unref();
      if (!pending) return;
      if ('error' in answer) pending.reject(databaseError(answer.error));
      else pending.resolve(answer);
    });
    const end = (error: Error) => {
      ended ??= error;
      rejectOpened(error);
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
      if (!closing) for (const { onLost } of listeners.values()) onLost(error);
      listeners.clear();
    };
    worker.on('error', end);
    worker.on('exit', (code) =>
      end(new Error(closing ? 'PGlite is closed' : `PGlite's thread stopped (exit code ${code})`)),
    );
  });
  try {
    await opened;
  } catch (error) {
    await worker.terminate();
    await release?.();
    throw error;
  }
  worker.unref();

  const ask = (request: DistributiveOmit<PgliteRequest, 'id'>): Promise<PgliteAnswer> => {
    if (ended) return Promise.reject(ended);
    const id = nextId++;
    return new Promise((resolveAnswer, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve: resolveAnswer, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A value the thread cannot be handed (structured clone refused it): nothing was sent.
        waiting.delete(id);
        if (waiting.size === 0) worker.unref();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  return {
    async query(text, params) {
      const answer = await ask({ op: 'query', text, params: params ? [...params] : [] });
      return 'rows' in answer ? answer.rows : [];
    },

    async script(text) {
      await ask({ op: 'script', text });
    },

    async listen(channel, onNotify, onLost) {
      listeners.set(channel, { onNotify, onLost });
      await ask({ op: 'listen', channel });
      return async () => {
        listeners.delete(channel);
        await ask({ op: 'unlisten', channel });
      };
    },

    async close() {
      try {
        await ask({ op: 'close' });
      } finally {
        closing = true;
        await worker.terminate();
        await release?.();
      }
    },
  };
}

interface Pending {
  resolve: (answer: PgliteAnswer) => void;
  reject: (error: Error) => void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An error of PGlite's thread as the store expects a driver's: its SQLSTATE in `code`. */
function databaseError(shape: PgliteErrorShape): Error {
  return Object.assign(new Error(shape.message), {
    ...(shape.code === undefined ? {} : { code: shape.code }),
    ...(shape.constraint === undefined ? {} : { constraint: shape.constraint }),
  });
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
