import { describe, expect, it } from 'vitest';
import { checkoutMessages, orderStreamName, type EventMetadata } from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import type { PlacedOrder } from '../ordering/decider';
import { readOrder, runOrderCommand } from '../ordering/orders';
import type { CommandContext } from './handle-command';

const orderId = '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
const order: PlacedOrder = {
  orderId,
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
};
const metadata: EventMetadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system',
  occurredAt: '2026-11-20T12:00:00.000Z',
};
const context: CommandContext = {
  commandId: '7d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  correlationId: 'c',
  actorId: order.customer.userId,
  actorRole: 'user',
  occurredAt: '2026-11-25T12:00:00.000Z',
};

function stores() {
  return {
    eventStore: createMemoryEventStore(),
    snapshotStore: createMemorySnapshotStore(),
    logger: silentLogger,
  };
}

describe('an order stored before OrderPlaced recorded its request fingerprint', () => {
  it('given an OrderPlaced of version 1 in the store, when the order is loaded, then the decider folds it in the current shape', async () => {
    const given = stores();
    const { requestFingerprint: _absentInV1, ...v1 } = order;
    await given.eventStore.appendToStream(orderStreamName(orderId), [
      { id: crypto.randomUUID(), type: 'OrderPlaced', data: v1, metadata },
    ]);

    const loaded = await readOrder(given, orderId);

    expect(loaded.state).toMatchObject({ placed: { ...order, requestFingerprint: '' } });
    await expect(
      runOrderCommand(given, orderId, { type: 'PlaceOrder', order }, context),
    ).rejects.toMatchObject({ code: 'conflict', message: checkoutMessages.idempotencyKeyReused });
  });

  it('given a new order, when it is placed, then its OrderPlaced carries the current schema version and reads back unchanged', async () => {
    const given = stores();

    await runOrderCommand(given, orderId, { type: 'PlaceOrder', order }, context);

    const [stored] = await given.eventStore.readStream(orderStreamName(orderId));
    expect(stored?.metadata.schemaVersion).toBe(2);
    expect((await readOrder(given, orderId)).state).toMatchObject({ placed: order });
  });
});
