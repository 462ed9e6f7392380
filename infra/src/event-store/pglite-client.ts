import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import lockfile from 'proper-lockfile';
import type {
  PgliteAnswer,
  PgliteAssets,
  PgliteErrorShape,
  PgliteRequest,
  PgliteWorkerData,
} from './pglite-worker';
import { makePrivateDirectory } from '../private-directory';
import { startModuleWorker } from '../worker-threads';
import { StoreUnavailableError } from './port';
import type { SqlClient } from './sql-client';
import { retryDelayMs } from './subscription-retry';

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
 * query of PGlite on this thread did. If it stops on its own, the answers
 * awaited fail and listeners hear they are lost. On a directory they fail with
 * StoreUnavailableError (503: try again), and the next call starts a new thread
 * there, which recovers what was committed from PGlite's WAL; the lock stays
 * held throughout. Threads that keep stopping are started again at most as
 * often as restartDelayMs allows, and calls before then fail at once. In memory
 * the data died with the thread, so every later call fails too.
 *
 * PGlite's WebAssembly memory grows to the largest work it was given and never
 * shrinks, so renew() closes the thread once the answers it owes are given and
 * opens a new one on the directory (calls wait meanwhile); in memory it does
 * nothing, the data living in the thread. Figures: BENCHMARKS.md.
 */
export async function openPgliteClient(
  dataDir?: string,
  options: {
    /** For tests: told each thread started, so that one can stop it as a crash would. */
    onThreadStart?: (worker: Worker) => void;
  } = {},
): Promise<SqlClient> {
  const directory = dataDir === undefined ? undefined : resolve(dataDir);
  const assets = await pgliteAssets();
  const release = directory === undefined ? undefined : await lockDirectory(directory);
  const listeners = new Map<string, Listener>();
  let closing = false;
  let closed: Promise<void> | undefined;
  /** Threads that stopped one after another with no answer between them. */
  let stoppedInARow = 0;
  let restartAt = 0;
  /** Set while renew() replaces the thread: calls wait for it. */
  let renewing: Promise<void> | undefined;

  const start = (): Thread =>
    startThread(directory, assets, options.onThreadStart, {
      notify: (channel) => listeners.get(channel)?.onNotify(),
      stopped: (cause) => {
        if (closing) return cause;
        stoppedInARow += 1;
        restartAt = Date.now() + restartDelayMs(stoppedInARow);
        return directory === undefined ? cause : new StoreUnavailableError(cause);
      },
      lost: (error) => {
        if (closing) return;
        const lost = [...listeners.values()];
        listeners.clear();
        // Each on its own turn: one that throws cannot keep the others from hearing it.
        for (const { onLost } of lost) queueMicrotask(() => onLost(error));
      },
    });

  let thread = start();
  try {
    await thread.opened;
  } catch (error) {
    await thread.terminate();
    await release?.();
    throw error;
  }

  /** The thread to ask: the one running, or a new one in place of one that stopped. */
  const running = (): Thread => {
    if (closing) throw new Error('PGlite is closed');
    if (!thread.stopped) return thread;
    if (directory === undefined || Date.now() < restartAt) throw thread.stopped;
    thread = start();
    return thread;
  };

  /** The thread to ask once any renewal is over. */
  const current = async (): Promise<Thread> => {
    // A renewal that failed left a stopped thread, which running() starts again as after a crash.
    while (renewing) await renewing.catch(() => {});
    return running();
  };

  const ask = async (request: Request): Promise<PgliteAnswer> => {
    // Every append and read passes here: no extra turn unless a renewal is under way.
    const target = renewing ? await current() : running();
    const answer = await target.ask(request);
    stoppedInARow = 0;
    return answer;
  };

  /** Closes the thread once it has answered what it was asked, and opens a new one listening where it listened. */
  const replaceThread = async (): Promise<void> => {
    const old = thread;
    if (!old.stopped) {
      await old.drained();
      try {
        await old.ask({ op: 'close' });
      } finally {
        await old.terminate();
      }
    }
    const renewed = start();
    thread = renewed;
    // As unavailable, as a crash's calls fail: the thread's exit has told why by then.
    await renewed.opened.catch((error: unknown) => {
      throw renewed.stopped ?? error;
    });
    for (const [channel, listener] of listeners) {
      await renewed.ask({ op: 'listen', channel });
      listener.thread = renewed;
    }
    // What was notified between the two threads went unheard: each listener looks for itself.
    for (const listener of listeners.values()) queueMicrotask(() => listener.onNotify());
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
      const listener: Listener = { onNotify, onLost, thread: undefined };
      try {
        const listening = await current();
        listeners.set(channel, listener);
        await listening.ask({ op: 'listen', channel });
        listener.thread ??= listening;
        stoppedInARow = 0;
      } catch (error) {
        if (listeners.get(channel) === listener) listeners.delete(channel);
        throw error;
      }
      return async () => {
        if (listeners.get(channel) === listener) listeners.delete(channel);
        // Only where it listens: a thread started since never heard this LISTEN (a renewal
        // listens again on its new thread), and is not started for an UNLISTEN.
        const listening = listener.thread;
        if (listening === thread && !listening.stopped) {
          await listening.ask({ op: 'unlisten', channel });
        }
      };
    },

    async renew() {
      if (directory === undefined || closing) return;
      renewing ??= replaceThread().finally(() => {
        renewing = undefined;
      });
      await renewing;
    },

    close() {
      closed ??= (async () => {
        closing = true;
        await renewing?.catch(() => {});
        // Whichever thread is current, even one still opening: PGlite closes once open.
        const last = thread;
        try {
          if (!last.stopped) await last.ask({ op: 'close' });
        } finally {
          await last.terminate();
          await release?.();
        }
      })();
      return closed;
    },
  };
}

