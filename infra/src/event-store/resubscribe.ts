import type { Logger } from '../logging';
import type { EventStore, SubscribeOptions, Subscription } from './port';

export interface ResubscribingOptions extends Omit<SubscribeOptions, 'fromPosition' | 'onError'> {
  /** Who follows, for the logs ('payment relay'). */
  name: string;
  logger: Pick<Logger, 'info' | 'error'>;
  /**
   * Where to (re)start: the position of the last event fully handled, 0 for the
   * beginning. Read at the start and again at each resubscription, so an event
   * whose handler threw is delivered again.
   */
  resumeFrom: () => number;
  /** Pause before the first resubscription, doubled per failure (default 1 s)… */
  retryDelayMs?: number;
  /** …up to this (default 30 s). */
  maxRetryDelayMs?: number;
  /**
   * After this many ends in a row without catching up again, it reports itself
   * failed (`failure()`): a lease holder then gives its lease to a stand-by. It
   * keeps resubscribing meanwhile, until stopped (default 3).
   */
  giveUpAfter?: number;
}

/** How the following goes: 'retrying' after an end, 'failed' once it ended `giveUpAfter` times in a row. */
export type FollowingState =
  { state: 'following' } | { state: 'retrying' | 'failed'; attempts: number; error: unknown };

export interface ResubscribingFollower {
  /** Resolves once caught up the first time; rejects if it fails before (see giveUpAfter). */
  caughtUp: Promise<void>;
  state(): FollowingState;
  /** The reason it failed, once it has (for a lease term's check and /health). */
  failure(): string | undefined;
  /** For /health (the shape of projection-progress' HealthReport): degraded while retrying, failed once it failed. */
  health(): { status: 'ok' } | { status: 'degraded' | 'failed'; reason: string };
  stop(): Promise<void>;
}

/**
 * Follows the log like followLog, but a subscription that ends for good (its
 * handler threw, an event could not be read) is not left dead behind a log line:
 * it is subscribed again from `resumeFrom()` after a growing pause, and after
 * `giveUpAfter` ends in a row without catching up in between it says it failed,
 * so that the process can hand its work over and /health can say so.
 */
export function followLogResubscribing(
  eventStore: EventStore,
  options: ResubscribingOptions,
): ResubscribingFollower {
  const { name, logger } = options;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const giveUpAfter = options.giveUpAfter ?? 3;
  let current: Subscription | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let following: FollowingState = { state: 'following' };
  let caughtUpOnce = false;
  let resolveCaughtUp = (): void => {};
  let rejectCaughtUp = (_error: Error): void => {};
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  // A start that fails is reported through the promise; unobserved it must not crash the process.
  caughtUp.catch(() => {});

  const subscribe = (): void => {
    if (stopped) return;
    const from = options.resumeFrom();
    current = eventStore.subscribeToAll({
      onEvent: options.onEvent,
      ...(options.filter ? { filter: options.filter } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      ...(from > 0 ? { fromPosition: from } : {}),
      onCaughtUp: (position) => {
        if (following.state !== 'following') {
          logger.info(
            { position, attempts: following.attempts },
            `${name}: following the log again`,
          );
          following = { state: 'following' };
        }
        caughtUpOnce = true;
        resolveCaughtUp();
        options.onCaughtUp?.(position);
      },
      onError: (error) => ended(error),
    });
  };

  const ended = (error: unknown): void => {
    if (stopped) return;
    const attempts = following.state === 'following' ? 1 : following.attempts + 1;
    const failed = attempts >= giveUpAfter;
    following = { state: failed ? 'failed' : 'retrying', attempts, error };
    const delayMs = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (attempts - 1));
    logger.error(
      { err: error, attempts, delayMs, resumeFrom: options.resumeFrom() },
      failed
        ? `${name}: stopped following the log ${attempts} times in a row; reported failed, subscribing again after a pause`
        : `${name}: stopped following the log; subscribing again after a pause`,
    );
    if (failed && !caughtUpOnce) {
      rejectCaughtUp(error instanceof Error ? error : new Error(String(error)));
    }
    const previous = current;
    timer = setTimeout(() => {
      // The ended subscription has let go of its handler before the next one starts.
      void (previous?.stop() ?? Promise.resolve()).then(subscribe, subscribe);
    }, delayMs);
    timer.unref();
  };

  const failure = (): string | undefined => {
    if (following.state !== 'failed') return undefined;
    const { attempts, error } = following;
    return `stopped following the log ${attempts} times in a row: ${error instanceof Error ? error.message : String(error)}`;
  };

  subscribe();
  return {
    caughtUp,
    state: () => following,
    failure,
    health() {
      switch (following.state) {
        case 'following':
          return { status: 'ok' };
        case 'retrying':
          return {
            status: 'degraded',
            reason: `${name}: following the log again (attempt ${following.attempts})`,
          };
        case 'failed':
          return { status: 'failed', reason: `${name}: ${failure() ?? 'failed'}` };
        default:
          return following satisfies never;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current?.stop();
    },
  };
}
