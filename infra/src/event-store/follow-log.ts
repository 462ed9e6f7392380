import type {
  EventFilter,
  EventStore,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from './port';
import { matchesFilter } from './store-rules';

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

/**
 * A fold of the log that can also take the pages someone else reads of it: at
 * the embedded shop's first start, the build of the read models reads the
 * whole log once and hands each page to the views too, instead of every view
 * reading it again (the views' own pass was about half of that start).
 */
export interface FoldsPassedPages {
  /**
   * Before start: the page's events past where the fold stands, those its
   * filter wants applied in order, as following the log would; start() then
   * follows the log after the page. A page must hold every event stored in
   * its stretch (readAll's pages up to the store's settledPosition) and
   * come in the log's order.
   */
  catchUp(page: readonly RecordedEvent[]): Promise<void>;
}

/**
 * What following the log with `filter` from `after` would do over a page of
 * it: each event past `after` that the filter wants goes to `onEvent`, in
 * order, and every event passed, wanted or not, to `onPassed`. An `onEvent`
 * that returns no promise is not awaited: a page of a first start hands
 * hundreds of thousands of events to each fold, and an `await` per event costs
 * a promise and a turn of the microtask queue each.
 */
export async function foldPage(
  page: readonly RecordedEvent[],
  fold: {
    after: number;
    filter: EventFilter;
    onEvent: (event: RecordedEvent) => void | Promise<void>;
    onPassed: (position: number) => void;
  },
): Promise<void> {
  for (const event of page) {
    if (event.position <= fold.after) continue;
    if (matchesFilter(fold.filter, event)) {
      const applying = fold.onEvent(event);
      if (applying) await applying;
    }
    fold.onPassed(event.position);
  }
}
