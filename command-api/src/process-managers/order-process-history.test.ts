import { describe, expect, it } from 'vitest';
import { orderProcessEventSchemas, parseEvent, type OrderProcessEvent } from '@quitute/contracts';
import { createMemoryEventStore, type RecordedEvent } from '@quitute/infra/event-store';
import { appendEvent, testOrder } from '@quitute/infra/testing';
import { evolveOrderProcess, type OrderProcess } from './order-process';
import { readOrderProcess } from './order-process-history';

const read = (recorded: RecordedEvent) => parseEvent(orderProcessEventSchemas, recorded);

/** What the process manager folds from the whole log for this order, up to `position`. */
function foldedFromLog(log: RecordedEvent[], orderId: string, position: number) {
  let state: OrderProcess | null = null;
  for (const recorded of log.filter((event) => event.position <= position)) {
    const event = read(recorded);
    if (event?.data.orderId === orderId) state = evolveOrderProcess(state, event, recorded);
  }
  return state;
}

describe('readOrderProcess: one order folded from its own streams', () => {
  it('given an order interleaved with another order and the same cart checked out for it, when read up to each position, then it equals the fold of the whole log up to there', async () => {
    const eventStore = createMemoryEventStore();
    const order = testOrder('pix');
    const other = testOrder('pix');
    const events: OrderProcessEvent[] = [
      order.placed(),
      other.placed(),
      order.requested(),
      order.approved(),
      order.paid(),
      // The same customer's cart checked out for another order.
      { type: 'CartCheckedOut', data: { userId: order.userId, orderId: other.orderId } },
      order.cartCheckedOut(),
      order.saleRecorded(),
      order.statusChanged('processing', 'delivered'),
      order.refunded(),
    ];
    for (const event of events) await appendEvent(eventStore, event);
    const log = await eventStore.readAll();

    for (const { position } of log) {
      expect(await readOrderProcess(eventStore, order.orderId, position, read)).toEqual(
        foldedFromLog(log, order.orderId, position),
      );
    }
    const whole = await readOrderProcess(eventStore, order.orderId, Infinity, read);
    expect(whole).toMatchObject({ cartCheckedOut: true, saleRecorded: true });
    expect(whole?.payment.report?.status).toBe('refunded');
  });

  it('given an order never placed, then null', async () => {
    const eventStore = createMemoryEventStore();
    expect(await readOrderProcess(eventStore, crypto.randomUUID(), Infinity, read)).toBeNull();
  });
});
