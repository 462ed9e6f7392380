import type { RedisClientType } from 'redis';
import { silentLogger, type Logger } from '../logging';

export type RedisClient = RedisClientType;

export interface RedisOptions {
  url: string;
  logger?: Logger;
  /** A command that takes longer fails, so a request that needs Redis never hangs on it. */
  commandTimeoutMs?: number;
}

const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * A connected node-redis client for state several instances share (rate-limit
 * counters, claimed captcha solutions). The first connection must succeed, so a
 * wrong REDIS_URL stops start-up; after that the client reconnects in the
 * background, and while it is down commands fail at once (no offline queue)
 * instead of piling up behind requests that wait for them.
 */
export async function openRedis(options: RedisOptions): Promise<RedisClient> {
  const logger = options.logger ?? silentLogger;
  let connected = false;
  // Loaded here, not at the module's top: a shop without REDIS_URL never loads `redis`.
  const { createClient } = await import('redis');
  const client: RedisClient = createClient({
    url: options.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS },
    socket: {
      reconnectStrategy: (retries, cause) =>
        connected ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause,
    },
  });
  client.on('error', (error: unknown) => {
    if (connected) logger.warn({ err: error }, 'redis connection error');
  });
  client.on('ready', () => {
    connected = true;
  });
  await client.connect();
  return client;
}

/** Prefixes every key a Quitute process writes, so that a shared Redis can hold other data. */
export const REDIS_KEY_PREFIX = 'quitute:';
