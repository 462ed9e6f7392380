import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedNotifier } from './postgres-appends';
import type { SqlClient } from './sql-client';

/** A driver that records when each NOTIFY was sent (fake time, in ms). */
function recordingSql(): { sql: SqlClient; sentAt: number[] } {
  const sentAt: number[] = [];
  const sql: SqlClient = {
    query: async () => {
      sentAt.push(Date.now());
      return [];
    },
    script: async () => {},
    listen: async () => async () => {},
    close: async () => {},
  };
  return { sql, sentAt };
}

afterEach(() => vi.useRealTimers());

describe('createCoalescedNotifier', () => {
  it('given one append on a quiet store, when it is announced, then its NOTIFY goes at once', () => {
    vi.useFakeTimers({ now: 0 });
    const { sql, sentAt } = recordingSql();
    createCoalescedNotifier(sql, 'SELECT pg_notify($1, $2)', 'events').send();
    expect(sentAt).toEqual([0]);
  });

  it('given an append every millisecond for 100 ms, when each is announced, then NOTIFYs go at most every 10 ms and one after the last append', async () => {
    vi.useFakeTimers({ now: 0 });
    const { sql, sentAt } = recordingSql();
    const notifier = createCoalescedNotifier(sql, 'SELECT pg_notify($1, $2)', 'events');
    for (let ms = 0; ms < 100; ms++) {
      notifier.send();
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(20);
    expect(sentAt.length).toBeGreaterThanOrEqual(10);
    expect(sentAt.length).toBeLessThanOrEqual(11);
    const gaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(10);
    expect(sentAt.at(-1)).toBeGreaterThanOrEqual(99);
  });

  it('given a NOTIFY still in flight when the next is due, when appends go on, then the next goes only once the first is answered, and never two at once', async () => {
    vi.useFakeTimers({ now: 0 });
    const sentAt: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const answers: (() => void)[] = [];
    const slowSql: SqlClient = {
      ...recordingSql().sql,
      query: () => {
        sentAt.push(Date.now());
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        return new Promise((resolve) =>
          answers.push(() => {
            inFlight -= 1;
            resolve([]);
          }),
        );
      },
    };
    const notifier = createCoalescedNotifier(slowSql, 'SELECT pg_notify($1, $2)', 'events');
    for (let ms = 0; ms < 50; ms++) {
      notifier.send();
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(sentAt).toEqual([0]);

    answers.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(sentAt).toEqual([0, 50]);
    answers.shift()?.();
    await vi.advanceTimersByTimeAsync(20);
    expect(sentAt).toEqual([0, 50]);
    expect(mostInFlight).toBe(1);
  });

  it('given a NOTIFY waiting for its turn, when the store drains on close, then it is sent without waiting', async () => {
    vi.useFakeTimers({ now: 0 });
    const { sql, sentAt } = recordingSql();
    const notifier = createCoalescedNotifier(sql, 'SELECT pg_notify($1, $2)', 'events');
    notifier.send();
    await vi.advanceTimersByTimeAsync(2);
    notifier.send();
    await notifier.drain();
    expect(sentAt).toEqual([0, 2]);
  });
});
