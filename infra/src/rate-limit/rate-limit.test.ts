import express from 'express';
import { rateLimit } from 'express-rate-limit';
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { describeWithRedis, startRedisProxy } from '../redis/test-server';
import { createLogger } from '../logging';
import { listenOnFreePort } from '../testing';
import { createRateLimitStores, type RateLimitStores } from './index';

interface Replica {
  /** POST /login as `client`; `ok` says whether the login "succeeds" (200) or fails (401). */
  login(client: string, ok?: boolean): Promise<number>;
  reset(client: string): Promise<number>;
}

const LIMIT = 3;

/** One command-api replica: the same limiter configuration over the stores it was given. */
async function startReplica(stores: RateLimitStores, servers: { close(): Promise<void> }[]) {
  const limiter = (name: string, skipSuccessfulRequests = false) => {
    const store = stores.store(name);
    return rateLimit({
      identifier: name,
      limit: LIMIT,
      windowMs: 60_000,
      keyGenerator: (req) => req.get('x-client') ?? 'anonymous',
      skipSuccessfulRequests,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      ...(store ? { store } : {}),
    });
  };
  const app = express();
  app.post('/login', limiter('login', true), (req, res) => {
    res.status(req.query['ok'] === 'yes' ? 200 : 401).end();
  });
  app.post('/reset', limiter('reset'), (_req, res) => {
    res.status(204).end();
  });
  const server = await listenOnFreePort(app);
  servers.push(server);
  const post = async (path: string, client: string) =>
    (await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-client': client } }))
      .status;
  const replica: Replica = {
    login: (client, ok = false) => post(`/login${ok ? '?ok=yes' : ''}`, client),
    reset: (client) => post('/reset', client),
  };
  return replica;
}

/**
 * The rate-limit stores' contract: two replicas with the same limiter
 * configuration, each over stores of its own from `open`. `shared` says whether
 * those stores hold one set of counters (Redis) or one per replica (memory).
 */
function rateLimitStoresContract(
  name: string,
  options: { shared: boolean; open: () => Promise<RateLimitStores> },
): void {
  describe(`rate-limit stores: ${name}`, () => {
    const opened: RateLimitStores[] = [];
    const servers: { close(): Promise<void> }[] = [];
    let clientCount = 0;
    // A fresh client key per test: the counters of one test never reach another.
    const newClient = () => `client-${++clientCount}`;

    const replicas = async (): Promise<[Replica, Replica]> => {
      const [a, b] = await Promise.all([options.open(), options.open()]);
      opened.push(a, b);
      return Promise.all([startReplica(a, servers), startReplica(b, servers)]);
    };

    afterEach(async () => {
      await Promise.all(servers.splice(0).map((server) => server.close()));
      await Promise.all(opened.splice(0).map((stores) => stores.close()));
    });

    it(`given a limit of ${LIMIT}, when one client sends one more to one replica, then that one is refused with 429`, async () => {
      const [a] = await replicas();
      const client = newClient();
      const statuses = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push(await a.reset(client));
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(204), 429]);
    });

    it(`given a client that used its limit on replica A, when it asks replica B, then B ${options.shared ? 'refuses it too' : 'still lets it through'}`, async () => {
      const [a, b] = await replicas();
      const client = newClient();
      for (let i = 0; i < LIMIT; i++) expect(await a.reset(client)).toBe(204);
      expect(await b.reset(client)).toBe(options.shared ? 429 : 204);
      expect(await a.reset(client)).toBe(429);
    });

    it(`given requests spread over both replicas, when they add up to the limit, then the next is refused ${options.shared ? 'on either' : 'on neither'}`, async () => {
      const [a, b] = await replicas();
      const client = newClient();
      expect(await a.reset(client)).toBe(204);
      expect(await b.reset(client)).toBe(204);
      expect(await a.reset(client)).toBe(204);
      expect(await b.reset(client)).toBe(options.shared ? 429 : 204);
    });

    it('given one client at its limit, when another client asks, then it is let through', async () => {
      const [a, b] = await replicas();
      const first = newClient();
      for (let i = 0; i < LIMIT; i++) await a.reset(first);
      const second = newClient();
      expect(await a.reset(second)).toBe(204);
      expect(await b.reset(second)).toBe(204);
    });

    it('given one limiter used up, when the same client goes through a limiter with another name, then its counter is its own', async () => {
      const [a] = await replicas();
      const client = newClient();
      for (let i = 0; i < LIMIT; i++) await a.reset(client);
      expect(await a.reset(client)).toBe(429);
      expect(await a.login(client)).toBe(401);
    });

    it('given a limiter that counts only failures, when successes and failures alternate over both replicas, then only the failures count', async () => {
      const [a, b] = await replicas();
      const client = newClient();
      for (let i = 0; i < LIMIT; i++) {
        expect(await a.login(client, true)).toBe(200);
        expect(await b.login(client, true)).toBe(200);
      }
      expect(await a.login(client)).toBe(401);
      expect(await b.login(client)).toBe(401);
      expect(await a.login(client)).toBe(401);
      expect(await b.login(client)).toBe(options.shared ? 429 : 401);
    });
  });
}

