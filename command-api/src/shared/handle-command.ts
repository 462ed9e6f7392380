import { parse as parseUuid, v5 as uuidv5 } from 'uuid';
import { withSchemaVersion, type EventMetadata } from '@quitute/contracts';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type EventStore,
  type JsonObject,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import type { Decider } from './decider';
import {
  loadAggregate,
  rememberedAggregate,
  snapshotIfDue,
  type AggregateSnapshots,
  type LoadedAggregate,
} from './load-aggregate';

/**
 * Namespace for ids derived from command ids (retries of one command append the
 * same event ids), as bytes: uuid parses a string namespace on every call.
 */
const EVENT_ID_NAMESPACE = parseUuid('0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10');

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

export function deriveEventId(commandId: string, index: number): string {
  return uuidv5(`${commandId}/${index}`, EVENT_ID_NAMESPACE);
}

/** Options of one command run through the pipeline. */
export interface HandleCommandOptions<State, Command, Event> {
  store: EventStore;
  snapshots?: AggregateSnapshots<State> | undefined;
  decider: Decider<State, Command, Event>;
  parse: (recorded: RecordedEvent) => Event | null;
  streamName: string;
  command: Command;
  context: CommandContext;
  /**
   * The revision the client last saw (If-Match): a stream at any other revision
   * fails with WrongExpectedRevisionError before deciding, and the append expects it.
   */
  expectedRevision?: number | undefined;
  /**
   * On WrongExpectedRevisionError, load and decide again up to this many times
   * (after a short random pause, so racing writers spread out). Only for commands
   * whose decision stays right on any newer state (adding to a cart); never with
   * `expectedRevision`, whose point is to refuse a newer state.
   */
  retryOnConflict?: number | undefined;
  /**
   * Ids that name the fact rather than this attempt (a provider's payment
   * status, a process manager's reaction to one event): the same fact appended
   * by another writer first then fails with DuplicateEventIdError, which is
   * retried like a revision conflict, so the decider sees it and decides nothing.
   */
  eventId?: ((event: Event, index: number) => string) | undefined;
  /**
   * One append answering several requests at once (a batch): each event's own
   * request, whose metadata it carries and whose command id names it (one
   * event per request, so the id stays the same however the batch is cut).
   * A duplicate id is then retried like a revision conflict, as with `eventId`.
   */
  eventContext?: ((event: Event) => CommandContext) | undefined;
  /**
   * The stream as the caller just read or appended to it (in the lane that
   * orders this stream's work in this process): decided on as if loaded now,
   * without reading; the append's expected revision still proves it current.
   * Only the first attempt uses it: a conflict reads the stream.
   */
  loaded?: LoadedAggregate<State> | undefined;
}

/**
 * The command pipeline: load the aggregate (its snapshot and the events after
 * it; where this process folded the stream last, nothing: the decision is made
 * on that state and the append's expected revision proves it current, see
 * decideOnRemembered; nothing either when the caller passes what it just
 * `loaded`), decide, append with the expected revision (a concurrent writer makes the
 * append fail with WrongExpectedRevisionError, which the HTTP layer answers with
 * 412, unless `retryOnConflict` decides again on the newer state), and snapshot
 * the new state off the answer's path once enough events have piled up. Without
 * `snapshots` the whole stream is read: fine for streams that stay short. A retry
 * keeps the command id, so its events keep their ids: an append that was stored
 * after all is recognised, never stored twice.
 */
export async function handleCommand<
  State,
  Command,
  Event extends { type: string; data: JsonObject },
>(options: HandleCommandOptions<State, Command, Event>): Promise<CommandResult<State>> {
  const retries = options.expectedRevision === undefined ? (options.retryOnConflict ?? 0) : 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await handleOnce(attempt === 0 ? options : { ...options, loaded: undefined });
    } catch (error) {
      const idsNameFacts = options.eventId !== undefined || options.eventContext !== undefined;
      const conflict =
        error instanceof WrongExpectedRevisionError ||
        (idsNameFacts && error instanceof DuplicateEventIdError);
      if (!conflict || attempt >= retries) throw error;
      await conflictPause(attempt);
    }
  }
}

