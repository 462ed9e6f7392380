import { Pool } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';

/** A request unanswered this long counts as an error (and frees its connection). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface PacedLoad {
  url: string;
  connections: number;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** Each POST's path, headers and body. */
  nextRequest: () => { path: string; headers: Record<string, string>; body: string };
}

export interface PacedFigures {
  /** Answers a second, over the time to the last answer. */
  requestsPerSecond: number;
  /** Of the answered requests: one that failed or timed out counts in `errors` only. */
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  completed: number;
}

/**
 * `rate` requests a second for `seconds`, request k due at k / rate, over at
 * most `connections` kept-alive connections: one due while every connection
 * is busy waits for the first free one. Each latency runs from its request's
 * due time to its answer (the wrk2 way: a server that falls behind is not let
 * off by the requests it kept from being sent).
 */
export async function runPaced(load: PacedLoad): Promise<PacedFigures> {
  const { rate, connections } = load;
  const pool = new Pool(load.url, {
    connections,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const total = Math.round(rate * load.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let sent = 0;
  // Each request settles once: answered whole, or failed (an error, a timeout, an answer cut off).
  const send = async (due: number): Promise<void> => {
    const { path, headers, body } = load.nextRequest();
    try {
      const response = await pool.request({ path, method: 'POST', headers, body });
      // Read whole: an answer cut off mid-body rejects here (undici's dump() would let it pass).
      await response.body.arrayBuffer();
      if (response.statusCode >= 300) non2xx += 1;
      latencies.push(performance.now() - due);
    } catch {
      errors += 1;
    }
  };
  const answered: Promise<void>[] = [];
  // Resolved when an answer frees a connection while every one was busy.
  let freed: (() => void) | undefined;
  const startedAt = performance.now();
  const dueAt = (k: number) => startedAt + (k * 1_000) / rate;
  // Sends every request due while a connection is free: on each tick, and as each answer frees one.
  const pump = (): void => {
    const now = performance.now();
    while (sent < total && inFlight < connections && dueAt(sent) <= now) {
      const due = dueAt(sent);
      sent += 1;
      inFlight += 1;
      answered.push(
        send(due).then(() => {
          inFlight -= 1;
          pump();
          freed?.();
        }),
      );
    }
  };
  while (sent < total) {
    pump();
    if (inFlight >= connections) {
      await new Promise<void>((resolve) => (freed = resolve));
      freed = undefined;
    } else {
      await sleep(Math.max(0, dueAt(sent) - performance.now()));
    }
  }
  await Promise.all(answered);
  const elapsedMs = performance.now() - startedAt;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requestsPerSecond: (latencies.length / elapsedMs) * 1_000,
    p50: percentile(50),
    p99: percentile(99),
    errors,
    non2xx,
    completed: latencies.length,
  };
}
