import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKafkaBus } from './kafka';
import { startSilentBroker } from './kafka-silent-broker';
import type { Bus } from './port';

/**
 * Issue 39: kafkajs' idempotent producer retries forever, so a Kafka outage
 * hung the relay's publish and the shutdown (SIGTERM waited for SIGKILL). The
 * broker here connects and then never answers: the bus must give up in bounded
 * time so the relay keeps the event unacknowledged and retries it later.
 */
describe('Kafka bus during a broker outage', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const elapsedSince = (start: number): number => performance.now() - start;

  const openOnSilentBroker = async (): Promise<Bus> => {
    const broker = await startSilentBroker();
    cleanups.push(() => broker.stop());
    const bus = await createKafkaBus({
      brokers: [broker.address],
      clientId: `quitute-outage-${randomUUID()}`,
      logLevel: 'nothing',
      publishTimeoutMs: 1_500,
      closeTimeoutMs: 1_000,
    });
    return bus;
  };

  it('given a broker that answers nothing, when the bus is created, then creation fails within its bound', async () => {
    const broker = await startSilentBroker({ handshake: false });
    cleanups.push(() => broker.stop());
    const start = performance.now();
    await expect(
      createKafkaBus({
        brokers: [broker.address],
        clientId: `quitute-outage-${randomUUID()}`,
        logLevel: 'nothing',
        connectTimeoutMs: 1_500,
        closeTimeoutMs: 1_000,
      }),
    ).rejects.toThrow(/not reached within 1500 ms/);
    expect(elapsedSince(start)).toBeLessThan(4_000);
    expect(broker.connections()).toBeGreaterThan(0);
  });

  it('given a broker that stopped answering, when a message is published, then publish rejects within its bound', async () => {
    const bus = await openOnSilentBroker();
    cleanups.push(() => bus.close());
    const start = performance.now();
    await expect(
      bus.publish('quitute.payments', [
        { id: randomUUID(), key: 'order-1', type: 'PaymentApproved', payload: { n: 1 } },
      ]),
    ).rejects.toThrow(/publish/);
    expect(elapsedSince(start)).toBeLessThan(4_000);
  });

  it('given a publish stuck on a silent broker, when the bus closes, then close resolves within its bound', async () => {
    const bus = await openOnSilentBroker();
    const publishing = bus
      .publish('quitute.payments', [
        { id: randomUUID(), key: 'order-1', type: 'PaymentApproved', payload: { n: 1 } },
      ])
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const start = performance.now();
    await bus.close();
    expect(elapsedSince(start)).toBeLessThan(4_000);
    await publishing;
  });
});
