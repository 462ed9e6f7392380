import express, { Router, type Express } from 'express';
import type { TrustProxy } from '@quitute/infra/config';
import {
  apiNotFound,
  errorHandler,
  isHttpsUrl,
  requestLogging,
  securityHeaders,
} from '@quitute/infra/http';
import { accountRoutes, type AccountsDeps } from './accounts/routes';
import { cartRoutes, type CartDeps } from './cart/routes';
import type { OrderingOptions } from './payments/options';
import { paymentRoutes } from './payments/routes';

export type CommandDeps = AccountsDeps &
  CartDeps & {
    /** Checkout, payments and orders; their routes are mounted only when given. */
    ordering?: OrderingOptions | undefined;
  };

/**
 * Every POST/PUT/PATCH/DELETE of the spec (ARCHITECTURE §7). Each answers with
 * the new state of the aggregate it changed plus the global `position`.
 */
export function createCommandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(accountRoutes(deps));
  router.use(cartRoutes(deps));
  if (deps.ordering) router.use(paymentRoutes(deps, deps.ordering));
  return router;
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

/** command-api on its own (distributed topology); tests use it on port 0. */
export function createCommandApp(deps: CommandDeps & ServiceHttpOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(securityHeaders({ https: isHttpsUrl(deps.publicUrl) }));
  app.use(requestLogging(deps.logger));
  app.get('/health', async (_req, res) => {
    await deps.eventStore.headPosition();
    res.json({ status: 'ok' });
  });
  app.use(jsonBody);
  app.use(createCommandRouter(deps));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
