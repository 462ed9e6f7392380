import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, reviewMessages } from '@quitute/contracts';
import { routeTable, type RouteEntry } from '@quitute/infra/testing';
import { type Account, type SecurityShop } from './shop';

/**
 * Issue 14.2: every route the embedded shop registers — its own, command-api's
 * and query-api's, read from their routers so a route added later is walked
 * too — called with no token, a customer's and the admin's. A route nobody
 * classified below fails the first test: whoever adds one says who may call it.
 */

type Access =
  /** Anyone, no token needed. */
  | 'public'
  /** A signed-in customer (the admin too); 401 without a token. */
  | 'customer'
  /** The admin only: 401 without a token, 403 for a customer. */
  | 'admin'
  /** Not the API: the dev mailbox, the payment simulator, the provider's webhook — a token grants nothing there. */
  | 'internal';

const access: Record<string, Access> = {
  // The embedded shop's own routers.
  'GET /dev/mailbox': 'internal',
  'GET /dev/mailbox/:id': 'internal',
  'GET /dev/mailbox/sms/:id': 'internal',
  'GET /simulator/payments/:paymentId': 'internal',
  'POST /simulator/payments/:paymentId/approve': 'internal',
  'POST /simulator/payments/:paymentId/reject': 'internal',
  'POST /simulator/payments/:paymentId/refund': 'internal',
  'POST /simulator/payments/:paymentId/chargeback': 'internal',
  'POST /simulator/card_tokens': 'internal',
  'POST /api/admin/projections/rebuild': 'admin',
  'POST /api/admin/projections/:name/:operation': 'admin',
  // command-api
  'POST /api/admin/products': 'admin',
  'POST /api/admin/products/sync': 'admin',
  'POST /api/admin/products/photos': 'admin',
  'PUT /api/admin/products/:id': 'admin',
  'DELETE /api/admin/products/:id': 'admin',
  'PUT /api/admin/orders/:id/status': 'admin',
  'POST /api/admin/orders/:id/refund': 'admin',
  'POST /api/admin/orders/:id/refunds/:refundId/retry': 'admin',
  'DELETE /api/admin/orders/:id': 'admin',
  'POST /api/admin/users': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/sales': 'admin',
  'PUT /api/admin/sales/:id': 'admin',
  'DELETE /api/admin/sales/:id': 'admin',
  'PUT /api/admin/shop': 'admin',
  'PUT /api/admin/schedule': 'admin',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/reset-password/confirm': 'public',
  'POST /api/auth/logout': 'customer',
  'PUT /api/users/profile': 'customer',
  'PUT /api/users/preferences': 'customer',
  // Issue 41: the signed link is the proof (confirm, unsubscribe); resending needs her login.
  'POST /api/users/confirm-email': 'public',
  'POST /api/users/email-confirmation': 'customer',
  'POST /api/notifications/unsubscribe': 'public',
  'POST /carrinho': 'customer',
  'POST /carrinho/sync': 'customer',
  'DELETE /carrinho/:userId': 'customer',
  'POST /api/reviews': 'customer',
  'POST /api/reviews/:id/report': 'customer',
  'PATCH /api/admin/reviews/:id/approve': 'admin',
  'DELETE /api/admin/reviews/:id': 'admin',
  'POST /api/admin/notifications/:id/retry': 'admin',
  'POST /api/cookie-consent': 'public',
  'POST /api/custom-orders': 'public',
  'POST /payments/mercadopago/transparent-checkout': 'customer',
  'POST /payments/cancel-payment': 'customer',
  'POST /payments/webhook': 'internal',
  // query-api
  'GET /health': 'public',
  'GET /api/admin/products': 'admin',
  'GET /api/admin/products/stats': 'admin',
  'GET /api/admin/orders': 'admin',
  'GET /api/admin/orders/stats': 'admin',
  'GET /api/admin/orders/:id': 'admin',
  'GET /api/admin/orders/:id/history': 'admin',
  'GET /api/admin/events': 'admin',
  'GET /api/admin/events/streams/:stream': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/stats': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'GET /api/admin/sales': 'admin',
  'GET /api/admin/sales/stats': 'admin',
  'GET /api/admin/sales/daily-chart': 'admin',
  'GET /api/admin/sales/monthly-report': 'admin',
  'GET /api/admin/dashboard/recent-orders': 'admin',
  'GET /api/admin/dashboard/top-selling-products': 'admin',
  'GET /api/admin/dashboard/orders-today': 'admin',
  'GET /api/admin/dashboard/sales-today': 'admin',
  'GET /api/admin/dashboard/sales-month': 'admin',
  'GET /api/admin/dashboard/daily-sales': 'admin',
  'GET /api/admin/projections': 'admin',
  'GET /api/admin/reviews': 'admin',
  'GET /api/admin/custom-orders': 'admin',
  'GET /api/admin/notifications': 'admin',
  'GET /api/admin/shop': 'admin',
  'GET /api/admin/schedule': 'admin',
  'GET /api/admin/production': 'admin',
  'GET /api/admin/orders.csv': 'admin',
  'GET /api/admin/sales.csv': 'admin',
  'GET /api/shop': 'public',
  'GET /api/schedule': 'public',
  'GET /api/schedule/availability': 'public',
  'GET /api/delivery/quote': 'public',
  'GET /api/products': 'public',
  'GET /photos/:file': 'public',
  'GET /api/auth/captcha': 'public',
  'GET /api/users/profile': 'customer',
  'GET /api/users/preferences': 'customer',
  'GET /carrinho/:userId': 'customer',
  'GET /api/orders': 'customer',
  'GET /api/orders/:id': 'customer',
  'GET /payments/process-payment/:paymentId': 'customer',
  'GET /api/payments/config': 'public',
  'GET /api/reviews': 'public',
  'POST /api/chatbot': 'public',
  'GET /api/cep/:cep': 'public',
};

