import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountMessages } from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { createQueryRouter } from '../app';
import { openAdminReads, type AdminReads } from './test-shop';

/** An Express layer as far as the walk needs it: a route's path and methods, or a nested router's stack. */
const layerSchema = z.object({
  route: z
    .object({ path: z.string(), methods: z.record(z.string(), z.boolean()) })
    .optional()
    .catch(undefined),
  handle: z.unknown(),
});

/** A router (a function with a `stack`) nested in another, or null. */
function stackOf(value: unknown): unknown[] | null {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null) return null;
  if (!('stack' in value) || !Array.isArray(value.stack)) return null;
  return value.stack;
}

/** Every GET path registered in a router, nested routers included. */
function getPaths(stack: readonly unknown[]): string[] {
  return stack.flatMap((entry) => {
    const layer = layerSchema.parse(entry);
    if (layer.route) return layer.route.methods['get'] ? [layer.route.path] : [];
    const nested = stackOf(layer.handle);
    return nested ? getPaths(nested) : [];
  });
}

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
  const routes = getPaths(stackOf(router) ?? []);
  return routes
    .filter((path) => path.startsWith('/api/admin'))
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
