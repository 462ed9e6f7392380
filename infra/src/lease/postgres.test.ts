import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { describeWithPostgres, terminatePostgresLeaseHolder } from '../testing';
import { leaseContract } from './contract';
import { advisoryLockKey, createPostgresLease } from './postgres';

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = sleep(ms).then(() => false);
  return Promise.race([promise.then(() => true), timeout]);
}

/**
 * A TCP relay to the server that can go silent: it stops passing bytes either
 * way without closing anything, as a cut network does.
 */
async function silenceableProxy(target: URL) {
  const pairs: [net.Socket, net.Socket][] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no address');
  const proxied = new URL(target);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(address.port);
  return {
    url: proxied.toString(),
    silence() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

await describeWithPostgres('Lease on a PostgreSQL server', (url) => {
  leaseContract('PostgreSQL advisory lock', async () => {
    // A name per run: parallel runs on one server never contend.
    const name = `test-${randomUUID().slice(0, 8)}`;
    return {
      contender: () => Promise.resolve(createPostgresLease({ url, name, pollMs: 50 })),
      kill: () => terminatePostgresLeaseHolder(url, name),
      takeoverMs: 300,
      cleanup: async () => {},
    };
  });

  describe('PostgreSQL advisory lock lease', () => {
    it('given a holder whose connection goes silent, when its heartbeat gets no answer, then it is told it lost the lease', async () => {
      const proxy = await silenceableProxy(new URL(url));
      const name = `test-${randomUUID().slice(0, 8)}`;
      const lease = createPostgresLease({ url: proxy.url, name, pollMs: 50, heartbeatMs: 200 });
      try {
        const held = await lease.acquire();
        proxy.silence();
        expect(await settlesWithin(held.lost, 3_000)).toBe(true);
      } finally {
        await lease.close();
        await proxy.close();
      }
    });

    it('given a holder in another process, when it is SIGKILLed, then a stand-by with the default poll holds the lease within about a second', async () => {
      const name = `test-${randomUUID().slice(0, 8)}`;
      const fixture = fileURLToPath(new URL('./hold-postgres-lease.fixture.ts', import.meta.url));
      const holder = spawn(process.execPath, ['--import', 'tsx', fixture, url, name], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const standBy = createPostgresLease({ url, name });
      try {
        await new Promise<void>((resolve, reject) => {
          holder.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('held')) resolve();
          });
          holder.on('exit', () => reject(new Error('the holder exited before holding the lease')));
        });
        const acquiring = standBy.acquire();
        // The stand-by polls the lock while the holder lives.
        await sleep(1_200);
        const killedAt = performance.now();
        holder.kill('SIGKILL');
        await acquiring;
        const takeoverMs = performance.now() - killedAt;
        console.log(
          `PostgreSQL lease: stand-by took over ${Math.round(takeoverMs)} ms after SIGKILL`,
        );

        expect(takeoverMs).toBeLessThan(1_500);
      } finally {
        holder.kill('SIGKILL');
        await standBy.close();
      }
    });

    it('given a name, then its lock key is a stable signed 64-bit number', () => {
      expect(advisoryLockKey('projections')).toBe(advisoryLockKey('projections'));
      expect(advisoryLockKey('projections')).not.toBe(advisoryLockKey('projections-2'));
      const key = BigInt(advisoryLockKey('projections'));
      expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
    });
  });
});
