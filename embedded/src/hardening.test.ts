import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { uniformRateLimits, type AccountRateLimits } from '@quitute/command-api';
import { silentLogger } from '@quitute/infra/logging';
import type { EmbeddedConfig } from './config';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Each test opens a shop with the start-up settings it is about (PUBLIC_URL,
 * TRUST_PROXY, NODE_ENV), but for the two given none: they share one. Cheap
 * hashing for the admin each shop creates: these tests are about headers and
 * addresses.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startShop(
  config: Partial<EmbeddedConfig>,
  rateLimits: AccountRateLimits | undefined,
): Promise<{ server: EmbeddedServer; url: string; close: () => Promise<void> }> {
  const dataDir = await makeDataDir('quitute-hardening');
  const server = await createEmbeddedServer(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', ...config },
    silentLogger,
    { web: noWebApp, passwords: cheapPasswords, ...(rateLimits ? { rateLimits } : {}) },
  );
  const close = async () => {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { server, url: await server.listen(), close };
}

/** A shop of this test's own, closed after it. */
async function openShop(
  config: Partial<EmbeddedConfig>,
  rateLimits?: AccountRateLimits,
): Promise<{ server: EmbeddedServer; url: string }> {
  const shop = await startShop(config, rateLimits);
  cleanups.push(shop.close);
  return shop;
}

/**
 * Limits no test reaches but the one on client addresses (two logins per
 * address, which it makes from its own loopback address).
 */
const twoLoginsPerIp: AccountRateLimits = {
  ...uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
  loginPerIp: { limit: 2, windowMs: 60_000 },
};

/** The shop with no setting given, opened by the first test that asks, closed after the file. */
let unconfigured: ReturnType<typeof startShop> | undefined;
const unconfiguredShop = () => (unconfigured ??= startShop({}, twoLoginsPerIp));
afterAll(async () => {
  await (await unconfigured)?.close();
});

describe('security headers follow PUBLIC_URL', () => {
  it('given the shop served over plain http, then no upgrade-insecure-requests and no HSTS, so scripts load by IP or host name', async () => {
    const { url } = await openShop({ publicUrl: 'http://192.0.2.10:8080' });
    const response = await fetch(`${url}/health`);
    expect(response.headers.get('content-security-policy')).not.toContain(
      'upgrade-insecure-requests',
    );
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('given an https PUBLIC_URL, then both are sent', async () => {
    const { url } = await openShop({ publicUrl: 'https://quitute.com.br' });
    const response = await fetch(`${url}/health`);
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('dev mailbox in the embedded shop', () => {
  const mailboxTitle = 'Caixa de e-mails';

  it('given a loopback client, then the mailbox opens', async () => {
    const { url } = await unconfiguredShop();
    expect(await (await fetch(`${url}/dev/mailbox`)).text()).toContain(mailboxTitle);
  });

  it('given a trusted proxy forwarding a client from elsewhere, then 404', async () => {
    const { url } = await openShop({ trustProxy: ['loopback'] });
    const response = await fetch(`${url}/dev/mailbox`, {
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(mailboxTitle);
  });

  it('given NODE_ENV=production, then the mailbox is not mounted, even for loopback', async () => {
    const { url } = await openShop({ production: true });
    const response = await fetch(`${url}/dev/mailbox`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(mailboxTitle);
  });
});

/**
 * A reverse proxy as nginx is configured in the compose stack: it replaces
 * X-Forwarded-For with the address of the client it sees.
 */
async function settingProxy(target: string): Promise<string> {
  const { hostname, port } = new URL(target);
  const proxy = http.createServer((req, res) => {
    const client = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    const upstream = http.request(
      {
        hostname,
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': client },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  );
  const address = proxy.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A login attempt from a given loopback address (127.0.0.0/8 is all this machine's). */
function loginFrom(
  localAddress: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/auth/login`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  it('given TRUST_PROXY=1 and a proxy that sets X-Forwarded-For, then two clients behind it have their own limits and a forged header changes nothing', async () => {
    const { url } = await openShop({ trustProxy: 1 }, twoLoginsPerIp);
    const proxy = await settingProxy(url);

    expect(await loginFrom('127.0.0.2', proxy)).toBe(400);
    expect(await loginFrom('127.0.0.2', proxy)).toBe(400);
    expect(await loginFrom('127.0.0.2', proxy)).toBe(429);
    expect(await loginFrom('127.0.0.2', proxy, { 'x-forwarded-for': '203.0.113.50' })).toBe(429);
    expect(await loginFrom('127.0.0.3', proxy)).toBe(400);
  });

  it('given no TRUST_PROXY, then X-Forwarded-For is not believed: a client cannot pick a fresh key per request', async () => {
    const { url } = await unconfiguredShop();
    for (const forged of ['203.0.113.1', '203.0.113.2']) {
      expect(await loginFrom('127.0.0.4', url, { 'x-forwarded-for': forged })).toBe(400);
    }
    expect(await loginFrom('127.0.0.4', url, { 'x-forwarded-for': '203.0.113.3' })).toBe(429);
  });
});
