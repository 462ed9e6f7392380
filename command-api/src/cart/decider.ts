import {
  applyCartEvent,
  cartEventSchemas,
  cartMessages,
  MAX_CART_LINES,
  MAX_UNITS_PER_LINE,
  MINIMUM_UNITS_PER_ITEM,
  parseEvent,
  type CartEvent,
  type CartLineRecord,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/**
 * A cart's lines in the order their products were first added. Never changed
 * in place (the command pipeline remembers and hands out the same object).
 */
export interface CartState {
  readonly lines: readonly CartLineRecord[];
  /** Orders whose payment emptied the cart (absent before the first). */
  readonly checkedOut?: readonly string[];
}

/**
 * Cart commands. Products are already resolved by the shell (catalogue view):
 * a command names product ids, and an added line carries the catalogue's price.
 */
export type CartCommand =
  | {
      type: 'AddItem';
      userId: string;
      productId: string;
      quantidade: number;
      unitPriceCents: number;
      isKit: boolean;
    }
  | SyncCartCommand
  | { type: 'ClearCart'; userId: string }
  /** The order was paid: its lines (its units of each product) leave the cart, once per order. */
  | { type: 'CheckOut'; userId: string; orderId: string; lines: CartLineRecord[] };

/** The whole cart as the client wants it: duplicates summed, 0-quantity lines dropped. */
export interface SyncCartCommand {
  type: 'SyncCart';
  userId: string;
  lines: CartLineRecord[];
}

function addItem(
  command: Extract<CartCommand, { type: 'AddItem' }>,
  state: CartState,
): CartEvent[] {
  // Kits are bought one at a time (spec §5); every other item by at least 20 units.
  if (!command.isKit && command.quantidade < MINIMUM_UNITS_PER_ITEM) {
    throw new AppError('validation', cartMessages.minimum);
  }
  const line = state.lines.find((candidate) => candidate.productId === command.productId);
  if (!line && state.lines.length >= MAX_CART_LINES) {
    throw new AppError('validation', cartMessages.tooManyLines);
  }
  if ((line?.quantidade ?? 0) + command.quantidade > MAX_UNITS_PER_LINE) {
    throw new AppError('validation', cartMessages.tooManyUnits);
  }
  return [
    {
      type: 'CartItemAdded',
      data: {
        userId: command.userId,
        productId: command.productId,
        quantidade: command.quantidade,
        unitPriceCents: command.unitPriceCents,
      },
    },
  ];
}

/**
 * The smallest event that turns the current lines into the wanted ones: none
 * when they hold the same quantities (order aside), a quantity change or a
 * removal when that is the only difference, else the whole cart replaced.
 * The minimum of 20 is not checked here: the cart screen's minus button makes
 * 19, and checkout checks the minimum again.
 */
function syncCart(command: SyncCartCommand, state: CartState): CartEvent[] {
  const { userId, lines } = command;
  if (lines.length > MAX_CART_LINES) throw new AppError('validation', cartMessages.tooManyLines);
  if (lines.some((line) => line.quantidade < 1)) {
    throw new AppError('validation', cartMessages.invalidQuantity);
  }
  if (lines.some((line) => line.quantidade > MAX_UNITS_PER_LINE)) {
    throw new AppError('validation', cartMessages.tooManyUnits);
  }
  const wanted = new Map(lines.map((line) => [line.productId, line.quantidade]));
  const changed = state.lines.filter((line) => wanted.get(line.productId) !== line.quantidade);
  const added = wanted.size - state.lines.filter((line) => wanted.has(line.productId)).length;
  if (changed.length === 0 && added === 0) return [];
  const [only] = changed;
  if (changed.length === 1 && added === 0 && only) {
    const quantidade = wanted.get(only.productId);
    if (quantidade === undefined) {
      return [{ type: 'CartItemRemoved', data: { userId, productId: only.productId } }];
    }
    return [
      { type: 'CartItemQuantityChanged', data: { userId, productId: only.productId, quantidade } },
    ];
  }
  return [
    {
      type: 'CartReplaced',
      data: {
        userId,
        lines: lines.map(({ productId, quantidade }) => ({ productId, quantidade })),
      },
    },
  ];
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: { lines: [] },

  /** The same fold as the carts read model: the cart a customer reads is the cart decided on. */
  evolve(state, event) {
    const lines = applyCartEvent(state.lines, event);
    if (event.type !== 'CartCheckedOut') return { ...state, lines };
    return { lines, checkedOut: [...(state.checkedOut ?? []), event.data.orderId] };
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddItem':
        return addItem(command, state);
      case 'SyncCart':
        return syncCart(command, state);
      case 'ClearCart':
        return state.lines.length === 0
          ? []
          : [{ type: 'CartCleared', data: { userId: command.userId } }];
      case 'CheckOut': {
        const { userId, orderId, lines } = command;
        if (state.checkedOut?.includes(orderId)) return [];
        return [{ type: 'CartCheckedOut', data: { userId, orderId, lines } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parseCartEvent(recorded: RecordedEvent): CartEvent | null {
  return parseEvent(cartEventSchemas, recorded);
}
