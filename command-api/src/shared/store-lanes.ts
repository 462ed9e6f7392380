import { createKeyedQueue, type KeyedQueue } from '@quitute/infra/keyed-queue';
import type { EventStore } from '@quitute/infra/event-store';

/**
 * Lanes of one kind of work (a cart's commands, a payment's, a product's
 * stock): per event store, this process runs the work of one key after
 * another and different keys at once. Queued, a second command decides on the
 * first one's outcome instead of meeting it as a conflict; other processes
 * are still met by the append's expected revision.
 */
export function storeLanes(): (store: EventStore) => KeyedQueue {
  const queues = new WeakMap<EventStore, KeyedQueue>();
  return (store) => {
    let queue = queues.get(store);
    if (!queue) {
      queue = createKeyedQueue();
      queues.set(store, queue);
    }
    return queue;
  };
}
