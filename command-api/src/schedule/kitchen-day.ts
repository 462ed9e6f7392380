import { z } from 'zod';
import {
  assertNever,
  dayFullMessage,
  kitchenDayEventSchemas,
  kitchenDayStreamName,
  parseEvent,
  type KitchenDayEvent,
  type StockReleaseReason,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { retryOnConflict } from '../shared/command-wrappers';
import {
  holdBeforeReserving,
  holdToRelease,
  withHold,
  type HoldsByOrder,
} from '../shared/holds-by-order';
import type { Decider } from '../shared/decider';
import { commandStream, type CommandContext, type CommandStores } from '../shared/handle-command';
import { snapshotted, type SnapshotPolicy } from '../shared/snapshots';
import { storeLanes } from '../shared/store-lanes';

/**
 * Issue 40: the kitchen's capacity of one day, decided on the day's own
 * stream (kitchenDayStreamName) with its expected revision, never on a read
 * model, so racing checkouts never book more units than the day takes. The
 * same rules as a product's stock (catalog/stock.ts): an order holds its units
 * under the checkout attempt that took them; a retried checkout asks for them
 * again, not on top of them; another request under the order's key is refused.
 */

/** Units an order holds of the day, and the checkout attempt that took them. */
export interface DayHold {
  units: number;
  checkoutAttempt: string;
}

/** What the day's orders hold: in all, and by order id. */
export interface KitchenDayState {
  reservedUnits: number;
  holds: HoldsByOrder<DayHold>;
}

export type KitchenDayCommand =
  /**
   * The order holds `units` of the day, refused (409, dayFullMessage) when the
   * day has fewer left under `capacityUnits` (null: unlimited, recorded still).
   */
  | {
      type: 'ReserveDayUnits';
      date: string;
      orderId: string;
      units: number;
      checkoutAttempt: string;
      capacityUnits: number | null;
    }
  /**
   * The order's units go back to the day (nothing when it holds none). With
   * `checkoutAttempt`, only when that attempt holds them.
   */
  | {
      type: 'ReleaseDayUnits';
      date: string;
      orderId: string;
      reason: StockReleaseReason;
      checkoutAttempt?: string | undefined;
    };

export const kitchenDayDecider: Decider<KitchenDayState, KitchenDayCommand, KitchenDayEvent> = {
  initialState: { reservedUnits: 0, holds: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'KitchenDayUnitsReserved': {
        const { orderId, units, checkoutAttempt, reservedUnits } = event.data;
        return { reservedUnits, holds: withHold(state.holds, orderId, { units, checkoutAttempt }) };
      }
      case 'KitchenDayUnitsReleased':
        return {
          reservedUnits: event.data.reservedUnits,
          holds: withHold(state.holds, event.data.orderId, null),
        };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'ReserveDayUnits':
        return decideReservation(command, state);
      case 'ReleaseDayUnits': {
        const hold = holdToRelease(state.holds, command.orderId, command.checkoutAttempt);
        if (!hold) return [];
        return [
          {
            type: 'KitchenDayUnitsReleased',
            data: {
              date: command.date,
              orderId: command.orderId,
              units: hold.units,
              reason: command.reason,
              reservedUnits: Math.max(0, state.reservedUnits - hold.units),
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

function decideReservation(
  command: Extract<KitchenDayCommand, { type: 'ReserveDayUnits' }>,
  state: KitchenDayState,
): KitchenDayEvent[] {
  const { date, orderId, units, checkoutAttempt, capacityUnits } = command;
  const held = holdBeforeReserving(state.holds, orderId, checkoutAttempt);
  if (held?.units === units) return [];
  // What the order already holds is its own: a retry asks for it again, not on top of it.
  const others = state.reservedUnits - (held?.units ?? 0);
  if (capacityUnits !== null) {
    const available = Math.max(0, capacityUnits - others);
    if (available < units) throw new AppError('conflict', dayFullMessage(date, available));
  }
  return [
    {
      type: 'KitchenDayUnitsReserved',
      data: {
        date,
        orderId,
        units,
        checkoutAttempt,
        reservedUnits: others + units,
        capacityUnits,
      },
    },
  ];
}

export function parseKitchenDayEvent(recorded: RecordedEvent): KitchenDayEvent | null {
  return parseEvent(kitchenDayEventSchemas, recorded);
}

const kitchenDayStateSchema: z.ZodType<KitchenDayState> = z.object({
  reservedUnits: z.number().int(),
  holds: z.record(
    z.string(),
    z.record(z.string(), z.object({ units: z.number().int(), checkoutAttempt: z.string() })),
  ),
});

/** A busy day gets an event or two per order: a snapshot every 200 bounds what a checkout reads. */
export const kitchenDaySnapshotPolicy: SnapshotPolicy<KitchenDayState> = {
  version: 'kitchen-day-2',
  schema: kitchenDayStateSchema,
  every: 200,
};

/** The day's stream as a capacity command runs it: snapshotted, remembered between commands. */
export type KitchenDayStores = Pick<CommandStores, 'eventStore' | 'snapshotStore' | 'logger'>;

/** As many rounds as checkouts that can race for one day on other instances (this one runs a day's commands one at a time). */
const DAY_CONFLICT_RETRIES = 100;

/**
 * One day's capacity commands in this process run one after another (a lane
 * per day), each deciding on the state the last one left; other instances are
 * met by the expected revision, and decided again on what they appended.
 */
const dayLanes = storeLanes();

function runDayCommand(
  stores: KitchenDayStores,
  command: KitchenDayCommand,
  context: CommandContext,
) {
  return dayLanes(stores.eventStore).run(command.date, () =>
    retryOnConflict(
      DAY_CONFLICT_RETRIES,
      snapshotted(
        commandStream(
          stores.eventStore,
          kitchenDayStreamName(command.date),
          kitchenDayDecider,
          parseKitchenDayEvent,
        ),
        stores,
        kitchenDaySnapshotPolicy,
      ),
      command,
      context,
    ),
  );
}

function dayStep(context: CommandContext, name: string, date: string): CommandContext {
  return {
    ...context,
    commandId: `${context.commandId}/${name}-${date}`,
    causationId: context.causationId ?? context.commandId,
  };
}

/**
 * The order takes `units` of the day under the checkout attempt (409 with
 * dayFullMessage when the day has fewer left). Returns the position appended.
 */
export async function reserveDayUnits(
  stores: KitchenDayStores,
  reservation: {
    date: string;
    orderId: string;
    units: number;
    checkoutAttempt: string;
    capacityUnits: number | null;
  },
  context: CommandContext,
): Promise<number> {
  const result = await runDayCommand(
    stores,
    { type: 'ReserveDayUnits', ...reservation },
    dayStep(context, 'reserve-day', reservation.date),
  );
  return result.position;
}

/**
 * The order's units of the day go back (none held: nothing, so this may be
 * repeated). With `checkoutAttempt`, only the units that attempt took.
 * Returns the day stream's position after it.
 */
export async function releaseDayUnits(
  stores: KitchenDayStores,
  release: {
    date: string;
    orderId: string;
    reason: StockReleaseReason;
    checkoutAttempt?: string | undefined;
  },
  context: CommandContext,
): Promise<number> {
  const result = await runDayCommand(
    stores,
    { type: 'ReleaseDayUnits', ...release },
    dayStep(context, `release-day-${release.reason}`, release.date),
  );
  return result.position;
}
