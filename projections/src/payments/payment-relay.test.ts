import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentApprovedMessageSchema, PAYMENTS_TOPIC } from '@quitute/contracts';
import { createMemoryBus, type Bus, type BusMessage, type MemoryBus } from '@quitute/infra/bus';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { readCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import {
  appendEvent,
  endingSubscriptions,
  testOrder,
  type TestOrder,
} from '@quitute/infra/testing';
import { createPaymentRelay, PAYMENT_RELAY_CHECKPOINT, type PaymentRelay } from './payment-relay';

const relays: PaymentRelay[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

async function startRelay(eventStore: EventStore, bus: Bus, readStore: ReadStore) {
  const relay = createPaymentRelay({
    eventStore,
    bus,
    readStore,
    logger: silentLogger,
    retryDelayMs: 1,
  });
  relays.push(relay);
  await relay.start();
  return relay;
}

/** A consumer of the payments topic, as the socket gateway is. */
async function listen(bus: MemoryBus) {
  const received: BusMessage[] = [];
  await bus.subscribe(PAYMENTS_TOPIC, 'test', async (message) => {
    received.push(message);
  });
  return received;
}

/** An order placed and its payment approved; the approval's position and event id. */
async function approve(eventStore: EventStore, order: TestOrder) {
  await appendEvent(eventStore, order.placed());
  await appendEvent(eventStore, order.requested());
  const position = await appendEvent(eventStore, order.approved());
  const [approval] = await eventStore.readAll({ fromPosition: position - 1, maxCount: 1 });
  if (!approval) throw new Error('no approval stored');
  return approval;
}

/** What each approval of the fixture's order tells the admins (Maria's R$ 12,00, to pick up). */
const forAdmins = {
  totalCents: 1200,
  customerName: 'Maria da Silva',
  deliveryType: 'pickup',
  deliveryDate: '2026-11-25T10:00:00-03:00',
};

/** Waits until the relay's checkpoint has reached `position`. */
const relayed = (readStore: ReadStore, position: number) =>
  expect
    .poll(() => readCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT), { timeout: 5_000 })
    .toBe(position);

describe('payment relay', () => {
  it('given approvals before its first start, then none is published; an approval after it is, with the order’s user and number', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const bus = createMemoryBus();
    const received = await listen(bus);
    await approve(eventStore, testOrder());
    const head = await eventStore.headPosition();

    const relay = await startRelay(eventStore, bus, readStore);
    expect(await readCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT)).toBe(head);
    const order = testOrder();
    const approval = await approve(eventStore, order);
    await relayed(readStore, approval.position);
    await relay.close();
    await bus.drain();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message).toMatchObject({ id: approval.id, key: order.orderId, type: 'PaymentApproved' });
    expect(paymentApprovedMessageSchema.parse(message?.payload)).toEqual({
      type: 'PaymentApproved',
      eventId: approval.id,
      userId: order.userId,
      orderId: order.orderId,
      orderNumber: 1001,
      paymentId: order.providerPaymentId,
      occurredAt: approval.metadata.occurredAt,
      ...forAdmins,
    });
    expect(await readCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT)).toBe(approval.position);
  });

  it('given a checkpoint, when it starts again after approvals came while it was down, then it publishes those and none before', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const bus = createMemoryBus();
    const received = await listen(bus);
    const first = await startRelay(eventStore, bus, readStore);
    const before = await approve(eventStore, testOrder());
    await relayed(readStore, before.position);
    await first.close();
    await bus.drain();
    expect(received.map((message) => message.id)).toEqual([before.id]);

    const whileDown = [
      await approve(eventStore, testOrder()),
      await approve(eventStore, testOrder()),
    ];
    await startRelay(eventStore, bus, readStore);
    await relayed(readStore, whileDown[1]?.position ?? 0);
    await bus.drain();

    expect(received.map((message) => message.id)).toEqual([
      before.id,
      ...whileDown.map((approval) => approval.id),
    ]);
  });

  it('given an order placed while it follows the log, when its payment is approved, then the message needs no read of the order; one placed before its start is read from the order’s stream, and both tell the admins the same of their order', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const bus = createMemoryBus();
    const received = await listen(bus);
    const placedBefore = testOrder();
    const first = await startRelay(eventStore, bus, readStore);
    await appendEvent(eventStore, placedBefore.placed());
    // An approval after it moves the checkpoint past that OrderPlaced.
    const another = await approve(eventStore, testOrder());
    await relayed(readStore, another.position);
    await first.close();
    const reads = vi.spyOn(eventStore, 'readStream');
    await startRelay(eventStore, bus, readStore);

    const followed = testOrder();
    const approval = await approve(eventStore, followed);
    await relayed(readStore, approval.position);
    expect(reads).not.toHaveBeenCalled();

    await appendEvent(eventStore, placedBefore.requested());
    const lateApproval = await appendEvent(eventStore, placedBefore.approved());
    await relayed(readStore, lateApproval);
    await bus.drain();
    expect(reads.mock.calls.map(([stream]) => stream)).toEqual([`order-${placedBefore.orderId}`]);
    expect(
      received.slice(1).map((message) => paymentApprovedMessageSchema.parse(message.payload)),
    ).toEqual([
      expect.objectContaining({
        orderId: followed.orderId,
        userId: followed.userId,
        ...forAdmins,
      }),
      expect.objectContaining({
        orderId: placedBefore.orderId,
        userId: placedBefore.userId,
        ...forAdmins,
      }),
    ]);
  });

  it('given a bus that fails to publish, then the approval is retried until published, and the checkpoint moves only after it', async () => {
    const eventStore = createMemoryEventStore();
    const readStore = createMemoryReadStore();
    const memory = createMemoryBus();
    const received = await listen(memory);
    let failures = 2;
    const checkpointsAtPublish: number[] = [];
    const flaky: Bus = {
      ...memory,
      async publish(topic, messages) {
        checkpointsAtPublish.push(await readCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT));
        if (failures > 0) {
          failures -= 1;
          throw new Error('broker unreachable');
        }
        await memory.publish(topic, messages);
      },
    };
    await startRelay(eventStore, flaky, readStore);
    const start = await readCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT);

    const approval = await approve(eventStore, testOrder());
    await relayed(readStore, approval.position);
    await memory.drain();

    expect(checkpointsAtPublish).toEqual([start, start, start]);
    expect(received.map((message) => message.id)).toEqual([approval.id]);
  });
});

