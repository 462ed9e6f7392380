import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  messages,
  shopSettingsToAdminFields,
} from '@quitute/contracts';
import { routeTable, type RouteEntry } from '@quitute/infra/testing';
import {
  anyJson,
  checkoutBody,
  coxinhas,
  CUSTOMER_PASSWORD,
  uniqueEmail,
  type Account,
  type SecurityShop,
} from './shop';

/**
 * Issue 14.2: what a body can carry. A Mongo operator (`{"$gt": ""}`) in any
 * field of any JSON body is refused by the route's zod schema (400) — never a
 * 2xx with the operator stored; a body over the JSON limit is 413 and one that
 * is not JSON is 400, both with the pt-BR message and before any route runs.
 */

let shop: SecurityShop;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Any object in a text or number field is refused alike: two operators stand for all. */
const OPERATORS: Json[] = [{ $gt: '' }, { $ne: null }];

/** A body each route accepts (register and login with a freshly solved captcha), and its caller. */
interface BodyRoute {
  method: string;
  route: string;
  body: () => Promise<Record<string, Json>>;
  caller?: () => Promise<Account>;
}

const captchaSolved = async (body: Record<string, Json>) => ({
  ...body,
  recaptchaToken: await shop.captcha(),
});
const asA = async () => shop.customerA;
const asAdmin = async () => shop.admin;

/** The reviews a customer may submit an hour, refused bodies included (command-api's default). */
const REVIEWS_PER_CUSTOMER = 10;
let reviewer: { account: Account; used: number } | undefined;
/** A customer with reviews left to submit this hour. */
async function asReviewer(): Promise<Account> {
  if (!reviewer || reviewer.used >= REVIEWS_PER_CUSTOMER) {
    reviewer = { account: await shop.newCustomer('avaliador'), used: 0 };
  }
  reviewer.used += 1;
  return reviewer.account;
}
const someId = '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
const product = {
  name: 'Empada de Palmito',
  price: 4.5,
  category: 'Salgados Fritos',
  stock: 10,
  description: 'Massa amanteigada.',
  imageUrl: 'https://exemplo.com.br/empada.jpg',
  isActive: true,
};
const user = {
  name: 'Joana Lima',
  email: 'joana@exemplo.com.br',
  phone: '11999998888',
  address: 'Rua das Flores, 10',
  role: 'user',
};
const sale = { clientName: 'Joana Lima', amount: 50, date: '2026-01-10' };

