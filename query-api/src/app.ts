import express, { Router, type Express } from 'express';
import type { TrustProxy } from '@quitute/infra/config';
import {
  apiNotFound,
  errorHandler,
  isHttpsUrl,
  requestLogging,
  securityHeaders,
} from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import {
  healthStatusCode,
  type HealthReport,
  type OwnWrites,
  type WaitForPosition,
} from '@quitute/infra/projection-progress';
import type { TokenVerifier } from '@quitute/infra/auth';
import type { ReadStore } from '@quitute/infra/read-store';
import {
  accountQueryRoutes,
  sessionVersionsFromReadModel,
  type CaptchaChallenger,
} from './accounts/routes';
import { cartQueryRoutes } from './cart/routes';
import { catalogRoutes } from './catalog/routes';
import { cepRoutes } from './cep/routes';
import { orderQueryRoutes, SIMULATOR_PAYMENTS, type PaymentsPublicConfig } from './ordering/routes';
import { readYourWrites, signedInReadYourWrites } from './shared/read-your-writes';

export interface QueryDeps {
  readStore: ReadStore;
  waitForPosition: WaitForPosition;
  /** Whether the read models are kept up to date: /health answers it (503 only when failed). */
  health: () => HealthReport;
  tokens: TokenVerifier;
  captcha: CaptchaChallenger;
  /** Embedded only: each user's last write, so reads without X-Min-Position still see it. */
  ownWrites?: OwnWrites;
  /** Which payment provider's card form the web app shows (GET /api/payments/config); the simulator by default. */
  payments?: PaymentsPublicConfig;
  /** VIACEP_URL; https://viacep.com.br by default. */
  viaCepUrl?: string;
  logger: Logger;
  /** The clock of "the last N days" filters; the wall clock by default. */
  now?: () => Date;
}

/** Every GET of the spec (ARCHITECTURE §7). */
export function createQueryRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    const report = deps.health();
    res.status(healthStatusCode(report)).json(report);
  });
  const signedInReads = {
    readStore: deps.readStore,
    tokens: deps.tokens,
    sessionVersions: sessionVersionsFromReadModel(deps.readStore),
    readYourWrites: signedInReadYourWrites(deps.waitForPosition, deps.ownWrites),
  };
  router.use('/api/products', readYourWrites(deps.waitForPosition));
  router.use(catalogRoutes(deps.readStore));
  router.use(accountQueryRoutes({ ...signedInReads, captcha: deps.captcha }));
  router.use(cartQueryRoutes(signedInReads));
  router.use(
    orderQueryRoutes({
      ...signedInReads,
      payments: deps.payments ?? SIMULATOR_PAYMENTS,
      now: deps.now ?? (() => new Date()),
    }),
  );
  router.use(
    cepRoutes({
      logger: deps.logger,
      ...(deps.viaCepUrl ? { viaCepUrl: deps.viaCepUrl } : {}),
    }),
  );
  return router;
}

/** How the app sits behind its proxy (distributed topology: nginx). */
export interface ServiceHttpOptions {
  /** TRUST_PROXY: which proxies' X-Forwarded-For to believe; none by default. */
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: https there turns on HSTS and upgrade-insecure-requests. */
  publicUrl?: string;
}

/** query-api on its own (distributed topology); tests use it on port 0. */
export function createQueryApp(deps: QueryDeps & ServiceHttpOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(securityHeaders({ https: isHttpsUrl(deps.publicUrl) }));
  app.use(requestLogging(deps.logger));
  app.use(createQueryRouter(deps));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
