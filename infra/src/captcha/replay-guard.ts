import { messages } from '@quitute/contracts';
import { AppError } from '../errors';
import { silentLogger, type Logger } from '../logging';
import { openRedis, REDIS_KEY_PREFIX, type RedisClient } from '../redis';

/**
 * Remembers which captcha solutions were accepted, so that each one is accepted
 * once. With a shared store (Redis) "once" holds across every instance of the
 * service; the memory guard holds it for one process.
 */
export interface ReplayGuard {
  /**
   * True the first time `signature` is claimed, false ever after until
   * `expiresAtMs` (the moment the solution expires anyway). Atomic: of
   * concurrent claims of one signature, exactly one gets true.
   */
  claim(signature: string, expiresAtMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const SWEEP_INTERVAL_MS = 60_000;

/** One process: a map of claimed signatures, swept of expired ones now and then. */
export function createMemoryReplayGuard(options: { now?: () => number } = {}): ReplayGuard {
  const now = options.now ?? Date.now;
  const claimed = new Map<string, number>();
  let nextSweepAt = 0;
  const sweep = (at: number): void => {
    if (at < nextSweepAt) return;
    nextSweepAt = at + SWEEP_INTERVAL_MS;
    for (const [signature, expiresAtMs] of claimed) {
      if (expiresAtMs <= at) claimed.delete(signature);
    }
  };

  return {
    claim(signature, expiresAtMs) {
      const at = now();
      sweep(at);
      const held = claimed.get(signature);
      if (held !== undefined && held > at) return Promise.resolve(false);
      claimed.set(signature, expiresAtMs);
      return Promise.resolve(true);
    },
    close() {
      claimed.clear();
      return Promise.resolve();
    },
  };
}

/**
 * Instances' clocks differ a little; a claim outlives the solution's expiry by
 * this much so that no instance still taking the solution as valid finds the
 * claim gone.
 */
export const CLOCK_SKEW_MARGIN_MS = 60_000;

/**
 * Every instance that names the same Redis server: `SET key 1 NX PX ttl` is the
 * atomic check-and-set. The time to live is counted from this process's clock
 * (the one that checked the expiry) rather than given as an absolute PXAT, so a
 * Redis server whose clock runs ahead cannot drop a claim early.
 *
 * While Redis fails, a claim fails closed with a 503 ('Serviço temporariamente
 * indisponível…'): accepting the solution unchecked would let one solved
 * captcha be replayed for as long as the outage lasts, and a per-process
 * memory would accept it once per instance. Only the captcha-guarded account
 * forms (register, password reset) wait for Redis; orders do not pass here.
 */
export function createRedisReplayGuard(
  client: RedisClient,
  options: {
    keyPrefix?: string;
    now?: () => number;
    closeClient?: boolean;
    logger?: Logger | undefined;
  } = {},
): ReplayGuard {
  const now = options.now ?? Date.now;
  const keyPrefix = options.keyPrefix ?? `${REDIS_KEY_PREFIX}captcha:`;
  const logger = options.logger ?? silentLogger;
  return {
    async claim(signature, expiresAtMs) {
      const ttlMs = Math.max(1, Math.ceil(expiresAtMs - now())) + CLOCK_SKEW_MARGIN_MS;
      let reply: string | null;
      try {
        reply = await client.set(`${keyPrefix}${signature}`, '1', {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        });
      } catch (error) {
        logger.warn({ err: error }, 'captcha: Redis unavailable, solution refused');
        throw new AppError('unavailable', messages.unavailable);
      }
      return reply === 'OK';
    },
    async close() {
      if (options.closeClient) await client.close();
    },
  };
}

/** Redis when `redisUrl` is set (the guard then owns its connection), otherwise memory. */
export async function createReplayGuard(
  options: {
    redisUrl?: string | undefined;
    keyPrefix?: string;
    now?: () => number;
    logger?: Logger;
  } = {},
): Promise<ReplayGuard> {
  const { redisUrl, keyPrefix, now, logger } = options;
  if (!redisUrl) return createMemoryReplayGuard({ now });
  const client = await openRedis({ url: redisUrl, logger });
  return createRedisReplayGuard(client, { keyPrefix, now, closeClient: true, logger });
}
