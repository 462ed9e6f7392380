import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedPgliteDirectory } from '../testing/pglite-template';
import { scratchDirectory } from '../testing/scratch';
import { openPgliteClient } from './pglite-client';
import { StoreUnavailableError } from './port';
import type { SqlClient } from './sql-client';

/** Opening PGlite (initdb on a new directory) takes many seconds on a busy machine. */
const slow = 180_000;

describe('PGlite whose thread dies', () => {
  let parent: string;
  /** Every PGlite thread started since the test began, oldest first. */
  let threads: Worker[];

  beforeAll(async () => {
    parent = await scratchDirectory('quitute-pglite-client');
  });

  afterAll(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  /** Keeps in `threads` every thread the client given this starts. */
  function watchThreads(then?: (worker: Worker) => void): (worker: Worker) => void {
    threads = [];
    return (worker) => {
      threads.push(worker);
      then?.(worker);
    };
  }

  /** Stops the client's current thread as a crash would (not through close()). */
  async function killThread(): Promise<void> {
    const current = threads.at(-1);
    if (!current) throw new Error('no PGlite thread started');
    await current.terminate();
  }

  async function clientWithRows(
    dataDir: string,
    onThreadStart: (worker: Worker) => void,
  ): Promise<SqlClient> {
    await preparedPgliteDirectory(dataDir);
    const client = await openPgliteClient(dataDir, { onThreadStart });
    await client.script(
      "CREATE TABLE breads (name text); INSERT INTO breads VALUES ('pão de queijo'), ('broa')",
    );
    return client;
  }

  const breads = (client: SqlClient) => client.query('SELECT name FROM breads ORDER BY name');

  /** Once its client is closed, the directory opens again and holds the rows. */
  async function expectFreedWithRows(dataDir: string): Promise<void> {
    const next = await openPgliteClient(dataDir);
    try {
      expect(await breads(next)).toEqual([{ name: 'broa' }, { name: 'pão de queijo' }]);
    } finally {
      await next.close();
    }
  }

  it(
    'given a client on a directory with rows, when its thread dies, then the awaited query fails as unavailable, listeners hear they are lost, and a new thread serves the same rows and listens; closed, it leaves no thread and frees the directory',
    async () => {
      const dataDir = join(parent, 'recovers');
      const client = await clientWithRows(dataDir, watchThreads());
      const lost: unknown[] = [];
      await client.listen(
        'bakery',
        () => {},
        (error) => lost.push(error),
      );
      const awaited = client.query('SELECT pg_sleep(30)').catch((error: unknown) => error);
      await sleep(200);

      await killThread();

      expect(await awaited).toBeInstanceOf(StoreUnavailableError);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(StoreUnavailableError);
      expect(await breads(client)).toEqual([{ name: 'broa' }, { name: 'pão de queijo' }]);
      expect(threads).toHaveLength(2);
      let notified = 0;
      await client.listen(
        'bakery',
        () => (notified += 1),
        () => {},
      );
      await client.query('NOTIFY bakery');
      await expect.poll(() => notified).toBe(1);

      await client.close();
      expect(threads.map((thread) => thread.threadId)).toEqual([-1, -1]);
      await expectFreedWithRows(dataDir);
    },
    slow,
  );

  it(
    'given a listener whose thread died, when it stops listening, then no thread is started for that, and a listener on the same channel since then still hears',
    async () => {
      const dataDir = join(parent, 'unlisten-after-death');
      const client = await clientWithRows(dataDir, watchThreads());
      const stopOld = await client.listen(
        'bakery',
        () => {},
        () => {},
      );
      await killThread();

      await stopOld();
      expect(threads).toHaveLength(1);

      let notified = 0;
      await client.listen(
        'bakery',
        () => (notified += 1),
        () => {},
      );
      await stopOld();
      await client.query('NOTIFY bakery');
      await expect.poll(() => notified).toBe(1);
      expect(threads).toHaveLength(2);
      await client.close();
    },
    slow,
  );

  it(
    'given a client whose new thread is still opening, when it is closed (twice), then the call waiting for it is answered, no thread is left and the directory is free',
    async () => {
      const dataDir = join(parent, 'closed-while-opening');
      const client = await clientWithRows(dataDir, watchThreads());
      await killThread();
      const waiting = breads(client);

      await Promise.all([client.close(), client.close()]);

      expect(await waiting).toEqual([{ name: 'broa' }, { name: 'pão de queijo' }]);
      expect(threads.map((thread) => thread.threadId)).toEqual([-1, -1]);
      await expect(client.query('SELECT 1')).rejects.toThrow('PGlite is closed');
      const next = await openPgliteClient(dataDir);
      await next.close();
    },
    slow,
  );

  it(
    'given a client whose thread died and whose new threads die as they start, when it is asked again and again, then every call fails as unavailable, few threads are started, and once they start again the rows are there',
    async () => {
      const dataDir = join(parent, 'backs-off');
      let dying = false;
      const onThreadStart = watchThreads((worker) => {
        if (dying) void worker.terminate();
      });
      const client = await clientWithRows(dataDir, onThreadStart);
      dying = true;
      await killThread();
      await sleep(50);

      const failures = new Set<string>();
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        const error: unknown = await breads(client).then(
          () => undefined,
          (e: unknown) => e,
        );
        failures.add(error instanceof StoreUnavailableError ? 'unavailable' : String(error));
        await sleep(5);
      }

      expect([...failures]).toEqual(['unavailable']);
      // The first thread, then new ones at once, after 100, 200, 400 and 800 ms: without a
      // delay it would be one a call.
      expect(threads.length).toBeGreaterThanOrEqual(3);
      expect(threads.length).toBeLessThanOrEqual(7);
      dying = false;
      await expect
        .poll(() => breads(client).catch(() => []), { timeout: 120_000, interval: 500 })
        .toEqual([{ name: 'broa' }, { name: 'pão de queijo' }]);
      await client.close();
      expect(threads.every((thread) => thread.threadId === -1)).toBe(true);
    },
    slow,
  );

  it(
    'given a client in memory, when its thread dies, then it keeps failing with that: its data died with it',
    async () => {
      const client = await openPgliteClient(undefined, { onThreadStart: watchThreads() });
      await client.query('SELECT 1');

      await killThread();

      await expect(client.query('SELECT 1')).rejects.toThrow("PGlite's thread stopped");
      await expect(client.query('SELECT 1')).rejects.not.toBeInstanceOf(StoreUnavailableError);
      expect(threads).toHaveLength(1);
      await client.close();
    },
    slow,
  );

  it(
    'given a client on a directory with a listener and a query under way, when it is renewed while more are asked, then every call is answered on the same rows, the old thread is gone for a new one, and the listener is woken once and still hears',
    async () => {
      const dataDir = join(parent, 'renewed');
      const client = await clientWithRows(dataDir, watchThreads());
      let notified = 0;
      const lost: unknown[] = [];
      await client.listen(
        'bakery',
        () => (notified += 1),
        (error) => lost.push(error),
      );
      const underWay = client.query("SELECT pg_sleep(0.3), 'under way' AS answer");
      await sleep(50);

      const renewal = client.renew?.();
      const askedMeanwhile = client.script("INSERT INTO breads VALUES ('sonho')");
      await renewal;

      expect(await underWay).toEqual([{ pg_sleep: '', answer: 'under way' }]);
      await askedMeanwhile;
      expect(await breads(client)).toEqual([
        { name: 'broa' },
        { name: 'pão de queijo' },
        { name: 'sonho' },
      ]);
      expect(threads).toHaveLength(2);
      await expect.poll(() => threads[0]?.threadId).toBe(-1);
      await expect.poll(() => notified).toBe(1);
      await client.query('NOTIFY bakery');
      await expect.poll(() => notified).toBe(2);
      expect(lost).toEqual([]);
      await client.close();
      expect(threads.map((thread) => thread.threadId)).toEqual([-1, -1]);
    },
    slow,
  );

  it(
    'given a client being renewed, when it is closed, then it closes once the new thread is open, leaving no thread and the directory free',
    async () => {
      const dataDir = join(parent, 'closed-while-renewed');
      const client = await clientWithRows(dataDir, watchThreads());

      const renewal = client.renew?.();
      await client.close();

      await renewal;
      expect(threads.map((thread) => thread.threadId)).toEqual([-1, -1]);
      await expect(client.query('SELECT 1')).rejects.toThrow('PGlite is closed');
      await expectFreedWithRows(dataDir);
    },
    slow,
  );

  it(
    'given a renewal whose new thread dies as it opens, when the client is asked again, then the renewal fails, its listener hears it is lost, and a thread started in its place serves the rows',
    async () => {
      const dataDir = join(parent, 'renewal-dies');
      const onThreadStart = watchThreads((worker) => {
        if (threads.length === 2) void worker.terminate();
      });
      const client = await clientWithRows(dataDir, onThreadStart);
      const lost: unknown[] = [];
      await client.listen(
        'bakery',
        () => {},
        (error) => lost.push(error),
      );

      await expect(client.renew?.()).rejects.toBeInstanceOf(StoreUnavailableError);

      await expect.poll(() => lost).toHaveLength(1);
      expect(await breads(client)).toEqual([{ name: 'broa' }, { name: 'pão de queijo' }]);
      expect(threads).toHaveLength(3);
      await client.close();
    },
    slow,
  );

  it(
    'given a client in memory, when it is renewed, then it keeps its thread and its data: they live together',
    async () => {
      const client = await openPgliteClient(undefined, { onThreadStart: watchThreads() });
      await client.script("CREATE TABLE breads (name text); INSERT INTO breads VALUES ('broa')");

      await client.renew?.();

      expect(await breads(client)).toEqual([{ name: 'broa' }]);
      expect(threads).toHaveLength(1);
      await client.close();
    },
    slow,
  );
});
