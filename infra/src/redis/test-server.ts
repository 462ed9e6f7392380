import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { describe, it } from 'vitest';
import { reportSkip } from '../testing';

const ENV_VAR = 'QUITUTE_TEST_REDIS_URL';
const DEFAULT_URL = 'redis://127.0.0.1:6379';

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
export async function describeWithRedis(
  name: string,
  define: (redis: TestRedis) => void,
): Promise<void> {
  const fromEnv = process.env[ENV_VAR];
  const url = fromEnv || DEFAULT_URL;
  const unreachable = await probe(url);
  if (unreachable === undefined) {
    const keyPrefix = `quitute-test:${randomUUID()}:`;
    describe(name, () => define({ url, keyPrefix, cleanup: () => deleteKeys(url, keyPrefix) }));
  } else if (fromEnv) {
    describe(name, () => {
      it(`reaches the server named by ${ENV_VAR}`, () => {
        throw new Error(`${ENV_VAR} is set but the server does not answer: ${unreachable}`);
      });
    });
  } else {
    reportSkip('redis', `${ENV_VAR} is not set and ${url} does not answer (${unreachable})`);
    describe.skip(name, () => {
      it('needs a Redis server', () => {});
    });
  }
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
