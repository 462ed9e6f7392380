import { z } from 'zod';
import { ORDER_NUMBERS_STREAM } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { perEventContext, retryOnConflict } from '../shared/command-wrappers';
import { commandStream, type CommandContext, type CommandStores } from '../shared/handle-command';
import { snapshotted, type SnapshotPolicy } from '../shared/snapshots';
import {
  ASSIGNED_BUCKETS,
  orderNumberOf,
  orderNumbersDecider,
  parseOrderNumberEvent,
  type OrderNumbersState,
} from './order-numbers';

/**
 * The numbers stream only grows, one event per order: a snapshot every 1,000
 * events bounds what an allocation reads after a restart (a snapshot holds
 * every order's number, megabytes in a busy year, so not written more often).
 */
export const orderNumbersSnapshotPolicy: SnapshotPolicy<OrderNumbersState> = {
  version: 'order-numbers-2',
  schema: z.object({
    next: z.number().int(),
    assigned: z.array(z.string()).length(ASSIGNED_BUCKETS),
  }),
  every: 1_000,
};

/**
 * Other processes allocating at the same moment make an append fail; each
 * failure means one of them got a number, so a few tries always get through.
 */
export const ORDER_NUMBER_CONFLICT_RETRIES = 30;

export interface OrderNumberAllocator {
  /** The order's number: the one it already holds, else the next one, without gaps. */
  assign(orderId: string, context: CommandContext): Promise<number>;
}

/** Orders numbered by one append at most: one append stays small however many checkouts wait. */
export const MAX_ORDERS_PER_ALLOCATION = 100;

interface Waiting {
  orderId: string;
  context: CommandContext;
  resolve(orderNumber: number): void;
  reject(error: unknown): void;
}

/**
 * Allocations of this process run one after another, and every order that
 * asked while one ran is numbered by the next, in one append (group commit):
 * one append at a time per process — racing each other on the one stream,
 * appends would mostly fail and retry — without checkouts queueing one append
 * each behind it. Each number's event carries its own checkout's metadata.
 * Other processes are met by the append's expected revision, and retried.
 */
export function createOrderNumberAllocator(stores: CommandStores): OrderNumberAllocator {
  const waiting: Waiting[] = [];
  let running = false;

  const allocate = async (batch: readonly Waiting[]): Promise<OrderNumbersState> => {
    const [first] = batch;
    if (!first) throw new Error('an allocation without orders');
    const contexts = new Map(batch.map(({ orderId, context }) => [orderId.toLowerCase(), context]));
    const numbers = snapshotted(
      commandStream(
        stores.eventStore,
        ORDER_NUMBERS_STREAM,
        orderNumbersDecider,
        parseOrderNumberEvent,
      ),
      stores,
      orderNumbersSnapshotPolicy,
    );
    const result = await retryOnConflict(
      ORDER_NUMBER_CONFLICT_RETRIES,
      perEventContext(numbers, (event) => contexts.get(event.data.orderId) ?? first.context),
      { type: 'AssignOrderNumbers', orderIds: batch.map(({ orderId }) => orderId) },
      first.context,
    );
    return result.state;
  };

  const drain = async (): Promise<void> => {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_ORDERS_PER_ALLOCATION);
      try {
        const state = await allocate(batch);
        for (const { orderId, resolve, reject } of batch) {
          const orderNumber = orderNumberOf(state, orderId);
          if (orderNumber === null) reject(new Error(`order ${orderId} got no number`));
          else resolve(orderNumber);
        }
      } catch (error) {
        for (const { reject } of batch) reject(error);
      }
    }
    running = false;
  };

  return {
    assign(orderId, context) {
      return new Promise<number>((resolve, reject) => {
        waiting.push({ orderId, context, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}

const allocators = new WeakMap<EventStore, OrderNumberAllocator>();

/** The one allocator of this process for the store (every checkout route shares it). */
export function orderNumberAllocatorFor(stores: CommandStores): OrderNumberAllocator {
  let allocator = allocators.get(stores.eventStore);
  if (!allocator) {
    allocator = createOrderNumberAllocator(stores);
    allocators.set(stores.eventStore, allocator);
  }
  return allocator;
}
