import { randomUUID } from 'node:crypto';
import net from 'node:net';
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

export interface RedisProxy {
  /** A redis:// URL to the proxy, with the target's path (database). */
  url: string;
  /** An outage: open connections are dropped and nothing listens on the port until restore(). */
  cut(): Promise<void>;
  /** Redis is back on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the test Redis, so that a test can take Redis away
 * from a client (and give it back) without stopping the server others share.
 */
export async function startRedisProxy(targetUrl: string): Promise<RedisProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) resolve();
      else server.close(() => resolve());
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no TCP port');
  const { port } = address;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stopListening,
    restore: () => listen(port),
    close: stopListening,
  };
}
