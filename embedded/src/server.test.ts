import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Router, type RequestHandler } from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  commandStream,
  handleCommand,
  menuProductId,
  parseCatalogEvent,
  productDecider,
} from '@quitute/command-api';
import { NOTIFICATION_STREAM_PREFIX, productStreamName } from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { createPgliteEventStore } from '@quitute/infra/event-store';
import { createEmbeddedServer, LONG_LOG_EVENTS, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';
import { scratchDirectory } from '@quitute/infra/testing';
import { repoRoot, serveWebApp } from './web-assets';

/**
 * The tests about a start (what it seeds, makes, releases) each open their shop
 * on a new data directory, its PGlite database copied from the run's prepared
 * one (but in the DATA_DIR that does not exist yet: a real first start); the
 * tests of what a running shop serves share one, each with its own web build.
 * Cheap password hashing: none of them is about the KDF.
 */

async function start(
  dataDir: string,
  web: RequestHandler[] = noWebApp,
): Promise<{ server: EmbeddedServer; url: string }> {
  const server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent' },
    silentLogger,
    { web, passwords: cheapPasswords },
  );
  return { server, url: await server.listen() };
}

/** A log of `count` carts cleared, in one cart's stream, written before the shop starts. */
async function appendCartsCleared(eventStoreDir: string, count: number): Promise<void> {
  const store = await createPgliteEventStore({ dataDir: eventStoreDir });
  try {
    const userId = randomUUID();
    for (let written = 0; written < count; written += 1_000) {
      await store.appendToStream(
        `cart-${userId}`,
        Array.from({ length: Math.min(1_000, count - written) }, () => ({
          id: randomUUID(),
          type: 'CartCleared',
          data: { userId },
          metadata: {
            correlationId: 'long-log',
            causationId: 'long-log',
            actorId: userId,
            actorRole: 'user' as const,
            occurredAt: new Date().toISOString(),
          },
        })),
      );
    }
  } finally {
    await store.close();
  }
}

async function productNames(url: string, init?: RequestInit): Promise<string[]> {
  const response = await fetch(`${url}/api/products`, init);
  expect(response.status).toBe(200);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('expected a list');
  return body.map((product: { name: string }) => product.name);
}

