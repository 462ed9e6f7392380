import { setTimeout as sleep } from 'node:timers/promises';
import type { Lease, LeaseHandle } from '@quitute/infra/lease';
import type { Logger } from '@quitute/infra/logging';
import type { ReadCollection, ReadDocument, ReadStore } from '@quitute/infra/read-store';
import type { ProjectionRunner } from './runner';

export type LeaseHolderStatus = 'idle' | 'waiting' | 'running' | 'stopping' | 'stopped';

/** Work that, like the runner, must run on one instance only (the payment process manager, the relay). */
export interface LeaseWorker {
  /** Resolves once it is under way (caught up); a rejection ends the term. */
  start(): Promise<void>;
  /** Stops it and waits for what it has in flight. */
  close(): Promise<void>;
}

export interface LeaseHolderOptions {
  lease: Lease;
  /** The read store the runners write to, shared with the other instances. */
  readStore: ReadStore;
  /**
   * A fresh runner for each term, over the read store it is given (the shared
   * one, closed to its writes once the lease is lost); it resumes from the
   * stored checkpoints.
   */
  createRunner: (readStore: ReadStore) => ProjectionRunner;
  /**
   * What else runs only while this instance holds the lease, by name (for the
   * logs): made fresh for each term over the term's read store, started with
   * its runner and closed before it stops. A worker that fails to start ends
   * the term, as a failed runner does.
   */
  createWorkers?: (readStore: ReadStore) => Record<string, LeaseWorker>;
  logger: Logger;
  /**
   * How long a new holder waits before its runner starts: a holder that lost
   * the lease the moment this one got it (its session was cut) may still have
   * a write on the way.
   */
  handoverMs?: number;
  /** Pause after a runner failed or the lease was lost, before contending again. */
  retryDelayMs?: number;
  /** How often a running runner is checked for a failure. */
  watchMs?: number;
}

type TermEnd = 'lost' | 'stopped' | 'failed';

/**
 * Keeps one active projector among the instances that share a lease
 * (ARCHITECTURE §3.3): it waits for the lease, runs a fresh runner while it
 * holds it and, the moment the lease is lost, closes the read store to that
 * runner's writes and stops it, so that a stale instance never writes over
 * the documents of the one that took over. Then it waits again, as a stand-by.
 */
export class LeaseHolder {
  #status: LeaseHolderStatus = 'idle';
  #runner: ProjectionRunner | undefined;
  #loop: Promise<void> | undefined;
  readonly #stopping = new AbortController();

  constructor(private readonly options: LeaseHolderOptions) {}

  /** 'waiting' as a stand-by, 'running' while holding the lease (the only time its runner writes). */
  get status(): LeaseHolderStatus {
    return this.#status;
  }

  /** The runner of the current term, while holding the lease. */
  get runner(): ProjectionRunner | undefined {
    return this.#runner;
  }

  /** Starts contending in the background; returns at once. */
  start(): void {
    this.#loop ??= this.#contend();
  }

  /** Stops the runner (its last batch written) and releases the lease to a stand-by. */
  async stop(): Promise<void> {
    this.#stopping.abort(new Error('the lease holder was stopped'));
    await this.#loop;
    this.#status = 'stopped';
  }