rateLimitStoresContract('memory (one process)', {
  shared: false,
  open: () => createRateLimitStores(),
});

await describeWithRedis('rate-limit stores on Redis', (redis) => {
  afterAll(() => redis.cleanup());

  rateLimitStoresContract('Redis (shared by replicas)', {
    shared: true,
    open: () => createRateLimitStores({ redisUrl: redis.url, keyPrefix: redis.keyPrefix }),
  });

  it('given Redis stores, when a request is counted, then its key is the prefix, the limiter name and the client', async () => {
    const stores = await createRateLimitStores({ redisUrl: redis.url, keyPrefix: redis.keyPrefix });
    const servers: { close(): Promise<void> }[] = [];
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const replica = await startReplica(stores, servers);
      await replica.reset('key-naming-client');
      expect(await client.exists(`${redis.keyPrefix}reset:key-naming-client`)).toBe(1);
    } finally {
      client.destroy();
      await Promise.all(servers.map((server) => server.close()));
      await stores.close();
    }
  });

  it('given Redis shared by the limiters, when Redis goes away, then limited requests are answered (not 500) and still limited per process, and shared counting resumes when Redis returns', async () => {
    const proxy = await startRedisProxy(redis.url);
    const lines: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line) => lines.push(line) },
    });
    const outageWarnings = () => lines.filter((line) => line.includes('Redis unavailable'));
    const stores = await createRateLimitStores({
      redisUrl: proxy.url,
      keyPrefix: redis.keyPrefix,
      logger,
      retryRedisAfterMs: 200,
    });
    const servers: { close(): Promise<void> }[] = [];
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const replica = await startReplica(stores, servers);
      expect(await replica.reset('outage-client')).toBe(204);
      expect(await client.get(`${redis.keyPrefix}reset:outage-client`)).toBe('1');

      await proxy.cut();
      const during = [];
      for (let i = 0; i <= LIMIT; i++) during.push(await replica.reset('outage-client'));
      expect(during).toEqual([...Array<number>(LIMIT).fill(204), 429]);
      expect(await replica.reset('another-client')).toBe(204);
      expect(outageWarnings()).toHaveLength(1);

      await proxy.restore();
      await vi.waitFor(
        async () => {
          expect(await replica.reset('after-outage-client')).toBe(204);
          expect(await client.exists(`${redis.keyPrefix}reset:after-outage-client`)).toBe(1);
        },
        { timeout: 5_000, interval: 100 },
      );
    } finally {
      client.destroy();
      await Promise.all(servers.map((server) => server.close()));
      await stores.close();
      await proxy.close();
    }
  });
});
