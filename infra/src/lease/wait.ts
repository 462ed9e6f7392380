import { setTimeout as sleep } from 'node:timers/promises';

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  }
}

/** A promise and the function that resolves it, for "lost" notifications. */
export function settled(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
