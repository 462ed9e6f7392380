import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { orderListSchema, paymentResultSchema } from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { startMercadoPagoFake, type MercadoPagoFake } from '@quitute/infra/payment-gateway';
import { describeWithPostgres, solveAsWidget } from '@quitute/infra/testing';
import { scratchDirectorySync } from '@quitute/infra/testing';

/**
 * Issue 10: the shop killed (SIGKILL) between appending the order and replying
 * — here while Mercado Pago has created the payment but its answer has not
 * reached the shop — then started again; the customer's retry with the same
 * Idempotency-Key gets one order and one payment, nothing twice. The shop runs
 * as its own process on the PostgreSQL server, against a local Mercado Pago
 * double (the same fault on PGlite, at scale: test/faults/kill-shop.fault.ts).
 */

const shopEntry = fileURLToPath(new URL('./testing/api-only-shop.ts', import.meta.url));
const databaseName = `quitute_crash_${process.pid}`;
let baseUrl = '';
let fake: MercadoPagoFake;
let holdNextCreate = false;
let heldCreate: (() => void) | undefined;
let proxy: http.Server;
let proxyUrl = '';
const dataDir = scratchDirectorySync('quitute-crash');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Forwards to the Mercado Pago double; the one create it is told to hold never gets its answer back. */
function startProxy(): Promise<void> {
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hold = holdNextCreate && req.method === 'POST' && req.url === '/v1/payments';
      if (hold) holdNextCreate = false;
      const upstream = http.request(
        `${fake.url}${req.url ?? '/'}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            const reply = () => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            };
            if (hold) heldCreate = reply;
            else reply();
          });
        },
      );
      upstream.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      const address = proxy.address();
      if (typeof address === 'object' && address) proxyUrl = `http://127.0.0.1:${address.port}`;
      resolve();
    }),
  );
}

async function startShop(port: number): Promise<ChildProcess> {
  const eventStoreUrl = new URL(baseUrl);
  eventStoreUrl.pathname = `/${databaseName}`;
  const child = spawn(process.execPath, ['--import', 'tsx', shopEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENTSTORE_URL: eventStoreUrl.toString(),
      MP_ACCESS_TOKEN: fake.accessToken,
      MP_WEBHOOK_SECRET: 'segredo-do-webhook-de-teste',
      MP_API_URL: proxyUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the shop did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function customerOn(url: string) {
  const post = async (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const captcha = async () =>
    (await solveAsWidget(await (await fetch(`${url}/api/auth/captcha`)).json())).payload;
  const email = `cliente.${crypto.randomUUID()}@exemplo.com.br`;
  expect(
    (
      await post('/api/auth/register', {
        email,
        password: 'Bolo2026',
        name: 'Maria',
        recaptchaToken: await captcha(),
      })
    ).status,
  ).toBe(201);
  const login = await post('/api/auth/login', {
    email,
    password: 'Bolo2026',
    recaptchaToken: await captcha(),
  });
  return {
    email,
    ...z.object({ userId: z.string(), token: z.string() }).parse(await login.json()),
  };
}

await describeWithPostgres('a checkout interrupted by the death of the shop', (url) => {
  baseUrl = url;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    fake = await startMercadoPagoFake();
    await startProxy();
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((resolve) => proxy.close(resolve));
    proxy.closeAllConnections();
    await fake.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('given the shop killed after placing the order, while the provider had made the payment, when the customer retries with the same Idempotency-Key on the restarted shop, then one order and one payment', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let shop = await startShop(port);
    const maria = await customerOn(url);
    const key = crypto.randomUUID();
    const checkout = () =>
      fetch(`${url}/payments/mercadopago/transparent-checkout`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${maria.token}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({
          userId: maria.userId,
          email: maria.email,
          docNumber: '529.982.247-25',
          firstName: 'Maria',
          lastName: 'Cliente',
          total: 12,
          items: [
            { id: 'coxinha-de-frango', title: 'Coxinha de Frango', unit_price: 0.6, quantity: 20 },
          ],
          paymentMethod: 'pix',
          paymentMethodId: 'pix',
          deliveryType: 'pickup',
          deliveryDate: bookableDeliveryDate(new Date(), 1),
        }),
      });

    holdNextCreate = true;
    const interrupted = checkout().then(
      (answer) => answer.status,
      () => 'no answer' as const,
    );
    while (!heldCreate) await new Promise((resolve) => setTimeout(resolve, 20));
    shop.kill('SIGKILL');
    expect(await interrupted).toBe('no answer');

    shop = await startShop(port);
    const retry = await checkout();

    expect(retry.status).toBe(200);
    const result = paymentResultSchema.parse(await retry.json());
    expect(result).toMatchObject({ orderNumber: 1001, status: 'pending' });
    const creates = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payments',
    );
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((request) => request.headers['x-idempotency-key'])).size).toBe(1);
    expect(fake.payments.size).toBe(1);
    const orders = await fetch(`${url}/api/orders`, {
      headers: { authorization: `Bearer ${maria.token}` },
    });
    expect(orderListSchema.parse(await orders.json()).map((order) => order.orderNumber)).toEqual([
      1001,
    ]);
    shop.kill('SIGKILL');
  }, 120_000);
});
