import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import type { Decider } from './decider';

/** How an aggregate's decided state is kept as a snapshot beside its stream. */
export interface SnapshotPolicy<State> {
  /**
   * Bump it when the meaning of the state changes outside `evolve`'s own source
   * (a helper it calls, the schema). `evolve`'s source is part of the stored
   * version anyway, so editing it makes every older snapshot stale by itself.
   */
  version: string;
  /** Reads a stored state back (an edge); a state it rejects is rebuilt from the events. */
  schema: z.ZodType<State>;
  /** A new snapshot is written once this many events were folded on top of the last one. */
  every: number;
}

export interface AggregateSnapshots<State> {
  store: SnapshotStore;
  policy: SnapshotPolicy<State>;
  /** A snapshot that cannot be read or written is reported here; the command goes on without it. */
  logger: Pick<Logger, 'warn'>;
}

/** What the command pipeline reads and writes: the events, and snapshots of what they fold to. */
export interface CommandStores {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  logger: Pick<Logger, 'warn'>;
  /**
   * Told of every append to a user's stream made here (the session view reads
   * that user's stream until it has applied the write).
   */
  userWritten?: ((userId: string, position: number) => void) | undefined;
}

export interface LoadedAggregate<State> {
  state: State;
  /** Revision of the stream's last event, -1 when the stream does not exist. */
  revision: number;
  /** Global position of the stream's last event, 0 when the stream does not exist. */
  position: number;
  /** Revision of the snapshot the state was folded from, -1 when it was folded from the start. */
  snapshotRevision: number;
}

interface Evolving<State, Event> {
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>;
  parse: (recorded: RecordedEvent) => Event | null;
}

const jsonSchema = z.json();
const fingerprints = new WeakMap<object, string>();

/** The stored version: the policy's, plus a fingerprint of the `evolve` that folded the state. */
export function snapshotVersion(
  policy: Pick<SnapshotPolicy<unknown>, 'version'>,
  evolve: (...args: never[]) => unknown,
): string {
  let fingerprint = fingerprints.get(evolve);
  if (fingerprint === undefined) {
    fingerprint = createHash('sha256').update(evolve.toString()).digest('hex').slice(0, 16);
    fingerprints.set(evolve, fingerprint);
  }
  return `${policy.version}/${fingerprint}`;
}

/**
 * One way to load an aggregate: from where this process last folded the stream
 * (no snapshot read), else from its snapshot (when the policy's version and the
 * stream still agree with it), plus only the events after it; otherwise the
 * whole stream. The starting point's own event is read again to prove the
 * stream still holds it: a stream deleted or truncated below it makes it useless.
 */
export async function loadAggregate<State, Event>(
  options: Evolving<State, Event> & {
    store: EventStore;
    snapshots?: AggregateSnapshots<State> | undefined;
    streamName: string;
  },
): Promise<LoadedAggregate<State>> {
  const { store, snapshots, decider, parse, streamName } = options;
  const foldFrom = async (start: Start<State>): Promise<LoadedAggregate<State> | null> => {
    const [first, ...after] = await store.readStream(streamName, { fromRevision: start.revision });
    return first?.revision === start.revision && first.position === start.position
      ? foldOnto({ decider, parse }, start, after)
      : null;
  };
  if (snapshots) {
    const recent = recentStart(snapshots, decider, streamName);
    const fromRecent = recent && (await foldFrom(recent));
    if (fromRecent) return fromRecent;
    if (recent) recentStreams(snapshots.store).delete(streamName);
    // Most streams (a cart, a user) stay shorter than a snapshot's worth of events: one
    // read of the stream's start then holds all of it, and the snapshot is not looked
    // for. Only a longer stream pays a second read for its snapshot.
    const start = await store.readStream(streamName, { maxCount: snapshots.policy.every });
    if (start.length < snapshots.policy.every) {
      return foldOnto({ decider, parse }, emptyAggregate(decider), start);
    }
    const snapshot = await readSnapshot(snapshots, decider, streamName);
    const fromSnapshot = snapshot && (await foldFrom(snapshot));
    if (fromSnapshot) return fromSnapshot;
    const rest = await store.readStream(streamName, { fromRevision: start.length });
    return foldOnto({ decider, parse }, emptyAggregate(decider), [...start, ...rest]);
  }
  return foldOnto({ decider, parse }, emptyAggregate(decider), await store.readStream(streamName));
}

/** A stream with no event yet: the decider's initial state, before revision 0. */
export function emptyAggregate<State>(decider: { initialState: State }): LoadedAggregate<State> {
  return { state: decider.initialState, revision: -1, position: 0, snapshotRevision: -1 };
}

/**
 * What this process last folded the stream to, without reading anything: only
 * a guess until an append expecting its revision succeeds (handleCommand).
 */
