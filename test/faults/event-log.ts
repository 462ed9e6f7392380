import { createEventStore, type RecordedEvent } from '@quitute/infra/event-store';

/** Every event of a stopped shop's store (its PGlite in dataDir, or the server at url). */
export async function readWholeLog(config: {
  dataDir: string;
  url?: string;
}): Promise<RecordedEvent[]> {
  const store = await createEventStore(config);
  try {
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await store.readAll({
        fromPosition: events.at(-1)?.position ?? 0,
        maxCount: 5_000,
      });
      if (page.length === 0) return events;
      events.push(...page);
    }
  } finally {
    await store.close();
  }
}

/** How many OrderPlaced events each order id has, and their order numbers. */
export function placedOrders(events: readonly RecordedEvent[]): {
  countByOrderId: Map<string, number>;
  orderNumbers: number[];
} {
  const countByOrderId = new Map<string, number>();
  const orderNumbers: number[] = [];
  for (const event of events) {
    if (event.type !== 'OrderPlaced') continue;
    const orderId = String(event.data['orderId']);
    countByOrderId.set(orderId, (countByOrderId.get(orderId) ?? 0) + 1);
    orderNumbers.push(Number(event.data['orderNumber']));
  }
  return { countByOrderId, orderNumbers };
}
