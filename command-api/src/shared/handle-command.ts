import { parse as parseUuid, v5 as uuidv5 } from 'uuid';
import { withSchemaVersion, type EventMetadata } from '@quitute/contracts';
import type { EventStore, JsonObject, NewEvent, RecordedEvent } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import type { Decider } from './decider';

/** Who asks, when, and under which id: everything impure about a command. */
export interface CommandContext {
  commandId: string;
  correlationId: string;
  actorId: string;
  actorRole: EventMetadata['actorRole'];
  occurredAt: string;
  /** What caused the command when it is not the request itself (the event a process manager reacts to); the command id by default. */
  causationId?: string | undefined;
}

export interface CommandResult<State> {
  state: State;
  /** Global position of the stream's last event: send it back as X-Min-Position to read your writes. */
  position: number;
  /** The stream revision now (the ETag of the aggregate). */
  revision: number;
}

export interface LoadedAggregate<State> extends CommandResult<State> {
  /** Revision of the snapshot the state was folded from, -1 when it was folded from the start. */
  snapshotRevision: number;
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

/** An event as a decider decides it, before it has an id and metadata. */
export type DecidedEvent = { type: string; data: JsonObject };

/**
 * One aggregate's stream as a command sees it. `commandStream` reads it whole
 * and names events after the command id; each wrapper (command-wrappers.ts,
 * snapshots.ts) changes one of these ways and keeps the rest.
 */
export interface CommandStream<State, Command, Event extends DecidedEvent> {
  store: EventStore;
  name: string;
  decider: Decider<State, Command, Event>;
  parse: (recorded: RecordedEvent) => Event | null;
  /** The stream's state now. */
  load: () => Promise<LoadedAggregate<State>>;
  /** What this process last folded the stream to, unread: only a guess until an append proves it. */
  remembered: () => LoadedAggregate<State> | null;
  /** Told each state the stream is proven to hold (read, or just appended to). */
  settled: (now: LoadedAggregate<State>) => void;
  /** The events to append: what was decided, with ids and the command's metadata. */
  toAppend: (events: readonly Event[], context: CommandContext) => NewEvent[];
  /** The ids name facts, not this attempt: another writer's duplicate is then a conflict to retry. */
  idsNameFacts: boolean;
}

/**
 * The command pipeline: load the stream's state, decide, append what was decided
 * expecting the revision it was loaded at (a concurrent writer makes the append
 * fail with WrongExpectedRevisionError, answered 412 unless retryOnConflict
 * decides again), answer with the new state, position and revision.
 */
export async function handleCommand<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<State>> {
  const loaded = await stream.load();
  const events = stream.decider.decide(command, loaded.state);
  if (events.length === 0) {
    stream.settled(loaded);
    return resultOf(loaded);
  }
  const newEvents = stream.toAppend(events, context);
  assertReadable(stream, newEvents, context);
  const expectedRevision = loaded.revision >= 0 ? loaded.revision : 'no_stream';
  const appended = await stream.store.appendToStream(stream.name, newEvents, { expectedRevision });
  const now: LoadedAggregate<State> = {
    state: events.reduce(stream.decider.evolve, loaded.state),
    revision: appended.nextExpectedRevision,
    position: appended.position,
    snapshotRevision: loaded.snapshotRevision,
  };
  // A retried command's append answers where its events were first stored: `now` is then no state the stream had.
  if (appended.nextExpectedRevision === loaded.revision + events.length) stream.settled(now);
  return resultOf(now);
}

/**
 * Every event is read back through its own schema before it is appended: one
 * the log's readers cannot parse (a refund of 0 centavos, say) would stop every
 * projection at it for good, so the command fails (500, nothing written) instead.
 */
function assertReadable<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  newEvents: readonly NewEvent[],
  context: CommandContext,
): void {
  for (const event of newEvents) {
    try {
      stream.parse({
        ...event,
        streamName: stream.name,
        revision: -1,
        position: -1,
        recordedAt: context.occurredAt,
      });
    } catch (error) {
      throw new Error(`decided a ${event.type} its own schema refuses; nothing appended`, {
        cause: error,
      });
    }
  }
}

function resultOf<State>({
  state,
  position,
  revision,
}: CommandResult<State>): CommandResult<State> {
  return { state, position, revision };
}

/** A stream read whole at every command: for streams that stay short (a product, an order, a payment). */
export function commandStream<State, Command, Event extends DecidedEvent>(
  store: EventStore,
  name: string,
  decider: Decider<State, Command, Event>,
  parse: (recorded: RecordedEvent) => Event | null,
): CommandStream<State, Command, Event> {
  return {
    store,
    name,
    decider,
    parse,
    load: async () =>
      foldOnto({ decider, parse }, emptyAggregate(decider), await store.readStream(name)),
    remembered: () => null,
    settled: () => undefined,
    toAppend: (events, context) =>
      events.map((event, index) =>
        newEvent(event, deriveEventId(context.commandId, index), context),
      ),
    idsNameFacts: false,
  };
}

/** The stream's state where no command follows (a login, say): what the stream says, settled as a command's would be. */
export async function readAggregate<State>(stream: {
  load: () => Promise<LoadedAggregate<State>>;
  settled: (now: LoadedAggregate<State>) => void;
}): Promise<LoadedAggregate<State>> {
  const loaded = await stream.load();
  stream.settled(loaded);
  return loaded;
}

/**
 * Namespace for ids derived from command ids (retries of one command append the
 * same event ids), as bytes: uuid parses a string namespace on every call.
 */
const EVENT_ID_NAMESPACE = parseUuid('0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10');

export function deriveEventId(commandId: string, index: number): string {
  return uuidv5(`${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

/** A decided event as stored: its id, and the metadata of the command that decided it. */
export function newEvent(event: DecidedEvent, id: string, context: CommandContext): NewEvent {
  const metadata: EventMetadata = {
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.commandId,
    actorId: context.actorId,
    actorRole: context.actorRole,
    occurredAt: context.occurredAt,
  };
  return {
    id,
    type: event.type,
    data: event.data,
    metadata: withSchemaVersion(event.type, metadata),
  };
}

/** A stream with no event yet: the decider's initial state, before revision 0. */
export function emptyAggregate<State>(decider: { initialState: State }): LoadedAggregate<State> {
  return { state: decider.initialState, revision: -1, position: 0, snapshotRevision: -1 };
}

/** `start` with the recorded events after it folded on top (those `parse` does not know are passed over). */
export function foldOnto<State, Event>(
  fold: {
    decider: Pick<Decider<State, unknown, Event>, 'evolve'>;
    parse: (recorded: RecordedEvent) => Event | null;
  },
  start: LoadedAggregate<State>,
  recorded: readonly RecordedEvent[],
): LoadedAggregate<State> {
  let state = start.state;
  for (const event of recorded) {
    const parsed = fold.parse(event);
    if (parsed) state = fold.decider.evolve(state, parsed);
  }
  const last = recorded.at(-1);
  return {
    state,
    revision: last?.revision ?? start.revision,
    position: last?.position ?? start.position,
    snapshotRevision: start.snapshotRevision,
  };
}
