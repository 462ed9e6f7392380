import { describe, expect, it, vi } from 'vitest';
import { busContract } from './contract';
import { createMemoryBus } from './memory';
import type { BusMessage } from './port';

busContract('memory', async () => {
  const bus = createMemoryBus({ initialRetryDelayMs: 1 });
  return { bus, settle: () => bus.drain(), cleanup: () => bus.close() };
});

const message = (id: string, key = 'order-1'): BusMessage => ({
  id,
  key,
  type: 'OrderPaid',
  payload: { orderId: key, lines: [{ sku: 'coxinha' }] },
});

describe('memory bus', () => {
  it('given a handler that never succeeds, when a message is published, then it is tried maxAttempts times, reported, and the next message still flows', async () => {
    const onError = vi.fn();
    const bus = createMemoryBus({ maxAttempts: 3, initialRetryDelayMs: 1, onError });
    const attempts: string[] = [];
    await bus.subscribe('orders', 'g', async (m) => {
      attempts.push(m.id);
      if (m.id === 'poison') throw new Error('always fails');
    });
    await bus.publish('orders', [message('poison'), message('fine')]);
    await bus.drain();
    expect(attempts).toEqual(['poison', 'poison', 'poison', 'fine']);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'always fails' }), {
      topic: 'orders',
      groupId: 'g',
      message: message('poison'),
    });
    await bus.close();
  });

  it('given the default backoff, when a handler fails, then the retries wait a bounded, growing delay', async () => {
    const bus = createMemoryBus({ onError: () => {} });
    const at: number[] = [];
    await bus.subscribe('orders', 'g', async () => {
      at.push(performance.now());
      throw new Error('fails');
    });
    await bus.publish('orders', [message('m1')]);
    await bus.drain();
    expect(at).toHaveLength(5);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? t));
    expect(gaps[0]).toBeGreaterThanOrEqual(8);
    expect(gaps[3]).toBeGreaterThanOrEqual(60);
    expect((at.at(-1) ?? 0) - (at[0] ?? 0)).toBeLessThan(1_000);
    await bus.close();
  });

  it('given a slow handler, when publishing, then publish resolves before the handler has run', async () => {
    const bus = createMemoryBus();
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    await bus.subscribe('orders', 'g', async (m) => {
      await gate;
      handled.push(m.id);
    });
    await bus.publish('orders', [message('m1')]);
    expect(handled).toEqual([]);
    release();
    await bus.drain();
    expect(handled).toEqual(['m1']);
    await bus.close();
  });

  it('given a group, when handlers take time, then one message is handled at a time', async () => {
    const bus = createMemoryBus();
    let inside = 0;
    let most = 0;
    const handler = async (): Promise<void> => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inside--;
    };
    await bus.subscribe('orders', 'g', handler);
    await bus.subscribe('orders', 'g', handler);
    await bus.publish(
      'orders',
      ['a', 'b', 'c', 'd'].map((id) => message(id)),
    );
    await bus.drain();
    expect(most).toBe(1);
    await bus.close();
  });

  it('given a published message, when the publisher or a handler mutates it, then other deliveries are unchanged', async () => {
    const bus = createMemoryBus();
    const seen: BusMessage[] = [];
    await bus.subscribe('orders', 'a', async (m) => {
      m.payload['orderId'] = 'changed by a';
      seen.push(m);
    });
    await bus.subscribe('orders', 'b', async (m) => {
      seen.push(m);
    });
    const sent = message('m1');
    await bus.publish('orders', [sent]);
    sent.payload['orderId'] = 'changed by publisher';
    await bus.drain();
    expect(seen.map((m) => m.payload['orderId']).sort()).toEqual(['changed by a', 'order-1']);
    await bus.close();
  });

  it('given a group whose only consumer stopped, when it subscribes again, then it resumes with what was published meanwhile', async () => {
    const bus = createMemoryBus();
    const handled: string[] = [];
    const first = await bus.subscribe('orders', 'g', async (m) => {
      handled.push(`first:${m.id}`);
    });
    await bus.publish('orders', [message('m1')]);
    await bus.drain();
    await first.stop();
    await bus.publish('orders', [message('m2')]);
    await bus.drain();
    await bus.subscribe('orders', 'g', async (m) => {
      handled.push(`second:${m.id}`);
    });
    await bus.drain();
    expect(handled).toEqual(['first:m1', 'second:m2']);
    await bus.close();
  });

  it('given a handler in progress, when its subscription stops, then stop waits for it to finish', async () => {
    const bus = createMemoryBus();
    let finished = false;
    const subscription = await bus.subscribe('orders', 'g', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    await bus.publish('orders', [message('m1')]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription.stop();
    expect(finished).toBe(true);
    await bus.close();
  });

  it('given a group subscribed after a publish, then it does not receive the earlier messages', async () => {
    const bus = createMemoryBus();
    const handled: string[] = [];
    await bus.publish('orders', [message('before')]);
    await bus.subscribe('orders', 'late', async (m) => {
      handled.push(m.id);
    });
    await bus.publish('orders', [message('after')]);
    await bus.drain();
    expect(handled).toEqual(['after']);
    await bus.close();
  });

  it('given a closed bus, when publishing or subscribing, then it fails', async () => {
    const bus = createMemoryBus();
    await bus.close();
    await expect(bus.publish('orders', [message('m1')])).rejects.toThrow(/closed/);
    await expect(bus.subscribe('orders', 'g', async () => {})).rejects.toThrow(/closed/);
  });
});
