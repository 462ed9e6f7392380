import type { BusMessage } from './port';

/**
 * Where a consumer remembers the message ids it has handled. A `Set<string>`
 * fits; so does a store backed by the read store or a database, whose calls
 * may be async.
 */
export interface SeenIds {
  has(id: string): boolean | Promise<boolean>;
  add(id: string): unknown;
}

/**
 * Wraps a bus handler so a redelivered message (same `id`, the source event id
 * — ARCHITECTURE §4) is handled once. The id is recorded only after the handler
 * succeeds, so a failed attempt is still retried. Handlers of one consumer group
 * run one message at a time, which is what makes check-then-record safe here.
 */
export function dedupeById(
  handler: (message: BusMessage) => Promise<void>,
  seen: SeenIds,
): (message: BusMessage) => Promise<void> {
  return async (message) => {
    if (await seen.has(message.id)) return;
    await handler(message);
    await seen.add(message.id);
  };
}

/**
 * A SeenIds that forgets the oldest ids past `capacity`, for a long-running
 * consumer whose redeliveries are recent (Kafka redelivers from the last
 * committed offset, not from the dawn of time).
 */
export function recentIds(capacity = 10_000): SeenIds & { readonly size: number } {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError('capacity must be a positive integer');
  }
  // A Set iterates in insertion order, so its first element is the oldest.
  const ids = new Set<string>();
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.delete(id);
      ids.add(id);
      if (ids.size > capacity) {
        const oldest = ids.values().next();
        if (!oldest.done) ids.delete(oldest.value);
      }
    },
    get size() {
      return ids.size;
    },
  };
}
