import { earliestDeliveryDate } from '../ordering/dates';
import { orderPlacedSchema, type OrderEvent } from '../ordering/events';
import { firstBookableSlot } from '../schedule/calendar';
import { DEFAULT_KITCHEN_SCHEDULE } from '../schedule/constants';
import { addDays } from '../shared/shop-time';

export type PlacedOrderData = Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];

/**
 * An order as OrderPlaced records it, for tests: Maria's Pix order number 1001
 * of 20 coxinhas (R$ 12,00) for pickup, its lines from the request, with the
 * test's own `overrides`. Parsed, so the fixture cannot drift from the event.
 */
export function aPlacedOrder(overrides: Partial<PlacedOrderData> = {}): PlacedOrderData {
  return orderPlacedSchema.parse({
    orderId: '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d',
    orderNumber: 1001,
    paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    paymentMethod: 'pix',
    customer: {
      userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
      name: 'Maria da Silva',
      email: 'maria@example.com',
      cpf: '52998224725',
    },
    items: [
      {
        productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
        name: 'Coxinha de Frango',
        category: 'Salgados Fritos',
        unitPriceCents: 60,
        quantity: 20,
      },
    ],
    totalCents: 1200,
    deliveryType: 'pickup',
    deliveryDate: '2026-11-25T10:00:00-03:00',
    linesFrom: 'request',
    requestFingerprint: 'fingerprint-1',
    ...overrides,
  });
}

/**
 * Issue 40: a checkout's `deliveryDate` the default kitchen calendar accepts
 * at `now` — its first slot from `daysAfterEarliest` days after the earliest
 * date on (a boleto needs a few days to clear), so never a Sunday nor outside
 * the day's hours. For the tests, faults and benches that book on the real clock.
 */
export function bookableDeliveryDate(now: Date, daysAfterEarliest = 1): string {
  const slot = firstBookableSlot(
    DEFAULT_KITCHEN_SCHEDULE,
    'pickup',
    now,
    addDays(earliestDeliveryDate(now), daysAfterEarliest),
  );
  if (!slot) throw new Error('the default calendar opens six days a week');
  return slot.deliveryDate;
}