describe('embedded shop, each start on a new data directory', () => {
  let dataDir: string;
  /** This test's data directory (dataDir may be set to a folder inside it). */
  let made: string;
  const running: EmbeddedServer[] = [];

  beforeEach(async () => {
    made = await makeDataDir('quitute-data');
    dataDir = made;
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
    await fs.rm(made, { recursive: true, force: true });
  });

  async function startHere(): Promise<{ server: EmbeddedServer; url: string }> {
    const shop = await start(dataDir);
    running.push(shop.server);
    return shop;
  }

  it('given a fresh data dir, when started, then the menu has 24 items and one admin; restarted, nothing is seeded again', async () => {
    const first = await startHere();
    expect(await productNames(first.url)).toHaveLength(24);
    // What the notifier records of its own (the daily summary, past its hour) is no seed.
    const seededIn = async (server: EmbeddedServer) =>
      (await server.eventStore.readAll()).filter(
        (event) => !event.streamName.startsWith(NOTIFICATION_STREAM_PREFIX),
      );
    const seeded = await seededIn(first.server);
    expect(seeded.filter((event) => event.type === 'ProductAdded')).toHaveLength(24);
    expect(seeded.filter((event) => event.type === 'UserRegistered')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ role: 'admin' }) }),
    ]);
    await first.server.close();
    running.splice(running.indexOf(first.server), 1);

    const second = await startHere();
    expect(await productNames(second.url)).toHaveLength(24);
    expect(await seededIn(second.server)).toHaveLength(seeded.length);
  });

  it('given a data dir open to others (0755, as earlier versions left it), when started, then each folder in it holding customers’ data is the shop’s user’s only', async () => {
    // As an earlier version left it: the folder, and PGlite's in it, open to others.
    await fs.chmod(path.join(dataDir, 'eventstore'), 0o755);
    await fs.chmod(dataDir, 0o755);
    await startHere();

    const modes = await Promise.all(
      ['eventstore', 'outbox', 'payment-simulator'].map(
        async (folder) =>
          [folder, (await fs.stat(path.join(dataDir, folder))).mode & 0o777] as const,
      ),
    );
    // PGlite wrote its files (its WAL holds password hashes and CPFs) 0666 in a 0755 folder.
    expect(Object.fromEntries(modes)).toEqual({
      eventstore: 0o700,
      outbox: 0o700,
      'payment-simulator': 0o700,
    });
  });

  it('given a DATA_DIR that does not exist yet, when started, then it is made the shop’s user’s only', async () => {
    dataDir = path.join(dataDir, 'new', 'data');
    await startHere();

    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    // And PGlite's folder, made in it by its first start (initdb), too.
    expect((await fs.stat(path.join(dataDir, 'eventstore'))).mode & 0o777).toBe(0o700);
  });

  // The heaviest test here: four PGlite threads started (the log written, the shop, the
  // thread that replaces its first, the restart) and 10,000 events written, read and
  // folded. About 8 s alone on two cores; sharing them with another test file and other
  // work, it went past the default 30 s.
  it(
    'given a long log and nothing saved, when the shop has built its read models, then its event store gives back the memory of that read, once; restarted on its saves, it does not',
    { timeout: 60_000 },
    async () => {
      await appendCartsCleared(path.join(dataDir, 'eventstore'), LONG_LOG_EVENTS);
      const first = await startHere();
      const released = vi.spyOn(first.server.eventStore, 'releaseReadMemory');

      await first.server.startSettled();

      expect(released).toHaveBeenCalledTimes(1);
      expect(await productNames(first.url)).toHaveLength(24);
      await first.server.close();
      running.splice(running.indexOf(first.server), 1);
      const second = await startHere();
      const releasedAgain = vi.spyOn(second.server.eventStore, 'releaseReadMemory');
      await second.server.startSettled();
      expect(releasedAgain).not.toHaveBeenCalled();
    },
  );

  it('given a short log and nothing saved, when the shop has built its read models, then its event store keeps its thread: little to give back', async () => {
    const { server } = await startHere();
    const released = vi.spyOn(server.eventStore, 'releaseReadMemory');

    await server.startSettled();

    expect(released).not.toHaveBeenCalled();
  });
});