describe('payment relay whose subscription ends', () => {
  it('given its subscription ends, then it follows the log again from its last event: an approval after it is published and health is ok again', async () => {
    const inner = createMemoryEventStore();
    const { store: eventStore, ends } = endingSubscriptions(inner, 1);
    const readStore = createMemoryReadStore();
    const bus = createMemoryBus();
    const received = await listen(bus);
    const relay = createPaymentRelay({
      eventStore,
      bus,
      readStore,
      logger: silentLogger,
      resubscribeDelayMs: 5,
    });
    relays.push(relay);

    await relay.start();
    const approval = await approve(inner, testOrder());
    await relayed(readStore, approval.position);
    await bus.drain();

    expect(ends()).toBe(1);
    expect(received.map((message) => message.id)).toEqual([approval.id]);
    expect(relay.health()).toEqual({ status: 'ok' });
    expect(relay.failure()).toBeUndefined();
  });

  it('given its subscription ends again and again, then it reports failed with the reason: health failed, never ok', async () => {
    const { store: eventStore } = endingSubscriptions(createMemoryEventStore());
    const relay = createPaymentRelay({
      eventStore,
      bus: createMemoryBus(),
      readStore: createMemoryReadStore(),
      logger: silentLogger,
      resubscribeDelayMs: 1,
    });
    relays.push(relay);

    await expect(relay.start()).rejects.toThrow('subscription dropped');

    expect(relay.failure()).toMatch(/3 times in a row: subscription dropped/);
    expect(relay.health()).toMatchObject({ status: 'failed' });
  });
});
