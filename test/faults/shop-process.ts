import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STATIC_MENU } from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { solveAsWidget } from '@quitute/infra/testing';

export { freePort } from '@quitute/infra/http';

/**
 * The shop as `npm start` runs it (without the web app), in a process of its
 * own that a fault test can kill, and the HTTP calls a customer's browser makes.
 */

const shopEntry = fileURLToPath(
  new URL('../../embedded/src/testing/api-only-shop.ts', import.meta.url),
);

export const ADMIN_EMAIL = 'admin.falhas@exemplo.com.br';
export const ADMIN_PASSWORD = 'Admin-Falhas-2026';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ShopProcess {
  child: ChildProcess;
  url: string;
  /** What the process wrote so far (warnings and errors: LOG_LEVEL=warn). */
  errors(): string;
  /** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the shop closes its stores and releases its data directory. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the shop on `port` and waits for /health. A start refused because the
 * data directory is locked is tried again, as a process supervisor would, until
 * `startWithinMs` (the lock of a killed shop is taken over at once, see
 * pglite-client.ts; `attempts` shows whether it was).
 */
export async function startShop(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  startWithinMs?: number;
}): Promise<ShopProcess & { attempts: number }> {
  const deadline = Date.now() + (options.startWithinMs ?? 90_000);
  for (let attempt = 1; ; attempt += 1) {
    const shop = spawnShop(options);
    const outcome = await waitForHealth(shop, deadline);
    if (outcome === 'up') return { ...shop, attempts: attempt };
    if (!shop.errors().includes('Another Quitute process is using') || Date.now() > deadline) {
      await shop.kill();
      throw new Error(`the shop did not start: ${shop.errors()}`);
    }
    await sleep(1_000);
  }
}

function spawnShop(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): ShopProcess {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', shopEntry], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The logger writes to stdout, plain errors go to stderr: both are kept.
  let errors = '';
  const keep = (chunk: Buffer) => (errors += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    url,
    errors: () => errors,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
    },
  };
}

async function waitForHealth(shop: ShopProcess, deadline: number): Promise<'up' | 'exited'> {
  for (;;) {
    const answer = await call(shop.url, 'GET', '/health').catch(() => null);
    if (answer?.status === 200) return 'up';
    if (shop.child.exitCode !== null) return 'exited';
    if (Date.now() > deadline) throw new Error(`the shop did not start: ${shop.errors()}`);
    await sleep(200);
  }
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * One HTTP call; `from` is the loopback address it leaves from (127.0.0.x), so
 * per-IP limits (10 registrations an hour) count several clients. Rejects when
 * no answer comes (the shop died).
 */
export function call(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    headers?: Record<string, string>;
    from?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON (NDJSON, HTML): the text as it came
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

export interface Customer {
  email: string;
  userId: string;
  token: string;
  /**
   * Issue 38: where the customer checks out from (a loopback address of her
   * own group: the shop takes 20 checkouts an hour from one address) and what
   * she buys (a regular product of her own: each has 500 units in stock).
   */
  checkoutFrom?: string;
  product?: (typeof REGULAR_PRODUCTS)[number];
}

/** The menu's regular products (500 units each): the checkouts spread over them. */
const REGULAR_PRODUCTS = STATIC_MENU.filter((item) => item.category !== 'Kits Festa');
/** Customers sharing one loopback address for their checkouts: 6 × 3 orders stay under 20. */
const CUSTOMERS_PER_CHECKOUT_ADDRESS = 6;

const loginSchema = z.object({ userId: z.string(), token: z.string() });

async function captcha(baseUrl: string, from?: string): Promise<string> {
  const challenge = await call(baseUrl, 'GET', '/api/auth/captcha', from ? { from } : {});
  return (await solveAsWidget(challenge.body)).payload;
}

export async function login(
  baseUrl: string,
  email: string,
  password: string,
  from?: string,
): Promise<Customer> {
  const answer = await call(baseUrl, 'POST', '/api/auth/login', {
    body: { email, password, recaptchaToken: await captcha(baseUrl, from) },
    ...(from ? { from } : {}),
  });
  if (answer.status !== 200)
    throw new Error(`login ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { email, ...loginSchema.parse(answer.body) };
}

/** Registers and logs in a new customer, leaving from loopback address `from`. */
export async function newCustomer(baseUrl: string, from?: string): Promise<Customer> {
  const email = `cliente.${crypto.randomUUID()}@exemplo.com.br`;
  const answer = await call(baseUrl, 'POST', '/api/auth/register', {
    body: {
      email,
      password: 'Bolo2026',
      name: 'Maria',
      recaptchaToken: await captcha(baseUrl, from),
    },
    ...(from ? { from } : {}),
  });
  if (answer.status !== 201) {
    throw new Error(`register ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return login(baseUrl, email, 'Bolo2026', from);
}

/**
 * `count` customers, registered ten per loopback address (the per-IP limit),
 * the addresses side by side.
 */
export async function newCustomers(baseUrl: string, count: number): Promise<Customer[]> {
  const addresses = Array.from(
    { length: Math.ceil(count / 10) },
    (_, index) => `127.0.0.${2 + index}`,
  );
  const groups = await Promise.all(
    addresses.map(async (from, group) => {
      const customers: Customer[] = [];
      for (let index = group * 10; index < Math.min(count, group * 10 + 10); index += 1) {
        customers.push({
          ...(await newCustomer(baseUrl, from)),
          checkoutFrom: `127.0.3.${2 + Math.floor(index / CUSTOMERS_PER_CHECKOUT_ADDRESS)}`,
          product: REGULAR_PRODUCTS[index % REGULAR_PRODUCTS.length],
        });
      }
      return customers;
    }),
  );
  return groups.flat();
}

/** A Pix checkout of one coxinha box (the payment simulator answers it), as the payment page sends it. */
export function checkout(
  baseUrl: string,
  customer: Customer,
  idempotencyKey: string,
  timeoutMs?: number,
): Promise<Answer> {
  const product = customer.product ?? REGULAR_PRODUCTS[0];
  if (!product) throw new Error('no regular product on the menu');
  return call(baseUrl, 'POST', '/payments/mercadopago/transparent-checkout', {
    token: customer.token,
    headers: { 'idempotency-key': idempotencyKey },
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(customer.checkoutFrom ? { from: customer.checkoutFrom } : {}),
    body: {
      userId: customer.userId,
      email: customer.email,
      docNumber: '529.982.247-25',
      firstName: 'Maria',
      lastName: 'Cliente',
      total: (product.priceCents * 20) / 100,
      items: [
        {
          id: product.slug,
          title: product.name,
          unit_price: product.priceCents / 100,
          quantity: 20,
        },
      ],
      paymentMethod: 'pix',
      paymentMethodId: 'pix',
      deliveryType: 'pickup',
      deliveryDate: bookableDeliveryDate(new Date(), 1),
    },
  });
}
