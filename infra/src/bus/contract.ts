import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dedupeById } from './dedupe';
import type { Bus, BusMessage } from './port';

export interface BusUnderTest {
  bus: Bus;
  /**
   * Waits until whatever was published has had its chance to be delivered, so
   * a test can then assert that something did NOT arrive (memory: drain; a
   * broker: a quiet period).
   */
  settle(): Promise<void>;
  cleanup(): Promise<void>;
}

export type BusFactory = () => Promise<BusUnderTest>;

/** How long a positive expectation may take to come true: a broker rebalances. */
const arrival = { timeout: 25_000, interval: 20 };

const message = (key: string, n: number, extra: Partial<BusMessage> = {}): BusMessage => ({
  id: randomUUID(),
  key,
  type: 'OrderPaid',
  payload: { orderId: key, n },
  ...extra,
});

function recorder() {
  const received: BusMessage[] = [];
  const handler = async (m: BusMessage): Promise<void> => {
    received.push(m);
  };
  return { received, handler, ids: () => received.map((m) => m.id) };
}

/**
 * The Bus contract (STYLE rule 9): every adapter passes the same given/when/then
 * tests. Each test uses fresh topic and group names, so tests never see each
 * other's messages even on a shared broker.
 */
export function busContract(name: string, factory: BusFactory): void {
  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    let settle: () => Promise<void>;
    let cleanup: () => Promise<void>;
    let topic: string;
    const group = (label: string): string => `${topic}.${label}`;

    beforeEach(async () => {
      ({ bus, settle, cleanup } = await factory());
      topic = `contract-${randomUUID()}`;
    });

    afterEach(async () => {
      await cleanup();
    });

    it('given a subscriber, when a message is published, then it arrives with id, key, type and payload', async () => {
      const { received, handler } = recorder();
      await bus.subscribe(topic, group('a'), handler);
      const sent: BusMessage = {
        id: randomUUID(),
        key: 'order-1',
        type: 'PaymentApproved',
        payload: {
          orderId: 'order-1',
          amountCents: 12_345,
          method: 'pix',
          customer: { name: 'João da Silva', city: 'São Paulo' },
          items: [{ sku: 'coxinha', quantity: 25 }],
          note: null,
          paid: true,
        },
      };
      await bus.publish(topic, [sent]);
      await vi.waitFor(() => expect(received).toHaveLength(1), arrival);
      expect(received[0]).toEqual(sent);
    });

    it('given two groups, when messages are published, then each group receives every message', async () => {
      const billing = recorder();
      const mailing = recorder();
      await bus.subscribe(topic, group('billing'), billing.handler);
      await bus.subscribe(topic, group('mailing'), mailing.handler);
      const sent = Array.from({ length: 10 }, (_, n) => message('order-1', n));
      await bus.publish(topic, sent);
      const expected = sent.map((m) => m.id);
      await vi.waitFor(() => {
        expect(billing.ids()).toEqual(expected);
        expect(mailing.ids()).toEqual(expected);
      }, arrival);
    });

    it('given two consumers in one group, when messages are published, then each message is handled once in the group', async () => {
      const first = recorder();
      const second = recorder();
      await bus.subscribe(topic, group('shared'), first.handler);
      await bus.subscribe(topic, group('shared'), second.handler);
      await settle();
      const sent = Array.from({ length: 20 }, (_, n) => message(`order-${n % 4}`, n));
      await bus.publish(topic, sent);
      const expected = sent.map((m) => m.id).sort();
      await vi.waitFor(
        () => expect([...first.ids(), ...second.ids()].sort()).toEqual(expected),
        arrival,
      );
      await settle();
      expect(first.received.length + second.received.length).toBe(sent.length);
    });

    it('given two keys, when 50 interleaved messages are published, then each key arrives in publish order', async () => {
      const byKey = new Map<string, number[]>();
      await bus.subscribe(topic, group('ordered'), async (m) => {
        const n = m.payload['n'];
        if (typeof n !== 'number') throw new Error('payload.n missing');
        byKey.set(m.key, [...(byKey.get(m.key) ?? []), n]);
      });
      const sent = Array.from({ length: 50 }, (_, n) =>
        message(n % 2 === 0 ? 'cart-a' : 'cart-b', n),
      );
      for (let start = 0; start < sent.length; start += 10) {
        await bus.publish(topic, sent.slice(start, start + 10));
      }
      const evens = sent.map((m, n) => n).filter((n) => n % 2 === 0);
      const odds = sent.map((m, n) => n).filter((n) => n % 2 === 1);
      await vi.waitFor(() => {
        expect(byKey.get('cart-a')).toEqual(evens);
        expect(byKey.get('cart-b')).toEqual(odds);
      }, arrival);
    });

    it('given a handler that fails once, when a message is published, then it is delivered again (at-least-once)', async () => {
      const attempts = new Map<string, number>();
      const handled: string[] = [];
      const sent = [message('order-1', 1), message('order-1', 2)];
      const failing = sent[0]?.id;
      await bus.subscribe(topic, group('retrying'), async (m) => {
        const attempt = (attempts.get(m.id) ?? 0) + 1;
        attempts.set(m.id, attempt);
        if (m.id === failing && attempt === 1) throw new Error('transient failure');
        handled.push(m.id);
      });
      await bus.publish(topic, sent);
      await vi.waitFor(() => expect(handled).toEqual(sent.map((m) => m.id)), arrival);
      expect(attempts.get(failing ?? '')).toBeGreaterThanOrEqual(2);
    });

    it('given a stopped subscription, when a message is published, then it is not delivered to it', async () => {
      const stopped = recorder();
      const witness = recorder();
      const subscription = await bus.subscribe(topic, group('stopped'), stopped.handler);
      await bus.subscribe(topic, group('witness'), witness.handler);
      const before = message('order-1', 1);
      await bus.publish(topic, [before]);
      await vi.waitFor(() => expect(stopped.ids()).toEqual([before.id]), arrival);

      await subscription.stop();
      const after = message('order-1', 2);
      await bus.publish(topic, [after]);
      await vi.waitFor(() => expect(witness.ids()).toEqual([before.id, after.id]), arrival);
      await settle();
      expect(stopped.ids()).toEqual([before.id]);
    });

    it('given a handler wrapped in dedupeById, when one message id is delivered twice, then it is handled once', async () => {
      const { received, handler } = recorder();
      const witness = recorder();
      await bus.subscribe(topic, group('deduped'), dedupeById(handler, new Set<string>()));
      await bus.subscribe(topic, group('witness'), witness.handler);
      const original = message('order-1', 1);
      const next = message('order-1', 2);
      await bus.publish(topic, [original, { ...original }, next]);
      await vi.waitFor(() => expect(witness.received).toHaveLength(3), arrival);
      await vi.waitFor(
        () => expect(received.map((m) => m.id)).toEqual([original.id, next.id]),
        arrival,
      );
    });
  });
}