/**
 * How long after the last thread stopped a new one may start: at once after one (a crash
 * is answered by starting again), then 100 ms, 200 ms, … 5 s, so that a thread that dies
 * as it opens costs little.
 */
function restartDelayMs(stoppedInARow: number): number {
  return stoppedInARow <= 1 ? 0 : retryDelayMs(stoppedInARow - 1);
}

interface Listener {
  onNotify: () => void;
  onLost: (error: unknown) => void;
  /** The thread that heard its LISTEN. */
  thread: Thread | undefined;
}

type Request = DistributiveOmit<PgliteRequest, 'id'>;

/** One PGlite thread on the directory, from its start to its exit. */
interface Thread {
  /** Settles once PGlite is open there; rejects with why it could not open. */
  readonly opened: Promise<void>;
  /** Set once the thread has exited: what its awaited answers, and asks since, failed with. */
  readonly stopped: Error | undefined;
  /** Requests sent before PGlite is open wait on the thread's port until it is. */
  ask(request: Request): Promise<PgliteAnswer>;
  /** Settles once no answer is awaited from the thread (at once when none is). */
  drained(): Promise<void>;
  /** Stops the thread on purpose: answers still awaited fail with "PGlite is closed". */
  terminate(): Promise<void>;
}

let assetsRead: Promise<PgliteAssets> | undefined;

/** PGlite's WebAssembly and file-system bundle, for every thread of this process. */
function pgliteAssets(): Promise<PgliteAssets> {
  assetsRead ??= (async () => {
    const packaged = createRequire(import.meta.url);
    const compile = async (file: string) =>
      WebAssembly.compile(await readFile(packaged.resolve(`@electric-sql/pglite/${file}`)));
    const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
      compile('pglite.wasm'),
      compile('initdb.wasm'),
      readFile(packaged.resolve('@electric-sql/pglite/pglite.data')),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle };
  })();
  // A failed read is not kept: the next client reads again.
  assetsRead.catch(() => {
    assetsRead = undefined;
  });
  return assetsRead;
}

function startThread(
  directory: string | undefined,
  assets: PgliteAssets,
  onThreadStart: ((worker: Worker) => void) | undefined,
  client: {
    notify: (channel: string) => void;
    /** Told the thread stopped on its own; returns what its awaited answers fail with. */
    stopped: (cause: Error) => Error;
    /** Then told, with that error, to tell the listeners. */
    lost: (error: Error) => void;
  },
): Thread {
  const workerData: PgliteWorkerData = { directory, assets };
  const worker = startModuleWorker(import.meta.url, 'pglite-worker', { workerData });
  onThreadStart?.(worker);
  const waiting = new Map<number, Pending>();
  let nextId = 0;
  let isOpen = false;
  let terminating = false;
  /** What went wrong before the thread exits: its uncaught error, or why PGlite did not open. */
  let cause: Error | undefined;
  let stopped: Error | undefined;

  /** Told once nothing is awaited from the thread. */
  let onDrained: (() => void)[] = [];
  const idle = () => {
    if (waiting.size > 0) return;
    if (isOpen) worker.unref();
    const told = onDrained;
    onDrained = [];
    for (const resolveDrained of told) resolveDrained();
  };
  let resolveOpened = (): void => {};
  let rejectOpened = (_error: Error): void => {};
  const opened = new Promise<void>((resolveOpen, rejectOpen) => {
    resolveOpened = resolveOpen;
    rejectOpened = rejectOpen;
  });
  // Only the first thread's opening is awaited; a later one's failure reaches its askers.
  opened.catch(() => {});

  worker.on('message', (answer: PgliteAnswer) => {
    if ('opened' in answer) {
      isOpen = true;
      idle();
      return resolveOpened();
    }
    if ('openFailed' in answer) {
      cause = databaseError(answer.openFailed);
      return;
    }
    if ('notify' in answer) return client.notify(answer.notify);
    const pending = waiting.get(answer.id);
    waiting.delete(answer.id);
    idle();
    if (!pending) return;
    if ('error' in answer) pending.reject(databaseError(answer.error));
    else pending.resolve(answer);
  });
  worker.on('error', (error) => {
    cause ??= error;
  });
  // The thread is over only at its exit (after an error too): no new thread starts on the
  // directory before then.
  worker.on('exit', (code) => {
    const reason = terminating
      ? new Error('PGlite is closed')
      : (cause ?? new Error(`PGlite's thread stopped (exit code ${code})`));
    rejectOpened(reason);
    stopped = terminating ? reason : client.stopped(reason);
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
    idle();
    if (!terminating) client.lost(stopped);
  });

  return {
    opened,
    get stopped() {
      return stopped;
    },
    ask(request) {
      if (stopped) return Promise.reject(stopped);
      const id = nextId++;
      return new Promise((resolveAnswer, reject) => {
        if (waiting.size === 0) worker.ref();
        waiting.set(id, { resolve: resolveAnswer, reject });
        try {
          worker.postMessage({ ...request, id });
        } catch (error) {
          // A value the thread cannot be handed (structured clone refused it): nothing was sent.
          waiting.delete(id);
          idle();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    drained() {
      return waiting.size === 0
        ? Promise.resolve()
        : new Promise((resolveDrained) => onDrained.push(resolveDrained));
    },
    async terminate() {
      terminating = true;
      await worker.terminate();
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
  // PGlite writes its files 0666: the folder keeps them (hashes, CPFs in its WAL) the shop's.
  makePrivateDirectory(directory);
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
