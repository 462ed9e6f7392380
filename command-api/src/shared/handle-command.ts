import { v5 as uuidv5 } from 'uuid';
import type { EventMetadata } from '@quitute/contracts';
import type { EventStore, JsonObject, RecordedEvent } from '@quitute/infra/event-store';
import { fold, type Decider } from './decider';

/** Namespace for ids derived from command ids (retries of one command append the same event ids). */
const EVENT_ID_NAMESPACE = '0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10';

/** Who asks, when, and under which id: everything impure about a command. */
export interface CommandContext {
  commandId: string;
  correlationId: string;
  actorId: string;
  actorRole: EventMetadata['actorRole'];
  occurredAt: string;
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

/**
 * The command pipeline in four steps: read the stream, fold it, decide, append
 * with the expected revision (a concurrent writer makes the append fail with
 * WrongExpectedRevisionError, which the HTTP layer answers with 412).
 */
export async function handleCommand<
  State,
  Command,
  Event extends { type: string; data: JsonObject },
>(options: {
  store: EventStore;
  decider: Decider<State, Command, Event>;
  parse: (recorded: RecordedEvent) => Event | null;
  streamName: string;
  command: Command;
  context: CommandContext;
}): Promise<CommandResult<State>> {
  const { store, decider, parse, streamName, command, context } = options;
  const recorded = await store.readStream(streamName);
  const history = recorded.flatMap((event) => parse(event) ?? []);
  const state = fold(decider, history);
  const last = recorded.at(-1);

  const newEvents = decider.decide(command, state);
  if (newEvents.length === 0) {
    return { state, position: last?.position ?? 0, revision: last?.revision ?? -1 };
  }

  const metadata: EventMetadata = {
    correlationId: context.correlationId,
    causationId: context.commandId,
    actorId: context.actorId,
    actorRole: context.actorRole,
    occurredAt: context.occurredAt,
  };
  const result = await store.appendToStream(
    streamName,
    newEvents.map((event, index) => ({
      id: deriveEventId(context.commandId, index),
      type: event.type,
      data: event.data,
      metadata,
    })),
    { expectedRevision: last ? last.revision : 'no_stream' },
  );
  return {
    state: newEvents.reduce(decider.evolve, state),
    position: result.position,
    revision: result.nextExpectedRevision,
  };
}