/** The spec's own message where it names one for a missing login (customer-spec §5). */
const noTokenMessage: Record<string, string> = {
  'POST /api/reviews': reviewMessages.required,
};

/**
 * Customer routes that name something by a path parameter, and where the
 * suite proves customer B cannot reach customer A's (./cross-customer.ts), or
 * why B may. A new one fails the walk until it has its cross-customer test.
 */
const crossCustomerChecked: Record<string, string> = {
  'GET /api/orders/:id': 'B gets 404 for A’s order',
  'GET /payments/process-payment/:paymentId': 'B gets 404 for A’s payment',
  'GET /carrinho/:userId': 'B is refused A’s cart',
  'DELETE /carrinho/:userId': 'B cannot clear A’s cart',
  'POST /api/reviews/:id/report': 'any customer may report another’s public review (spec)',
};

let shop: SecurityShop;

const label = (route: RouteEntry) => `${route.method} ${route.path}`;

/** Every route the shop answers: its own and, behind its method split, command-api's and query-api's. */
function registeredRoutes(): RouteEntry[] {
  return routeTable(shop.server.app);
}

/**
 * A concrete URL: a cart's user is the caller (the one case where the path
 * names its owner), a CEP is malformed (no lookup leaves this machine), any
 * other parameter names nothing that exists.
 */
function urlOf(path: string, caller: Account | null): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === 'userId') return caller?.userId ?? crypto.randomUUID();
    if (name === 'cep') return 'nao-e-cep';
    if (name === 'paymentId') return '1234567890';
    return crypto.randomUUID();
  });
}

/**
 * Routes that end the caller's session ('Sair'): walked with a customer of their
 * own, so the suite's customers and admin stay signed in for the tests after.
 */
const endsCallersSession = new Set(['POST /api/auth/logout']);

async function ask(route: RouteEntry, given: Account | null) {
  const caller =
    given && endsCallersSession.has(label(route)) ? await shop.newCustomer('sair') : given;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  return shop.call(route.method, urlOf(route.path, caller), {
    token: caller?.token ?? null,
    ...(hasBody ? { body: {} } : {}),
  });
}

function routesWith(kind: Access): RouteEntry[] {
  return registeredRoutes().filter((route) => access[label(route)] === kind);
}

/** Registers these tests on the suite's shop (see access.test.ts). */
export function routeWalkTests(current: () => SecurityShop): void {
  beforeAll(() => {
    shop = current();
  });

  describe('the route walk', () => {
    it('given every registered route, then each is classified, and every classified route is still registered', () => {
      const registered = registeredRoutes().map(label);
      expect(registered.filter((route) => !(route in access))).toEqual([]);
      expect(Object.keys(access).filter((route) => !registered.includes(route))).toEqual([]);
    });

    it('given every customer route with a path parameter, then customer B’s access to customer A’s is tested', () => {
      const withParameter = routesWith('customer')
        .map(label)
        .filter((route) => route.includes(':'));
      expect(withParameter.filter((route) => !(route in crossCustomerChecked))).toEqual([]);
    });

    it('given every admin route, when called without a token, as a customer and as the admin, then 401, 403 and let through', async () => {
      const routes = routesWith('admin');
      expect(routes.length).toBeGreaterThan(30);
      for (const route of routes) {
        expect(await ask(route, null), label(route)).toMatchObject({
          status: 401,
          body: { message: accountMessages.tokenMissing },
        });
        expect(await ask(route, shop.customerA), label(route)).toMatchObject({
          status: 403,
          body: { message: accountMessages.forbidden },
        });
        const asAdmin = (await ask(route, shop.admin)).status;
        expect({
          route: label(route),
          letThrough: asAdmin !== 401 && asAdmin !== 403 && asAdmin < 500,
        }).toEqual({
          route: label(route),
          letThrough: true,
        });
      }
    });

    it('given every customer route, when called without a token, then 401; as a customer or the admin, then let through without a server error', async () => {
      for (const route of routesWith('customer')) {
        expect(await ask(route, null), label(route)).toMatchObject({
          status: 401,
          body: { message: noTokenMessage[label(route)] ?? accountMessages.tokenMissing },
        });
        for (const caller of [shop.customerA, shop.admin]) {
          const status = (await ask(route, caller)).status;
          expect({
            route: label(route),
            caller: caller.email,
            status: status === 401 || status === 403 || status >= 500 ? status : 'let through',
          }).toEqual({
            route: label(route),
            caller: caller.email,
            status: 'let through',
          });
        }
      }
    });

    it('given every public route, when called without a token, then neither 401, 403 nor a server error', async () => {
      for (const route of routesWith('public')) {
        const { status } = await ask(route, null);
        expect({
          route: label(route),
          status: [401, 403].includes(status) || status >= 500 ? status : 'answered',
        }).toEqual({
          route: label(route),
          status: 'answered',
        });
      }
    });

    it('given every internal route, then a customer’s or the admin’s token changes nothing and nothing is a server error', async () => {
      for (const route of routesWith('internal')) {
        const anonymous = (await ask(route, null)).status;
        const statuses = [
          anonymous,
          (await ask(route, shop.customerA)).status,
          (await ask(route, shop.admin)).status,
        ];
        expect({ route: label(route), statuses }, label(route)).toEqual({
          route: label(route),
          statuses: [anonymous, anonymous, anonymous],
        });
        expect(anonymous, label(route)).toBeLessThan(500);
      }
    });
  });
}
