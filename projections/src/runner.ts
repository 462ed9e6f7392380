import type { EventStore, RecordedEvent, Subscription } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { ReadStore } from '@quitute/infra/read-store';
import { readCheckpoint, writeCheckpoint } from '@quitute/infra/projection-progress';
import type { Projection } from './projection';

export type RunnerStatus = 'idle' | 'catching-up' | 'live' | 'failed' | 'stopped';

/** Checkpoints are written at least this often while catching up; always when caught up. */
const CHECKPOINT_EVERY = 1_000;

/**
 * Runs declared projections: one catch-up-then-live subscription to $all from
 * the lowest stored checkpoint; each event goes to the projections that handle
 * it and have not applied it yet. A document remembers the last position
 * applied to it (`_position`), so a re-delivered event changes nothing; a
 * checkpoint per projection says where to resume. A crash re-delivers, it
 * never loses.
 */
export class ProjectionRunner {
  #status: RunnerStatus = 'idle';
  #position = 0;
  #checkpoints = new Map<string, number>();
  #unsaved = new Map<string, number>();
  #appliedSinceSave = 0;
  #subscription: Subscription | undefined;
  #waiters = new Set<{ position: number; resolve: (reached: boolean) => void }>();
  #failure: unknown;

  constructor(
    private readonly options: {
      eventStore: EventStore;
      readStore: ReadStore;
      projections: readonly Projection[];
      logger: Logger;
    },
  ) {}

  get status(): RunnerStatus {
    return this.#status;
  }

  /** Every projection has applied the log up to here. */
  get position(): number {
    return this.#position;
  }

  /** Resolves once the stored log has been applied (the read models are ready to serve). */
  async start(): Promise<void> {
    const { eventStore, readStore, projections } = this.options;
    for (const projection of projections) {
      this.#checkpoints.set(projection.name, await readCheckpoint(readStore, projection.name));
    }
    this.#position = Math.min(...this.#checkpoints.values(), Number.MAX_SAFE_INTEGER);
    if (this.#position === Number.MAX_SAFE_INTEGER) this.#position = 0;
    this.#status = 'catching-up';

    await new Promise<void>((resolve, reject) => {
      let started = false;
      this.#subscription = eventStore.subscribeToAll({
        ...(this.#position > 0 ? { fromPosition: this.#position } : {}),
        onEvent: (event) => this.#apply(event),
        onCaughtUp: (position) => {
          void this.#caughtUp(position).then(() => {
            if (!started) {
              started = true;
              resolve();
            }
          }, reject);
        },
        onError: (error) => {
          this.#fail(error);
          if (!started) reject(error instanceof Error ? error : new Error(String(error)));
        },
      });
    });
  }

  async stop(): Promise<void> {
    await this.#subscription?.stop();
    await this.#saveCheckpoints();
    this.#status = 'stopped';
    for (const waiter of this.#waiters) waiter.resolve(false);
    this.#waiters.clear();
  }

  /** Read-your-writes: resolves true once `position` is applied, false after `timeoutMs`. */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.#position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  async #apply(event: RecordedEvent): Promise<void> {
    const { readStore, projections } = this.options;
    for (const projection of projections) {
      if ((this.#checkpoints.get(projection.name) ?? 0) >= event.position) continue;
      if (projection.handles(event.type)) {
        const collection = readStore.collection(projection.collection);
        const { documentId, evolve } = projection.route(event);
        const stored = await collection.get(documentId);
        const applied = stored?.['_position'];
        if (!(typeof applied === 'number' && applied >= event.position)) {
          const next = evolve(stored);
          if (next) await collection.put({ ...next, _position: event.position });
          else if (stored) await collection.delete(documentId);
        }
      }
      this.#checkpoints.set(projection.name, event.position);
      this.#unsaved.set(projection.name, event.position);
    }
    this.#advance(event.position);
    this.#appliedSinceSave += 1;
    if (this.#appliedSinceSave >= CHECKPOINT_EVERY) await this.#saveCheckpoints();
  }

  async #caughtUp(position: number): Promise<void> {
    await this.#saveCheckpoints();
    if (this.#status === 'catching-up') {
      this.#status = 'live';
      this.options.logger.info({ position }, 'projections caught up');
    }
    this.#advance(position);
  }

  #advance(position: number): void {
    if (position <= this.#position) return;
    this.#position = position;
    for (const waiter of this.#waiters) {
      if (waiter.position <= position) waiter.resolve(true);
    }
  }

  async #saveCheckpoints(): Promise<void> {
    const pending = [...this.#unsaved];
    this.#unsaved.clear();
    this.#appliedSinceSave = 0;
    for (const [name, position] of pending) {
      await writeCheckpoint(this.options.readStore, name, position);
    }
  }

  #fail(error: unknown): void {
    this.#status = 'failed';
    this.#failure = error;
    this.options.logger.error({ err: error }, 'projection runner stopped on an error');
  }

  get failure(): unknown {
    return this.#failure;
  }
}
