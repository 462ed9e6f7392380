import { describe, expect, it } from 'vitest';
import {
  afterRead,
  DEFAULT_RECONCILE_BACKOFF,
  isReadDue,
  nextReadAfter,
  trackFor,
  type ReconcileBackoff,
} from './reconcile-schedule';

const MINUTE = 60_000;
const reportedAt = Date.UTC(2026, 10, 21, 12, 0, 0);
const minutesIn = (n: number) => reportedAt + n * MINUTE;

/** The minutes after the report at which a payment left unanswered is re-read, up to `until` minutes. */
function readMinutes(until: number, backoff: ReconcileBackoff = DEFAULT_RECONCILE_BACKOFF) {
  const minutes: number[] = [];
  let track = trackFor(undefined, { id: 'report', reportedAt }, backoff);
  // The manager's sweep, once a minute.
  for (let minute = 0; minute <= until; minute += 1) {
    if (!isReadDue(track, minutesIn(minute))) continue;
    minutes.push(minute);
    track = afterRead(track, minutesIn(minute), backoff);
  }
  return minutes;
}

/** Every minute (before issue 38): one read per pending payment per sweep. */
const readsEveryMinute = (minutes: number) => minutes;

describe('reconciliation backoff (issue 38)', () => {
  it('given a payment left pending, then it is re-read 1, 2, 4, 8… minutes apart from its report, then hourly', () => {
    expect(readMinutes(240)).toEqual([1, 3, 7, 15, 31, 63, 123, 183, 243].filter((m) => m <= 240));
  });

  it('given a sweep that came late, then the next read keeps its time from the report (no drift)', () => {
    const track = trackFor(undefined, { id: 'report', reportedAt }, DEFAULT_RECONCILE_BACKOFF);
    // The first read, due at minute 1, ran at minute 2.5: the next is still at minute 3.
    expect(afterRead(track, minutesIn(2.5), DEFAULT_RECONCILE_BACKOFF).nextReadAt).toBe(
      minutesIn(3),
    );
    // Far past the cap, at once: minute 63 + 60 n.
    expect(nextReadAfter(reportedAt, minutesIn(10_000), DEFAULT_RECONCILE_BACKOFF)).toBe(
      minutesIn(10_023),
    );
  });

  it('given the same report seen again (a repeated webhook, another event of the payment), then its track stays; given a new report, then it starts afresh', () => {
    const backoff = DEFAULT_RECONCILE_BACKOFF;
    const read = afterRead(
      trackFor(undefined, { id: 'pending', reportedAt }, backoff),
      minutesIn(1),
      backoff,
    );
    expect(trackFor(read, { id: 'pending', reportedAt }, backoff)).toBe(read);
    expect(trackFor(read, { id: 'in-review', reportedAt: minutesIn(20) }, backoff)).toEqual({
      reportId: 'in-review',
      reportedAt: minutesIn(20),
      nextReadAt: minutesIn(21),
    });
  });

  it('given a payment first seen long after its report (a restart), then it is read at once, then on its schedule', () => {
    const track = trackFor(undefined, { id: 'report', reportedAt }, DEFAULT_RECONCILE_BACKOFF);
    expect(isReadDue(track, minutesIn(500))).toBe(true);
    expect(afterRead(track, minutesIn(500), DEFAULT_RECONCILE_BACKOFF).nextReadAt).toBe(
      minutesIn(543),
    );
  });

  it('given N boletos pending for their three days, then the provider is read 76 times each instead of 4,320', () => {
    const threeDays = 3 * 24 * 60;
    const pending = 23_000;
    const before = pending * readsEveryMinute(threeDays);
    const after = pending * readMinutes(threeDays).length;
    console.info(
      `provider reads for ${pending} boletos pending 3 days: every minute ${before}, with backoff ${after}`,
    );
    expect(readMinutes(threeDays)).toHaveLength(76);
    expect(before).toBe(99_360_000);
    expect(after).toBe(1_748_000);
  });
});
