import type { EventStore, SubscribeOptions, Subscription } from './port';

/**
 * A subscription that says when it first caught up, for whatever must not act
 * before it has read everything stored (the command side's catalogue and
 * session views, the payment process manager, the relay): `caughtUp` resolves
 * the first time everything stored was delivered, and rejects if the
 * subscription ends before that. Later catch-ups and errors reach the caller's
 * own handlers only.
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
