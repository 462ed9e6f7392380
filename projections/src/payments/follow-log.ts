import type { EventStore, SubscribeOptions, Subscription } from '@quitute/infra/event-store';

/**
 * A subscription to the log that says when it first caught up: `caughtUp`
 * resolves the first time everything stored has been delivered, and rejects if
 * the subscription ends before that. Later catch-ups and errors reach the
 * caller's own handlers only. (The pattern of command-api's views.)
 */
export function followLog(
  eventStore: EventStore,
  options: SubscribeOptions,
): { subscription: Subscription; caughtUp: Promise<void> } {
  let resolveCaughtUp = (): void => {};
  let rejectCaughtUp = (_error: Error): void => {};
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  const subscription = eventStore.subscribeToAll({
    ...options,
    onCaughtUp: (position) => {
      options.onCaughtUp?.(position);
      resolveCaughtUp();
    },
    onError: (error) => {
      options.onError?.(error);
      rejectCaughtUp(error instanceof Error ? error : new Error(String(error)));
    },
  });
  return { subscription, caughtUp };
}
