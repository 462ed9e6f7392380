import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { appendEvent, testOrder } from '@quitute/infra/testing';
import type { PaymentProcessCommands } from './payment-process-commands';
import { createPaymentProcessManager, type PaymentProcessManager } from './payment-process-manager';

const MINUTE = 60_000;
const reportedAt = Date.UTC(2026, 10, 21, 12, 0, 0);
const at = (minutes: number) => reportedAt + minutes * MINUTE;
const iso = (minutes: number) => new Date(at(minutes)).toISOString();

/** A command side that only counts the re-reads (a pending boleto owes nothing else). */
function countingReads() {
  const reads: string[] = [];
  const unexpected = () => Promise.reject(new Error('nothing else is due'));
  const commands: PaymentProcessCommands = {
    markOrderPaid: unexpected,
    cancelOrder: unexpected,
    checkOutCart: unexpected,
    recordOnlineSale: unexpected,
    reverseOnlineSale: unexpected,
    refundApprovedPayment: unexpected,
    refundOnlineSale: unexpected,
    refundCancelledOrder: unexpected,
    resendRefund: unexpected,
    expirePayment: unexpected,
    async syncPaymentFromProvider({ paymentId }) {
      reads.push(paymentId);
    },
  };
  return { commands, reads };
}

const managers: PaymentProcessManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
});

/** Sweeps every 5 ms of real time; the schedule reads the test's clock. */
async function managerOnClock(
  eventStore: ReturnType<typeof createMemoryEventStore>,
  commands: PaymentProcessCommands,
  clock: { now: number },
) {
  const manager = createPaymentProcessManager({
    eventStore,
    commands,
    logger: silentLogger,
    now: () => clock.now,
    reconcileIntervalMs: 5,
  });
  managers.push(manager);
  await manager.start();
  return manager;
}

/** Then, after a few sweeps, exactly this many reads. */
async function readsSettleAt(reads: string[], count: number) {
  await vi.waitFor(() => expect(reads).toHaveLength(count), { timeout: 5_000, interval: 5 });
  await sleep(40);
  expect(reads).toHaveLength(count);
}

describe('payment process manager: reconciliation with backoff (issue 38)', () => {
  it('given a boleto left pending, then it is re-read 1, 3 and 7 minutes after its report, and an event of its order in between moves nothing', async () => {
    const eventStore = createMemoryEventStore();
    const { commands, reads } = countingReads();
    const order = testOrder('boleto');
    await appendEvent(eventStore, order.placed(), null, iso(0));
    await appendEvent(eventStore, order.requested(), null, iso(0));
    await appendEvent(eventStore, order.pending(), null, iso(0));
    const clock = { now: at(0.5) };
    await managerOnClock(eventStore, commands, clock);

    await readsSettleAt(reads, 0);
    clock.now = at(1);
    await readsSettleAt(reads, 1);
    clock.now = at(2.9);
    await readsSettleAt(reads, 1);
    // An admin moves the order on: no new report, so the times stand.
    await appendEvent(eventStore, order.statusChanged('pending', 'processing'), null, iso(2.9));
    await readsSettleAt(reads, 1);
    clock.now = at(3);
    await readsSettleAt(reads, 2);
    clock.now = at(6.9);
    await readsSettleAt(reads, 2);
    clock.now = at(7);
    await readsSettleAt(reads, 3);
    expect(new Set(reads)).toEqual(new Set([order.paymentId]));
  });

  it('given a new report of the payment (in review), then its reads start afresh from it; once answered, it is read no more', async () => {
    const eventStore = createMemoryEventStore();
    const { commands, reads } = countingReads();
    const order = testOrder('credit_card');
    await appendEvent(eventStore, order.placed(), null, iso(0));
    await appendEvent(eventStore, order.requested(), null, iso(0));
    await appendEvent(eventStore, order.pending(), null, iso(0));
    const clock = { now: at(1) };
    await managerOnClock(eventStore, commands, clock);
    await readsSettleAt(reads, 1);

    clock.now = at(2);
    await appendEvent(eventStore, order.inReview(), null, iso(2));
    await readsSettleAt(reads, 1);
    clock.now = at(3);
    await readsSettleAt(reads, 2);

    await appendEvent(eventStore, order.rejected(), null, iso(3.5));
    clock.now = at(600);
    await sleep(40);
    expect(reads).toHaveLength(2);
  });
});