const bodyRoutes = (): BodyRoute[] => [
  {
    method: 'POST',
    route: '/api/auth/register',
    body: () =>
      captchaSolved({
        name: 'Maria Souza',
        email: uniqueEmail('operador'),
        password: CUSTOMER_PASSWORD,
      }),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    body: () => captchaSolved({ email: shop.customerA.email, password: CUSTOMER_PASSWORD }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    body: async () => ({ email: shop.customerA.email }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password/confirm',
    body: async () => ({ token: 'a'.repeat(40), newPassword: 'Segredo456' }),
  },
  {
    method: 'PUT',
    route: '/api/users/profile',
    body: async () => ({ name: 'Maria Souza', phone: '11988887777', address: 'Rua A, 100' }),
    caller: asA,
  },
  {
    method: 'PUT',
    route: '/api/users/preferences',
    body: async () => ({ notifications: { email: true, sms: false } }),
    caller: asA,
  },
  { method: 'POST', route: '/carrinho', body: async () => coxinhas(shop.customerA), caller: asA },
  {
    method: 'POST',
    route: '/carrinho/sync',
    body: async () => {
      const { userId, item, quantidade } = coxinhas(shop.customerA);
      return { userId, itens: [{ item, quantidade }] };
    },
    caller: asA,
  },
  {
    method: 'POST',
    route: '/api/reviews',
    body: async () => ({
      productId: 'brigadeiro',
      productName: 'Brigadeiro',
      rating: 5,
      comment: 'Muito bom',
      userName: 'Maria Souza',
      userEmail: shop.customerA.email,
    }),
    caller: asReviewer,
  },
  {
    method: 'POST',
    route: '/payments/mercadopago/transparent-checkout',
    body: async () =>
      checkoutBody(shop.customerA, {
        deliveryType: 'delivery',
        items: [{ id: 'coxinha-de-frango', title: 'Coxinha', unit_price: 0.6, quantity: 20 }],
        address: {
          zipCode: '01001-000',
          streetName: 'Praça da Sé',
          streetNumber: '1',
          neighborhood: 'Sé',
          city: 'São Paulo',
          federalUnit: 'SP',
          complement: 'lado ímpar',
        },
        phone: '(11) 98765-4321',
      }),
    caller: asA,
  },
  {
    method: 'POST',
    route: '/payments/cancel-payment',
    body: async () => ({ paymentId: '1234567890' }),
    caller: asA,
  },
  { method: 'POST', route: '/api/cookie-consent', body: async () => ({ consent: 'accepted' }) },
  {
    method: 'POST',
    route: '/api/custom-orders',
    body: async () => ({
      nome: 'Marina Souza',
      email: 'marina@example.com',
      telefone: '(11) 98765-4321',
      dataEvento: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      descricao: 'Aniversário de 40 anos, 80 convidados.',
    }),
  },
  { method: 'POST', route: '/api/chatbot', body: async () => ({ message: 'Qual o horário?' }) },
  { method: 'POST', route: '/api/admin/products', body: async () => product, caller: asAdmin },
  {
    method: 'PUT',
    route: `/api/admin/products/${someId}`,
    body: async () => product,
    caller: asAdmin,
  },
  {
    method: 'POST',
    route: '/api/admin/products/sync',
    body: async () => ({
      items: [{ name: product.name, price: 4.5, description: 'x', category: 'Salgados Fritos' }],
    }),
    caller: asAdmin,
  },
  {
    method: 'PUT',
    route: `/api/admin/orders/${someId}/status`,
    body: async () => ({ orderStatus: 'processing' }),
    caller: asAdmin,
  },
  { method: 'POST', route: '/api/admin/users', body: async () => user, caller: asAdmin },
  { method: 'PUT', route: `/api/admin/users/${someId}`, body: async () => user, caller: asAdmin },
  { method: 'POST', route: '/api/admin/sales', body: async () => sale, caller: asAdmin },
  { method: 'PUT', route: `/api/admin/sales/${someId}`, body: async () => sale, caller: asAdmin },
  {
    method: 'PUT',
    route: '/api/admin/shop',
    body: async () => shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS),
    caller: asAdmin,
  },
  {
    method: 'PUT',
    route: '/api/admin/schedule',
    body: async () => structuredClone(DEFAULT_KITCHEN_SCHEDULE),
    caller: asAdmin,
  },
  {
    method: 'POST',
    route: '/simulator/card_tokens',
    body: async () => ({
      cardNumber: '4235 6477 2802 5682',
      cardholderName: 'APRO',
      expirationMonth: '11',
      expirationYear: '2030',
      securityCode: '123',
      docNumber: '12345678909',
    }),
  },
];

const refusedFields = (body: unknown) =>
  z.object({ fields: anyJson.optional() }).parse(body).fields ?? {};

/** Every path to a value that is not an object or an array, e.g. `['address', 'city']`. */
function leafPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value))
    return value.flatMap((entry, index) => leafPaths(entry, [...prefix, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) => leafPaths(entry, [...prefix, key]));
  }
  return [prefix];
}

/** A copy of the body with the value at `path` replaced. */
function withValueAt(body: Json, path: (string | number)[], value: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(body)) {
    return body.map((entry, index) => (index === head ? withValueAt(entry, rest, value) : entry));
  }
  if (body !== null && typeof body === 'object') {
    return { ...body, [head]: withValueAt(body[String(head)] ?? null, rest, value) };
  }
  return body;
}