describe('a running embedded shop', () => {
  let dataDir: string;
  let shop: { server: EmbeddedServer; url: string } | undefined;
  /** This test's web build, served by the shop's web middleware. */
  let webDir: string;
  let webApp: RequestHandler = (_req, _res, next) => next();

  beforeAll(async () => {
    dataDir = await makeDataDir('quitute-data');
    shop = await start(dataDir, [(req, res, next) => webApp(req, res, next)]);
  });

  afterAll(async () => {
    await shop?.server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    webDir = await scratchDirectory('quitute-web');
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Quitute</title>');
    serveWebDir();
  });

  afterEach(async () => {
    await fs.rm(webDir, { recursive: true, force: true });
  });

  /** Serves webDir as the shop serves a build it was started with (files added since too). */
  function serveWebDir(): void {
    webApp = Router().use(serveWebApp(webDir));
  }

  const running = () => {
    if (!shop) throw new Error('the shop did not open');
    return shop;
  };

  it('given a command just written, when read with its X-Min-Position, then the read sees it', async () => {
    const { server, url } = running();
    const menu = await productNames(url);
    expect(menu).toContain('Kibe');
    const productId = menuProductId('kibe');
    const result = await handleCommand(
      commandStream(
        server.eventStore,
        productStreamName(productId),
        productDecider,
        parseCatalogEvent,
      ),
      { type: 'DeleteProduct', productId },
      {
        commandId: crypto.randomUUID(),
        correlationId: 'test',
        actorId: 'admin-test',
        actorRole: 'admin',
        occurredAt: new Date().toISOString(),
      },
    );
    const names = await productNames(url, {
      headers: { 'X-Min-Position': String(result.position) },
    });
    expect(names).toEqual(menu.filter((name) => name !== 'Kibe'));
  });

  it('serves the SPA for page paths and JSON for API paths', async () => {
    const { url } = running();
    const page = await fetch(`${url}/cardapio`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Quitute</title>');
    const unknownPage = await fetch(`${url}/nao-existe`, { headers: { accept: 'text/html' } });
    expect(await unknownPage.text()).toContain('<title>Quitute</title>');

    const unknownApi = await fetch(`${url}/api/nao-existe`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toMatchObject({ message: 'Recurso não encontrado.' });
  });

  it('given a build with /cardapio prerendered, then exactly /cardapio gets it, revalidated, compressed and under the CSP; with a query or on another page, index.html', async () => {
    const prerendered = `<!doctype html><title>Quitute</title><div id="root">${'<p>Cardápio</p>'.repeat(200)}</div>`;
    await fs.writeFile(path.join(webDir, 'cardapio.html'), prerendered);
    serveWebDir();
    const { url } = running();
    const headers = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

    const menu = await fetch(`${url}/cardapio`, { headers });
    expect(menu.status).toBe(200);
    expect(await menu.text()).toBe(prerendered);
    expect(menu.headers.get('content-type')).toMatch(/^text\/html/);
    expect(menu.headers.get('cache-control')).toBe('no-cache');
    expect(menu.headers.get('content-encoding')).toBe('br');
    expect(menu.headers.get('content-security-policy')).toContain("script-src 'self'");

    for (const other of ['/cardapio?categoria=Doces%20Finos', '/cardapio/', '/sobre']) {
      const page = await fetch(`${url}${other}`, { headers });
      expect(await page.text()).toBe('<!doctype html><title>Quitute</title>');
    }
  });

  it('given a browser that accepts brotli, when it loads the app\u2019s script, then it is compressed, and the API\u2019s answers are not touched', async () => {
    const script = `export const menu = ${JSON.stringify(Array(400).fill('coxinha de frango'))};`;
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'assets', 'index-abc123.js'), script);
    serveWebDir();
    const { url } = running();
    const headers = { 'accept-encoding': 'br, gzip' };

    const asset = await fetch(`${url}/assets/index-abc123.js`, { headers });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(script);

    const api = await fetch(`${url}/api/products`, { headers });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBeNull();
  });

  it('routes writes to command-api: a malformed JSON body is a 400 in pt-BR without a stack trace', async () => {
    const { url } = running();
    const response = await fetch(`${url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ message: 'Requisição inválida.', code: 'validation' });
    expect(body).not.toMatch(/at .*\.ts/);
  });

  it.each([
    ['gzip', gzipSync('{}')],
    ['br', Buffer.from('{}')],
  ])(
    'given a body sent with Content-Encoding %s, then 415 in pt-BR, never a 500',
    async (encoding, body) => {
      const { url } = running();
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        message: 'Requisição inválida.',
        code: 'validation',
      });
    },
  );

  it('GET /health answers 200', async () => {
    const { url } = running();
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('given a data dir in use, when a second shop starts on it, then it is refused', async () => {
    running();
    await expect(
      createEmbeddedServer({ port: 0, dataDir, logLevel: 'silent' }, silentLogger, {
        web: serveWebApp(webDir),
      }),
    ).rejects.toThrow(/Another Quitute process is using/);
  });
});

describe('start-up configuration', () => {
  it('given PORT=abc, when the shop starts, then it stops with one line naming the variable', async () => {
    const dataDir = await scratchDirectory('quitute-data');
    try {
      const run = promisify(execFile);
      const failure: unknown = await run(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'embedded/src/main.ts')],
        { cwd: repoRoot, env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir } },
      ).catch((error: unknown) => error);
      expect(failure).toMatchObject({
        code: 1,
        stderr: 'Invalid configuration: PORT must be a port number (got "abc")\n',
      });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
