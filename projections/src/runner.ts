import { assertNever } from '@quitute/contracts';
import type {
  EventStore,
  RecordedEvent,
  RetryInfo,
  Subscription,
} from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { ReadCollection, ReadDocument, ReadStore } from '@quitute/infra/read-store';
import {
  readCheckpoint,
  writeCheckpoint,
  type HealthReport,
} from '@quitute/infra/projection-progress';
import type { Projection } from './projection';
import {
  applyLogToCollections,
  checkpointDetails,
  rebuildCollectionName,
  rebuildProjections,
  type OnProgress,
  type RebuildResult,
} from './rebuild';
import { answerSwitchRequest, pendingSwitchRequests, type SwitchRequest } from './switch-requests';
import { verifyProjection, type VerifyResult } from './verify';

export type RunnerStatus = 'idle' | 'catching-up' | 'live' | 'failed' | 'stopped';

/** A projection whose handler threw on an event: it stays before that event until fixed and restarted. */
export interface StoppedProjection {
  name: string;
  position: number;
  eventType: string;
  error: string;
}

/** Events applied in memory before they are written out; always written when caught up. */
const BATCH_EVENTS = 500;

/** A document as the current batch has it: loaded once, evolved in memory, written once. */
interface Pending {
  document: ReadDocument | null;
  /** Global position of the last event applied to it (`_position`), 0 for none. */
  position: number;
  changed: boolean;
  /** Whether the read store holds a version of it (so a null document must be deleted). */
  stored: boolean;
}

interface ProjectionState {
  projection: Projection;
  collection: ReadCollection;
  /** Highest position this projection has applied (or skipped) in memory. */
  checkpoint: number;
  /** Highest position stored in the read store with this projection's documents. */
  saved: number;
  batch: Map<string, Pending>;
  stopped: StoppedProjection | undefined;
  /** A rebuild or a verification of it is running (one at a time). */
  busy: 'rebuild' | 'verify' | undefined;
  /** Its stored checkpoint's details (error, rebuilding) are out of date. */
  detailsChanged: boolean;
}

/** No projection of that name runs here. */
export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';
  constructor(readonly projection: string) {
    super(`unknown projection ${projection}`);
  }
}

/** A rebuild or verification of that projection is already running. */
export class ProjectionBusyError extends Error {
  override readonly name = 'ProjectionBusyError';
  constructor(
    readonly projection: string,
    readonly running: 'rebuild' | 'verify',
  ) {
    super(`a ${running} of ${projection} is already running`);
  }
}

/**
 * Runs declared projections: one catch-up-then-live subscription to $all from
 * the lowest stored checkpoint; each event goes to the projections that handle
 * it and have not applied it yet. A document remembers the last position
 * applied to it (`_position`), so a re-delivered event changes nothing; a
 * checkpoint per projection says where to resume. A crash re-delivers, it
 * never loses.
 *
 * Events are applied in batches: a document is read (and parsed) once per
 * batch, evolved in memory, and the batch's documents are written with one
 * putMany, then the checkpoints. A batch is written when it is full and
 * whenever the subscription has caught up (after each live burst), and only
 * then does `position` move: a reader that waited for a position, or that saw a
 * checkpoint, finds every document of it already stored.
 *
 * A projection whose handler (route or evolve) throws stops at that event: its
 * checkpoint stays before it (the event is never skipped), the others go on, and
 * health() reports it until a fixed version is started, which resumes from the
 * checkpoint. The subscription itself heals from store failures (it retries);
 * health() is degraded meanwhile.
 */
export class ProjectionRunner {
  #status: RunnerStatus = 'idle';
  #position = 0;
  #states: ProjectionState[] = [];
  #batchEvents = 0;
  #batchPosition = 0;
  #flushing: Promise<void> | undefined;
  /** The event being applied, once past the pause (the subscription hands over the next one once it settles). */
  #applying: Promise<void> | undefined;
  /** Set while a rebuild switches a collection: applying waits for it. */
  #paused: Promise<void> | undefined;
  #subscription: Subscription | undefined;
  #waiters = new Set<{ position: number; resolve: (reached: boolean) => void }>();
  #failure: unknown;
  #retrying: RetryInfo | undefined;
  #switchWatch: NodeJS.Timeout | undefined;
  /** The switch requests being answered (switch-requests.ts), one look at a time. */
  #answering: Promise<void> | undefined;

