import { DuplicateEventIdError, WrongExpectedRevisionError } from '@quitute/infra/event-store';
import {
  deriveEventId,
  handleCommand,
  newEvent,
  type CommandContext,
  type CommandResult,
  type CommandStream,
  type DecidedEvent,
  type LoadedAggregate,
} from './handle-command';

/**
 * The ways a command may run beyond handleCommand's plain one, each a small
 * wrapper: around the run (retryOnConflict, decideOnRemembered) or around the
 * stream (expecting, startingFrom, namingFacts, perEventContext; snapshotted
 * is in snapshots.ts).
 */

/**
 * On WrongExpectedRevisionError (or a duplicate id, where ids name facts) loads
 * and decides again, up to `retries` times, after a short random pause so
 * racing writers spread out. Only for commands whose decision stays right on
 * any newer state (adding to a cart); never with `expecting`, whose point is to
 * refuse a newer state. A retry keeps the command id, so its events keep their
 * ids: an append that was stored after all is recognised, never stored twice.
 */
export async function retryOnConflict<State, Command, Event extends DecidedEvent>(
  retries: number,
  stream: CommandStream<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<State>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideOnRemembered(stream, command, context);
    } catch (error) {
      const conflict =
        error instanceof WrongExpectedRevisionError ||
        (stream.idsNameFacts && error instanceof DuplicateEventIdError);
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

/**
 * Decides first on what this process last folded the stream to (a snapshotted
 * stream remembers it), without reading: the append expects that revision, so
 * its success proves the state was the stream's. When nothing is proven — the
 * append met a newer stream (another instance wrote), or the decision appends
 * nothing or refuses the command (a stale state could be why) — the stream is
 * read and the command decided again.
 */
export async function decideOnRemembered<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandResult<State>> {
  const remembered = stream.remembered();
  if (remembered) {
    const guess: CommandStream<State, Command, Event> = {
      ...stream,
      load: () => Promise.resolve(remembered),
      decider: { ...stream.decider, decide: provenOnlyByAnAppend(stream.decider.decide) },
    };
    try {
      return await handleCommand(guess, command, context);
    } catch (error) {
      // A duplicate id too: a stale state may decide other content than this command's first try.
      const unproven =
        error instanceof Unproven ||
        error instanceof WrongExpectedRevisionError ||
        error instanceof DuplicateEventIdError;
      if (!unproven) throw error;
    }
  }
  return handleCommand(stream, command, context);
}

/** A decision on a remembered state that only an append could have proven current. */
class Unproven extends Error {}

function provenOnlyByAnAppend<State, Command, Event>(
  decide: (command: Command, state: State) => Event[],
): (command: Command, state: State) => Event[] {
  return (command, state) => {
    let events: Event[];
    try {
      events = decide(command, state);
    } catch {
      throw new Unproven();
    }
    if (events.length === 0) throw new Unproven();
    return events;
  };
}

/**
 * The revision the client last saw (If-Match): a stream at any other revision
 * fails with WrongExpectedRevisionError before deciding, and the append expects it.
 */
export function expecting<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  revision: number,
): CommandStream<State, Command, Event> {
  return {
    ...stream,
    load: async () => {
      const loaded = await stream.load();
      if (loaded.revision === revision) return loaded;
      const actual = loaded.revision >= 0 ? loaded.revision : 'no_stream';
      throw new WrongExpectedRevisionError(stream.name, revision, actual);
    },
    remembered: () => {
      const remembered = stream.remembered();
      return remembered?.revision === revision ? remembered : null;
    },
  };
}

/**
 * The stream as the caller just read or appended to it (in the lane that
 * orders this stream's work in this process): the first load answers it
 * without reading; the append's expected revision still proves it current.
 * A later load (a retry after a conflict) reads the stream.
 */
export function startingFrom<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  known: (CommandResult<State> & { snapshotRevision?: number }) | undefined,
): CommandStream<State, Command, Event> {
  if (!known) return stream;
  let first: LoadedAggregate<State> | null = {
    state: known.state,
    revision: known.revision,
    position: known.position,
    snapshotRevision: known.snapshotRevision ?? -1,
  };
  return {
    ...stream,
    load: () => {
      const loaded = first;
      first = null;
      return loaded ? Promise.resolve(loaded) : stream.load();
    },
    remembered: () => (first ? null : stream.remembered()),
  };
}

/**
 * Ids that name the fact rather than this attempt (a provider's payment
 * status; a process manager's reaction to one event, whose command id the
 * event names): the same fact appended by another writer first then fails with
 * DuplicateEventIdError, which retryOnConflict retries like a revision
 * conflict, so the decider sees it and decides nothing. Without `eventId` the
 * ids stay derived from the command id.
 */
export function namingFacts<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  eventId?: (event: Event) => string,
): CommandStream<State, Command, Event> {
  return {
    ...stream,
    idsNameFacts: true,
    toAppend: eventId
      ? (events, context) => events.map((event) => newEvent(event, eventId(event), context))
      : stream.toAppend,
  };
}

/**
 * One append answering several requests at once (a batch): each event's own
 * request, whose metadata it carries and whose command id names it (one event
 * per request, so the id stays the same however the batch is cut). A duplicate
 * id is then retried like a revision conflict, as with `namingFacts`.
 */
export function perEventContext<State, Command, Event extends DecidedEvent>(
  stream: CommandStream<State, Command, Event>,
  contextOf: (event: Event) => CommandContext,
): CommandStream<State, Command, Event> {
  return {
    ...stream,
    idsNameFacts: true,
    toAppend: (events) =>
      events.map((event) => {
        const own = contextOf(event);
        return newEvent(event, deriveEventId(own.commandId, 0), own);
      }),
  };
}
