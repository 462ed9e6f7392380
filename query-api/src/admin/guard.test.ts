import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { routeTable } from '@quitute/infra/testing';
import { createQueryRouter } from '../app';
import { openAdminReads, type AdminReads } from './test-shop';

/** The registered query router's admin paths, each with its parameters filled in. */
function adminPaths(): string[] {
  const router = createQueryRouter({
    readStore: createMemoryReadStore(),
    waitForPosition: async () => true,
    health: () => ({ status: 'ok' }),
    tokens: createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
    captcha: { challenge: async () => ({}) },
    logger: silentLogger,
    eventLog: createMemoryEventStore(),
  });
  return routeTable(router)
    .filter((route) => route.method === 'GET' && route.path.startsWith('/api/admin'))
    .map((route) => route.path)
    .map((path) => path.replace(/:\w+/g, '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6'));
}

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads();
});
afterAll(() => shop.close());

describe('the admin guard on query routes', () => {
  const paths = adminPaths();

  it('given the registered query router, then it has the admin reads of admin-spec §7', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/products',
        '/api/admin/products/stats',
        '/api/admin/orders',
        '/api/admin/orders/stats',
        '/api/admin/orders/6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
        '/api/admin/users',
        '/api/admin/users/stats',
        '/api/admin/users/6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
        '/api/admin/sales',
        '/api/admin/sales/stats',
        '/api/admin/sales/daily-chart',
        '/api/admin/sales/monthly-report',
        '/api/admin/orders.csv',
        '/api/admin/sales.csv',
        '/api/admin/schedule',
        '/api/admin/production',
        '/api/admin/notifications',
        '/api/admin/dashboard/recent-orders',
        '/api/admin/dashboard/top-selling-products',
        '/api/admin/dashboard/orders-today',
        '/api/admin/dashboard/sales-today',
        '/api/admin/dashboard/sales-month',
        '/api/admin/dashboard/daily-sales',
        '/api/admin/orders/6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6/history',
        '/api/admin/events',
        '/api/admin/events/streams/6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
      ]),
    );
  });

  it('given every registered /api/admin GET, when called without a token, then 401 in pt-BR', async () => {
    for (const path of paths) {
      const response = await shop.get(path, { token: null });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(await response.json()).toMatchObject({ message: accountMessages.tokenMissing });
    }
  });

  it('given every registered /api/admin GET, when called with a customer token, then 403', async () => {
    for (const path of paths) {
      const response = await shop.get(path, { token: shop.customerToken });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
      expect(await response.json()).toMatchObject({ message: accountMessages.forbidden });
    }
  });

  it('given every registered /api/admin GET, when called by the admin, then neither 401 nor 403', async () => {
    for (const path of paths) {
      const response = await shop.get(`${path}?year=2026&month=1`);
      expect({ path, refused: [401, 403].includes(response.status) }).toEqual({
        path,
        refused: false,
      });
    }
  });

  it('given an admin path nobody registered, then the guard still answers first (401)', async () => {
    expect((await shop.get('/api/admin/anything', { token: null })).status).toBe(401);
  });
});
