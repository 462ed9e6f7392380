import type { EventStore } from '@quitute/infra/event-store';
import { productEvent } from './events';

/**
 * Append throughput: `writers` concurrent loops, each appending `batch` events
 * per call to random product streams, for `seconds`. Returns events/s.
 */
export async function measureAppends(
  store: EventStore,
  options: { writers: number; batch: number; seconds: number },
): Promise<{ eventsPerSecond: number; appendsPerSecond: number }> {
  const deadline = performance.now() + options.seconds * 1000;
  let appends = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.writers }, async () => {
      while (performance.now() < deadline) {
        const productId = crypto.randomUUID();
        const events = Array.from({ length: options.batch }, (_, n) => productEvent(productId, n));
        await store.appendToStream(`product-${productId}`, events, {
          expectedRevision: 'no_stream',
        });
        appends += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    appendsPerSecond: appends / elapsed,
    eventsPerSecond: (appends * options.batch) / elapsed,
  };
}
