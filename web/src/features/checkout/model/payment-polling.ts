import {
  PAYMENT_POLL_HARD_STOP_MS,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_ATTEMPTS,
} from '@quitute/contracts';

export interface PollingOptions {
  /** One look at the payment; 'stop' when it has reached its end (approved, cancelled…). */
  check: () => Promise<'continue' | 'stop'>;
  /** Neither the end nor the limits were reached in time. */
  onTimeout: () => void;
  /** Before the first look (10 s for Pix and boleto, none for cards). */
  startDelayMs: number;
  intervalMs?: number;
  maxAttempts?: number;
  /** Counted from the start, delay included. */
  hardStopMs?: number;
}

/**
 * Polls a payment (spec §4, §9): every 5 s, at most 120 looks and never past
 * 600,000 ms; a look is never overlapped by the next. Returns stop().
 */
export function startPolling({
  check,
  onTimeout,
  startDelayMs,
  intervalMs = PAYMENT_POLL_INTERVAL_MS,
  maxAttempts = PAYMENT_POLL_MAX_ATTEMPTS,
  hardStopMs = PAYMENT_POLL_HARD_STOP_MS,
}: PollingOptions): () => void {
  let stopped = false;
  let attempts = 0;
  let next: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    stopped = true;
    clearTimeout(next);
    clearTimeout(hardStop);
  };
  const timeOut = () => {
    if (stopped) return;
    stop();
    onTimeout();
  };
  const look = async () => {
    if (stopped) return;
    if (attempts >= maxAttempts) {
      timeOut();
      return;
    }
    attempts += 1;
    const verdict = await check();
    if (stopped) return;
    if (verdict === 'stop') stop();
    else next = setTimeout(() => void look(), intervalMs);
  };

  const hardStop = setTimeout(timeOut, hardStopMs);
  next = setTimeout(() => void look(), startDelayMs);
  return stop;
}
