import type { EventStore, FoldsPassedPages, RecordedEvent } from '@quitute/infra/event-store';
import {
  writeCheckpoint,
  type ProjectionCheckpointDetails,
  type ProjectionError,
} from '@quitute/infra/projection-progress';
import type { ReadCollection, ReadDocument, ReadStore } from '@quitute/infra/read-store';
import type { BuiltDocument, DocumentBuild, Projection } from './projection';

/** Events read from the log per page, and documents per putMany, while rebuilding. */
const PAGE_EVENTS = 5_000;
const WRITE_DOCUMENTS = 5_000;

/** Where a rebuild or a verification is: `position` of `head`, `events` read so far. */
export interface RebuildProgress {
  projection: string;
  phase: 'reading' | 'writing' | 'switching' | 'comparing';
  events: number;
  position: number;
  head: number;
  elapsedMs: number;
}

export type OnProgress = (progress: RebuildProgress) => void;

export interface RebuildResult {
  projection: string;
  collection: string;
  /** Events of the log read (every type; the projection handles some of them). */
  events: number;
  documents: number;
  /** The projection's checkpoint after the switch. */
  position: number;
  elapsedMs: number;
}

/** A projection's handler threw on an event while rebuilding: the live collection is left as it was. */
export class RebuildFailedError extends Error {
  override readonly name = 'RebuildFailedError';
  constructor(
    readonly projection: string,
    readonly position: number,
    readonly eventType: string,
    cause: unknown,
  ) {
    super(
      `${projection} failed on ${eventType} at position ${position}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** The documents a rebuild holds in memory: each with the position of the last event applied to it. */
export type BuiltDocuments = ReadonlyMap<string, BuiltDocument>;

/** The scratch collection a rebuild writes before it replaces the live one. */
export function rebuildCollectionName(projection: Projection): string {
  return `${projection.collection}__rebuild`;
}

/** One projection being built in memory, and the ids a catch-up touched. */
export interface Build {
  projection: Projection;
  build: DocumentBuild;
  touched?: Set<string>;
}

export function startBuild(projection: Projection): Build {
  return { projection, build: projection.startBuild() };
}

/**
 * Applies the log's events in (from, to] to every build whose projection
 * handles them (the fast path: documents evolve in a Map, no read store round
 * trip; one pass over the log however many projections), noting each touched id
 * in `touched`. Returns how many events were read.
 */
export async function applyLog(options: {
  eventStore: Pick<EventStore, 'readAll'>;
  builds: readonly Build[];
  from: number;
  to: number;
  onPage?: (events: number, position: number) => void;
  /** Folds of the log handed every page read too, in order, while the next one is read. */
  folds?: readonly FoldsPassedPages[] | undefined;
}): Promise<number> {
  const { eventStore, builds, to } = options;
  const readAfter = (position: number) =>
    eventStore.readAll({ fromPosition: position, maxCount: PAGE_EVENTS });
  let read = 0;
  // The next page is asked for before this one is applied: a store in another
  // process (PostgreSQL, EventStoreDB) reads it while this process applies.
  let next = options.from < to ? readAfter(options.from) : undefined;
  while (next) {
    const page = await next;
    const last = page.at(-1)?.position;
    next = last !== undefined && last < to ? readAfter(last) : undefined;
    try {
      // Up to `to` only: past the settled position an append may still be in flight below
      // an event the page holds.
      const upTo = last !== undefined && last > to ? page.filter((e) => e.position <= to) : page;
      for (const fold of options.folds ?? []) await fold.catchUp(upTo);
      for (const event of page) {
        if (event.position > to) break;
        read += 1;
        for (const build of builds) {
          if (build.projection.handles(event.type)) applyEvent(build, event);
        }
      }
    } catch (error) {
      // The page asked for ahead is no longer wanted, but its read is let finish first (its
      // failure ignored): when the caller hears of the failure (and may close the store),
      // no read of the rebuild is still running.
      await next?.catch(() => {});
      throw error;
    }
    if (last !== undefined) options.onPage?.(read, Math.min(last, to));
    // An embedded store (PGlite) may answer with promises alone: without a turn of
    // the event loop per page, a running shop would answer no request until the end.
    await nextTurn();
  }
  return read;
}

function applyEvent({ projection, build, touched }: Build, event: RecordedEvent): void {
  let documentId: string | undefined;
  try {
    documentId = build.apply(event);
  } catch (error) {
    throw new RebuildFailedError(projection.name, event.position, event.type, error);
  }
  if (documentId !== undefined) touched?.add(documentId);
}

/** A projection's checkpoint details when it runs (no error) and no rebuild is under way. */
export function checkpointDetails(
  projection: Projection,
  state: { error?: ProjectionError | null; rebuilding?: boolean } = {},
): ProjectionCheckpointDetails {
  return {
    collection: projection.collection,
    eventTypes: projection.eventTypes,
    error: state.error ?? null,
    rebuilding: state.rebuilding ?? false,
  };
}

/** Lets the event loop serve what waits (requests of a running shop) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A built document as the runner stores it: with `_position`, the last event applied to it. */
export function storedForm(document: ReadDocument, position: number): ReadDocument {
  return { ...document, _position: position };
}

/** Writes built documents (handed over: a build's documents are dropped once written). */
async function writeBuilt(
  collection: ReadCollection,
  built: BuiltDocuments,
  ids: Iterable<string>,
): Promise<number> {
  let batch: ReadDocument[] = [];
  let written = 0;
  for (const id of ids) {
    const entry = built.get(id);
    if (!entry) continue;
    if (entry.document === null) {
      await collection.delete(id);
      continue;
    }
    batch.push(storedForm(entry.document, entry.position));
    if (batch.length >= WRITE_DOCUMENTS) {
      await collection.putMany(batch, { handedOver: true });
      written += batch.length;
      batch = [];
      await nextTurn();
    }
  }
  if (batch.length > 0) await collection.putMany(batch, { handedOver: true });
  return written + batch.length;
}

/**
 * How the switch is serialised with whoever keeps the projection live. `tail`
 * must run while nothing else writes the projection's collection or checkpoint;
 * `delivered` is the position up to which the live keeper has applied the log
 * (its documents stored), so the rebuilt collection catches up to it before it
 * replaces the live one. Without a keeper (a stopped shop) it is called right away.
 */
export type SwitchOver = (tail: (delivered: number) => Promise<number>) => Promise<number>;

/**
 * Blue/green rebuild of projections: builds them from the log up to the head
 * in memory (one pass for all), writes each to a scratch collection while the
 * live ones keep serving, then, inside `switchOver`, applies the events the
 * live keeper applied meanwhile, replaces each live collection with its scratch
 * one in one atomic step (ReadStore.replaceCollection) and sets its checkpoint.
 * A failure before the switch leaves every live collection untouched.
 */
export async function rebuildProjections(options: {
  eventStore: Pick<EventStore, 'readAll' | 'settledPosition'>;
  readStore: ReadStore;
  projections: readonly Projection[];
  switchOver?: SwitchOver;
  /** The details each checkpoint is written with; a running projection's without error by default. */
  checkpointDetails?: (projection: Projection) => ProjectionCheckpointDetails;
  onProgress?: OnProgress;
  /**
   * Folds of the log that take the pages this pass reads as well (the embedded
   * shop's views at a first start), each page while the next one is read:
   * the pages must hold every event stored in their stretch, which readAll's
   * pages up to the settled position do. Up to it, not the switch's tail.
   */
  folds?: readonly FoldsPassedPages[];
}): Promise<RebuildResult[]> {
  const { eventStore, readStore, projections, onProgress } = options;
  const started = performance.now();
  const head = await eventStore.settledPosition();
  const label = projections.map((projection) => projection.name).join(', ');
  const report = (phase: RebuildProgress['phase'], events: number, position: number) =>
    onProgress?.({
      projection: label,
      phase,
      events,
      position,
      head,
      elapsedMs: performance.now() - started,
    });
  const builds = projections.map(startBuild);
  report('reading', 0, 0);
  let events = await applyLog({
    eventStore,
    builds,
    from: 0,
    to: head,
    onPage: (read, position) => report('reading', read, position),
    folds: options.folds,
  });
  report('writing', events, head);
  for (const { projection, build } of builds) {
    const scratch = readStore.collection(rebuildCollectionName(projection));
    await scratch.clear();
    await writeBuilt(scratch, build.documents, build.documents.keys());
    // Built after the bulk write (cheaper), before the swap: the live name never lacks them.
    await readStore.ensureIndexes(rebuildCollectionName(projection), projection.indexes);
  }

  report('switching', events, head);
  const switchOver: SwitchOver = options.switchOver ?? ((tail) => tail(head));
  const position = await switchOver(async (delivered) => {
    const to = Math.max(head, delivered);
    if (to > head) {
      for (const build of builds) build.touched = new Set();
      events += await applyLog({ eventStore, builds, from: head, to });
    }
    for (const { projection, build, touched } of builds) {
      const scratchName = rebuildCollectionName(projection);
      if (touched) await writeBuilt(readStore.collection(scratchName), build.documents, touched);
      await readStore.replaceCollection(projection.collection, scratchName);
      const details = options.checkpointDetails?.(projection) ?? checkpointDetails(projection);
      await writeCheckpoint(readStore, projection.name, to, details);
    }
    return to;
  });
  const elapsedMs = performance.now() - started;
  return builds.map(({ projection, build }) => {
    let documents = 0;
    for (const entry of build.documents.values()) if (entry.document !== null) documents += 1;
    return {
      projection: projection.name,
      collection: projection.collection,
      events,
      documents,
      position,
      elapsedMs,
    };
  });
}