/** Registers these tests on the suite's shop (see bodies-and-headers.test.ts). */
export function requestBodyTests(current: () => SecurityShop): void {
  beforeAll(() => {
    shop = current();
  });

  describe('Mongo operators in JSON bodies', () => {
    it('given each body route’s valid body, then its schema does not refuse it (so the refusals below are the operator’s)', async () => {
      for (const { method, route, body, caller } of bodyRoutes()) {
        const answer = await shop.call(method, route, {
          token: (await caller?.())?.token ?? null,
          body: await body(),
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        const bySchema = answer.status === 400 && 'fields' in anyJson.parse(answer.body);
        expect({ route, status: bySchema ? answer.text : 'not refused' }).toEqual({
          route,
          status: 'not refused',
        });
      }
    });

    it('given an operator object in place of any field of any body, then 400 from the schema, never a 2xx', async () => {
      for (const { method, route, body, caller } of bodyRoutes()) {
        const valid = await body();
        for (const path of leafPaths(valid)) {
          for (const operator of OPERATORS) {
            const answer = await shop.call(method, route, {
              token: (await caller?.())?.token ?? null,
              body: withValueAt(await body(), path, operator),
              headers: { 'idempotency-key': crypto.randomUUID() },
            });
            expect({
              route,
              field: path.join('.'),
              operator,
              status: answer.status,
              // parseWith names each refused field: the operator's own must be among them.
              refusedBySchema:
                answer.status === 400 && path.join('.') in refusedFields(answer.body),
            }).toEqual({
              route,
              field: path.join('.'),
              operator,
              status: 400,
              refusedBySchema: true,
            });
          }
        }
      }
    });

    it('given an operator as a key beside the fields, or as the whole body, then 400', async () => {
      for (const { method, route, body, caller } of bodyRoutes()) {
        for (const hostile of [
          { ...(await body()), $where: 'sleep(1000)' },
          { ...(await body()), $set: { role: 'admin' } },
          { $gt: '' },
        ]) {
          const answer = await shop.call(method, route, {
            token: (await caller?.())?.token ?? null,
            body: hostile,
            headers: { 'idempotency-key': crypto.randomUUID() },
          });
          expect({ route, hostile, status: answer.status }).toEqual({
            route,
            hostile,
            status: 400,
          });
        }
      }
    });

    it('given the login route, when the password is an operator, then no token is given out', async () => {
      const answer = await shop.call('POST', '/api/auth/login', {
        body: {
          email: shop.customerA.email,
          password: { $ne: null },
          recaptchaToken: await shop.captcha(),
        },
      });
      expect(answer.status).toBe(400);
      expect(anyJson.parse(answer.body)).not.toHaveProperty('token');
    });
  });

  /**
   * Routes that never read a body: the simulator's buttons and the projection
   * operations. A body sent to them is left unread, so it can do nothing there.
   */
  const BODILESS = new Set([
    'POST /simulator/payments/:paymentId/approve',
    'POST /simulator/payments/:paymentId/reject',
    'POST /simulator/payments/:paymentId/chargeback',
    'POST /api/admin/projections/rebuild',
    'POST /api/admin/projections/:name/:operation',
  ]);

  const label = (route: RouteEntry) => `${route.method} ${route.path}`;

  /** Every registered route but reads and deletes: the shop's own, command-api's and query-api's. */
  function writeRoutes(): RouteEntry[] {
    return routeTable(shop.server.app)
      .filter((route) => !['GET', 'HEAD', 'DELETE'].includes(route.method))
      .filter((route) => !BODILESS.has(label(route)));
  }

  const concrete = (path: string) => path.replace(/:(\w+)/g, () => someId);

  describe('body size and syntax', () => {
    it('given a route that never reads its body, then a body changes nothing there', async () => {
      const bodiless = routeTable(shop.server.app).filter((route) => BODILESS.has(label(route)));
      expect(bodiless.map(label).sort()).toEqual([...BODILESS].sort());
      for (const route of bodiless) {
        const plain = await shop.call(route.method, concrete(route.path));
        const loaded = await shop.call(route.method, concrete(route.path), { body: '{"a": ' });
        expect({ route: label(route), status: loaded.status }).toEqual({
          route: label(route),
          status: plain.status,
        });
      }
    });

    it('given a JSON body over the limit on any route that reads one, then 413 with the pt-BR message, before authentication', async () => {
      const oversized = JSON.stringify({ message: 'a'.repeat(150 * 1024) });
      for (const route of writeRoutes()) {
        const answer = await shop.call(route.method, concrete(route.path), { body: oversized });
        expect({ route: label(route), status: answer.status, body: answer.body }).toEqual({
          route: label(route),
          status: 413,
          body: expect.objectContaining({ message: messages.requestTooLarge }),
        });
      }
    });

    it('given malformed JSON on any route that reads a body, then 400 Requisição inválida. and no stack trace', async () => {
      for (const malformed of ['{"email": ', "{'a': 1}", '{"a": 1,}', 'NaN', '[1, 2']) {
        for (const route of writeRoutes()) {
          const answer = await shop.call(route.method, concrete(route.path), { body: malformed });
          expect({
            route: label(route),
            malformed,
            status: answer.status,
            body: answer.body,
          }).toEqual({
            route: label(route),
            malformed,
            status: 400,
            body: expect.objectContaining({ message: messages.invalidRequest }),
          });
          expect(answer.text).not.toMatch(/SyntaxError|at .*\.js|node_modules/);
        }
      }
    });
  });
}
