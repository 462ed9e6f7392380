/**
 * When the process manager re-reads a payment awaiting the provider (pending or
 * in review; issue 38). A lost webhook is the exception, so a payment is re-read
 * soon after its last report, then less and less often: `firstMs` after it, then
 * each wait doubled (1, 2, 4, 8… minutes), at most `maxMs` apart. The times count
 * from the report, not from the reads: a read that comes late (a slow provider, a
 * busy sweep) does not push the later ones back. Pure; the manager keeps one
 * track per payment.
 */
export interface ReconcileBackoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_RECONCILE_BACKOFF: ReconcileBackoff = {
  firstMs: 60_000,
  maxMs: 60 * 60_000,
};

/** A payment's re-reads: anchored at its last report (its event), the next one due. */
export interface ReconcileTrack {
  /** The report (its event id) the times count from: a new report starts them afresh. */
  reportId: string;
  reportedAt: number;
  nextReadAt: number;
}

/** The first re-read time after `after` (ms) for a report at `reportedAt`. */
export function nextReadAfter(
  reportedAt: number,
  after: number,
  backoff: ReconcileBackoff,
): number {
  let wait = Math.max(1, backoff.firstMs);
  let at = reportedAt + wait;
  while (at <= after && wait < backoff.maxMs) {
    wait = Math.min(backoff.maxMs, wait * 2);
    at += wait;
  }
  // At the cap the times are evenly spaced: skip to the first after `after` at once.
  if (at <= after) at += (Math.floor((after - at) / wait) + 1) * wait;
  return at;
}

/**
 * The payment's track for its report now: the same while the report is the same
 * (a repeated webhook, a refund asked, a status of the order appends no report),
 * afresh for a new one. A track first seen (a start, a restart: webhooks may have
 * been lost meanwhile) is due at its first time, so an old payment is read at once.
 */
export function trackFor(
  track: ReconcileTrack | undefined,
  report: { id: string; reportedAt: number },
  backoff: ReconcileBackoff,
): ReconcileTrack {
  if (track?.reportId === report.id) return track;
  return {
    reportId: report.id,
    reportedAt: report.reportedAt,
    nextReadAt: report.reportedAt + backoff.firstMs,
  };
}

export const isReadDue = (track: ReconcileTrack, now: number): boolean => now >= track.nextReadAt;

/** The track once read at `now` (whatever the read found: the provider's word comes as an event). */
export function afterRead(
  track: ReconcileTrack,
  now: number,
  backoff: ReconcileBackoff,
): ReconcileTrack {
  return { ...track, nextReadAt: nextReadAfter(track.reportedAt, now, backoff) };
}
