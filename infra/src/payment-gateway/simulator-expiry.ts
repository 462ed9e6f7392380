import type { Logger } from '../logging';
import { isAwaitingPayment, type PaymentBook, type PaymentRecord } from './simulator-book';

export interface ExpiryTimers {
  /** Arms the auto-approval of a new Pix/boleto (nothing without `autoApproveMs`). */
  scheduleAutoApprove(record: PaymentRecord): void;
  close(): void;
}

/**
 * The simulator's clock work: a pending Pix/boleto approves itself
 * `autoApproveMs` after it was made (the payments of a restart included),
 * and a sweep every `sweepMs` cancels the unpaid ones past their expiry that
 * nobody reads, so the shop is notified either way; `onSweep` runs with it.
 */
export function startExpiryTimers(
  book: PaymentBook,
  options: {
    autoApproveMs: number | undefined;
    sweepMs: number | undefined;
    now: () => Date;
    logger: Logger | undefined;
    onSweep: () => void;
  },
): ExpiryTimers {
  const { autoApproveMs, sweepMs = 30_000, now, logger, onSweep } = options;
  const timers = new Set<NodeJS.Timeout>();

  function later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function sweep(): void {
    for (const [id, record] of book.records) {
      if (!book.isPastExpiry(record)) continue;
      book.expire(id).catch((error: unknown) => {
        logger?.error({ err: error, paymentId: id }, 'payment simulator: expiry failed');
      });
    }
    onSweep();
  }

  function scheduleAutoApprove(record: PaymentRecord): void {
    if (autoApproveMs === undefined || !isAwaitingPayment(record)) return;
    const due = Date.parse(record.createdAt) + autoApproveMs;
    const { id } = record.payment;
    later(Math.max(0, due - now().getTime()), () => {
      book.autoApprove(id).catch((error: unknown) => {
        logger?.error({ err: error }, 'payment simulator: auto-approval failed');
      });
    });
  }

  for (const record of book.records.values()) scheduleAutoApprove(record);
  const sweeper = setInterval(sweep, sweepMs);
  sweeper.unref();

  return {
    scheduleAutoApprove,
    close() {
      clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
