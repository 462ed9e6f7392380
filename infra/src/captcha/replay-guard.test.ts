import { randomBytes } from 'node:crypto';
import { messages } from '@quitute/contracts';
import { createClient } from 'redis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openRedis } from '../redis';
import { describeWithRedis, startRedisProxy } from '../redis/test-server';
import {
  CLOCK_SKEW_MARGIN_MS,
  createMemoryReplayGuard,
  createRedisReplayGuard,
  createReplayGuard,
} from './replay-guard';
import { replayGuardContract } from './replay-guard-contract';

replayGuardContract('memory (one process)', async () => {
  const guard = createMemoryReplayGuard();
  return { guards: [guard, guard], cleanup: () => guard.close() };
});

describe('memory ReplayGuard', () => {
  it('given two guards, when each claims one signature, then both win: memory is one process only', async () => {
    const signature = randomBytes(32).toString('hex');
    const expiresAt = Date.now() + 60_000;
    expect(await createMemoryReplayGuard().claim(signature, expiresAt)).toBe(true);
    expect(await createMemoryReplayGuard().claim(signature, expiresAt)).toBe(true);
  });

  it('given a claim that expired, when the signature is claimed again, then it wins: expired claims are forgotten', async () => {
    let clock = 1_800_000_000_000;
    const guard = createMemoryReplayGuard({ now: () => clock });
    expect(await guard.claim('a1', clock + 1_000)).toBe(true);
    clock += 999;
    expect(await guard.claim('a1', clock + 1_000)).toBe(false);
    clock += 2;
    expect(await guard.claim('a1', clock + 1_000)).toBe(true);
  });

  it('given no REDIS_URL, when the guard is created, then it is the memory guard', async () => {
    const guard = await createReplayGuard({});
    const signature = randomBytes(32).toString('hex');
    expect(await guard.claim(signature, Date.now() + 60_000)).toBe(true);
    expect(await (await createReplayGuard()).claim(signature, Date.now() + 60_000)).toBe(true);
  });
});

await describeWithRedis('Redis ReplayGuard', (redis) => {
  afterAll(() => redis.cleanup());

  replayGuardContract('Redis (two instances, one server)', async () => {
    const [a, b] = await Promise.all([
      createReplayGuard({ redisUrl: redis.url, keyPrefix: redis.keyPrefix }),
      createReplayGuard({ redisUrl: redis.url, keyPrefix: redis.keyPrefix }),
    ]);
    return {
      guards: [a, b],
      cleanup: async () => void (await Promise.all([a.close(), b.close()])),
    };
  });

  it('given a claim, then its key carries the prefix and lives until the expiry plus the clock margin', async () => {
    const client = await openRedis({ url: redis.url });
    const clock = 1_800_000_000_000;
    const guard = createRedisReplayGuard(client, { keyPrefix: redis.keyPrefix, now: () => clock });
    const signature = randomBytes(32).toString('hex');
    try {
      expect(await guard.claim(signature, clock + 30_000)).toBe(true);
      const ttl = await client.pTTL(`${redis.keyPrefix}${signature}`);
      expect(ttl).toBeGreaterThan(30_000 + CLOCK_SKEW_MARGIN_MS - 5_000);
      expect(ttl).toBeLessThanOrEqual(30_000 + CLOCK_SKEW_MARGIN_MS);
    } finally {
      await guard.close();
      client.destroy();
    }
  });

  it('given a guard whose Redis connection is gone, when it claims, then the claim is refused with a 503 rather than letting the solution through', async () => {
    const client = createClient({ url: redis.url });
    await client.connect();
    const guard = createRedisReplayGuard(client, { keyPrefix: redis.keyPrefix });
    client.destroy();
    await expect(
      guard.claim(randomBytes(32).toString('hex'), Date.now() + 60_000),
    ).rejects.toMatchObject({ status: 503, code: 'unavailable', message: messages.unavailable });
  });

  it('given Redis going away and coming back, when solutions are claimed, then they are refused with a 503 during the outage and claimed once after it', async () => {
    const proxy = await startRedisProxy(redis.url);
    const guard = await createReplayGuard({ redisUrl: proxy.url, keyPrefix: redis.keyPrefix });
    const signature = randomBytes(32).toString('hex');
    try {
      await proxy.cut();
      await expect(guard.claim(signature, Date.now() + 60_000)).rejects.toMatchObject({
        status: 503,
        message: messages.unavailable,
      });
      await proxy.restore();
      await vi.waitFor(
        async () => expect(await guard.claim(signature, Date.now() + 60_000)).toBe(true),
        { timeout: 5_000, interval: 100 },
      );
      expect(await guard.claim(signature, Date.now() + 60_000)).toBe(false);
    } finally {
      await guard.close();
      await proxy.close();
    }
  });
});
