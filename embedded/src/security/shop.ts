import fs from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import {
  DEFAULT_ADMIN_EMAIL,
  uniformRateLimits,
  type AccountRateLimits,
} from '@quitute/command-api';
import { paymentResultSchema } from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { silentLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from '../server';
import { cheapPasswords, makeDataDir, noWebApp } from '../testing/shop';

/**
 * The embedded shop as the security suite attacks it (issue 14.2): real HTTP,
 * its PGlite store, a known token secret (to forge expired tokens with it), an
 * admin and two customers, A and B. Cheap password hashing: the suite is about
 * who reaches what, not the KDF's cost.
 */

export const ADMIN_PASSWORD = 'Admin12345';
export const CUSTOMER_PASSWORD = 'Segredo123';
/** The shop's token secret: the suite signs expired and otherwise valid tokens with it. */
export const TOKEN_SECRET = 'a-security-suite-secret-that-is-long-enough-0123456789';

export interface Account {
  userId: string;
  email: string;
  name: string;
  token: string;
}

export interface Answer {
  status: number;
  /** The parsed JSON, or the text when the answer is not JSON. */
  body: unknown;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  /** Sent as JSON; a string is sent as it is (malformed JSON, say). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: number;
  paymentId: string;
}

export interface SecurityShop {
  server: EmbeddedServer;
  url: string;
  admin: Account;
  customerA: Account;
  customerB: Account;
  call(method: string, route: string, options?: CallOptions): Promise<Answer>;
  /** A solved captcha payload, for register and login bodies. */
  captcha(): Promise<string>;
  register(email: string, extra?: Record<string, unknown>): Promise<Answer>;
  login(email: string, password?: string): Promise<Answer>;
  /** A new customer, registered and logged in. */
  newCustomer(name?: string): Promise<Account>;
  /** The customer's cart set to 20 coxinhas, then a Pix checkout: the order waits for payment. */
  placeOrder(customer: Account): Promise<PlacedOrder>;
  close(): Promise<void>;
}

const loginSchema = z.object({ token: z.string(), userId: z.string(), name: z.string() });

export const anyJson = z.record(z.string(), z.unknown());

/** A delivery date the checkout accepts today. */
export const validDeliveryDate = () => bookableDeliveryDate(new Date(), 1);

/** A Pix checkout body for the customer's cart of 20 coxinhas (R$ 12,00). */
export const checkoutBody = (customer: Account, overrides: Record<string, unknown> = {}) => ({
  userId: customer.userId,
  email: customer.email,
  docNumber: '529.982.247-25',
  firstName: 'Maria',
  lastName: 'Cliente',
  total: 12,
  paymentMethod: 'pix',
  paymentMethodId: 'pix',
  deliveryType: 'pickup',
  deliveryDate: validDeliveryDate(),
  ...overrides,
});

/** The cart line the checkout above pays for. */
export const coxinhas = (customer: Account) => ({
  userId: customer.userId,
  item: { id: 'coxinha-de-frango', nome: 'Coxinha de Frango', preco: 0.6 },
  quantidade: 20,
});

/** Limits no test here reaches, but the throttling test, which asks for the defaults. */
const generous = { limit: 10_000, windowMs: 60_000 };

let counter = 0;
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now()}.${(counter += 1)}@exemplo.com.br`;

export async function openSecurityShop(
  options: {
    rateLimits?: AccountRateLimits;
    /** Middleware serving the web app; none by default (the APIs only). */
    web?: RequestHandler[];
  } = {},
): Promise<SecurityShop> {
  const dataDir = await makeDataDir('quitute-security');
  const server = await createEmbeddedServer(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      logLevel: 'silent',
      adminPassword: ADMIN_PASSWORD,
      jwtSecret: TOKEN_SECRET,
    },
    silentLogger,
    {
      web: options.web ?? noWebApp,
      passwords: cheapPasswords,
      rateLimits: options.rateLimits ?? uniformRateLimits(generous),
      paymentRateLimits: {
        checkoutPerUser: generous,
        cancelPerUser: generous,
        checkoutPerAddress: generous,
      },
      // A dozen custom orders an hour per address: the suite sends more than that from one.
      customOrderRateLimit: generous,
    },
  );
  const url = await server.listen();

  const call = async (method: string, route: string, callOptions: CallOptions = {}) => {
    const { token, body, headers = {} } = callOptions;
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('json')) {
      // A stream of JSON lines (a projection rebuild's progress) stays text.
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  };

  const captcha = async () => {
    const challenge: unknown = await (await fetch(`${url}/api/auth/captcha`)).json();
    return (await solveAsWidget(challenge)).payload;
  };

  const register = async (email: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/auth/register', {
      body: {
        name: 'Maria Souza',
        email,
        password: CUSTOMER_PASSWORD,
        recaptchaToken: await captcha(),
        ...extra,
      },
    });

  const login = async (email: string, password = CUSTOMER_PASSWORD) =>
    call('POST', '/api/auth/login', {
      body: { email, password, recaptchaToken: await captcha() },
    });

  const signedIn = async (email: string, password?: string): Promise<Account> => {
    const answer = await login(email, password);
    if (answer.status !== 200)
      throw new Error(`login of ${email}: ${answer.status} ${answer.text}`);
    return { email, ...loginSchema.parse(answer.body) };
  };

  const newCustomer = async (name = 'cliente') => {
    const email = uniqueEmail(name);
    const registered = await register(email);
    if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
    return signedIn(email);
  };

  const placeOrder = async (customer: Account): Promise<PlacedOrder> => {
    // The whole cart, whatever it held before: exactly what the checkout pays for.
    const { userId, item, quantidade } = coxinhas(customer);
    const synced = await call('POST', '/carrinho/sync', {
      token: customer.token,
      body: { userId, itens: [{ item, quantidade }] },
    });
    if (synced.status !== 200) throw new Error(`cart: ${synced.text}`);
    const checkout = await call('POST', '/payments/mercadopago/transparent-checkout', {
      token: customer.token,
      body: checkoutBody(customer),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    if (checkout.status !== 200) throw new Error(`checkout: ${checkout.text}`);
    const result = paymentResultSchema.parse(checkout.body);
    return {
      orderId: result.orderId,
      orderNumber: result.orderNumber,
      paymentId: z.string().parse(result.paymentId),
    };
  };

  const [admin, customerA, customerB] = await Promise.all([
    signedIn(DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD),
    newCustomer('cliente.a'),
    newCustomer('cliente.b'),
  ]);

  return {
    server,
    url,
    admin,
    customerA,
    customerB,
    call,
    captcha,
    register,
    login,
    newCustomer,
    placeOrder,
    async close() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Reads until `done` holds (projections catch up in the background), at most
 * about five seconds; the last answer otherwise, for the test to show.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}
