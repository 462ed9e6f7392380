import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPgliteDirectory } from '../testing/pglite-template';
import { scratchDirectory } from '../testing/scratch';
import { eventStoreContract } from './contract';
import type { NewEvent } from './port';
import { openPgliteClient } from './pglite-client';
import { createPgliteEventStore } from './postgres';
import type { SqlClient } from './sql-client';

const concurrency = { writers: 8, appendsPerWriter: 1_000 };

eventStoreContract(
  'PGlite in memory',
  async () => {
    const store = await createPgliteEventStore();
    return { store, cleanup: () => store.close() };
  },
  { concurrency },
);

eventStoreContract(
  'PGlite in a directory',
  async () => {
    const dataDir = await scratchDirectory('quitute-pglite');
    await preparedPgliteDirectory(dataDir);
    const store = await createPgliteEventStore({ dataDir });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  { concurrency },
);

describe('PGlite event store persisted in a directory', () => {
  let parent: string;

  beforeAll(async () => {
    parent = await scratchDirectory('quitute-pglite');
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('given a store with events, when it is closed and reopened, then the same events are there and appends continue', async () => {
    const dataDir = join(parent, 'reopen');
    const first = await createPgliteEventStore({ dataDir });
    await first.appendToStream('cart-1', [newEvent('ItemAdded'), newEvent('ItemAdded')]);
    const before = await first.readAll();
    await first.close();

    const second = await createPgliteEventStore({ dataDir });
    try {
      expect(await second.readAll()).toEqual(before);
      const next = await second.appendToStream('cart-1', [newEvent('ItemRemoved')], {
        expectedRevision: 1,
      });
      expect(next).toEqual({ nextExpectedRevision: 2, position: 3 });
    } finally {
      await second.close();
    }
  });

  it('given a store with a live subscription and appends under way, when it releases its read memory, then every append is stored once and the subscription receives each event in order, those appended after too', async () => {
    const dataDir = join(parent, 'release-read-memory');
    await preparedPgliteDirectory(dataDir);
    const store = await createPgliteEventStore({ dataDir });
    try {
      await store.appendToStream('cart-1', [newEvent('ItemAdded')]);
      const received: string[] = [];
      const subscription = store.subscribeToAll({
        fromPosition: 0,
        onEvent: (event) => {
          received.push(event.id);
        },
      });
      const underWay = Array.from({ length: 20 }, (_, index) =>
        store.appendToStream(`cart-${index + 2}`, [newEvent('ItemAdded')]),
      );

      expect(store.releaseReadMemory).toBeTypeOf('function');
      await Promise.all([store.releaseReadMemory?.(), ...underWay]);
      await store.appendToStream('cart-1', [newEvent('ItemRemoved')], { expectedRevision: 0 });

      const stored = (await store.readAll()).map((event) => event.id);
      expect(stored).toHaveLength(22);
      await expect.poll(() => received, { timeout: 10_000 }).toEqual(stored);
      await subscription.stop();
    } finally {
      await store.close();
    }
  });

  it('given a store open on a directory, when a second store opens the same directory, then it is refused until the first is closed', async () => {
    const dataDir = join(parent, 'locked');
    await preparedPgliteDirectory(dataDir);
    const first = await createPgliteEventStore({ dataDir });

    await expect(createPgliteEventStore({ dataDir })).rejects.toThrow(
      `Another Quitute process is using ${dataDir}`,
    );

    await first.close();
    const again = await createPgliteEventStore({ dataDir });
    await again.close();
  });

  /** What a process holding the directory leaves when it is killed: its lock, fresh, and who held it. */
  async function lockLeftBy(dataDir: string, pid: number): Promise<void> {
    await mkdir(dataDir, { recursive: true });
    await mkdir(`${dataDir}.lock`);
    await writeFile(`${dataDir}.holder`, JSON.stringify({ pid, host: hostname() }));
  }

  it('given the lock of a process on this host that was killed, when a store opens the directory, then it opens at once', async () => {
    const dataDir = join(parent, 'killed-holder');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await preparedPgliteDirectory(dataDir);
    await lockLeftBy(dataDir, gone.pid ?? 0);

    const store = await createPgliteEventStore({ dataDir });
    await store.close();
  });

  it('given the lock of a process on this host that still runs, when a store opens the directory, then it is refused', async () => {
    const dataDir = join(parent, 'live-holder');
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await lockLeftBy(dataDir, alive.pid ?? 0);
      await expect(createPgliteEventStore({ dataDir })).rejects.toThrow(
        `Another Quitute process is using ${dataDir}`,
      );
    } finally {
      alive.kill();
    }
  });
});

/**
 * Runs a program to its end; rejects unless it exits with 0. One that has not ended after
 * 60 s hangs: its PGlite starts with initdb, 3–4 s of CPU on an idle machine and 20 s on
 * one loaded three times over.
 */
function run(command: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve({ stdout })
        : reject(new Error(`exited with ${code ?? signal}: ${stderr}`)),
    );
  });
}

function newEvent(type: string): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: {},
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: new Date().toISOString(),
    },
  };
}

describe('PGlite in memory on its own thread', () => {
  // One in-memory PGlite (an initdb: seconds) for the tests that only ask it questions.
  let client: SqlClient;

  beforeAll(async () => {
    client = await openPgliteClient();
  });

  afterAll(async () => {
    await client.close();
  });

  it('given an open PGlite, then plpgsql statements are planned per call (no stale generic plan as the log grows) and shared buffers are 16 MB', async () => {
    expect(await client.query('SHOW plan_cache_mode')).toEqual([
      { plan_cache_mode: 'force_custom_plan' },
    ]);
    expect(await client.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('given a failing statement, when it is run, then the error carries its SQLSTATE and constraint as a driver’s would, and the client goes on', async () => {
    await client.query('CREATE TABLE t (id int CONSTRAINT t_id_unique UNIQUE)');
    await client.query('INSERT INTO t VALUES (1)');

    const error: unknown = await client.query('INSERT INTO t VALUES (1)').catch((e) => e);

    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_id_unique' });
    expect(await client.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 1 }]);
  });

  it('given a parameter that cannot be handed to the thread, when it is sent, then that query fails and the client goes on', async () => {
    await expect(client.query('SELECT $1::text AS x', [() => 'função'])).rejects.toThrow();

    expect(await client.query("SELECT 'ok' AS x")).toEqual([{ x: 'ok' }]);
  });
});

describe('PGlite on its own thread', () => {
  it('given a program that opens PGlite, awaits a query and never closes it, then it has its answer and ends on its own', async () => {
    const client = new URL('./pglite-client.ts', import.meta.url).href;
    const program = `
      const { openPgliteClient } = await import(${JSON.stringify(client)});
      const sql = await openPgliteClient();
      const [row] = await sql.query("SELECT 'pão de queijo' AS answer");
      console.log(row.answer);`;

    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      program,
    ]);

    expect(stdout.trim()).toBe('pão de queijo');
  }, 70_000);

  it('given a closed client, when it is asked again, then it answers that PGlite is closed', async () => {
    const dataDir = await scratchDirectory('quitute-pglite-closed');
    await preparedPgliteDirectory(dataDir);
    const client = await openPgliteClient(dataDir);
    await client.close();
    await rm(dataDir, { recursive: true, force: true });

    await expect(client.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });
});
