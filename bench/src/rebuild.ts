import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { ProjectionRunner, projections } from '@quitute/projections';
import { productEvent } from './events';

/** Projection rebuild: `total` catalog events (1,000 products, each added then updated) into the in-memory read store. */
export async function measureRebuild(
  total: number,
): Promise<{ events: number; seconds: number; eventsPerSecond: number }> {
  const eventStore = createMemoryEventStore();
  const products = 1_000;
  const perProduct = total / products;
  for (let p = 0; p < products; p += 1) {
    const productId = crypto.randomUUID();
    const events = Array.from({ length: perProduct }, (_, n) => productEvent(productId, n));
    await eventStore.appendToStream(`product-${productId}`, events, {
      expectedRevision: 'no_stream',
    });
  }
  const readStore = createMemoryReadStore();
  const runner = new ProjectionRunner({ eventStore, readStore, projections, logger: silentLogger });
  const started = performance.now();
  await runner.start();
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return { events: total, seconds, eventsPerSecond: total / seconds };
}
