import { z } from 'zod';
import { ORDER_NUMBERS_STREAM } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { handleCommand, type CommandContext } from '../shared/handle-command';
import type { CommandStores, SnapshotPolicy } from '../shared/load-aggregate';
import {
  orderNumberOf,
  orderNumbersDecider,
  parseOrderNumberEvent,
  type OrderNumbersState,
} from './order-numbers';

/**
 * The numbers stream only grows, one event per order: a snapshot every 100
 * events bounds what an allocation reads after a restart.
 */
export const orderNumbersSnapshotPolicy: SnapshotPolicy<OrderNumbersState> = {
  version: 'order-numbers-1',
  schema: z.object({ next: z.number().int(), assigned: z.string() }),
  every: 100,
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

/**
 * Allocations of this process run one after another (a promise queue): racing
 * each other on the one stream they would mostly fail and retry. Other
 * processes are met by the append's expected revision, and retried.
 */
export function createOrderNumberAllocator(stores: CommandStores): OrderNumberAllocator {
  let queue: Promise<unknown> = Promise.resolve();
  const allocate = async (orderId: string, context: CommandContext): Promise<number> => {
    const result = await handleCommand({
      store: stores.eventStore,
      snapshots: {
        store: stores.snapshotStore,
        policy: orderNumbersSnapshotPolicy,
        logger: stores.logger,
      },
      decider: orderNumbersDecider,
      parse: parseOrderNumberEvent,
      streamName: ORDER_NUMBERS_STREAM,
      command: { type: 'AssignOrderNumber', orderId },
      context,
      retryOnConflict: ORDER_NUMBER_CONFLICT_RETRIES,
    });
    const orderNumber = orderNumberOf(result.state, orderId);
    if (orderNumber === null) throw new Error(`order ${orderId} got no number`);
    return orderNumber;
  };
  return {
    assign(orderId, context) {
      const turn = queue.then(() => allocate(orderId, context));
      queue = turn.catch(() => undefined);
      return turn;
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