  constructor(
    private readonly options: {
      eventStore: EventStore;
      readStore: ReadStore;
      projections: readonly Projection[];
      logger: Logger;
      /** How often it looks for a rebuild's switch request from another process (default 1 s). */
      switchPollMs?: number;
    },
  ) {}

  get status(): RunnerStatus {
    return this.#status;
  }

  /**
   * Every running projection has applied the log up to here, and its documents are
   * stored. A stopped projection is left out: read-your-writes keeps working for the
   * others instead of every request waiting out its timeout; the stopped one's read
   * model is stale meanwhile, which health() says.
   */
  get position(): number {
    return this.#position;
  }

  /** Resolves once the stored log has been applied (the read models are ready to serve). */
  async start(): Promise<void> {
    const { eventStore, readStore, projections } = this.options;
    for (const projection of projections) {
      await readStore.ensureIndexes(projection.collection, projection.indexes);
      const checkpoint = await readCheckpoint(readStore, projection.name);
      this.#states.push({
        projection,
        collection: readStore.collection(projection.collection),
        checkpoint,
        saved: checkpoint,
        batch: new Map(),
        stopped: undefined,
        busy: undefined,
        // The first flush writes the checkpoint with its details, so GET
        // /api/admin/projections lists it from the first start on.
        detailsChanged: true,
      });
    }
    this.#position = Math.min(...this.#states.map((state) => state.checkpoint));
    if (!Number.isFinite(this.#position)) this.#position = 0;
    this.#batchPosition = this.#position;
    this.#status = 'catching-up';
    this.#watchSwitchRequests();

    await new Promise<void>((resolve, reject) => {
      let started = false;
      this.#subscription = eventStore.subscribeToAll({
        ...(this.#position > 0 ? { fromPosition: this.#position } : {}),
        onEvent: (event) => this.#apply(event),
        onRetry: (info) => {
          this.#retrying = info;
          this.options.logger.warn(
            { err: info.error, attempt: info.attempt, delayMs: info.delayMs },
            'event subscription failed, reading again after a pause',
          );
        },
        onCaughtUp: (position) => {
          if (this.#retrying) {
            this.options.logger.info(
              { position, attempts: this.#retrying.attempt },
              'event subscription recovered',
            );
            this.#retrying = undefined;
          }
          this.#caughtUp(position).then(
            () => {
              if (!started) {
                started = true;
                resolve();
              }
            },
            (error: unknown) => {
              this.#fail(error);
              if (!started) {
                started = true;
                reject(error instanceof Error ? error : new Error(String(error)));
              }
            },
          );
        },
        onError: (error) => {
          this.#fail(error);
          if (!started) {
            started = true;
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      });
    });
  }

  async stop(): Promise<void> {
    clearInterval(this.#switchWatch);
    await this.#answering;
    await this.#subscription?.stop();
    if (this.#status !== 'failed') await this.#flush();
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

  /** Projections stopped on an event they could not apply (see the class comment). */
  get stoppedProjections(): StoppedProjection[] {
    return this.#states.flatMap((state) => (state.stopped ? [state.stopped] : []));
  }

  /** ok once caught up and every projection runs; degraded (with the reason) while catching up, retrying or with a projection stopped; failed once the runner has stopped. */
  health(): HealthReport {
    switch (this.#status) {
      case 'failed':
        return { status: 'failed', reason: `projections stopped: ${errorMessage(this.#failure)}` };
      case 'stopped':
        return { status: 'failed', reason: 'projections stopped' };
      case 'idle':
      case 'catching-up':
      case 'live':
        break;
      default:
        return assertNever(this.#status);
    }
    const reasons: string[] = [];
    if (this.#retrying) {
      reasons.push(
        `event store unreachable, retrying (attempt ${this.#retrying.attempt}): ${errorMessage(this.#retrying.error)}`,
      );
    } else if (this.#status !== 'live') {
      reasons.push('catching up with the event log');
    }
    for (const stopped of this.stoppedProjections) {
      reasons.push(
        `projection ${stopped.name} stopped at position ${stopped.position} (${stopped.eventType}): ${stopped.error}`,
      );
    }
    return reasons.length === 0
      ? { status: 'ok' }
      : { status: 'degraded', reason: reasons.join('; ') };
  }

  /** Applies the event once no rebuild holds the runner (not async: no extra promise per event otherwise). */
  #apply(event: RecordedEvent): Promise<void> {
    if (this.#paused) return this.#paused.then(() => this.#apply(event));
    const applying = this.#applyEvent(event);
    this.#applying = applying;
    return applying;
  }

  async #applyEvent(event: RecordedEvent): Promise<void> {
    // A flush started by onCaughtUp may still be writing the batch this event would join.
    if (this.#flushing) await this.#flushing;
    if (this.#status === 'failed') throw this.#failure;
    for (const state of this.#states) {
      if (state.stopped || state.checkpoint >= event.position) continue;
      if (state.projection.handles(event.type) && !(await this.#applyTo(state, event))) continue;
      state.checkpoint = event.position;
    }
    this.#batchPosition = event.position;
    this.#batchEvents += 1;
    if (this.#batchEvents >= BATCH_EVENTS) await this.#flush();
  }

  /**
   * Applies one event to one projection's document; false when its handler threw,
   * which stops that projection there. A read store failure is not the projection's
   * fault and fails the runner as before.
   */
  async #applyTo(state: ProjectionState, event: RecordedEvent): Promise<boolean> {
    let routed: ReturnType<Projection['route']>;
    try {
      routed = state.projection.route(event);
    } catch (error) {
      this.#stopProjection(state, event, error);
      return false;
    }
    const documentId = routed.documentId;
    let pending = state.batch.get(documentId);
    if (!pending) {
      const stored = await state.collection.get(documentId);
      const applied = stored?.['_position'];
      pending = {
        document: stored,
        position: typeof applied === 'number' ? applied : 0,
        changed: false,
        stored: stored !== null,
      };
      state.batch.set(documentId, pending);
    }
    if (pending.position < event.position) {
      let next: ReadDocument | null;
      try {
        next = routed.evolve(pending.document);
      } catch (error) {
        this.#stopProjection(state, event, error);
        return false;
      }
      pending.document = next;
      pending.position = event.position;
      pending.changed = true;
    }
    return true;
  }

  #stopProjection(state: ProjectionState, event: RecordedEvent, error: unknown): void {
    state.detailsChanged = true;
    state.stopped = {
      name: state.projection.name,
      position: event.position,
      eventType: event.type,
      error: errorMessage(error),
    };
    this.options.logger.error(
      {
        err: error,
        projection: state.projection.name,
        position: event.position,
        eventType: event.type,
        eventId: event.id,
      },
      'projection stopped on an event it cannot apply; the others go on',
    );
  }

  async #caughtUp(position: number): Promise<void> {
    while (this.#paused) await this.#paused;
    // Every event up to `position` has been delivered; what lies between the last one
    // and `position` (holes proven permanent) concerns no projection.
    for (const state of this.#states) {
      if (!state.stopped && state.checkpoint < position) state.checkpoint = position;
    }
    if (this.#batchPosition < position) this.#batchPosition = position;
    await this.#flush();
    if (this.#status === 'catching-up') {
      this.#status = 'live';
      this.options.logger.info({ position }, 'projections caught up');
    }
  }

  /** Writes the batch's documents, then the checkpoints, then moves `position`; one at a time. */
  #flush(): Promise<void> {
    const flushing = (this.#flushing ?? Promise.resolve()).then(() => this.#write());
    const settled = flushing.finally(() => {
      if (this.#flushing === settled) this.#flushing = undefined;
    });
    this.#flushing = settled;
    return settled;
  }

  async #write(): Promise<void> {
    const position = this.#batchPosition;
    this.#batchEvents = 0;
    for (const state of this.#states) {
      const batch = state.batch;
      state.batch = new Map();
      const documents: ReadDocument[] = [];
      for (const [documentId, pending] of batch) {
        if (!pending.changed) continue;
        if (pending.document) documents.push({ ...pending.document, _position: pending.position });
        else if (pending.stored) {
          await state.collection.delete(documentId, {
            guard: { field: '_position', value: pending.position },
          });
        }
      }
      // Guarded: a deposed lease holder's batch landing late never rolls a newer document back.
      if (documents.length > 0) await state.collection.putMany(documents, { guard: '_position' });
      if (state.checkpoint > state.saved || state.detailsChanged) {
        state.detailsChanged = false;
        await writeCheckpoint(
          this.options.readStore,
          state.projection.name,
          state.checkpoint,
          this.#details(state),
        );
        state.saved = state.checkpoint;
      }
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

  #fail(error: unknown): void {
    if (this.#status === 'failed') return;
    this.#status = 'failed';
    this.#failure = error;
    this.options.logger.error({ err: error }, 'projection runner stopped on an error');
  }

  get failure(): unknown {
    return this.#failure;
  }

  /** The projections it runs, in order. */
  get projectionNames(): string[] {
    return this.options.projections.map((projection) => projection.name);
  }

  /**
   * Blue/green rebuild of running projections (see rebuild.ts; one pass over the
   * log for all): built into scratch collections while the live ones serve, then,
   * with this runner's applying paused, caught up with what it applied meanwhile,
   * switched atomically, and their checkpoints set; the runner goes on with them
   * on the new collections. Rejects with ProjectionBusyError while another
   * rebuild or verify of one of them runs.
   */
  async rebuild(names: readonly string[], onProgress?: OnProgress): Promise<RebuildResult[]> {
    const states = this.#claim(names, 'rebuild');
    const switched = new Set<ProjectionState>();
    try {
      for (const state of states) state.detailsChanged = true;
      await this.#writeDetails();
      return await rebuildProjections({
        eventStore: this.options.eventStore,
        readStore: this.options.readStore,
        projections: states.map((state) => state.projection),
        checkpointDetails: (projection) => checkpointDetails(projection),
        ...(onProgress ? { onProgress } : {}),
        switchOver: (tail) =>
          this.#whilePaused(async () => {
            const position = await tail(
              Math.max(this.#batchPosition, ...states.map((state) => state.checkpoint)),
            );
            for (const state of states) {
              state.checkpoint = Math.max(state.checkpoint, position);
              state.saved = state.checkpoint;
              state.stopped = undefined;
              state.busy = undefined;
              switched.add(state);
            }
            return position;
          }),
      });
    } finally {
      const failed = states.filter((state) => !switched.has(state));
      if (failed.length > 0) {
        // It failed before the switch: the live collections and checkpoints stay as they were.
        for (const state of failed) {
          state.busy = undefined;
          state.detailsChanged = true;
        }
        await this.#writeDetails().catch(() => {});
      }
    }
  }

  #watchSwitchRequests(): void {
    this.#switchWatch = setInterval(() => {
      if (this.#answering || this.#status === 'failed' || this.#status === 'stopped') return;
      this.#answering = this.#answerSwitchRequests()
        .catch((error: unknown) => {
          this.options.logger.error({ err: error }, 'could not answer a rebuild switch request');
        })
        .finally(() => {
          this.#answering = undefined;
        });
    }, this.options.switchPollMs ?? 1_000);
    this.#switchWatch.unref();
  }

  /**
   * A rebuild made by another process (the CLI on the distributed stores) asks this
   * runner, the single writer, to switch its scratch collections in: with applying
   * paused, they are caught up from where that rebuild stopped to where this runner
   * is, swapped in and checkpointed, and the runner goes on with them.
   */
  async #answerSwitchRequests(): Promise<void> {
    for (const request of await pendingSwitchRequests(this.options.readStore)) {
      const states = this.#states.filter((state) =>
        request.switchRequest.projections.includes(state.projection.name),
      );
      // Another version's projections are not this runner's to switch; a busy one waits its turn.
      if (states.length !== request.switchRequest.projections.length) continue;
      if (states.some((state) => state.busy)) continue;
      for (const state of states) state.busy = 'rebuild';
      try {
        await this.#whilePaused(() => this.#switchRequested(request, states));
      } finally {
        for (const state of states) state.busy = undefined;
      }
    }
  }

  async #switchRequested(request: SwitchRequest, states: ProjectionState[]): Promise<void> {
    const { eventStore, readStore, logger } = this.options;
    // Every projection's documents up to its checkpoint are stored (the pause flushed).
    const to = Math.max(this.#batchPosition, ...states.map((state) => state.checkpoint));
    const from = request.switchRequest.position;
    try {
      await applyLogToCollections({
        eventStore,
        targets: states.map(({ projection }) => ({
          projection,
          collection: readStore.collection(rebuildCollectionName(projection)),
        })),
        from,
        to,
      });
    } catch (error) {
      logger.error({ err: error, request: request._id }, 'rebuild switch refused');
      await answerSwitchRequest(readStore, request, {
        state: 'failed',
        error: errorMessage(error),
      });
      return;
    }
    await answerSwitchRequest(readStore, request, { state: 'switching' });
    for (const state of states) {
      await readStore.replaceCollection(
        state.projection.collection,
        rebuildCollectionName(state.projection),
      );
      state.checkpoint = to;
      state.stopped = undefined;
      state.busy = undefined;
      await writeCheckpoint(readStore, state.projection.name, to, this.#details(state));
      state.saved = to;
      state.detailsChanged = false;
    }
    await answerSwitchRequest(readStore, request, { state: 'switched', switchedAt: to });
    logger.info(
      { projections: request.switchRequest.projections, from, to },
      'rebuilt projections switched in',
    );
  }

  /** `projections verify`: the live collection against a rebuild from the log (see verify.ts). */
  async verify(name: string, onProgress?: OnProgress): Promise<VerifyResult> {
    const [state] = this.#claim([name], 'verify');
    if (!state) throw new UnknownProjectionError(name);
    try {
      return await verifyProjection({
        eventStore: this.options.eventStore,
        readStore: this.options.readStore,
        projection: state.projection,
        ...(onProgress ? { onProgress } : {}),
      });
    } finally {
      state.busy = undefined;
    }
  }

  /** A rebuild or a verification of that projection is running. */
  isBusy(name: string): boolean {
    return this.#states.some((state) => state.projection.name === name && state.busy);
  }

  #claim(names: readonly string[], operation: 'rebuild' | 'verify'): ProjectionState[] {
    const states = names.map((name) => {
      const state = this.#states.find((candidate) => candidate.projection.name === name);
      if (!state) throw new UnknownProjectionError(name);
      if (state.busy) throw new ProjectionBusyError(name, state.busy);
      return state;
    });
    for (const state of states) state.busy = operation;
    return states;
  }

  #details(state: ProjectionState) {
    const { stopped } = state;
    return checkpointDetails(state.projection, {
      rebuilding: state.busy === 'rebuild',
      error: stopped
        ? { position: stopped.position, eventType: stopped.eventType, message: stopped.error }
        : null,
    });
  }

  /** Writes the changed checkpoint details now, in turn with the batches (the pause flushes). */
  #writeDetails(): Promise<void> {
    return this.#whilePaused(() => Promise.resolve());
  }

  /**
   * Runs `task` with no event being applied: waits for the one in progress, writes
   * the batch, and holds the next ones (and the caught-up flushes) until it is done.
   */
  async #whilePaused<T>(task: () => Promise<T>): Promise<T> {
    while (this.#paused) await this.#paused;
    let resume: () => void = () => {};
    this.#paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    try {
      await this.#applying?.catch(() => {});
      await this.#flush();
      return await task();
    } finally {
      this.#paused = undefined;
      resume();
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
