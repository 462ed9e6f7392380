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
 * `<orderId>=<number>;` per order, spread over ASSIGNED_BUCKETS strings by a
 * hash of the order id: a string grows without copying what it holds, where a
 * plain object copied on every event made folding the stream quadratic, and
 * looking an order up reads one bucket, where one string meant reading every
 * order ever numbered.
 */
export interface OrderNumbersState {
  next: number;
  assigned: readonly string[];
}

/** Orders asking at about the same moment are numbered together, in the order they asked. */
export type OrderNumbersCommand = { type: 'AssignOrderNumbers'; orderIds: readonly string[] };

export const ASSIGNED_BUCKETS = 256;

/** FNV-1a of the lower-cased id, to a bucket. */
function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % ASSIGNED_BUCKETS;
}

/** The number the order holds, or null. */
export function orderNumberOf(state: OrderNumbersState, orderId: string): number | null {
  const id = orderId.toLowerCase();
  const bucket = state.assigned[bucketOf(id)] ?? '';
  // Each entry follows a ';' (or starts the bucket): an id never matches the end of another.
  const key = `${id}=`;
  let at = bucket.indexOf(key);
  while (at > 0 && bucket[at - 1] !== ';') at = bucket.indexOf(key, at + 1);
  if (at === -1) return null;
  const start = at + key.length;
  return Number(bucket.slice(start, bucket.indexOf(';', start)));
}

/** Numbers follow one another from FIRST_ORDER_NUMBER; an order keeps the number it took. */
export const orderNumbersDecider: Decider<
  OrderNumbersState,
  OrderNumbersCommand,
  OrderNumberEvent
> = {
  initialState: {
    next: FIRST_ORDER_NUMBER,
    assigned: Array.from({ length: ASSIGNED_BUCKETS }, () => ''),
  },

  evolve(state, event) {
    const { orderId, orderNumber } = event.data;
    const id = orderId.toLowerCase();
    const assigned = [...state.assigned];
    const bucket = bucketOf(id);
    assigned[bucket] = `${assigned[bucket] ?? ''}${id}=${orderNumber};`;
    return { next: Math.max(state.next, orderNumber + 1), assigned };
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
