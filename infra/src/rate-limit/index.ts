import type { Request, RequestHandler, Response } from 'express';
import {
  ipKeyGenerator,
  MemoryStore,
  rateLimit,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type Store,
} from 'express-rate-limit';
import type { RedisReply } from 'rate-limit-redis';
import { silentLogger, type Logger } from '../logging';
import { openRedis, REDIS_KEY_PREFIX } from '../redis';

/**
 * Where express-rate-limit keeps its counters. `store(name)` gives a fresh store
 * for the limiter called `name` (express-rate-limit refuses one store shared by
 * two limiters); undefined means express-rate-limit's own memory store.
 */
export interface RateLimitStores {
  store(name: string): Store | undefined;
  close(): Promise<void>;
}

export interface RateLimitStoresOptions {
  /** Counters in Redis, shared by every instance that names the same server; in memory without it. */
  redisUrl?: string | undefined;
  /** Put before each limiter's name in its Redis keys; tests use one per run. */
  keyPrefix?: string;
  logger?: Logger;
  /** After Redis failed, how long every limiter counts in memory before it tries Redis again (default 5 s). */
  retryRedisAfterMs?: number;
}

/**
 * Rate-limit counters for one process (memory, the embedded default) or for
 * every replica of a service at once (Redis, `REDIS_URL`): with Redis, requests
 * to one replica count against the limit on all of them.
 *
 * A Redis outage must not turn every limited request into a 500, nor open the
 * limits: while Redis fails, each limiter counts in this process's memory (the
 * limit then holds per replica), the outage is logged once, and Redis is tried
 * again every `retryRedisAfterMs` — shared counting resumes when it answers.
 */
export async function createRateLimitStores(
  options: RateLimitStoresOptions = {},
): Promise<RateLimitStores> {
  if (!options.redisUrl) {
    return { store: () => undefined, close: async () => {} };
  }
  // Loaded only here: a shop without REDIS_URL never loads the Redis packages.
  const { RedisStore } = await import('rate-limit-redis');
  // A counter is one short script: waiting longer for it only holds the request.
  const client = await openRedis({
    url: options.redisUrl,
    logger: options.logger,
    commandTimeoutMs: 1_000,
  });
  const keyPrefix = options.keyPrefix ?? `${REDIS_KEY_PREFIX}rate-limit:`;
  const outage = redisOutage(options.logger ?? silentLogger, options.retryRedisAfterMs ?? 5_000);
  return {
    store: (name) =>
      failoverStore(
        new RedisStore({
          sendCommand: (...args: string[]) => client.sendCommand<RedisReply>(args),
          prefix: `${keyPrefix}${name}:`,
        }),
        outage,
      ),
    close: () => client.close(),
  };
}

/** What every limiter of one process knows about Redis: down since, and until when it is not asked. */
interface RedisOutage {
  skipRedis(): boolean;
  failed(error: unknown): void;
  answered(): void;
}

function redisOutage(logger: Logger, retryAfterMs: number): RedisOutage {
  let down = false;
  let retryAt = 0;
  return {
    skipRedis: () => down && Date.now() < retryAt,
    failed(error) {
      retryAt = Date.now() + retryAfterMs;
      if (down) return;
      down = true;
      logger.warn(
        { err: error },
        'rate limit: Redis unavailable, counting in this process until it answers',
      );
    },
    answered() {
      if (!down) return;
      down = false;
      logger.info('rate limit: Redis answers again, counting shared');
    },
  };
}

/**
 * `primary` (Redis) while it answers, else a memory store of this process. A
 * Redis store that failed is initialised again before its next use, because
 * rate-limit-redis keeps the promise of its script's loading: one rejected at
 * start would fail every later increment even after Redis is back.
 */
function failoverStore(primary: Store, outage: RedisOutage): Store {
  const fallback = new MemoryStore();
  let options: Options | undefined;
  let reinitialise = false;
  const use = async <T>(operation: (store: Store) => Promise<T> | T): Promise<T> => {
    if (outage.skipRedis()) return operation(fallback);
    try {
      if (reinitialise && options) await primary.init?.(options);
      reinitialise = false;
      const result = await operation(primary);
      outage.answered();
      return result;
    } catch (error) {
      reinitialise = true;
      outage.failed(error);
      return operation(fallback);
    }
  };
  return {
    localKeys: false,
    ...(primary.prefix === undefined ? {} : { prefix: primary.prefix }),
    init(given) {
      options = given;
      fallback.init(given);
      return Promise.resolve(primary.init?.(given)).catch(() => {
        reinitialise = true;
      });
    },
    get: (key): Promise<ClientRateLimitInfo | undefined> =>
      use((store) => (store.get ? store.get(key) : undefined)),
    increment: (key): Promise<IncrementResponse> => use((store) => store.increment(key)),
    decrement: (key) => use((store) => store.decrement(key)),
    resetKey: (key) => use((store) => store.resetKey(key)),
    shutdown: () => fallback.shutdown(),
  };
}

/** The client as a limit counts it: its address (an IPv6 client by its /56 network). */
export function clientAddressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

export interface LimiterOptions {
  /** Names the limiter and its counters (its Redis keys). */
  name: string;
  limit: number;
  windowMs: number;
  /** The pt-BR text of the 429's `{ message }`. */
  message: string;
  /** Whose requests count together: the client's address unless said otherwise. */
  key?: (req: Request) => string;
  /** `RateLimitStores.store(name)`: in memory when undefined. */
  store?: Store | undefined;
  /**
   * Only requests this calls failed count (a wrong password, a photo that is
   * not there); every request counts without it.
   */
  succeeded?: (req: Request, res: Response) => boolean;
}

/**
 * One rate limit, as every service sets them: per client address unless keyed
 * otherwise, a 429 with the pt-BR message and `code: 'too_many_requests'`, the
 * draft-8 `RateLimit` headers.
 */
export function rateLimiter(options: LimiterOptions): RequestHandler {
  return rateLimit({
    identifier: options.name,
    limit: options.limit,
    windowMs: options.windowMs,
    keyGenerator: options.key ?? clientAddressKey,
    ...(options.succeeded
      ? { skipSuccessfulRequests: true, requestWasSuccessful: options.succeeded }
      : {}),
    ...(options.store ? { store: options.store } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    statusCode: 429,
    message: { message: options.message, code: 'too_many_requests' },
  });
}
