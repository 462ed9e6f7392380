import { createHash } from 'node:crypto';
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
 * One way to load an aggregate: its snapshot (when the policy's version and the
 * stream still agree with it) plus only the events after it; otherwise the whole
 * stream. The snapshot's own event is read again to prove the stream still holds
 * it: a stream deleted or truncated below it makes the snapshot useless.
 */
export async function loadAggregate<State, Event>(
  options: Evolving<State, Event> & {
    store: EventStore;
    snapshots?: AggregateSnapshots<State> | undefined;
    streamName: string;
  },
): Promise<LoadedAggregate<State>> {
  const { store, snapshots, decider, parse, streamName } = options;
  const snapshot = snapshots ? await readSnapshot(snapshots, decider, streamName) : null;
  if (snapshot) {
    const [first, ...after] = await store.readStream(streamName, {
      fromRevision: snapshot.revision,
    });
    if (first?.revision === snapshot.revision && first.position === snapshot.position) {
      return foldOnto({ decider, parse }, snapshot, after);
    }
  }
  const initial = { state: decider.initialState, revision: -1, position: 0 };
  return foldOnto({ decider, parse }, initial, await store.readStream(streamName));
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
 * last one. Not awaited by the caller's answer: a failure is only logged.
 */
export function snapshotIfDue<State>(
  snapshots: AggregateSnapshots<State> | undefined,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
  loaded: LoadedAggregate<State>,
): void {
  if (!snapshots || loaded.revision - loaded.snapshotRevision < snapshots.policy.every) return;
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

async function readSnapshot<State>(
  snapshots: AggregateSnapshots<State>,
  decider: Pick<Decider<State, unknown, unknown>, 'evolve'>,
  streamName: string,
): Promise<{ state: State; revision: number; position: number } | null> {
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
  return { state: state.data, revision: stored.revision, position: stored.position };
}

function foldOnto<State, Event>(
  { decider, parse }: Evolving<State, Event>,
  start: { state: State; revision: number; position: number },
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
    snapshotRevision: start.revision,
  };
}
