import { describe, expect, it, vi } from 'vitest';
import { createHealthCheck } from './health-check';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('createHealthCheck', () => {
  it.each([
    [200, true],
    [204, true],
    [503, false],
    [404, false],
  ])('given /health answers %d, then online is %s', async (status, online) => {
    const fetchFn = vi.fn(async () => new Response(null, { status }));
    const check = createHealthCheck({ url: 'http://shop.test/health', fetchFn });

    expect(await check()).toBe(online);
    expect(fetchFn).toHaveBeenCalledWith('http://shop.test/health', expect.anything());
  });

  it('given the network fails, then offline', async () => {
    const check = createHealthCheck({
      url: 'http://shop.test/health',
      fetchFn: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await check()).toBe(false);
  });

  it('given a server that never answers, then offline after 5 s', async () => {
    vi.useFakeTimers();
    const check = createHealthCheck({
      url: 'http://shop.test/health',
      fetchFn: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });

    const result = check();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(await result).toBe(false);
  });

  it('given a result less than 30 s old, then it is reused; after 30 s or when forced, checked again', async () => {
    const time = clock();
    const fetchFn = vi.fn(async () => new Response(null, { status: 200 }));
    const check = createHealthCheck({ url: 'http://shop.test/health', fetchFn, now: time.now });

    await check();
    time.advance(29_999);
    await check();
    expect(fetchFn).toHaveBeenCalledTimes(1);

    await check({ force: true });
    expect(fetchFn).toHaveBeenCalledTimes(2);

    time.advance(30_000);
    await check();
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('given two checks at once, then one request', async () => {
    const fetchFn = vi.fn(async () => new Response(null, { status: 200 }));
    const check = createHealthCheck({ url: 'http://shop.test/health', fetchFn });

    await Promise.all([check(), check({ force: true })]);

    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