/** A few milliseconds, random and growing with the attempt, capped at 16 ms. */
function conflictPause(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(16, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function handleOnce<State, Command, Event extends { type: string; data: JsonObject }>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandResult<State>> {
  const { store, snapshots, decider, parse, streamName, command, expectedRevision } = options;
  const remembered = options.loaded ? null : rememberedAggregate(snapshots, decider, streamName);
  if (remembered && (expectedRevision === undefined || expectedRevision === remembered.revision)) {
    const result = await decideOnRemembered(options, remembered);
    // Still the best place to read on from: only the events after it are read.
    if (result) return result;
  }

  const loaded =
    options.loaded ?? (await loadAggregate({ store, snapshots, decider, parse, streamName }));
  if (expectedRevision !== undefined && loaded.revision !== expectedRevision) {
    throw new WrongExpectedRevisionError(
      streamName,
      expectedRevision,
      loaded.revision >= 0 ? loaded.revision : 'no_stream',
    );
  }

  const newEvents = decider.decide(command, loaded.state);
  if (newEvents.length === 0) {
    snapshotIfDue(snapshots, decider, streamName, loaded);
    return { state: loaded.state, position: loaded.position, revision: loaded.revision };
  }
  return appendDecided(options, loaded, newEvents);
}

/**
 * Decides on what this process last folded the stream to, without reading it:
 * the append expects that revision, so its success proves the state was the
 * stream's. Null when nothing is proven (the caller then reads the stream and
 * decides again): the append met a newer stream (another instance wrote), or
 * the decision appends nothing or refuses the command (a stale state could be
 * why).
 */
async function decideOnRemembered<State, Command, Event extends { type: string; data: JsonObject }>(
  options: HandleCommandOptions<State, Command, Event>,
  remembered: LoadedAggregate<State>,
): Promise<CommandResult<State> | null> {
  let newEvents: Event[];
  try {
    newEvents = options.decider.decide(options.command, remembered.state);
  } catch {
    return null;
  }
  if (newEvents.length === 0) return null;
  try {
    return await appendDecided(options, remembered, newEvents);
  } catch (error) {
    // A duplicate id too: a stale state may decide other content than this command's first try.
    if (error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError) {
      return null;
    }
    throw error;
  }
}

function metadataOf(context: CommandContext): EventMetadata {
  return {
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.commandId,
    actorId: context.actorId,
    actorRole: context.actorRole,
    occurredAt: context.occurredAt,
  };
}

async function appendDecided<State, Command, Event extends { type: string; data: JsonObject }>(
  options: HandleCommandOptions<State, Command, Event>,
  loaded: LoadedAggregate<State>,
  newEvents: readonly Event[],
): Promise<CommandResult<State>> {
  const { store, snapshots, decider, streamName, context, eventId, eventContext } = options;
  const metadata = metadataOf(context);
  const result = await store.appendToStream(
    streamName,
    newEvents.map((event, index) => {
      if (eventContext) {
        const own = eventContext(event);
        const id = eventId?.(event, index) ?? deriveEventId(own.commandId, 0);
        const metadata = withSchemaVersion(event.type, metadataOf(own));
        return { id, type: event.type, data: event.data, metadata };
      }
      const id = eventId?.(event, index) ?? deriveEventId(context.commandId, index);
      return {
        id,
        type: event.type,
        data: event.data,
        metadata: withSchemaVersion(event.type, metadata),
      };
    }),
    { expectedRevision: loaded.revision >= 0 ? loaded.revision : 'no_stream' },
  );
  const state = newEvents.reduce(decider.evolve, loaded.state);
  // A retried command's append answers with where its events were first stored; the
  // state above is then not the state at that revision, so it is not snapshotted.
  if (result.nextExpectedRevision === loaded.revision + newEvents.length) {
    snapshotIfDue(snapshots, decider, streamName, {
      state,
      revision: result.nextExpectedRevision,
      position: result.position,
      snapshotRevision: loaded.snapshotRevision,
    });
  }
  return { state, position: result.position, revision: result.nextExpectedRevision };
}