  async #contend(): Promise<void> {
    const { lease, logger } = this.options;
    const retryDelayMs = this.options.retryDelayMs ?? 5_000;
    const signal = this.#stopping.signal;
    const pause = (ms: number) =>
      sleep(ms, undefined, { signal }).then(
        () => true,
        () => false,
      );
    while (!signal.aborted) {
      this.#status = 'waiting';
      let handle: LeaseHandle;
      try {
        handle = await lease.acquire(signal);
      } catch (error) {
        if (signal.aborted) break;
        logger.error({ err: error }, 'projections: could not contend for the lease');
        await pause(retryDelayMs);
        continue;
      }
      logger.info({ lease: lease.kind }, 'projections: lease acquired');
      const end = await this.#term(handle, pause);
      await handle.release();
      this.#status = 'waiting';
      logger.info({ end }, 'projections: lease given up');
      // A holder whose runner failed or whose lease was taken from it (a cut
      // connection) is the likelier one to be unwell: a stand-by goes first.
      if (end !== 'stopped') await pause(retryDelayMs);
    }
  }

  /** Runs a fresh runner until the lease is lost, the holder stops or the runner fails. */
  async #term(handle: LeaseHandle, pause: (ms: number) => Promise<boolean>): Promise<TermEnd> {
    const { logger } = this.options;
    const signal = this.#stopping.signal;
    let holding = true;
    void handle.lost.then(() => {
      holding = false;
    });
    const handedOver = await Promise.race([
      pause(this.options.handoverMs ?? 2_000),
      handle.lost.then(() => false),
    ]);
    if (!handedOver) return holding ? 'stopped' : 'lost';

    const termStore = writableWhile(this.options.readStore, () => holding);
    const runner = this.options.createRunner(termStore);
    const workers = Object.entries(this.options.createWorkers?.(termStore) ?? {});
    this.#runner = runner;
    this.#status = 'running';
    const starting = runner.start();
    const workersStarting = Promise.all(
      workers.map(([name, worker]) =>
        worker.start().catch((error: unknown) => {
          logger.error({ err: error, worker: name }, 'projections: a worker did not start');
          throw error;
        }),
      ),
    );
    let watch: NodeJS.Timeout | undefined;
    let onStop: (() => void) | undefined;
    const end = await new Promise<TermEnd>((resolve) => {
      void handle.lost.then(() => resolve('lost'));
      onStop = () => resolve('stopped');
      if (signal.aborted) onStop();
      signal.addEventListener('abort', onStop, { once: true });
      starting.catch(() => resolve('failed'));
      workersStarting.catch(() => resolve('failed'));
      watch = setInterval(() => {
        if (runner.status === 'failed') resolve('failed');
      }, this.options.watchMs ?? 1_000);
    });
    clearInterval(watch);
    if (onStop) signal.removeEventListener('abort', onStop);
    this.#status = 'stopping';
    if (end === 'lost') logger.warn('projections: lease lost, stopping at once');
    const closeWorkers = () =>
      Promise.all(
        workers.map(([name, worker]) =>
          worker.close().catch((error: unknown) => {
            logger.error(
              { err: error, worker: name },
              'projections: a worker did not stop cleanly',
            );
          }),
        ),
      );
    await closeWorkers();
    // A worker closed while still starting may subscribe after that close: close it again then.
    void workersStarting.then(closeWorkers, closeWorkers);
    const stopRunner = () =>
      runner.stop().catch((error: unknown) => {
        logger.error({ err: error }, 'projections: runner did not stop cleanly');
      });
    await stopRunner();
    // Stopped while still reading its checkpoints, the runner subscribes after
    // that stop; stopping it again once its start has settled ends that too.
    void starting.then(stopRunner, () => {});
    this.#runner = undefined;
    return end;
  }
}

/**
 * The read store as a term's runner sees it: reads as usual, writes dropped
 * once `open()` turns false. A dropped write loses nothing: the checkpoint
 * after it is dropped too, so the next holder applies those events again.
 */
function writableWhile(readStore: ReadStore, open: () => boolean): ReadStore {
  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      const inner = readStore.collection<T>(name);
      return {
        get: (id) => inner.get(id),
        find: (filter, options) => inner.find(filter, options),
        count: (filter) => inner.count(filter),
        put: async (document) => {
          if (open()) await inner.put(document);
        },
        putMany: async (documents, options) => {
          if (open()) await inner.putMany(documents, options);
        },
        delete: async (id) => {
          if (open()) await inner.delete(id);
        },
        clear: async () => {
          if (open()) await inner.clear();
        },
      };
    },
    replaceCollection: async (target, source) => {
      if (open()) await readStore.replaceCollection(target, source);
    },
    // The shared store outlives every term; whoever opened it closes it.
    close: () => Promise.resolve(),
  };
}
