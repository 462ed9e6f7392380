import type { EventStore } from '../event-store/port';

/**
 * The store, its first `times` subscriptions ending for good (onError) where
 * they would have caught up (what they delivered until then stays delivered),
 * as a subscription dropped by the server for a reason it does not retry would: for tests of what follows the log and must not die
 * silently. `ends()` counts the ends so far.
 */
export function endingSubscriptions(
  store: EventStore,
  times = Number.POSITIVE_INFINITY,
): { store: EventStore; ends: () => number } {
  let ends = 0;
  return {
    ends: () => ends,
    store: {
      ...store,
      subscribeToAll: (options) => {
        if (ends >= times) return store.subscribeToAll(options);
        let ended = false;
        const inner = store.subscribeToAll({
          ...options,
          onCaughtUp: (position) => {
            if (ended) return;
            if (ends >= times) {
              options.onCaughtUp?.(position);
              return;
            }
            ended = true;
            ends += 1;
            void inner.stop().then(() => options.onError?.(new Error('subscription dropped')));
          },
        });
        return inner;
      },
    },
  };
}
