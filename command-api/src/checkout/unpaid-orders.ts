import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CHECKOUT_HOLD_LAPSE_MS,
  MAX_UNPAID_ORDERS,
  parseEvent,
  tooManyUnpaidOrdersMessage,
  tooManyUnpaidUnitsMessage,
  MAX_UNPAID_UNITS,
  unpaidOrderEventSchemas,
  unpaidOrdersStreamName,
  type UnpaidOrderCloseReason,
  type UnpaidOrderEvent,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { readOrder } from '../ordering/orders';
import { retryOnConflict } from '../shared/command-wrappers';
import type { Decider } from '../shared/decider';
import { commandStream, type CommandContext, type CommandStores } from '../shared/handle-command';

/**
 * Issue 38: an account holds at most MAX_UNPAID_ORDERS orders awaiting
 * payment. Decided on the account's own `unpaid-orders-<userId>` stream with
 * its expected revision, so concurrent checkouts of one account cannot pass
 * the cap together. A checkout opens its order's slot before placing it; a
 * slot is closed when the cap is reached and its order turns out no longer to
 * await payment (paid, cancelled, expired, moved along by an admin) or never
 * to have been placed by a checkout that stopped: the slots are only ever
 * counted at a checkout, so that is where they are looked at again.
 */

export interface UnpaidSlot {
  checkoutAttempt: string;
  openedAt: string;
  /** The units its order holds (0 for slots opened before MAX_UNPAID_UNITS). */
  units: number;
}

/** The account's open slots by order id, in the order they were opened. */
export interface UnpaidOrdersState {
  open: Readonly<Record<string, UnpaidSlot>>;
}

export type UnpaidOrdersCommand =
  | {
      type: 'OpenUnpaidOrder';
      userId: string;
      orderId: string;
      checkoutAttempt: string;
      at: string;
      units: number;
    }
  | {
      type: 'CloseUnpaidOrder';
      userId: string;
      orderId: string;
      reason: UnpaidOrderCloseReason;
      /** Only the slot this attempt opened (a retried checkout that took it over keeps it). */
      checkoutAttempt?: string | undefined;
    };

/** The cap is reached: the answer names these orders (decided here, told by the caller). */
export class UnpaidOrdersFull extends AppError {
  constructor(readonly openOrderIds: readonly string[]) {
    super('conflict', tooManyUnpaidOrdersMessage(openOrderIds.length, []));
  }
}

/** The units cap is reached: the other unpaid orders hold `heldUnits`. */
export class UnpaidUnitsFull extends AppError {
  constructor(readonly heldUnits: number) {
    super('conflict', tooManyUnpaidUnitsMessage(heldUnits, MAX_UNPAID_UNITS));
  }
}

export const unpaidOrdersDecider: Decider<
  UnpaidOrdersState,
  UnpaidOrdersCommand,
  UnpaidOrderEvent
