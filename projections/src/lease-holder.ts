import {
  LeaseHolder as Holder,
  type LeaseHolderOptions as HolderOptions,
  type LeaseHolderStatus,
  type LeaseTerm,
} from '@quitute/infra/lease';
import { combineHealth, type HealthReport } from '@quitute/infra/projection-progress';
import type { ReadCollection, ReadDocument, ReadStore } from '@quitute/infra/read-store';
import type { ProjectionRunner } from './runner';

/**
 * Work that, like the runner, must run on one instance only (the relay): started
 * and closed with it. A failure it reports ends the term (the lease goes to a
 * stand-by); its health is part of the instance's.
 */
export type LeaseWorker = Pick<LeaseTerm, 'start' | 'close' | 'failure'> & {
  health?(): HealthReport;
};

/** infra's holder's options (the lease, the handover wait, the pause after a bad term, the failure check), and each term's work. */
export interface LeaseHolderOptions extends Pick<
  HolderOptions,
  'lease' | 'logger' | 'handoverMs' | 'retryDelayMs' | 'watchMs'
> {
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
}

/**
 * Keeps one active projector among the instances that share a lease
 * (ARCHITECTURE §3.3): infra's LeaseHolder running, in each term, a fresh
 * runner over a read store closed to its writes the moment the lease is lost,
 * so that a stale instance never writes over the documents of the one that
 * took over.
 */
export class LeaseHolder {
  #runner: ProjectionRunner | undefined;
  #workers: [string, LeaseWorker][] = [];
  readonly #holder: Holder;

  constructor(options: LeaseHolderOptions) {
    const { lease, logger, handoverMs, retryDelayMs, watchMs } = options;
    this.#holder = new Holder({
      lease,
      name: 'projections',
      logger,
      handoverMs,
      retryDelayMs,
      watchMs,
      createTerm: (holding) => {
        const termStore = writableWhile(options.readStore, holding);
        const runner = options.createRunner(termStore);
        const workers = Object.entries(options.createWorkers?.(termStore) ?? {});
        this.#runner = runner;
        this.#workers = workers;
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
        return {
          start: async () => {
            await Promise.all([
              runner.start(),
              ...workers.map(([name, worker]) =>
                worker.start().catch((error: unknown) => {
                  logger.error({ err: error, worker: name }, 'projections: a worker did not start');
                  throw error;
                }),
              ),
            ]);
          },
          failure: () => {
            if (runner.status === 'failed') {
              const report = runner.health();
              return report.status === 'ok' ? 'projections failed' : report.reason;
            }
            for (const [name, worker] of workers) {
              const failure = worker.failure?.();
              if (failure !== undefined) return `${name}: ${failure}`;
            }
            return undefined;
          },
          close: async () => {
            await closeWorkers();
            await runner.stop().catch((error: unknown) => {
              logger.error({ err: error }, 'projections: runner did not stop cleanly');
            });
            if (this.#runner === runner) {
              this.#runner = undefined;
              this.#workers = [];
            }
          },
        };
      },
    });
  }

  /** 'waiting' as a stand-by, 'running' while holding the lease (the only time its runner writes). */
  get status(): LeaseHolderStatus {
    return this.#holder.status;
  }

  /** The runner of the current term, while holding the lease. */
  get runner(): ProjectionRunner | undefined {
    return this.#runner;
  }

  /**
   * /health: the term's runner and workers while holding the lease; a stand-by
   * is ok, unless its own last term failed (it gave the lease up): then failed
   * with the reason, until a term of its own runs well again.
   */
  health(): HealthReport {
    const runner = this.#runner;
    if (runner) {
      return combineHealth(
        runner.health(),
        ...this.#workers.map(([, worker]) => worker.health?.() ?? { status: 'ok' as const }),
      );
    }
    const failure = this.#holder.failure;
    return failure === undefined
      ? { status: 'ok' }
      : { status: 'failed', reason: `lease given up to a stand-by: ${failure}` };
  }

  /** Starts contending in the background; returns at once. */
  start(): void {
    this.#holder.start();
  }

  /** Stops the runner (its last batch written) and releases the lease to a stand-by. */
  async stop(): Promise<void> {
    await this.#holder.stop();
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
        put: async (document, options) => {
          if (open()) await inner.put(document, options);
        },
        putMany: async (documents, options) => {
          if (open()) await inner.putMany(documents, options);
        },
        delete: async (id, options) => {
          if (open()) await inner.delete(id, options);
        },
        clear: async () => {
          if (open()) await inner.clear();
        },
      };
    },
    ensureIndexes: async (name, specs) => {
      if (open()) await readStore.ensureIndexes(name, specs);
    },
    listIndexes: (name) => readStore.listIndexes(name),
    replaceCollection: async (target, source) => {
      if (open()) await readStore.replaceCollection(target, source);
    },
    // The shared store outlives every term; whoever opened it closes it.
    close: () => Promise.resolve(),
  };
}
