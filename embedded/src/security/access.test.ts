import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_RATE_LIMITS, uniformRateLimits } from '@quitute/command-api';
import { crossCustomerTests } from './cross-customer';
import { jwtTests } from './jwt';
import { routeWalkTests } from './route-walk';
import { openSecurityShop, type SecurityShop } from './shop';

/**
 * Issue 14.2, who reaches what: customer B and customer A, forged tokens and
 * login throttling, then the walk of every route (last: as the admin it runs
 * the projection rebuild). One shop for them all — opening one is most of the
 * suite's cost.
 */

let shop: SecurityShop | undefined;
beforeAll(async () => {
  shop = await openSecurityShop({
    rateLimits: {
      ...uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
      failedLoginsPerEmailAndIp: DEFAULT_RATE_LIMITS.failedLoginsPerEmailAndIp,
    },
  });
});
afterAll(() => shop?.close());

const current = () => {
  if (!shop) throw new Error('the shop did not open');
  return shop;
};

crossCustomerTests(current);
jwtTests(current);
routeWalkTests(current);
