import { matchesFilter } from './store-rules';
import type { RecordedEvent, SubscribeOptions, Subscription } from './port';
import { asSubscriber, createPause, retryDelayMs, SubscriberFailure } from './subscription-retry';

export interface LogPage {
  /** Events after the checkpoint the page was read from, contiguous and in position order. */
  events: RecordedEvent[];
  /** Everything up to here is settled: the events above plus holes proven permanent. */
  checkpoint: number;
  /**
   * more: the page was full, read on at once; caught-up: everything visible was read;
   * gap: a missing position below visible ones may still be committed, look again soon.
   */
  status: 'more' | 'caught-up' | 'gap';
}

export interface LogSource {
  /**
   * One per subscription: a reader may keep state between pages (a pending gap).
   * A throw is a failure of the store: the subscription reads again from its
   * checkpoint after a backoff.
   */
  readPage: (after: number) => Promise<LogPage>;
  /**
   * Resolves once the wake-up is armed, so nothing appended after the first read goes
   * unnoticed. `lost` reports that wake-ups stopped (a dropped LISTEN connection): the
   * subscription then watches again and re-reads, as after a failed read.
   */
  watch: (wake: () => void, lost: (error: unknown) => void) => Promise<() => void>;
  gapRetryMs: number;
  /** Fallback in case a notification is lost without `lost` being reported. */
  safetyPollMs: number;
  /**
   * Under a stream of appends every notification would trigger a read of one or two
   * rows; spacing live reads lets one read collect a burst. The first read after a
   * quiet spell is not delayed.
   */
  minLiveReadIntervalMs: number;
}

/**
 * The catch-up-then-live loop shared by the memory and SQL stores: read pages from
 * the checkpoint, hand matching events to the handler one at a time, report
 * caught-up, then sleep until woken (or a timer). A handler that appends to the
 * same store wakes this loop again, which is fine: the dirty flag is set before sleeping.
 *
 * When the store fails (a read throws, or the watch is lost) the loop waits (capped
 * exponential backoff, reported to onRetry), watches again and reads on from the last
 * delivered event: nothing missed, nothing twice. Between a lost watch and the next
 * read nothing wakes the loop, which is why the retry re-reads at once rather than
 * waiting for the safety poll. A throw of the handler is not retried: it ends the
 * subscription and reaches onError.
 *
 * A handler must not await stop() of its own subscription (stop waits for it).
 */
export function startPollingSubscription(
  options: SubscribeOptions,
  source: LogSource,
): Subscription {
  let stopped = false;
  let dirty = false;
  let lost: { error: unknown } | undefined;
  let interruptSleep: (() => void) | undefined;
  const backoff = createPause();
  let checkpoint = options.fromPosition ?? 0;
  let reportedCaughtUp: number | undefined;
  let failures = 0;

  const wake = (): void => {
    dirty = true;
    interruptSleep?.();
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (dirty || stopped || lost) {
        resolve();
        return;
      }
      const finish = (): void => {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      interruptSleep = finish;
    });

  /** One watch and the reads under it; returns once stopped, throws when the store fails. */
  const follow = async (): Promise<void> => {
    const unwatch = await source.watch(wake, (error) => {
      lost = { error };
      interruptSleep?.();
    });
    try {
      let liveReadAt = 0;
      let live = false;
      while (!stopped) {
        if (lost) throw lost.error;
        if (live) {
          const wait = liveReadAt + source.minLiveReadIntervalMs - Date.now();
          if (wait > 0) await delay(wait);
          if (stopped) return;
          liveReadAt = Date.now();
        }
        dirty = false;
        const page = await source.readPage(checkpoint);
        for (const event of page.events) {
          if (stopped) return;
          if (matchesFilter(options.filter, event)) {
            await asSubscriber(() => options.onEvent(event));
          }
          checkpoint = event.position;
        }
        if (stopped) return;
        checkpoint = page.checkpoint;
        live = page.status !== 'more';
        if (page.status === 'more') continue;
        if (page.status === 'caught-up' && checkpoint !== reportedCaughtUp) {
          reportedCaughtUp = checkpoint;
          failures = 0;
          const position = checkpoint;
          await asSubscriber(() => options.onCaughtUp?.(position));
        }
        await sleep(page.status === 'gap' ? source.gapRetryMs : source.safetyPollMs);
      }
    } finally {
      unwatch();
    }
  };

  const run = async (): Promise<void> => {
    while (!stopped) {
      lost = undefined;
      try {
        await follow();
      } catch (error) {
        if (error instanceof SubscriberFailure) throw error.cause;
        if (stopped) return;
        failures += 1;
        // Caught up again once recovered, even at the same position: subscribers wait for it.
        reportedCaughtUp = undefined;
        const delayMs = retryDelayMs(failures);
        await asSubscriber(() => options.onRetry?.({ error, attempt: failures, delayMs }));
        await backoff.pause(delayMs);
      }
    }
  };

  const finished = run().catch((error: unknown) => {
    stopped = true;
    try {
      options.onError?.(error);
    } catch {
      // Nowhere left to report to; an unhandled rejection here would crash the process.
    }
  });

  return {
    stop: async () => {
      stopped = true;
      interruptSleep?.();
      backoff.interrupt();
      await finished;
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
