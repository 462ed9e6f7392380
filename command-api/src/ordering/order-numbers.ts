import {
  FIRST_ORDER_NUMBER,
  orderNumberEventSchemas,
  parseEvent,
  type OrderNumberEvent,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/**
 * The numbers taken so far (ORDER_NUMBERS_STREAM): the next one, and which
 * order holds each. `assigned` is the orderId→number map written as text,
 * `<orderId>=<number>;` per order: a string grows without copying what it
 * holds, where a plain object copied on every event makes folding the stream
 * quadratic (20 000 orders took minutes to fold).
 */
export interface OrderNumbersState {
  next: number;
  assigned: string;
}

/** Orders asking at about the same moment are numbered together, in the order they asked. */
export type OrderNumbersCommand = { type: 'AssignOrderNumbers'; orderIds: readonly string[] };

const entry = (orderId: string, orderNumber: number) => `${orderId.toLowerCase()}=${orderNumber};`;

/** The number the order holds, or null. */
export function orderNumberOf(state: OrderNumbersState, orderId: string): number | null {
  const key = `${orderId.toLowerCase()}=`;
  const at = state.assigned.indexOf(key);
  if (at === -1) return null;
  const start = at + key.length;
  return Number(state.assigned.slice(start, state.assigned.indexOf(';', start)));
}

/** Numbers follow one another from FIRST_ORDER_NUMBER; an order keeps the number it took. */
export const orderNumbersDecider: Decider<
  OrderNumbersState,
  OrderNumbersCommand,
  OrderNumberEvent
> = {
  initialState: { next: FIRST_ORDER_NUMBER, assigned: '' },

  evolve(state, event) {
    const { orderId, orderNumber } = event.data;
    return {
      next: Math.max(state.next, orderNumber + 1),
      assigned: state.assigned + entry(orderId, orderNumber),
    };
  },

  decide(command, state) {
    // One number per order, however often (and however spelt) it asked.
    const waiting = new Map<string, string>();
    for (const orderId of command.orderIds) {
      const key = orderId.toLowerCase();
      if (!waiting.has(key) && orderNumberOf(state, orderId) === null) waiting.set(key, orderId);
    }
    return [...waiting.values()].map((orderId, index) => ({
      type: 'OrderNumberAssigned' as const,
      data: { orderId, orderNumber: state.next + index },
    }));
  },
};

export function parseOrderNumberEvent(recorded: RecordedEvent): OrderNumberEvent | null {
  return parseEvent(orderNumberEventSchemas, recorded);
}
