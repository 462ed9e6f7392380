import type { EventStore } from '../event-store/port';

/**
 * The store, noting where each subscription to it starts (`fromPosition`): for
 * tests of a view restored from a save, which must follow the log from there.
 */
export function recordingSubscriptionStarts(store: EventStore): {
  store: EventStore;
  starts: (number | undefined)[];
} {
  const starts: (number | undefined)[] = [];
  return {
    starts,
    store: {
      ...store,
      subscribeToAll: (options) => {
        starts.push(options.fromPosition);
        return store.subscribeToAll(options);
      },
    },
  };
}
