/**
 * What every adapter's subscription shares about healing itself: how long to wait
 * before reading again after the store failed, and how a failure of the subscriber
 * (never retried) is told apart from a failure of the store (always retried).
 */

export const firstRetryDelayMs = 100;
export const maxRetryDelayMs = 5_000;

/** 100 ms, 200 ms, 400 ms, … capped at 5 s: quick after a blip, gentle on a server that is down. */
export function retryDelayMs(attempt: number): number {
  return Math.min(firstRetryDelayMs * 2 ** Math.max(attempt - 1, 0), maxRetryDelayMs);
}

/**
 * Wraps what the subscriber's own code threw (onEvent, onCaughtUp) or an event the
 * subscription cannot read as ours: reading again would only meet it again, so the
 * subscription ends and reports `cause` to onError.
 */
export class SubscriberFailure extends Error {
  override readonly name = 'SubscriberFailure';
  constructor(override readonly cause: unknown) {
    super('The subscriber failed', { cause });
  }
}

/** Runs the subscriber's code, marking whatever it throws as not to be retried. */
export async function asSubscriber<T>(call: () => Promise<T> | T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SubscriberFailure(error);
  }
}

/**
 * A sleep that stop() can cut short. `wake` is for the subscription's own use;
 * only one pause runs at a time per subscription.
 */
export function createPause() {
  let interrupt: (() => void) | undefined;
  return {
    pause: (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const finish = (): void => {
          clearTimeout(timer);
          interrupt = undefined;
          resolve();
        };
        const timer = setTimeout(finish, ms);
        interrupt = finish;
      }),
    interrupt: (): void => interrupt?.(),
  };
}
