import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Logger } from '@quitute/infra/logging';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import type { Decider } from './decider';
import {
  emptyAggregate,
  foldOnto,
  type CommandStores,
  type CommandStream,
  type DecidedEvent,
  type LoadedAggregate,
} from './handle-command';

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

interface Snapshots<State> {
  store: SnapshotStore;
  policy: SnapshotPolicy<State>;
  /** A snapshot that cannot be read or written is reported here; the command goes on without it. */
  logger: Pick<Logger, 'warn'>;
}

/**
 * A stream that grows for as long as its aggregate lives (a cart, a user, the
 * order numbers), so a command on 10,000 events costs about what one on 10
 * does. It loads from where this process last folded it (no snapshot read),
 * else from its snapshot (when the policy's version and the stream still agree
 * with it), plus only the events after it; otherwise the whole stream. The
 * starting point's own event is read again to prove the stream still holds it:
 * a stream deleted or truncated below it makes it useless. Each state it is
 * proven to hold is remembered, and snapshotted off the answer's path once
 * `every` events have piled up. What it remembers is also a guess to decide on
 * without reading at all (decideOnRemembered).
 */
export function snapshotted<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  stores: Pick<CommandStores, 'snapshotStore' | 'logger'>,
  policy: SnapshotPolicy<State>,
): CommandStream<State, Command, Event> {
  const snapshots: Snapshots<State> = {
    store: stores.snapshotStore,
    policy,
    logger: stores.logger,
  };
  return {
    ...stream,
    load: () => loadSnapshotted(stream, snapshots),
    remembered: () => recentStart(snapshots, stream.decider, stream.name),
    settled: (now) => snapshotIfDue(snapshots, stream.decider, stream.name, now),
  };
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

async function loadSnapshotted<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  snapshots: Snapshots<State>,
): Promise<LoadedAggregate<State>> {
  const { store, name, decider } = stream;
  const foldFrom = async (
    start: LoadedAggregate<State>,
  ): Promise<LoadedAggregate<State> | null> => {
    const [first, ...after] = await store.readStream(name, { fromRevision: start.revision });
    return first?.revision === start.revision && first.position === start.position
      ? foldOnto(stream, start, after)
      : null;
  };
  const recent = recentStart(snapshots, decider, name);
  const fromRecent = recent && (await foldFrom(recent));
  if (fromRecent) return fromRecent;
  if (recent) recentStreams(snapshots.store).delete(name);
  // Most streams (a cart, a user) stay shorter than a snapshot's worth of events: one
  // read of the stream's start then holds all of it, and the snapshot is not looked
  // for. Only a longer stream pays a second read for its snapshot.
  const start = await store.readStream(name, { maxCount: snapshots.policy.every });
  if (start.length < snapshots.policy.every) {
    return foldOnto(stream, emptyAggregate(decider), start);
  }
  const snapshot = await readSnapshot(snapshots, decider, name);
  const fromSnapshot = snapshot && (await foldFrom(snapshot));
  if (fromSnapshot) return fromSnapshot;
  const rest = await store.readStream(name, { fromRevision: start.length });
  return foldOnto(stream, emptyAggregate(decider), [...start, ...rest]);
}

/**
 * Writes a snapshot of `loaded` when `every` events or more were folded since the
 * last one. Not awaited by the caller's answer: a failure is only logged. Either
 * way `loaded` is remembered as the stream's most recent state in this process.
 */
function snapshotIfDue<State>(
  snapshots: Snapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
  loaded: LoadedAggregate<State>,
): void {
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
  snapshots: Snapshots<State>,
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
  snapshots: Snapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): LoadedAggregate<State> | null {
  const known = recentStreams(snapshots.store).get(streamName);
  if (!known || known.version !== snapshotVersion(snapshots.policy, decider.evolve)) return null;
  // The same version means the same policy and evolve folded it: a State, as remembered
  // (states are never mutated, so the memo can hand out the object itself).
  const { state, revision, position, snapshotRevision } = known;
  return { state: state as State, revision, position, snapshotRevision };
}

async function readSnapshot<State>(
  snapshots: Snapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): Promise<LoadedAggregate<State> | null> {
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
