import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { describeWithRedis } from '../redis/test-server';
import { busContract } from './contract';
import { createBus } from './index';
import type { Bus, BusMessage } from './port';
import { createRedisStreamsBus, type RedisStreamsBusOptions } from './redis-streams';

const arrival = { timeout: 10_000, interval: 20 };

const message = (n: number, key = 'order-1'): BusMessage => ({
  id: randomUUID(),
  key,
  type: 'PaymentApproved',
  payload: { orderId: key, n },
});

function recorder() {
  const received: BusMessage[] = [];
  return {
    received,
    ids: () => received.map((m) => m.id),
    handler: async (m: BusMessage): Promise<void> => {
      received.push(m);
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

await describeWithRedis('Redis Streams bus', (redis) => {
  const keyPrefix = `${redis.keyPrefix}bus:`;
  afterAll(() => redis.cleanup());

  busContract('redis-streams', async () => {
    const bus = await createRedisStreamsBus({
      url: redis.url,
      clientId: 'contract',
      keyPrefix,
      initialRetryDelayMs: 5,
    });
    return {
      bus,
      // XREADGROUP BLOCK answers as soon as entries arrive: a short quiet period is enough.
      settle: () => sleep(300),
      cleanup: () => bus.close(),
    };
  });

  describe('Redis Streams bus across processes', () => {
    const buses: Bus[] = [];
    const raw = createClient({ url: redis.url });
    raw.on('error', () => {});

    /** Each bus has its own connections, as each process would. */
    const open = async (extra: Partial<RedisStreamsBusOptions> = {}): Promise<Bus> => {
      const bus = await createRedisStreamsBus({
        url: redis.url,
        clientId: `instance-${buses.length + 1}`,
        keyPrefix,
        initialRetryDelayMs: 5,
        ...extra,
      });
      buses.push(bus);
      return bus;
    };

    const groupsOf = async (topic: string): Promise<string[]> => {
      if (!raw.isOpen) await raw.connect();
      if ((await raw.exists(`${keyPrefix}${topic}`)) === 0) return [];
      return (await raw.xInfoGroups(`${keyPrefix}${topic}`)).map((group) => String(group.name));
    };

    afterEach(async () => {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
    });
    afterAll(() => {
      if (raw.isOpen) raw.destroy();
    });

    it('given two instances each in its own group, when one publishes, then both receive every message', async () => {
      const topic = `payments-${randomUUID()}`;
      const [a, b] = [await open(), await open()];
      const first = recorder();
      const second = recorder();
      await a.subscribe(topic, 'socket-gateway-a', first.handler);
      await b.subscribe(topic, 'socket-gateway-b', second.handler);
      const sent = [message(1), message(2), message(3)];
      await a.publish(topic, sent);
      await vi.waitFor(() => {
        expect(first.ids()).toEqual(sent.map((m) => m.id));
        expect(second.ids()).toEqual(sent.map((m) => m.id));
      }, arrival);
    });

    it('given two instances in one group, when messages are published, then each message is handled once in all', async () => {
      const topic = `payments-${randomUUID()}`;
      const [a, b] = [await open(), await open()];
      const first = recorder();
      const second = recorder();
      await a.subscribe(topic, 'shared', first.handler);
      await b.subscribe(topic, 'shared', second.handler);
      const sent = Array.from({ length: 30 }, (_, n) => message(n, `order-${n % 3}`));
      await a.publish(topic, sent);
      const expected = sent.map((m) => m.id).sort();
      await vi.waitFor(
        () => expect([...first.ids(), ...second.ids()].sort()).toEqual(expected),
        arrival,
      );
      await sleep(300);
      expect(first.received.length + second.received.length).toBe(sent.length);
    });

    it('given a consumer that dies holding a message unacknowledged, then another consumer of its group handles it, and closing the dead one does not hang', async () => {
      const topic = `payments-${randomUUID()}`;
      const timing = { claimIdleMs: 400, maintenanceIntervalMs: 100, closeTimeoutMs: 500 };
      const dying = await open(timing);
      const survivor = await open(timing);
      const taken: string[] = [];
      // The process freezes mid-handler: it never acknowledges, never throws.
      await dying.subscribe(topic, 'shared', async (m) => {
        taken.push(m.id);
        await new Promise(() => {});
      });
      const sent = message(1);
      await survivor.publish(topic, [sent]);
      await vi.waitFor(() => expect(taken).toEqual([sent.id]), arrival);

      const rescued = recorder();
      await survivor.subscribe(topic, 'shared', rescued.handler);
      await vi.waitFor(() => expect(rescued.ids()).toEqual([sent.id]), arrival);

      const closing = performance.now();
      await dying.close();
      expect(performance.now() - closing).toBeLessThan(2_000);
    });

    it('given the last consumer of a group, when it stops, then the group is destroyed; a group with consumers left is kept', async () => {
      const topic = `payments-${randomUUID()}`;
      const [a, b] = [await open(), await open()];
      const gatewayA = await a.subscribe(topic, 'socket-gateway-a', async () => {});
      const sharedA = await a.subscribe(topic, 'shared', async () => {});
      await b.subscribe(topic, 'shared', async () => {});
      expect((await groupsOf(topic)).sort()).toEqual(['shared', 'socket-gateway-a']);

      await gatewayA.stop();
      await sharedA.stop();
      expect(await groupsOf(topic)).toEqual(['shared']);
    });

    it('given the group of an instance killed without stopping, when it stays silent past idleGroupMs, then a live consumer of the topic destroys it', async () => {
      const topic = `payments-${randomUUID()}`;
      const stream = `${keyPrefix}${topic}`;
      if (!raw.isOpen) await raw.connect();
      await raw.xGroupCreate(stream, 'socket-gateway-killed', '$', { MKSTREAM: true });
      await raw.xGroupCreateConsumer(stream, 'socket-gateway-killed', 'killed-consumer');
      await sleep(300);

      const live = await open({ idleGroupMs: 250, maintenanceIntervalMs: 50 });
      await live.subscribe(topic, 'socket-gateway-live', async () => {});
      await vi.waitFor(
        async () => expect(await groupsOf(topic)).toEqual(['socket-gateway-live']),
        arrival,
      );
      // The live group's consumer keeps reading, so it is never taken for dead.
      await sleep(600);
      expect(await groupsOf(topic)).toEqual(['socket-gateway-live']);
    });

    it('given a handler that keeps failing, when maxAttempts is reached, then the message is reported and the next one still flows', async () => {
      const topic = `payments-${randomUUID()}`;
      const onError = vi.fn();
      const bus = await open({ maxAttempts: 3, onError });
      const attempts: string[] = [];
      const [poison, fine] = [message(1), message(2)];
      await bus.subscribe(topic, 'g', async (m) => {
        attempts.push(m.id);
        if (m.id === poison.id) throw new Error('always fails');
      });
      await bus.publish(topic, [poison, fine]);
      await vi.waitFor(
        () => expect(attempts).toEqual([poison.id, poison.id, poison.id, fine.id]),
        arrival,
      );
      expect(onError).toHaveBeenCalledTimes(1);
    });

    it('given a message left pending by a failed handler, when the stream is trimmed past it, then the consumer drops it and keeps consuming', async () => {
      const topic = `payments-${randomUUID()}`;
      const bus = await open({ initialRetryDelayMs: 300 });
      const [lost, next] = [message(1), message(2)];
      const handled: string[] = [];
      let failed = false;
      await bus.subscribe(topic, 'g', async (m) => {
        if (m.id === lost.id && !failed) {
          failed = true;
          // While the consumer waits to retry, the stream is trimmed past the entry.
          if (!raw.isOpen) await raw.connect();
          await raw.xTrim(`${keyPrefix}${topic}`, 'MAXLEN', 0);
          throw new Error('transient failure');
        }
        handled.push(m.id);
      });
      await bus.publish(topic, [lost]);
      await vi.waitFor(() => expect(failed).toBe(true), arrival);
      await bus.publish(topic, [next]);
      await vi.waitFor(() => expect(handled).toEqual([next.id]), { timeout: 3_000 });
    });

    it('given a subscription blocked in XREADGROUP, when it stops, then stop returns well before the block timeout', async () => {
      const bus = await open({ blockMs: 10_000 });
      const subscription = await bus.subscribe(`payments-${randomUUID()}`, 'g', async () => {});
      await sleep(100);
      const stopping = performance.now();
      await subscription.stop();
      expect(performance.now() - stopping).toBeLessThan(1_000);
    });

    it('given a stream, when far more than maxLength messages are published, then it is trimmed to about maxLength', async () => {
      const topic = `payments-${randomUUID()}`;
      const bus = await open({ maxLength: 100 });
      for (let batch = 0; batch < 10; batch++) {
        await bus.publish(
          topic,
          Array.from({ length: 100 }, (_, n) => message(batch * 100 + n)),
        );
      }
      if (!raw.isOpen) await raw.connect();
      expect(await raw.xLen(`${keyPrefix}${topic}`)).toBeLessThan(400);
    });
  });

  describe('createBus', () => {
    it('given busUrl and no Kafka brokers, when created, then it is the Redis Streams bus', async () => {
      const topic = `payments-${randomUUID()}`;
      const bus = await createBus({ busUrl: redis.url, kafkaBrokers: [], clientId: 'factory' });
      const client = createClient({ url: redis.url });
      await client.connect();
      try {
        await bus.publish(topic, [message(1)]);
        expect(await client.xLen(`quitute:bus:${topic}`)).toBe(1);
      } finally {
        await client.unlink(`quitute:bus:${topic}`);
        client.destroy();
        await bus.close();
      }
    });
  });
});
