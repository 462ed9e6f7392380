import express, { Router, type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { apiNotFound, errorHandler, requestLogging } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import {
  healthStatusCode,
  type HealthReport,
  type WaitForPosition,
} from '@quitute/infra/projection-progress';
import type { TokenVerifier } from '@quitute/infra/auth';
import type { ReadStore } from '@quitute/infra/read-store';
import { accountQueryRoutes, type CaptchaChallenger } from './accounts/routes';
import { catalogRoutes } from './catalog/routes';
import { readYourWrites } from './shared/read-your-writes';

export interface QueryDeps {
  readStore: ReadStore;
  waitForPosition: WaitForPosition;
  /** Whether the read models are kept up to date: /health answers it (503 only when failed). */
  health: () => HealthReport;
  tokens: TokenVerifier;
  captcha: CaptchaChallenger;
}

/** Every GET of the spec (ARCHITECTURE §7). */
export function createQueryRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    const report = deps.health();
    res.status(healthStatusCode(report)).json(report);
  });
  router.use(readYourWrites(deps.waitForPosition));
  router.use(catalogRoutes(deps.readStore));
  router.use(accountQueryRoutes(deps));
  return router;
}

/** query-api on its own (distributed topology); tests use it on port 0. */
export function createQueryApp(deps: QueryDeps & { logger: Logger }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, uniquelocal');
  app.use(helmet());
  app.use(requestLogging(deps.logger, (options) => pinoHttp(options)));
  app.use(createQueryRouter(deps));
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}