> = {
  initialState: { open: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'UnpaidOrderOpened': {
        const { orderId, checkoutAttempt, openedAt, units } = event.data;
        return {
          open: { ...state.open, [orderId]: { checkoutAttempt, openedAt, units: units ?? 0 } },
        };
      }
      case 'UnpaidOrderClosed': {
        const { [event.data.orderId]: _closed, ...open } = state.open;
        return { open };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'OpenUnpaidOrder': {
        const { userId, orderId, checkoutAttempt, at, units } = command;
        const held = state.open[orderId];
        // The order's slot is taken, by this request or another under its key: one slot per order.
        if (held) return [];
        const others = Object.keys(state.open).filter((id) => id !== orderId);
        if (others.length >= MAX_UNPAID_ORDERS) throw new UnpaidOrdersFull(others);
        const heldUnits = others.reduce((sum, id) => sum + (state.open[id]?.units ?? 0), 0);
        if (heldUnits + units > MAX_UNPAID_UNITS) throw new UnpaidUnitsFull(heldUnits);
        return [
          {
            type: 'UnpaidOrderOpened',
            data: { userId, orderId, checkoutAttempt, openedAt: at, units },
          },
        ];
      }
      case 'CloseUnpaidOrder': {
        const held = state.open[command.orderId];
        if (!held) return [];
        if (
          command.checkoutAttempt !== undefined &&
          command.checkoutAttempt !== held.checkoutAttempt
        ) {
          return [];
        }
        const { userId, orderId, reason } = command;
        return [{ type: 'UnpaidOrderClosed', data: { userId, orderId, reason } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseUnpaidOrderEvent(recorded: RecordedEvent): UnpaidOrderEvent | null {
  return parseEvent(unpaidOrderEventSchemas, recorded);
}

/** Checkouts of one account racing for its last slot each decide again on the newer stream. */
const UNPAID_CONFLICT_RETRIES = 20;

function unpaidOrders(stores: Pick<CommandStores, 'eventStore'>, userId: string) {
  return commandStream(
    stores.eventStore,
    unpaidOrdersStreamName(userId),
    unpaidOrdersDecider,
    parseUnpaidOrderEvent,
  );
}

function runUnpaidOrdersCommand(
  stores: Pick<CommandStores, 'eventStore'>,
  command: UnpaidOrdersCommand,
  context: CommandContext,
) {
  return retryOnConflict(
    UNPAID_CONFLICT_RETRIES,
    unpaidOrders(stores, command.userId),
    command,
    context,
  );
}

/** How an open slot's order stands now, read from its own stream: null while it still awaits payment. */
async function closeReason(
  stores: CommandStores,
  orderId: string,
  slot: UnpaidSlot,
  now: string,
): Promise<UnpaidOrderCloseReason | null> {
  const { state } = await readOrder(stores, orderId);
  if (state.placed === null) {
    const lapsed = Date.parse(now) - Date.parse(slot.openedAt) >= CHECKOUT_HOLD_LAPSE_MS;
    return lapsed ? 'checkout_lapsed' : null;
  }
  if (state.paid) return 'paid';
  if (state.status === 'cancelled') return 'cancelled';
  return state.status === 'pending' ? null : 'no_longer_pending';
}

/**
 * The order takes one of the account's slots for orders awaiting payment
 * (again for a retried checkout: it takes its slot over). With the cap
 * reached, the open orders are read and those no longer awaiting payment
 * closed; if none is, 409 naming the open orders by number.
 */
export async function openUnpaidOrder(
  stores: CommandStores,
  slot: { userId: string; orderId: string; checkoutAttempt: string; units: number },
  context: CommandContext,
): Promise<number> {
  const open = () =>
    runUnpaidOrdersCommand(
      stores,
      { type: 'OpenUnpaidOrder', ...slot, at: context.occurredAt },
      { ...context, commandId: `${context.commandId}/open-unpaid-order` },
    );
  const full = (error: unknown) =>
    error instanceof UnpaidOrdersFull || error instanceof UnpaidUnitsFull;
  try {
    return (await open()).position;
  } catch (error) {
    if (!full(error)) throw error;
  }
  const { state } = await unpaidOrders(stores, slot.userId).load();
  for (const [orderId, held] of Object.entries(state.open)) {
    if (orderId === slot.orderId) continue;
    const reason = await closeReason(stores, orderId, held, context.occurredAt);
    if (reason === null) continue;
    await closeUnpaidOrder(
      stores,
      { userId: slot.userId, orderId, reason, checkoutAttempt: held.checkoutAttempt },
      context,
    );
  }
  // What still stands is refused as it stands: the units, or the orders named by number.
  try {
    return (await open()).position;
  } catch (error) {
    if (!(error instanceof UnpaidOrdersFull)) throw error;
    throw await tooManyUnpaidOrders(stores, error.openOrderIds);
  }
}

/** How long the refusal waits for an open order a racing checkout is placing right now, to name it. */
const NAMING_WAIT_MS = 1_000;
const NAMING_POLL_MS = 50;

/**
 * The 409 naming the open orders by their numbers. An order another checkout
 * is placing at this moment gets a short wait to be named; one whose checkout
 * stopped has no number to name.
 */
async function tooManyUnpaidOrders(
  stores: CommandStores,
  orderIds: readonly string[],
): Promise<AppError> {
  const numbers: number[] = [];
  const deadline = performance.now() + NAMING_WAIT_MS;
  for (const orderId of orderIds) {
    for (;;) {
      const { placed } = (await readOrder(stores, orderId)).state;
      if (placed) numbers.push(placed.orderNumber);
      if (placed || performance.now() >= deadline) break;
      await sleep(NAMING_POLL_MS);
    }
  }
  numbers.sort((a, b) => a - b);
  return new AppError('conflict', tooManyUnpaidOrdersMessage(orderIds.length, numbers));
}

/** The order's slot is let go (nothing happens when it has none, so this may be repeated). */
export async function closeUnpaidOrder(
  stores: Pick<CommandStores, 'eventStore'>,
  slot: {
    userId: string;
    orderId: string;
    reason: UnpaidOrderCloseReason;
    checkoutAttempt?: string | undefined;
  },
  context: CommandContext,
): Promise<number> {
  const result = await runUnpaidOrdersCommand(
    stores,
    { type: 'CloseUnpaidOrder', ...slot },
    { ...context, commandId: `${context.commandId}/close-unpaid-order-${slot.orderId}` },
  );
  return result.position;
}