export function rememberedAggregate<State>(
  snapshots: AggregateSnapshots<State> | undefined,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): LoadedAggregate<State> | null {
  return snapshots ? recentStart(snapshots, decider, streamName) : null;
}

/** loadAggregate where no command follows (a login, say): snapshots the state when due. */
export async function readAggregate<State, Event>(
  options: Parameters<typeof loadAggregate<State, Event>>[0],
): Promise<LoadedAggregate<State>> {
  const loaded = await loadAggregate(options);
  snapshotIfDue(options.snapshots, options.decider, options.streamName, loaded);
  return loaded;
}

/**
 * Writes a snapshot of `loaded` when `every` events or more were folded since the
 * last one. Not awaited by the caller's answer: a failure is only logged. Either
 * way `loaded` is remembered as the stream's most recent state in this process.
 */
export function snapshotIfDue<State>(
  snapshots: AggregateSnapshots<State> | undefined,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
  loaded: LoadedAggregate<State>,
): void {
  if (!snapshots) return;
  const due = loaded.revision - loaded.snapshotRevision >= snapshots.policy.every;
  remember(
    snapshots,
    decider,
    streamName,
    due ? { ...loaded, snapshotRevision: loaded.revision } : loaded,
  );
  if (!due) return;
  const write = async (): Promise<void> => {
    await snapshots.store.write(streamName, {
      version: snapshotVersion(snapshots.policy, decider.evolve),
      revision: loaded.revision,
      position: loaded.position,
      state: jsonSchema.parse(loaded.state),
    });
  };
  write().catch((error: unknown) => {
    snapshots.logger.warn({ err: error, streamName }, 'snapshot not written');
  });
}

/** Where a fold starts: a state at a revision, and the revision of the stored snapshot behind it. */
interface Start<State> {
  state: State;
  revision: number;
  position: number;
  snapshotRevision: number;
}

/**
 * What this process last folded each stream to, per snapshot store: a snapshot
 * that costs no read, so a command reads only its stream (one query, not two).
 * Events another replica appended since are simply read on top of it. The
 * least recently used streams are forgotten beyond RECENT_STREAMS.
 */
interface Recent {
  version: string;
  revision: number;
  position: number;
  state: unknown;
  snapshotRevision: number;
}
const RECENT_STREAMS = 10_000;
const recentByStore = new WeakMap<SnapshotStore, LRUCache<string, Recent>>();

function recentStreams(store: SnapshotStore): LRUCache<string, Recent> {
  let recent = recentByStore.get(store);
  if (!recent) {
    recent = new LRUCache({ max: RECENT_STREAMS });
    recentByStore.set(store, recent);
  }
  return recent;
}

function remember<State>(
  snapshots: AggregateSnapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
  loaded: LoadedAggregate<State>,
): void {
  if (loaded.revision < 0) return;
  const recent = recentStreams(snapshots.store);
  const known = recent.peek(streamName);
  if (known && known.revision > loaded.revision) return;
  recent.set(streamName, {
    version: snapshotVersion(snapshots.policy, decider.evolve),
    revision: loaded.revision,
    position: loaded.position,
    state: loaded.state,
    snapshotRevision: loaded.snapshotRevision,
  });
}

function recentStart<State>(
  snapshots: AggregateSnapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): Start<State> | null {
  const known = recentStreams(snapshots.store).get(streamName);
  if (!known || known.version !== snapshotVersion(snapshots.policy, decider.evolve)) return null;
  // The same version means the same policy and evolve folded it: a State, as remembered
  // (states are never mutated, so the memo can hand out the object itself).
  const { state, revision, position, snapshotRevision } = known;
  return { state: state as State, revision, position, snapshotRevision };
}

async function readSnapshot<State>(
  snapshots: AggregateSnapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): Promise<Start<State> | null> {
  const stored = await snapshots.store.read(streamName).catch((error: unknown) => {
    snapshots.logger.warn({ err: error, streamName }, 'snapshot not read');
    return null;
  });
  if (!stored || stored.version !== snapshotVersion(snapshots.policy, decider.evolve)) return null;
  const state = snapshots.policy.schema.safeParse(stored.state);
  if (!state.success) {
    snapshots.logger.warn({ err: state.error, streamName }, 'snapshot state rejected');
    return null;
  }
  return {
    state: state.data,
    revision: stored.revision,
    position: stored.position,
    snapshotRevision: stored.revision,
  };
}

function foldOnto<State, Event>(
  { decider, parse }: Evolving<State, Event>,
  start: Start<State>,
  recorded: readonly RecordedEvent[],
): LoadedAggregate<State> {
  let state = start.state;
  for (const event of recorded) {
    const parsed = parse(event);
    if (parsed) state = decider.evolve(state, parsed);
  }
  const last = recorded.at(-1);
  return {
    state,
    revision: last?.revision ?? start.revision,
    position: last?.position ?? start.position,
    snapshotRevision: start.snapshotRevision,
  };
}
