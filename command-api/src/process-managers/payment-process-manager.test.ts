import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import type { OrderProcessEvent } from '@quitute/contracts';
import {
  appendEvent,
  expectPassedPagesFoldAsFollowing,
  expiredHistory,
  endingSubscriptions,
  recordingSubscriptionStarts,
  settledHistory,
  testOrder,
  type TestOrder,
} from '@quitute/infra/testing';
import type { PaymentProcessCommands } from './payment-process-commands';
import {
  createPaymentProcessManager,
  type PaymentProcessManager,
  type PaymentProcessManagerOptions,
} from './payment-process-manager';

interface Call {
  command: keyof PaymentProcessCommands;
  input: Record<string, unknown>;
  causeId: string | null;
  /** Date.now() when it was called. */
  at: number;
}

/**
 * A command side that records each call and appends what the real one would,
 * caused by the call's cause, so the process sees its own effects (the loop closes).
 */
function fakeCommands(eventStore: EventStore) {
  const orders = new Map<string, TestOrder>();
  const calls: Call[] = [];
  /** Commands made to throw, per order (or payment) id: that many times. */
  const failures = new Map<string, number>();
  /** What the provider says when a payment is re-read (null: nothing new). */
  let providerSays: (order: TestOrder) => OrderProcessEvent | null = () => null;
  /** A gate a markOrderPaid waits on (once called) before it appends. */
  let markPaidGate: Promise<void> = Promise.resolve();

  const orderOf = (id: string): TestOrder => {
    const order = orders.get(id);
    if (!order) throw new Error(`unknown order or payment ${id}`);
    return order;
  };
  const record = (
    command: keyof PaymentProcessCommands,
    input: { orderId?: string; paymentId?: string },
    causeId: string | null,
  ) => {
    calls.push({ command, input, causeId, at: Date.now() });
    const id = input.orderId ?? input.paymentId ?? '';
    const failing = failures.get(id) ?? 0;
    if (failing > 0) {
      failures.set(id, failing - 1);
      throw new Error('the command side is down');
    }
    return orderOf(id);
  };

  const commands: PaymentProcessCommands = {
    async markOrderPaid(input, cause) {
      const order = record('markOrderPaid', input, cause.id);
      await markPaidGate;
      await appendEvent(eventStore, order.paid(), cause);
    },
    async cancelOrder(input, cause) {
      const order = record('cancelOrder', input, cause.id);
      await appendEvent(eventStore, order.orderCancelled(input.reason), cause);
    },
    async checkOutCart(input, cause) {
      const order = record('checkOutCart', input, cause.id);
      await appendEvent(eventStore, order.cartCheckedOut(), cause);
    },
    async recordOnlineSale(input, cause) {
      const order = record('recordOnlineSale', input, cause.id);
      await appendEvent(eventStore, order.saleRecorded(), cause);
    },
    async reverseOnlineSale(input, cause) {
      const order = record('reverseOnlineSale', input, cause.id);
      await appendEvent(eventStore, order.saleReversed(input.reason), cause);
    },
    async refundApprovedPayment(input, cause) {
      const order = record('refundApprovedPayment', input, cause.id);
      await appendEvent(eventStore, order.refundRequested(), cause);
    },
    async expirePayment(input, cause) {
      const order = record('expirePayment', input, cause.id);
      await appendEvent(eventStore, order.paymentCancelled(input.reason), cause);
    },
    async refundOnlineSale(input, cause) {
      record('refundOnlineSale', input, cause.id);
    },
    async refundCancelledOrder(input, cause) {
      record('refundCancelledOrder', input, cause.id);
    },
    async resendRefund(input, cause) {
      record('resendRefund', input, cause.id);
    },
    async syncPaymentFromProvider(input, cause) {
      const order = record('syncPaymentFromProvider', input, cause?.id ?? null);
      const event = providerSays(order);
      if (event) await appendEvent(eventStore, event, null);
    },
  };

  return {
    commands,
    calls,
    /** The calls of one order (by its order or payment id), as `command` names. */
    commandsFor: (order: TestOrder) =>
      calls
        .filter(
          (call) =>
            call.input['orderId'] === order.orderId || call.input['paymentId'] === order.paymentId,
        )
        .map((call) => call.command),
    register(...registered: TestOrder[]) {
      for (const order of registered) {
        orders.set(order.orderId, order);
        orders.set(order.paymentId, order);
      }
    },
    failTimes(order: TestOrder, times: number) {
      failures.set(order.orderId, times);
    },
    whenReRead(say: (order: TestOrder) => OrderProcessEvent | null) {
      providerSays = say;
    },
    holdMarkPaid(): () => void {
      let release = (): void => {};
      markPaidGate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

/** Waits (bounded, generously: the machine may be busy) until the assertion holds. */
const eventually = (assertion: () => unknown) =>
  vi.waitFor(assertion, { timeout: 5_000, interval: 5 });

const managers: PaymentProcessManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

/** A started process manager over the store (closed after the test). */
async function started(
  eventStore: EventStore,
  commands: PaymentProcessCommands,
  options: Partial<PaymentProcessManagerOptions> = {},
): Promise<PaymentProcessManager> {
  const manager = createPaymentProcessManager({
    eventStore,
    commands,
    logger: silentLogger,
    retryDelayMs: 1,
    ...options,
  });
  managers.push(manager);
  await manager.start();
  return manager;
}

/** A started manager restored from what another captured, through JSON as the file keeps it. */
async function restoredFrom(
  saved: ReturnType<PaymentProcessManager['capture']>,
  eventStore: EventStore,
  commands: PaymentProcessCommands,
): Promise<PaymentProcessManager> {
  const restored = createPaymentProcessManager({
    eventStore,
    commands,
    logger: silentLogger,
    retryDelayMs: 1,
  });
  managers.push(restored);
  restored.restore(saved.position, JSON.parse(JSON.stringify(saved.entries)));
  await restored.start();
  return restored;
}

async function given(eventStore: EventStore, ...events: OrderProcessEvent[]) {
  for (const event of events) await appendEvent(eventStore, event);
}

/** A log holding one Pix order paid and done with, and a command side that knows it. */
async function settledOrder() {
  const eventStore = createMemoryEventStore();
  const fake = fakeCommands(eventStore);
  const order = testOrder('pix');
  fake.register(order);
  await given(eventStore, ...settledHistory(order));
  return { eventStore, fake, order };
}

describe('payment process manager', () => {
  it('given orders settled and expired among other streams, and a settled order woken by a later event, when a manager takes the log as pages read by someone else and then starts, then it holds what a manager that followed the log holds and follows it from the last page', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const [settled, expired] = [testOrder('pix'), testOrder('pix')];
    fake.register(settled);
    fake.register(expired);
    await given(eventStore, ...settledHistory(settled));
    await eventStore.appendToStream('product-1', [
      {
        id: crypto.randomUUID(),
        type: 'ProductDeleted',
        data: { productId: 'product-1' },
        metadata: {
          correlationId: 'test',
          causationId: 'test',
          actorId: 'admin-1',
          actorRole: 'admin',
          occurredAt: '2026-11-26T12:00:00.000Z',
        },
      },
    ]);
    await given(eventStore, ...expiredHistory(expired));
    // Told again that its cart was checked out: the order wakes (folded again from its
    // streams, a read in the middle of a page) and, nothing due, goes back to sleep.
    await given(eventStore, settled.cartCheckedOut());

    await expectPassedPagesFoldAsFollowing(eventStore, (store) => {
      const manager = createPaymentProcessManager({
        eventStore: store,
        commands: fake.commands,
        logger: silentLogger,
        retryDelayMs: 1,
      });
      managers.push(manager);
      return manager;
    });
    expect(fake.calls).toEqual([]);
  });

  it('given a manager saved with a pending order, when the payment is approved while it is down and a manager restored from the save starts, then it follows the log from the save and the order is marked paid, its cart checked out and its sale recorded', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('credit_card');
    fake.register(order);
    await given(eventStore, order.placed(), order.requested());
    const first = await started(eventStore, fake.commands);
    const saved = first.capture();
    await first.close();
    await given(eventStore, order.approved());
    const { store: watching, starts: from } = recordingSubscriptionStarts(eventStore);

    await restoredFrom(saved, watching, fake.commands);

    expect(saved.position).toBeGreaterThan(0);
    expect(from).toEqual([saved.position]);
    await eventually(() =>
      expect(fake.calls.map(({ command }) => command).sort()).toEqual([
        'checkOutCart',
        'markOrderPaid',
        'recordOnlineSale',
      ]),
    );
  });

  it('given a payment approved before it started, when it starts, then the order is marked paid, its cart checked out and its sale recorded, each once and caused by the right event', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('credit_card');
    fake.register(order);
    await given(eventStore, order.placed(), order.requested(), order.approved());

    const manager = await started(eventStore, fake.commands);

    await eventually(() => expect(fake.calls).toHaveLength(3));
    await manager.close();
    expect(fake.calls).toHaveLength(3);
    const events = await eventStore.readAll();
    const approval = events.find((event) => event.type === 'PaymentApproved');
    const paid = events.find((event) => event.type === 'OrderPaid');
    expect(fake.calls.map(({ command, input, causeId }) => ({ command, input, causeId }))).toEqual(
      expect.arrayContaining([
        {
          command: 'markOrderPaid',
          input: { orderId: order.orderId, paymentId: order.paymentId, amountCents: 1_200 },
          causeId: approval?.id,
        },
        {
          command: 'checkOutCart',
          input: {
            userId: order.userId,
            orderId: order.orderId,
            lines: [{ productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11', quantidade: 20 }],
          },
          causeId: paid?.id,
        },
        { command: 'recordOnlineSale', input: { orderId: order.orderId }, causeId: paid?.id },
      ]),
    );
  });

  it.each([
    ['refunded', 'refunded'],
    ['charged back', 'charged_back'],
  ] as const)(
    'given a paid order whose sale was recorded (the process done with it), when its payment is %s weeks later, then the sale is reversed once, caused by that event; a restarted manager reverses nothing more',
    async (_label, reason) => {
      const { eventStore, fake, order } = await settledOrder();
      const first = await started(eventStore, fake.commands);
      expect(fake.calls).toEqual([]);

      await given(eventStore, reason === 'refunded' ? order.refunded() : order.chargedBack());

      await eventually(async () => {
        const types = (await eventStore.readAll()).map((event) => event.type);
        expect(types).toContain('OnlineSaleReversed');
      });
      await first.close();
      const givenBack = (await eventStore.readAll()).find((event) =>
        ['PaymentRefunded', 'PaymentChargedBack'].includes(event.type),
      );
      expect(
        fake.calls.map(({ command, input, causeId }) => ({ command, input, causeId })),
      ).toEqual([
        {
          command: 'reverseOnlineSale',
          input: { orderId: order.orderId, reason },
          causeId: givenBack?.id,
        },
      ]);

      const again = fakeCommands(eventStore);
      again.register(order);
      const second = await started(eventStore, again.commands);
      await second.close();
      expect(again.calls).toEqual([]);
    },
  );

  it('given a paid order done with, saved and restored as its id alone, when its status changes and then its payment is refunded, then the status reads nothing and the refund folds it again from its streams and reverses its sale once', async () => {
    const { eventStore, fake, order } = await settledOrder();
    const first = await started(eventStore, fake.commands);
    const saved = first.capture();
    await first.close();
    expect(saved.entries).toEqual([[order.orderId, 'settled']]);

    const reads = vi.spyOn(eventStore, 'readStream');
    await restoredFrom(saved, eventStore, fake.commands);
    await given(eventStore, order.statusChanged('processing', 'delivered'));
    await given(eventStore, order.refunded());

    await eventually(() => expect(fake.commandsFor(order)).toEqual(['reverseOnlineSale']));
    const streamsRead = reads.mock.calls.map(([stream]) => stream);
    expect(streamsRead).toEqual(
      expect.arrayContaining([`order-${order.orderId}`, `payment-${order.paymentId}`]),
    );
    expect(streamsRead.filter((stream) => stream === `order-${order.orderId}`)).toHaveLength(1);
  });

  it('given a dormant order woken while the store fails to read its streams, then the read is tried again and the step runs once the store answers', async () => {
    const { eventStore, fake, order } = await settledOrder();
    await started(eventStore, fake.commands);
    let failing = 2;
    const readStream = eventStore.readStream.bind(eventStore);
    vi.spyOn(eventStore, 'readStream').mockImplementation(async (...args) => {
      if (failing > 0) {
        failing -= 1;
        throw new Error('the store is restarting');
      }
      return readStream(...args);
    });

    await given(eventStore, order.refunded());

    await eventually(() => expect(fake.commandsFor(order)).toEqual(['reverseOnlineSale']));
    expect(failing).toBe(0);
  });

  it('given a paid order refunded before its sale was recorded, when the manager starts, then the sale is recorded and then reversed, each once, and the order is done with', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('pix');
    fake.register(order);
    await given(
      eventStore,
      order.placed(),
      order.requested(),
      order.approved(),
      order.paid(),
      order.cartCheckedOut(),
      order.refunded(),
    );

    const manager = await started(eventStore, fake.commands);

    await eventually(async () => {
      const types = (await eventStore.readAll()).map((event) => event.type);
      expect(types).toContain('OnlineSaleReversed');
    });
    await manager.close();
    expect(fake.commandsFor(order)).toEqual(['recordOnlineSale', 'reverseOnlineSale']);
  });

  it('given a live manager, when a card is declined, then its order waits its time for another card and is then cancelled (payment_rejected) once', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('credit_card');
    fake.register(order);
    const manager = await started(eventStore, fake.commands, { anotherCardMs: 300 });

    await given(eventStore, order.placed(), order.requested(), order.rejected());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls).toEqual([]);

    await eventually(async () => {
      const types = (await eventStore.readAll()).map((event) => event.type);
      expect(types).toContain('OrderCancelled');
    });
    await manager.close();
    expect(fake.calls.map(({ command, input }) => ({ command, input }))).toEqual([
      { command: 'cancelOrder', input: { orderId: order.orderId, reason: 'payment_rejected' } },
    ]);
  });

  it('given an approval after the order was cancelled, then the refund is asked exactly once, and a manager restarted on the same log asks nothing more', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('pix');
    fake.register(order);
    await given(eventStore, ...expiredHistory(order), order.approved());

    const first = await started(eventStore, fake.commands);
    await eventually(async () => {
      const types = (await eventStore.readAll()).map((event) => event.type);
      expect(types).toContain('PaymentRefundRequested');
    });
    await first.close();
    expect(fake.commandsFor(order)).toEqual(['refundApprovedPayment']);

    const again = fakeCommands(eventStore);
    again.register(order);
    const second = await started(eventStore, again.commands);
    await second.close();
    expect(again.calls).toEqual([]);
  });

  it('given a command that throws, then it is retried until it succeeds, and another order is not held up meanwhile', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const failing = testOrder('credit_card');
    const other = testOrder('credit_card');
    fake.register(failing, other);
    fake.failTimes(failing, 2);
    await started(eventStore, fake.commands);

    await given(eventStore, failing.placed(), failing.requested(), failing.approved());
    await given(eventStore, other.placed(), other.requested(), other.approved());

    await eventually(() => {
      expect(fake.commandsFor(other)).toEqual(
        expect.arrayContaining(['markOrderPaid', 'checkOutCart', 'recordOnlineSale']),
      );
      expect(fake.commandsFor(failing)).toHaveLength(5);
    });
    expect(fake.commandsFor(failing)).toEqual([
      'markOrderPaid',
      'markOrderPaid',
      'markOrderPaid',
      ...['checkOutCart', 'recordOnlineSale'],
    ]);
    expect(fake.commandsFor(other)).toHaveLength(3);
  });

  it('given a step in flight, when more events of its order arrive, then it is not run a second time', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const slow = testOrder('credit_card');
    const marker = testOrder('credit_card');
    fake.register(slow, marker);
    await started(eventStore, fake.commands);
    const release = fake.holdMarkPaid();

    await given(eventStore, slow.placed(), slow.requested(), slow.approved());
    // A late in-review report of the same order, then another order's approval: once the
    // manager reached that one (its call shows), it has seen the late report too.
    await given(eventStore, slow.inReview());
    await given(eventStore, marker.placed(), marker.requested(), marker.approved());
    await eventually(() => expect(fake.commandsFor(marker)).toEqual(['markOrderPaid']));
    release();

    await eventually(() => {
      expect(fake.commandsFor(slow)).toHaveLength(3);
      expect(fake.commandsFor(marker)).toHaveLength(3);
    });
    expect(fake.commandsFor(slow).filter((command) => command === 'markOrderPaid')).toHaveLength(1);
  });

  it('given a pending Pix, then it is expired once its expiry has come (not before), and the order is cancelled (payment_expired)', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('pix');
    fake.register(order);
    await started(eventStore, fake.commands);

    const expiresAt = Date.now() + 50;
    await given(
      eventStore,
      order.placed(),
      order.requested(),
      order.pending(new Date(expiresAt).toISOString()),
    );

    await eventually(() =>
      expect(fake.calls.map(({ command, input }) => ({ command, input }))).toEqual([
        { command: 'expirePayment', input: { paymentId: order.paymentId, reason: 'expired' } },
        { command: 'cancelOrder', input: { orderId: order.orderId, reason: 'payment_expired' } },
      ]),
    );
    expect(fake.calls[0]?.at).toBeGreaterThanOrEqual(expiresAt);
  });

  it('given a payment the provider never answered, then after the request timeout it is expired (failed) and the order cancelled (payment_failed)', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('credit_card');
    fake.register(order);
    // Both in the log before the manager reads it: appended live, a loaded machine could
    // take longer than the timeout between the two, and the order would count as never requested.
    await given(eventStore, order.placed(), order.requested());

    await started(eventStore, fake.commands, { requestTimeoutMs: 30 });

    await eventually(() =>
      expect(fake.calls.map(({ command, input }) => ({ command, input }))).toEqual([
        { command: 'expirePayment', input: { paymentId: order.paymentId, reason: 'failed' } },
        { command: 'cancelOrder', input: { orderId: order.orderId, reason: 'payment_failed' } },
      ]),
    );
  });

  it('given payments awaiting the provider, then each reconciliation re-reads the pending and in-review ones (not one without a provider id), and an approval it finds closes the loop', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const pending = testOrder('boleto');
    const inReview = testOrder('credit_card');
    const unanswered = testOrder('credit_card');
    fake.register(pending, inReview, unanswered);
    fake.whenReRead((order) => (order === pending ? order.approved() : null));
    await given(eventStore, pending.placed(), pending.requested(), pending.pending());
    await given(eventStore, inReview.placed(), inReview.requested(), inReview.inReview());
    await given(eventStore, unanswered.placed(), unanswered.requested());

    await started(eventStore, fake.commands, {
      reconcileIntervalMs: 10,
      reconcileBackoff: { firstMs: 1, maxMs: 20 },
    });

    await eventually(() => {
      expect(fake.commandsFor(pending)).toEqual(
        expect.arrayContaining(['markOrderPaid', 'checkOutCart', 'recordOnlineSale']),
      );
      expect(
        fake.commandsFor(inReview).filter((command) => command === 'syncPaymentFromProvider'),
      ).not.toHaveLength(0);
    });
    expect(fake.commandsFor(unanswered)).toEqual([]);
    expect(fake.commandsFor(pending).filter((c) => c === 'syncPaymentFromProvider')).toHaveLength(
      1,
    );
    expect(
      fake.calls.every((call) => call.command !== 'syncPaymentFromProvider' || !call.causeId),
    ).toBe(true);
  });

  it('given a closed manager, when a payment is approved, then nothing is run', async () => {
    const eventStore = createMemoryEventStore();
    const fake = fakeCommands(eventStore);
    const order = testOrder('credit_card');
    fake.register(order);
    const manager = await started(eventStore, fake.commands);
    await manager.close();

    await given(eventStore, order.placed(), order.requested(), order.approved());
    // A fresh manager shows the approval is there to act on.
    const probe = fakeCommands(eventStore);
    probe.register(order);
    await started(eventStore, probe.commands);
    await eventually(() => expect(probe.calls).not.toHaveLength(0));
    expect(fake.calls).toEqual([]);
  });
});

