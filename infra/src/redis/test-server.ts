import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describeWithServer } from '../testing';

export interface TestRedis {
  url: string;
  /** Unique to this run, so parallel runs on one server never see each other's keys. */
  keyPrefix: string;
  /** Deletes every key under `keyPrefix`. */
  cleanup(): Promise<void>;
}

/**
 * Defines the suites that need a Redis server: the one named by
 * QUITUTE_TEST_REDIS_URL, else the local default. An unreachable default is a
 * printed skip; an unreachable server that the variable names is a failure.
 */
export function describeWithRedis(name: string, define: (redis: TestRedis) => void): Promise<void> {
  return describeWithServer(
    {
      adapter: 'redis',
      envVar: 'QUITUTE_TEST_REDIS_URL',
      defaultUrl: 'redis://127.0.0.1:6379',
      probe,
    },
    name,
    (url) => {
      const keyPrefix = `quitute-test:${randomUUID()}:`;
      define({ url, keyPrefix, cleanup: () => deleteKeys(url, keyPrefix) });
    },
  );
}

async function probe(url: string): Promise<string | undefined> {
  const client = createClient({ url, socket: { connectTimeout: 3_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    if (client.isOpen) client.destroy();
  }
}

async function deleteKeys(url: string, keyPrefix: string): Promise<void> {
  const client = createClient({ url });
  client.on('error', () => {});
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.unlink(keys);
    }
  } finally {
    client.destroy();
  }
}
