import {
  cartStreamName,
  orderProcessEventSchemas,
  orderStreamName,
  paymentStreamName,
  saleStreamName,
  type OrderProcessEvent,
} from '@quitute/contracts';
import type { EventStore, RecordedEvent } from '@quitute/infra/event-store';
import { evolveOrderProcess, type OrderProcess } from './order-process';

const PROCESS_EVENT_TYPES = new Set(Object.keys(orderProcessEventSchemas));

/**
 * One order's process as it stood once the log up to `position` (inclusive)
 * was applied, folded from the order's own streams: the order's, its
 * payment's, its online sale's and its customer's cart (for the check-out of
 * this order). What the process manager folds from the whole log, for one
 * order; null for an order never placed by then.
 */
export async function readOrderProcess(
  eventStore: EventStore,
  orderId: string,
  position: number,
  read: (recorded: RecordedEvent) => OrderProcessEvent | null,
): Promise<OrderProcess | null> {
  const upTo = (events: RecordedEvent[]) =>
    events.filter((event) => event.position <= position && PROCESS_EVENT_TYPES.has(event.type));
  const orderEvents = upTo(await eventStore.readStream(orderStreamName(orderId)));
  const placed = orderEvents.map(read).find((event) => event?.type === 'OrderPlaced');
  if (placed?.type !== 'OrderPlaced') return null;
  const { paymentId, customer } = placed.data;
  const others = await Promise.all([
    eventStore.readStream(paymentStreamName(paymentId)),
    eventStore.readStream(saleStreamName(orderId)),
    eventStore.readStream(cartStreamName(customer.userId)),
  ]);
  const history = [...orderEvents, ...others.flatMap(upTo)].sort((a, b) => a.position - b.position);
  let state: OrderProcess | null = null;
  for (const recorded of history) {
    const event = read(recorded);
    if (event?.data.orderId === orderId) state = evolveOrderProcess(state, event, recorded);
  }
  return state;
}
