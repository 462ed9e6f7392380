import type { EventStore, SubscribeOptions, Subscription } from '@quitute/infra/event-store';

/**
 * A command-side view's subscription to the log from its start (the catalogue,
 * the session versions): `caughtUp` resolves the first time the view has read
 * everything stored — it can answer from then on — and rejects if the
 * subscription ends before that. Later catch-ups and errors reach the view's
 * own handlers only.
 */
export function followLog(
  eventStore: EventStore,
  options: Omit<SubscribeOptions, 'fromPosition'>,
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
