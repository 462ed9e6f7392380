import express, { Router, type Express } from 'express';
import type { TrustProxy } from '@quitute/infra/config';
import {
  apiNotFound,
  errorHandler,
  isHttpsUrl,
  isLocalClient,
  requestLogging,
  securityHeaders,
} from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import type { Metrics } from '@quitute/infra/metrics';
import {
  healthStatusCode,
  type HealthReport,
  type OwnWrites,
  type WaitForPosition,
} from '@quitute/infra/projection-progress';
import { DEFAULT_LOW_STOCK_THRESHOLD, PROJECTION_NAMES } from '@quitute/contracts';
import {
  authenticate,
  requireRole,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import type { ReadStore } from '@quitute/infra/read-store';
import {
  accountQueryRoutes,
  sessionVersionsFromReadModel,
  type CaptchaChallenger,
} from './accounts/routes';
import { adminAccountRoutes } from './accounts/admin-routes';
import { adminDashboardRoutes } from './admin/dashboard-routes';
import { auditRoutes, type EventLog } from './audit/routes';
import { productPhotoRoutes } from './catalog/photos';
import { cartQueryRoutes } from './cart/routes';
import { adminCatalogRoutes } from './catalog/admin-routes';
import { catalogRoutes } from './catalog/routes';
import { cepRoutes } from './cep/routes';
import { chatbotRoutes, type ChatbotOptions } from './chatbot/routes';
import { adminCustomOrderRoutes } from './custom-orders/admin-routes';
import { adminNotificationRoutes } from './notifications/routes';
import { adminOrderRoutes } from './ordering/admin-routes';
import { orderQueryRoutes, SIMULATOR_PAYMENTS, type PaymentsPublicConfig } from './ordering/routes';
import { reviewQueryRoutes } from './reviews/routes';
import { projectionsStatusRoutes } from './projections/routes';
import { productionRoutes } from './schedule/production';
import { scheduleRoutes } from './schedule/routes';
import { shopRoutes } from './shop/routes';
import { adminSalesRoutes } from './sales/admin-routes';
import { readYourWrites, signedInReadYourWrites } from './shared/read-your-writes';

export interface QueryDeps {
  /**
   * Each user's session version, by which tokens are checked; the users read
   * model by default (query-api on its own sees a role change or deletion once
   * projected). The embedded shop passes its command side's session view: a
   * change made in that process then ends older tokens on reads at once.
   */
  sessionVersions?: SessionVersionLookup;
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
  /** The clock of "the last N days" filters and of the reports' "today"; the wall clock by default. */
  now?: () => Date;
  /**
   * CHATBOT_WEBHOOK_URL and the chat's limit (POST /api/chatbot); the hours and
   * contacts it tells are the shop's settings, read when it answers.
   */
  chatbot?: ChatbotOptions;
  /** LOW_STOCK_THRESHOLD: a product with less stock is low on stock (admin product stats). */
  lowStockThreshold?: number;
  /** The event store, read only: the auditors' order histories and event log, how far behind it each projection is, and the product photos (not mounted without it). */
  eventLog?: EventLog;
}

/** Paths whose POST this service answers, not command-api (the chatbot reads the read models): proxies route them here. */
export const QUERY_API_POSTS: readonly string[] = ['/api/chatbot'];

/** Every GET of the spec (ARCHITECTURE §7). */
export function createQueryRouter(deps: QueryDeps): Router {
  const router = Router();
  // The public /health (nginx sends it here; the embedded shop's too): its status code
  // and status for everyone, the reason (errors as the stores wrote them: internal host
  // names, addresses, paths) only for a client on this machine. The logs have it all.
  router.get('/health', (req, res) => {
    const report = deps.health();
    res
      .status(healthStatusCode(report))
      .json(isLocalClient(req) ? report : { status: report.status });
  });
  const signedInReads = {
    readStore: deps.readStore,
    tokens: deps.tokens,
    sessionVersions: deps.sessionVersions ?? sessionVersionsFromReadModel(deps.readStore),
    readYourWrites: signedInReadYourWrites(deps.waitForPosition, deps.ownWrites),
  };
  const now = deps.now ?? (() => new Date());
  // The one admin guard: every GET under /api/admin passes here first, so a new
  // admin route cannot forget it (401 without a valid token, 403 for another role).
  router.use(
    '/api/admin',
    authenticate(signedInReads.tokens, signedInReads.sessionVersions),
    requireRole('admin'),
    signedInReads.readYourWrites,
  );
  router.use(
    adminCatalogRoutes({
      readStore: deps.readStore,
      lowStockThreshold: deps.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    }),
  );
  router.use(adminOrderRoutes({ readStore: deps.readStore, now }));
  router.use(productionRoutes({ readStore: deps.readStore }));
  router.use(adminCustomOrderRoutes({ readStore: deps.readStore }));
  router.use(adminNotificationRoutes({ readStore: deps.readStore }));
  if (deps.eventLog) router.use(auditRoutes({ eventLog: deps.eventLog }));
  router.use(adminAccountRoutes({ readStore: deps.readStore }));
  router.use(adminSalesRoutes({ readStore: deps.readStore, now }));
  router.use(adminDashboardRoutes({ readStore: deps.readStore, now }));
  if (deps.eventLog) {
    router.use(
      projectionsStatusRoutes({
        readStore: deps.readStore,
        eventStore: deps.eventLog,
        projectionNames: PROJECTION_NAMES,
        now,
      }),
    );
  }
  router.use('/api/products', readYourWrites(deps.waitForPosition));
  router.use(catalogRoutes(deps.readStore));
  if (deps.eventLog) router.use(productPhotoRoutes({ eventLog: deps.eventLog }));
  router.use(accountQueryRoutes({ ...signedInReads, captcha: deps.captcha }));
  router.use(cartQueryRoutes(signedInReads));
  router.use(
    orderQueryRoutes({
      ...signedInReads,
      payments: deps.payments ?? SIMULATOR_PAYMENTS,
      now,
    }),
  );
  router.use(
    reviewQueryRoutes({ readStore: deps.readStore, waitForPosition: deps.waitForPosition }),
  );
  // The admin's page and the footer read the settings back after a save (X-Min-Position).
  router.use('/api/shop', readYourWrites(deps.waitForPosition));
  router.use(shopRoutes({ readStore: deps.readStore }));
  router.use('/api/schedule', readYourWrites(deps.waitForPosition));
  router.use(scheduleRoutes({ readStore: deps.readStore, now }));
  router.use(chatbotRoutes({ ...signedInReads, logger: deps.logger, options: deps.chatbot }));
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
  /** Times requests by route and serves /metrics. */
  metrics?: Metrics;
}

/** query-api on its own (distributed topology): its routes behind security headers and request logs. */
export function queryServiceApp(
  router: Router,
  deps: Pick<QueryDeps, 'logger'> & ServiceHttpOptions,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(securityHeaders({ https: isHttpsUrl(deps.publicUrl) }));
  app.use(requestLogging(deps.logger));
  if (deps.metrics) app.use(deps.metrics.http);
  app.use(router);
  app.use(apiNotFound);
  app.use(errorHandler(deps.logger));
  return app;
}

/** query-api on its own over the given dependencies: tests use it on port 0. */
export function createQueryApp(deps: QueryDeps & ServiceHttpOptions): Express {
  return queryServiceApp(createQueryRouter(deps), deps);
}