describe('payment process manager whose subscription ends', () => {
  it('given its subscription ends, when a payment is approved afterwards, then it follows the log again and the order is marked paid, its cart checked out and its sale recorded', async () => {
    const inner = createMemoryEventStore();
    const { store: eventStore, ends } = endingSubscriptions(inner, 1);
    const fake = fakeCommands(inner);
    const order = testOrder('credit_card');
    fake.register(order);
    await given(inner, order.placed(), order.requested());
    const manager = await started(eventStore, fake.commands, { resubscribeDelayMs: 5 });

    await given(inner, order.approved());

    await eventually(() =>
      expect(fake.commandsFor(order).sort()).toEqual([
        'checkOutCart',
        'markOrderPaid',
        'recordOnlineSale',
      ]),
    );
    expect(ends()).toBe(1);
    expect(manager.health()).toEqual({ status: 'ok' });
  });

  it('given its subscription ends again and again, then it reports failed with the reason', async () => {
    const { store: eventStore } = endingSubscriptions(createMemoryEventStore());
    const manager = createPaymentProcessManager({
      eventStore,
      commands: fakeCommands(eventStore).commands,
      logger: silentLogger,
      resubscribeDelayMs: 1,
    });
    managers.push(manager);

    await expect(manager.start()).rejects.toThrow('subscription dropped');

    expect(manager.failure()).toMatch(/3 times in a row: subscription dropped/);
    expect(manager.health()).toMatchObject({ status: 'failed' });
  });
});
