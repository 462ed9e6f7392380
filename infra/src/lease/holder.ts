import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logging';
import type { Lease, LeaseHandle } from './port';

export type LeaseHolderStatus = 'idle' | 'waiting' | 'running' | 'stopping' | 'stopped';

/** What runs only while this instance holds the lease: made fresh for each term. */
export interface LeaseTerm {
  /** Resolves once it is under way (caught up); a rejection ends the term. */
  start(): Promise<void>;
  /** Stops it and waits for what it has in flight. */
  close(): Promise<void>;
  /** Checked every watchMs while it runs: true ends the term (a projection runner that failed). */
  failed?(): boolean;
  /**
   * Checked with `failed`: a reason ends the term too, and is reported by the
   * holder's `failure` (a relay or a process manager that can no longer follow the log).
   */
  failure?(): string | undefined;
}

export interface LeaseHolderOptions {
  lease: Lease;
  /** Who holds it, for the logs ('projections: lease acquired'). */
  name: string;
  /** The term's work; `holding()` turns false the moment the lease is lost. */
  createTerm: (holding: () => boolean) => LeaseTerm;
  logger: Logger;
  /**
   * How long a new holder waits before its term starts: a holder that lost
   * the lease the moment this one got it (its session was cut) may still have
   * a write on the way.
   */
  handoverMs?: number;
  /** Pause after a term failed or the lease was lost, before contending again. */
  retryDelayMs?: number;
  /** How often a running term is checked for a failure. */
  watchMs?: number;
}

type TermEnd = 'lost' | 'stopped' | 'failed';

/**
 * Keeps one active instance of some work among the processes that share a
 * lease (ARCHITECTURE §3.3): it waits for the lease, runs a fresh term while
 * it holds it and stops that term the moment the lease is lost, then waits
 * again, as a stand-by.
 */
export class LeaseHolder {
  #status: LeaseHolderStatus = 'idle';
  #failure: string | undefined;
  #loop: Promise<void> | undefined;
  readonly #stopping = new AbortController();

  constructor(private readonly options: LeaseHolderOptions) {}

  /** 'waiting' as a stand-by, 'running' while holding the lease (the only time its term runs). */
  get status(): LeaseHolderStatus {
    return this.#status;
  }

  /**
   * Why its last term failed (its work failed to start or reported a failure; the
   * lease was given up to a stand-by), until a term of this instance runs well
   * again: for /health, so that a holder that gave up is never silently "ok".
   */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** Starts contending in the background; returns at once. */
  start(): void {
    this.#loop ??= this.#contend();
  }

  /** Stops the term (what it has in flight done) and releases the lease to a stand-by. */
  async stop(): Promise<void> {
    this.#stopping.abort(new Error('the lease holder was stopped'));
    await this.#loop;
    this.#status = 'stopped';
  }

  async #contend(): Promise<void> {
    const { lease, logger, name } = this.options;
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
        logger.error({ err: error }, `${name}: could not contend for the lease`);
        await pause(retryDelayMs);
        continue;
      }
      logger.info({ lease: lease.kind }, `${name}: lease acquired`);
      const end = await this.#term(handle, pause);
      await handle.release();
      this.#status = 'waiting';
      logger.info({ end }, `${name}: lease given up`);
      // A holder whose term failed or whose lease was taken from it (a cut
      // connection) is the likelier one to be unwell: a stand-by goes first.
      if (end !== 'stopped') await pause(retryDelayMs);
    }
  }

  /** Runs a fresh term until the lease is lost, the holder stops or the term fails. */
  async #term(handle: LeaseHandle, pause: (ms: number) => Promise<boolean>): Promise<TermEnd> {
    const { logger, name } = this.options;
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

    const term = this.options.createTerm(() => holding);
    this.#status = 'running';
    const starting = term.start();
    let watch: NodeJS.Timeout | undefined;
    let onStop: (() => void) | undefined;
    const fail = (reason: string) => {
      this.#failure = reason;
      logger.error({ reason }, `${name}: the lease's work failed; giving the lease up`);
    };
    const end = await new Promise<TermEnd>((resolve) => {
      void handle.lost.then(() => resolve('lost'));
      onStop = () => resolve('stopped');
      if (signal.aborted) onStop();
      signal.addEventListener('abort', onStop, { once: true });
      starting.then(
        () => {
          this.#failure = undefined;
        },
        (error: unknown) => {
          fail(`did not start: ${error instanceof Error ? error.message : String(error)}`);
          resolve('failed');
        },
      );
      watch = setInterval(() => {
        const reason = term.failure?.() ?? (term.failed?.() ? 'its work failed' : undefined);
        if (reason === undefined) return;
        fail(reason);
        resolve('failed');
      }, this.options.watchMs ?? 1_000);
    });
    clearInterval(watch);
    if (onStop) signal.removeEventListener('abort', onStop);
    this.#status = 'stopping';
    if (end === 'lost') logger.warn(`${name}: lease lost, stopping at once`);
    const close = () =>
      term.close().catch((error: unknown) => {
        logger.error({ err: error }, `${name}: the lease's work did not stop cleanly`);
      });
    await close();
    // Closed while still starting, it may subscribe after that close: closed again once its start settles.
    void starting.then(close, close);
    return end;
  }
}
