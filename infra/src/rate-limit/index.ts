import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import type { RedisReply } from 'rate-limit-redis';
import type { Logger } from '../logging';
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
}

/**
 * Rate-limit counters for one process (memory, the embedded default) or for
 * every replica of a service at once (Redis, `REDIS_URL`): with Redis, requests
 * to one replica count against the limit on all of them.
 */
export async function createRateLimitStores(
  options: RateLimitStoresOptions = {},
): Promise<RateLimitStores> {
  if (!options.redisUrl) {
    return { store: () => undefined, close: async () => {} };
  }
  // Loaded only here: a shop without REDIS_URL never loads the Redis packages.
  const { RedisStore } = await import('rate-limit-redis');
  const client = await openRedis({ url: options.redisUrl, logger: options.logger });
  const keyPrefix = options.keyPrefix ?? `${REDIS_KEY_PREFIX}rate-limit:`;
  return {
    store: (name) =>
      new RedisStore({
        sendCommand: (...args: string[]) => client.sendCommand<RedisReply>(args),
        prefix: `${keyPrefix}${name}:`,
      }),
    close: () => client.close(),
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
