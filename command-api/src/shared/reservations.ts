import { AppError } from '@quitute/infra/errors';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type JsonObject,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import type { Decider } from './decider';
import {
  commandStream,
  handleCommand,
  type CommandContext,
  type CommandStores,
} from './handle-command';

/**
 * Uniqueness through reservation streams (ARCHITECTURE §2): one stream per
 * unique value (an e-mail, a product name), whose events say which aggregate
 * holds the value now. A value is reserved before its aggregate takes it and
 * released once the aggregate no longer has it, so two aggregates never hold
 * one value, and a value let go may be taken again.
 */

export type ReservationState = { status: 'free' } | { status: 'reserved'; holderId: string };

export type ReservationCommand =
  | { type: 'Reserve'; value: string; holderId: string }
  | { type: 'Release'; value: string; holderId: string };

/** How one kind of reservation writes and reads its events. */
export interface ReservationEvents<Event> {
  reserved(value: string, holderId: string): Event;
  released(value: string, holderId: string): Event;
  read(event: Event): { kind: 'reserved' | 'released'; holderId: string };
  /** The 409 answer when another holder has the value. */
  takenMessage: string;
}

/** A reservation: reserving a value someone else holds is refused; releasing is a no-op unless the holder releases. */
export function reservationDecider<Event>(
  events: ReservationEvents<Event>,
): Decider<ReservationState, ReservationCommand, Event> {
  return {
    initialState: { status: 'free' },
    evolve(state, event) {
      const { kind, holderId } = events.read(event);
      if (kind === 'reserved') return { status: 'reserved', holderId };
      return state.status === 'reserved' && state.holderId === holderId
        ? { status: 'free' }
        : state;
    },
    decide(command, state) {
      switch (command.type) {
        case 'Reserve':
          if (state.status === 'free') return [events.reserved(command.value, command.holderId)];
          if (state.holderId === command.holderId) return [];
          throw new AppError('conflict', events.takenMessage);
        case 'Release':
          return state.status === 'reserved' && state.holderId === command.holderId
            ? [events.released(command.value, command.holderId)]
            : [];
        default: {
          const unexpected: never = command;
          throw new Error(`Unexpected command ${JSON.stringify(unexpected)}`);
        }
      }
    },
  };
}

/**
 * What a holder has to do with a value it was given at `reservedAt` (a global
 * position): it `holds` it (or is about to take it), its aggregate was never
 * written (`absent`: the writer stopped between the two appends), or it `left`
 * it (deleted, or had it after `reservedAt` and has another now: the release
 * that should have followed never came).
 */
export type HolderStanding = 'holds' | 'absent' | 'left';

export interface Reservation {
  holderId: string;
  /** Global position of the event that gave the value to its holder. */
  reservedAt: number;
}

export interface ReservationKind<Event extends { type: string; data: JsonObject }> {
  streamName(value: string): string;
  events: ReservationEvents<Event>;
  parse(recorded: RecordedEvent): Event | null;
  /** Reads the holder's own stream to say where it stands (only when another holder is in the way). */
  standing(holderId: string, value: string, reservedAt: number): Promise<HolderStanding>;
}

/** A claim's outcome: who holds the value now, and whether this claim reserved it (and so may give it back). */
export interface Claim {
  holderId: string;
  reservedNow: boolean;
}

/** Rounds of reading, releasing a left-over reservation and reserving, before giving up with 409. */
const CLAIM_ROUNDS = 4;

export function reservations<Event extends { type: string; data: JsonObject }>(
  stores: Pick<CommandStores, 'eventStore'>,
  kind: ReservationKind<Event>,
) {
  const decider = reservationDecider(kind.events);

  /** The value's holder now, or null when it is free. */
  const holder = async (value: string): Promise<Reservation | null> => {
    const recorded = await stores.eventStore.readStream(kind.streamName(value));
    let state = decider.initialState;
    let reservedAt = 0;
    for (const event of recorded) {
      const parsed = kind.parse(event);
      if (!parsed) continue;
      state = decider.evolve(state, parsed);
      if (kind.events.read(parsed).kind === 'reserved') reservedAt = event.position;
    }
    return state.status === 'reserved' ? { holderId: state.holderId, reservedAt } : null;
  };

  const run = (command: ReservationCommand, context: CommandContext) =>
    handleCommand(
      commandStream(stores.eventStore, kind.streamName(command.value), decider, kind.parse),
      command,
      context,
    );

  const isRace = (error: unknown) =>
    error instanceof WrongExpectedRevisionError ||
    error instanceof DuplicateEventIdError ||
    (error instanceof AppError && error.code === 'conflict');

  return {
    holder,

    /**
     * Gives `value` to `holderId`. Another holder that left it loses it first
     * (its release is appended, then the value reserved). Another holder whose
     * aggregate was never written is kept, and named in the answer, when
     * `takeOverAbsent` (a creation retried with a new id continues the first
     * one), else it is a 409 like a holder that holds it.
     */
    async claim(
      value: string,
      holderId: string,
      options: { takeOverAbsent: boolean; context: CommandContext },
    ): Promise<Claim> {
      const { context } = options;
      for (let round = 0; round < CLAIM_ROUNDS; round++) {
        const current = await holder(value);
        if (current?.holderId === holderId) return { holderId, reservedNow: false };
        if (current === null) {
          try {
            await run(
              { type: 'Reserve', value, holderId },
              { ...context, commandId: `${context.commandId}/reserve-${round}` },
            );
            return { holderId, reservedNow: true };
          } catch (error) {
            if (!isRace(error)) throw error;
            continue;
          }
        }
        const standing = await kind.standing(current.holderId, value, current.reservedAt);
        if (standing === 'absent' && options.takeOverAbsent) {
          return { holderId: current.holderId, reservedNow: false };
        }
        if (standing !== 'left') throw new AppError('conflict', kind.events.takenMessage);
        try {
          await run(
            { type: 'Release', value, holderId: current.holderId },
            { ...context, commandId: `${context.commandId}/release-left-${round}` },
          );
        } catch (error) {
          if (!isRace(error)) throw error;
        }
      }
      throw new AppError('conflict', kind.events.takenMessage);
    },

    /** Lets `value` go if `holderId` holds it (a no-op otherwise, so it may be repeated). */
    async release(value: string, holderId: string, context: CommandContext): Promise<number> {
      const result = await run(
        { type: 'Release', value, holderId },
        { ...context, commandId: `${context.commandId}/release` },
      );
      return result.position;
    },
  };
}

export type Reservations = ReturnType<typeof reservations>;

/**
 * The standing of a holder from its stream folded with its decider: `holds`
 * while `hasValue` says so of its state; `left` when it is gone (`isGone`) or
 * had the value at some point after `reservedAt` and no longer has it.
 */
export function standingFromStream<State, Event>(
  recorded: readonly RecordedEvent[],
  fold: {
    decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>;
    parse: (recorded: RecordedEvent) => Event | null;
  },
  rules: {
    isAbsent: (state: State) => boolean;
    isGone: (state: State) => boolean;
    hasValue: (state: State) => boolean;
  },
  reservedAt: number,
): HolderStanding {
  let state = fold.decider.initialState;
  let hadItSince = false;
  for (const event of recorded) {
    const parsed = fold.parse(event);
    if (!parsed) continue;
    state = fold.decider.evolve(state, parsed);
    if (event.position > reservedAt && rules.hasValue(state)) hadItSince = true;
  }
  if (rules.isAbsent(state)) return 'absent';
  if (rules.isGone(state)) return 'left';
  if (rules.hasValue(state)) return 'holds';
  return hadItSince ? 'left' : 'holds';
}
