import express, { Router, type Express } from 'express';
import type { TrustProxy } from '@quitute/infra/config';
import {
  apiNotFound,
  errorHandler,
  isHttpsUrl,
  requestLogging,
  securityHeaders,
} from '@quitute/infra/http';
import { authenticate, requireRole } from '@quitute/infra/auth';
import type { Metrics } from '@quitute/infra/metrics';
import { healthStatusCode, type HealthReport } from '@quitute/infra/projection-progress';
import { paymentSimulatorRouter, type PaymentSimulator } from '@quitute/infra/payment-gateway';
import { adminUserRoutes } from './accounts/admin-routes';
import { sessionVersionsFromStreams } from './accounts/accounts';
import { adminWriteLimiter, DEFAULT_RATE_LIMITS } from './accounts/rate-limits';
import { accountRoutes, type AccountsDeps } from './accounts/routes';
import { cartRoutes, type CartDeps } from './cart/routes';
import { adminProductRoutes } from './catalog/admin-routes';
import { consentRoutes, type ConsentDeps } from './consent/routes';
import { customOrderRoutes, type CustomOrderDeps } from './custom-orders/routes';
import { adminNotificationRoutes } from './notifications/admin-routes';
import { unsubscribeRoutes } from './notifications/unsubscribe';
import { adminOrderRoutes } from './ordering/admin-routes';
import type { OrderingOptions } from './payments/options';
import { paymentRoutes } from './payments/routes';
import { reviewRoutes, type ReviewDeps } from './reviews/routes';
import { adminSaleRoutes } from './sales/admin-routes';
import { countCommands } from './shared/command-metrics';
import { adminScheduleRoutes } from './schedule/admin-routes';
import type { ScheduleReader } from './schedule/schedule-reader';
import { adminShopRoutes } from './shop/admin-routes';

export type CommandDeps = AccountsDeps &
  CartDeps &
  ReviewDeps &
  ConsentDeps &
  CustomOrderDeps & {
    /** Checkout, payments and orders; their routes are mounted only when given. */
    ordering?: OrderingOptions | undefined;
    /** Counts the commands answered, and (createCommandApp) times requests and serves /metrics. */
    metrics?: Metrics | undefined;
    /** Issue 40: the kitchen's calendar the checkout enforces (one reader per process); read from the event store when absent. */
    schedule?: ScheduleReader | undefined;
  };

/**
 * Every POST/PUT/PATCH/DELETE of the spec (ARCHITECTURE §7). Each answers with
 * the new state of the aggregate it changed plus the global `position`.
 */
export function createCommandRouter(deps: CommandDeps): Router {
  const router = Router();
  if (deps.metrics) router.use(countCommands(deps.metrics));
  // The one guard of every admin command (ARCHITECTURE §5), ahead of every route:
  // a route added under /api/admin anywhere below cannot be reached without it.
  router.use(
    '/api/admin',
    authenticate(
      deps.tokens,
      deps.sessions?.lookup ??
        sessionVersionsFromStreams({
          eventStore: deps.eventStore,
          snapshotStore: deps.snapshotStore,
          logger: deps.logger,
        }),
    ),
    requireRole('admin'),
    adminWriteLimiter(deps.rateLimits ?? DEFAULT_RATE_LIMITS, deps.rateLimitStore),
  );
  router.use(adminProductRoutes(deps));
  router.use(adminOrderRoutes(deps));
  router.use(adminUserRoutes(deps));
  router.use(adminSaleRoutes(deps));
  router.use(adminShopRoutes(deps));
  router.use(adminScheduleRoutes(deps));
  router.use(adminNotificationRoutes(deps));
  router.use(accountRoutes(deps));
  router.use(unsubscribeRoutes(deps));
  router.use(cartRoutes(deps));
  router.use(reviewRoutes(deps));
  router.use(consentRoutes(deps));
  router.use(customOrderRoutes(deps));
  if (deps.ordering) router.use(paymentRoutes(deps, deps.ordering));
  return router;
}

/** Every command route behind the JSON body parser: what a proxy sends command-api. */
export function commandRoutes(deps: CommandDeps): Router {
  return Router().use(jsonBody, createCommandRouter(deps));
}

/**
 * JSON bodies only, small (nothing the shop accepts is larger) and never
 * compressed: a browser does not compress what it sends, and a gzip or brotli
 * body would cost inflating before the size limit could judge it (415).
 */
export const jsonBody = express.json({ limit: '100kb', strict: true, inflate: false });

/** How the app sits behind its proxy (distributed topology: nginx). */
export interface ServiceHttpOptions {
  /** TRUST_PROXY: which proxies' X-Forwarded-For to believe; none by default. */
  trustProxy?: TrustProxy;
}

/**
 * command-api on its own (distributed topology): its routes behind security
 * headers, request logs and /health. `simulatorRoutes` first: they parse their
 * own bodies; `router` parses JSON.
 */
export function commandServiceApp(
  routes: { router: Router; simulatorRoutes: Router | null },
  deps: Pick<CommandDeps, 'eventStore' | 'logger' | 'metrics' | 'publicUrl'> &
    ServiceHttpOptions & {
      /** What runs beside the routes (the process managers): not ok says so on /health. */
      health?: () => HealthReport;
    },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(securityHeaders({ https: isHttpsUrl(deps.publicUrl) }));
  app.use(requestLogging(deps.logger));
  if (deps.metrics) app.use(deps.metrics.http);
  app.get('/health', async (_req, res) => {
    await deps.eventStore.headPosition();
    const report = deps.health?.() ?? { status: 'ok' };
    res.status(healthStatusCode(report)).json(report);
  });
  if (routes.simulatorRoutes) app.use(routes.simulatorRoutes);
  app.use(routes.router);
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}

/** command-api on its own over the given dependencies: tests use it on port 0. */
export function createCommandApp(
  deps: CommandDeps &
    ServiceHttpOptions & {
      /** The simulator while it is the provider: its pages and card tokenizer are mounted. */
      simulator?: PaymentSimulator | null | undefined;
    },
): Express {
  const simulatorRoutes = deps.simulator ? paymentSimulatorRouter(deps.simulator) : null;
  return commandServiceApp({ router: commandRoutes(deps), simulatorRoutes }, deps);
}
