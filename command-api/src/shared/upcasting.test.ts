import { describe, expect, it } from 'vitest';
import { checkoutMessages, orderStreamName, type EventMetadata } from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { readOrder, runOrderCommand } from '../ordering/orders';
import type { CommandContext } from './handle-command';

const order = aPlacedOrder();
const { orderId } = order;
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
