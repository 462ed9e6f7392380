import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { routeTable, type RouteEntry } from '@quitute/infra/testing';
import { createPaymentSimulator } from '@quitute/infra/payment-gateway';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { createCommandRouter } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { closeShops, openShop } from '../payments/testing';

/**
 * Every /api/admin route of command-api sits behind the one admin guard. The
 * routes are read from the command router's own route table, so a route added
 * later is checked without this test knowing of it.
 */

afterEach(closeShops);

const simulator = createPaymentSimulator({ webhookSecret: 'a-webhook-secret-for-tests' });
afterAll(() => simulator.close());

/** The command router with every optional part mounted (ordering included), as the shop runs it. */
function commandRouteTable(): RouteEntry[] {
  const eventStore = createMemoryEventStore();
  const router = createCommandRouter({
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    catalog: createCatalogView({ eventStore }),
    now: () => new Date(),
    tokens: createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
    captcha: { verify: async () => true },
    mailer: { send: async () => {} },
    publicUrl: 'http://loja.test',
    logger: silentLogger,
    ordering: {
      gateway: simulator,
      pixExpiryMinutes: 30,
    },
  });
  return routeTable(router);
}

const adminRoutes = commandRouteTable().filter((route) =>
  route.path.toLowerCase().startsWith('/api/admin'),
);

/** A concrete URL for a route: each parameter a fresh UUID. */
const urlOf = (path: string) => path.replace(/:\w+/g, () => randomUUID());

describe('the admin guard', () => {
  it('given the command routes, then the admin commands of the spec are among them', () => {
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/admin/products' },
        { method: 'PUT', path: '/api/admin/products/:id' },
        { method: 'DELETE', path: '/api/admin/products/:id' },
        { method: 'PUT', path: '/api/admin/orders/:id/status' },
        { method: 'DELETE', path: '/api/admin/orders/:id' },
        { method: 'POST', path: '/api/admin/users' },
        { method: 'PUT', path: '/api/admin/users/:id' },
        { method: 'DELETE', path: '/api/admin/users/:id' },
        { method: 'POST', path: '/api/admin/sales' },
        { method: 'PUT', path: '/api/admin/sales/:id' },
        { method: 'DELETE', path: '/api/admin/sales/:id' },
        { method: 'PUT', path: '/api/admin/shop' },
      ]),
    );
  });

  it('given every /api/admin route, when called without a token, with a bad one or as a customer, then 401, 401 and 403; as an admin it is let through', async () => {
    const shop = await openShop();
    const customer = await shop.customer();
    const admin = await shop.admin();
    const forged = createTokenService({ secret: 'another-secret-that-is-long-enough-987654' });
    const forgedAdmin = forged.sign({
      userId: admin.userId,
      email: admin.email,
      name: 'Gerente',
      role: 'admin',
      sessionVersion: 0,
    });
    for (const route of adminRoutes) {
      const url = urlOf(route.path);
      const ask = (token?: string) =>
        shop.call(route.method, url, { body: {}, ...(token ? { token } : {}) });
      const label = `${route.method} ${route.path}`;
      expect(await ask(), label).toMatchObject({
        status: 401,
        body: { message: accountMessages.tokenMissing },
      });
      expect((await ask(forgedAdmin)).status, label).toBe(401);
      expect(await ask(customer.token), label).toMatchObject({
        status: 403,
        body: { message: accountMessages.forbidden },
      });
      expect([401, 403], label).not.toContain((await ask(admin.token)).status);
    }
  });

  it('given an admin path in other case or not routed at all, when called without a token, then 401 before anything else', async () => {
    const shop = await openShop();
    expect((await shop.call('POST', '/API/Admin/products', { body: {} })).status).toBe(401);
    expect((await shop.call('POST', '/api/admin/nothing-here', { body: {} })).status).toBe(401);
    const customer = await shop.customer();
    const asCustomer = await shop.call('DELETE', '/api/admin/nothing-here', {
      token: customer.token,
    });
    expect(asCustomer.status).toBe(403);
  });
});
