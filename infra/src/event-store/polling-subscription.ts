import { matchesFilter } from './store-rules';
import type { RecordedEvent, SubscribeOptions, Subscription } from './port';

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
  /** One per subscription: a reader may keep state between pages (a pending gap). */
  readPage: (after: number) => Promise<LogPage>;
  /** Resolves once the wake-up is armed, so nothing appended after the first read goes unnoticed. */
  watch: (wake: () => void) => Promise<() => void>;
  gapRetryMs: number;
  /** Fallback in case a notification is lost (e.g. a dropped LISTEN connection). */
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
 * A handler must not await stop() of its own subscription (stop waits for it).
 */
export function startPollingSubscription(
  options: SubscribeOptions,
  source: LogSource,
): Subscription {
  let stopped = false;
  let dirty = false;
  let interruptSleep: (() => void) | undefined;

  const wake = (): void => {
    dirty = true;
    interruptSleep?.();
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (dirty || stopped) {
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

  const run = async (): Promise<void> => {
    const unwatch = await source.watch(wake);
    try {
      let checkpoint = options.fromPosition ?? 0;
      let reportedCaughtUp: number | undefined;
      let liveReadAt = 0;
      let live = false;
      while (!stopped) {
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
          if (matchesFilter(options.filter, event)) await options.onEvent(event);
          checkpoint = event.position;
        }
        if (stopped) return;
        checkpoint = page.checkpoint;
        live = page.status !== 'more';
        if (page.status === 'more') continue;
        if (page.status === 'caught-up' && checkpoint !== reportedCaughtUp) {
          reportedCaughtUp = checkpoint;
          options.onCaughtUp?.(checkpoint);
        }
        await sleep(page.status === 'gap' ? source.gapRetryMs : source.safetyPollMs);
      }
    } finally {
      unwatch();
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
      await finished;
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
