import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { describeWithPostgres } from '@quitute/infra/testing';
import { freePort } from '@quitute/infra/http';
import { prepareDatabase, serviceListenEnv } from './launcher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Another address of this machine's loopback (Linux routes 127.0.0.0/8 to it): a stand-in for its network address. */
const OTHER_ADDRESS = '127.0.0.2';

async function health(host: string, port: number): Promise<number | string> {
  try {
    const response = await fetch(`http://${host}:${port}/health`, {
      signal: AbortSignal.timeout(2_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    const cause =
      error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    return cause?.code ?? String(error);
  }
}

await describeWithPostgres('the topology: where its services listen', (serverUrl) => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  const started = async (kind: 'projections' | 'query-api', env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, kind, 'src/main.ts')],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, ...serviceListenEnv(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    children.push(child);
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 20_000;
    while ((await health('127.0.0.1', port)) !== 200) {
      if (child.exitCode !== null) throw new Error(`${kind} ended:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${kind} did not answer:\n${output}`);
      await sleep(200);
    }
    return port;
  };
  const stores = async () => {
    const database = await prepareDatabase(serverUrl, 'i39_attack_listen', false);
    const redis = new URL(process.env.QUITUTE_TEST_REDIS_URL || 'redis://127.0.0.1:6379');
    redis.pathname = '/15';
    return { EVENTSTORE_URL: database, READ_STORE_URL: database, BUS_URL: redis.href };
  };

  it('given a projections process started with the launcher listen settings, then it answers on 127.0.0.1 only: another address of the machine is refused (nginx is the only way in)', async () => {
    const port = await started('projections', await stores());

    expect(await health(OTHER_ADDRESS, port)).toBe('ECONNREFUSED');
  }, 30_000);

  it('given a query-api process started with the launcher listen settings, then it answers on 127.0.0.1 only: another address of the machine is refused', async () => {
    const { READ_STORE_URL, BUS_URL } = await stores();
    const port = await started('query-api', {
      READ_STORE_URL,
      BUS_URL,
      JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
      CAPTCHA_HMAC_KEY: 'a-test-hmac-key-that-is-long-enough-0123456',
      PUBLIC_URL: 'http://127.0.0.1:8080',
    });

    expect(await health(OTHER_ADDRESS, port)).toBe('ECONNREFUSED');
  }, 30_000);
});
