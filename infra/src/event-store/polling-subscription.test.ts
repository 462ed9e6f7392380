import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogSource } from './polling-subscription';
import { startPollingSubscription } from './polling-subscription';
import type { RecordedEvent, RetryInfo, SubscribeOptions } from './port';
import { retryDelayMs } from './subscription-retry';

/** A log in memory whose reads fail on demand and whose watch can be lost. */
function fakeLog(options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 100;
  const events: RecordedEvent[] = [];
  const watchers = new Set<{ wake: () => void; lost: (error: unknown) => void }>();
  let failuresLeft = 0;
  let readsBeforeFailing = 0;
  let reads = 0;
  let watches = 0;

  const source: LogSource = {
    readPage: async (after) => {
      reads += 1;
      if (failuresLeft > 0) {
        if (readsBeforeFailing > 0) readsBeforeFailing -= 1;
        else {
          failuresLeft -= 1;
          throw new Error('Connection terminated unexpectedly');
        }
      }
      const page = events.filter((event) => event.position > after).slice(0, pageSize);
      return {
        events: page,
        checkpoint: page.at(-1)?.position ?? after,
        status: page.length === pageSize ? 'more' : 'caught-up',
      };
    },
    watch: async (wake, lost) => {
      watches += 1;
      const watcher = { wake, lost };
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    gapRetryMs: 0,
    safetyPollMs: 60_000,
    minLiveReadIntervalMs: 0,
  };

  return {
    source,
    append(count: number): void {
      for (let i = 0; i < count; i += 1) events.push(recorded(events.length + 1));
      for (const watcher of watchers) watcher.wake();
    },
    /** After `after` more successful reads, the next `count` reads throw. */
    failReads(count: number, after = 0): void {
      failuresLeft = count;
      readsBeforeFailing = after;
    },
    loseWatch(): void {
      const lost = [...watchers];
      watchers.clear();
      for (const watcher of lost) watcher.lost(new Error('LISTEN connection ended'));
    },
    reads: () => reads,
    watches: () => watches,
  };
}

function recorded(position: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: 'Counted',
    streamName: 'counter-1',
    revision: position - 1,
    position,
    data: { n: position },
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
    recordedAt: '2026-11-21T12:00:00.000Z',
  };
}

function subscribe(source: LogSource, extra: Partial<SubscribeOptions> = {}) {
  const delivered: number[] = [];
  const caughtUp: number[] = [];
  const retries: RetryInfo[] = [];
  const errors: unknown[] = [];
  const subscription = startPollingSubscription(
    {
      onEvent: (event) => {
        delivered.push(event.position);
      },
      onCaughtUp: (position) => caughtUp.push(position),
      onRetry: (info) => retries.push(info),
      onError: (error) => errors.push(error),
      ...extra,
    },
    source,
  );
  return { delivered, caughtUp, retries, errors, stop: () => subscription.stop() };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('polling subscription when the store fails', () => {
  it('given reads that fail three times, when subscribing, then it retries after 100, 200 and 400 ms and delivers every event once, in order, then reports caught-up', async () => {
    const log = fakeLog();
    log.append(5);
    log.failReads(3);

    const subscriber = subscribe(log.source);
    await waitFor(() => subscriber.caughtUp.length > 0);
    await subscriber.stop();

    expect(subscriber.retries.map(({ attempt, delayMs }) => [attempt, delayMs])).toEqual([
      [1, 100],
      [2, 200],
      [3, 400],
    ]);
    expect(String(subscriber.retries[0]?.error)).toContain('Connection terminated');
    expect(subscriber.delivered).toEqual(range(1, 5));
    expect(subscriber.caughtUp).toEqual([5]);
    expect(subscriber.errors).toEqual([]);
  });

  it('given a store down for long, when the subscription keeps retrying, then the wait doubles up to 5 s and stays there', async () => {
    vi.useFakeTimers();
    const log = fakeLog();
    log.append(1);
    log.failReads(9);

    const subscriber = subscribe(log.source);
    await vi.advanceTimersByTimeAsync(40_000);
    const stopping = subscriber.stop();
    await vi.advanceTimersByTimeAsync(10);
    await stopping;

    expect(subscriber.retries.map((retry) => retry.delayMs)).toEqual([
      100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000,
    ]);
    expect(subscriber.retries.map((retry) => retry.attempt)).toEqual(range(1, 9));
    expect(subscriber.delivered).toEqual([1]);
  });

  it('given a read that fails in the middle of catching up, when it recovers, then it reads on from the last delivered event: nothing missed, nothing twice', async () => {
    const log = fakeLog({ pageSize: 3 });
    log.append(10);
    log.failReads(2, 2);

    const subscriber = subscribe(log.source);
    await waitFor(() => subscriber.caughtUp.length > 0);
    await subscriber.stop();

    expect(subscriber.retries.map((retry) => retry.attempt)).toEqual([1, 2]);
    expect(subscriber.delivered).toEqual(range(1, 10));
  });

  it('given a live subscriber whose watch is lost, when events are appended meanwhile, then it watches again, delivers them and reports caught-up again', async () => {
    const log = fakeLog();
    log.append(2);
    const subscriber = subscribe(log.source);
    await waitFor(() => subscriber.caughtUp.length > 0);

    log.loseWatch();
    log.append(3);
    await waitFor(() => subscriber.caughtUp.includes(5));
    log.append(1);
    await waitFor(() => subscriber.delivered.length === 6);
    await subscriber.stop();

    expect(log.watches()).toBe(2);
    expect(subscriber.retries.map((retry) => retry.attempt)).toEqual([1]);
    expect(subscriber.delivered).toEqual(range(1, 6));
  });

  it('given a caught-up subscriber whose next read fails, when it recovers with nothing new, then caught-up is reported again at the same position', async () => {
    const log = fakeLog();
    log.append(2);
    const subscriber = subscribe(log.source);
    await waitFor(() => subscriber.caughtUp.length > 0);

    log.failReads(1);
    log.loseWatch();
    await waitFor(() => subscriber.caughtUp.length === 2);
    await subscriber.stop();

    expect(subscriber.caughtUp).toEqual([2, 2]);
    expect(subscriber.retries.map((retry) => retry.attempt)).toEqual([1, 2]);
  });

  it('given a handler that throws, then the error reaches onError, nothing is retried and no later event is delivered', async () => {
    const log = fakeLog();
    log.append(3);
    const failure = new Error('projection broke');
    const seen: number[] = [];

    const subscriber = subscribe(log.source, {
      onEvent: (event) => {
        seen.push(event.position);
        if (event.position === 2) throw failure;
      },
    });
    await waitFor(() => subscriber.errors.length > 0);
    const readsAtFailure = log.reads();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscriber.stop();

    expect(subscriber.errors).toEqual([failure]);
    expect(subscriber.retries).toEqual([]);
    expect(seen).toEqual([1, 2]);
    expect(log.reads()).toBe(readsAtFailure);
  });

  it('given a subscription waiting out a backoff, when it is stopped, then stop resolves at once', async () => {
    const log = fakeLog();
    log.failReads(10);
    const subscriber = subscribe(log.source);
    await waitFor(() => subscriber.retries.length >= 4);

    const started = Date.now();
    await subscriber.stop();

    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 100 ms and is capped at 5 s', () => {
    expect(range(1, 9).map(retryDelayMs)).toEqual([
      100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000,
    ]);
  });
});
