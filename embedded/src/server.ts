import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import express, { Router, type Express, type Request, type RequestHandler } from 'express';
import { composeCommandApi, type CommandApi, type CommandApiDeps } from '@quitute/command-api';
import {
  createTokenService,
  loadOrCreateSecrets,
  type SessionVersionLookup,
} from '@quitute/infra/auth';
import { createBus, type Bus } from '@quitute/infra/bus';
import { StoreUnavailableError, type EventStore } from '@quitute/infra/event-store';
import {
  apiNotFound,
  errorHandler,
  isHttpsUrl,
  requestLogging,
  securityHeaders,
} from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess, type Metrics } from '@quitute/infra/metrics';
import { combineHealth, createOwnWrites, type OwnWrites } from '@quitute/infra/projection-progress';
import { devMailboxRouter, type OutboxMailer, type SmtpMailer } from '@quitute/infra/mail';
import type { PaymentGateway } from '@quitute/infra/payment-gateway';
import { createReadStore, type ReadStore } from '@quitute/infra/read-store';
import { createStores } from '@quitute/infra/snapshot-store';
import {
  buildReadModelsFirst,
  composeProjections,
  keepReadModelsSaved,
  openSavedReadModels,
  type ProjectionRunner,
  projections,
  READ_MODELS_FILE,
  READ_MODELS_SAVE_INTERVAL_MS,
} from '@quitute/projections';
import { restoreViews, savePeriodically, saveViews } from '@quitute/infra/saved-state';
import {
  composeQueryApi,
  projectionOperationRoutes,
  QUERY_API_POSTS,
  sessionVersionsFromReadModel,
  type ChatbotOptions,
} from '@quitute/query-api';
import { serveBackups, type BackupSocket } from './backup/socket';
import type { EmbeddedConfig } from './config';
import { serveWebApp } from './web-assets';

export interface EmbeddedServer {
  app: Express;
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  runner: ProjectionRunner;
  mailer: OutboxMailer | SmtpMailer;
  /** Mercado Pago, or the local simulator (whose pages and routes are then mounted). */
  paymentGateway: PaymentGateway;
  /** The position each user's own commands reached, for query-api to read them back. */
  ownWrites: OwnWrites;
  /** This process's Prometheus registry, served at /metrics. */
  metrics: Metrics;
  /** The admin account made on this start, if it was the first: its password is shown once. */
  admin: CommandApi['admin'];
  /**
   * Settles once the start's own work in the background is over: the in-memory
   * read models share their equal strings (loaded shared after a restart; a
   * rebuild's documents are shared once written) and what the start built from
   * the log is saved, and the event store has given back what reading a long log
   * left it holding. At once after a restart; a few seconds after serving when
   * the start built the read models. Never rejects.
   */
  startSettled(): Promise<void>;
  /** Listens on config.port (0: any free port); resolves with the URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * From how many events a start that built what was not saved has read enough of the log
 * for the embedded PGlite to give its memory back (its WebAssembly memory keeps the
 * read's high-water mark); a short log leaves little, not worth calls waiting.
 */
export const LONG_LOG_EVENTS = 10_000;

/** Asks the event store to give back what reading a long log left it holding; logs a failure. */
async function releaseReadMemory(eventStore: EventStore, logger: Logger): Promise<void> {
  try {
    if (!eventStore.releaseReadMemory) return;
    if ((await eventStore.headPosition()) < LONG_LOG_EVENTS) return;
    await eventStore.releaseReadMemory();
  } catch (error) {
    logger.warn({ err: error }, 'the event store kept the memory of reading the log');
  }
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
/** Where the command side's views and the payment process keep their state between runs. */
const VIEWS_FILE = 'views.jsonl';

/** query-api's own POSTs (the chatbot), as nginx routes them: exact paths. */
const isQueryPost = (method: string, path: string) =>
  method === 'POST' && QUERY_API_POSTS.includes(path);
/** What nginx sends to query-api: reads and its own POSTs. */
const isQueryRequest = (req: Request) => isRead(req.method) || isQueryPost(req.method, req.path);

/** A router running `handlers` only for the requests `accepted` takes; the others pass it by. */
function onlyFor(accepted: (req: Request) => boolean, ...handlers: RequestHandler[]): Router {
  const router = Router();
  router.use((req, _res, next) => next(accepted(req) ? undefined : 'router'));
  router.use(...handlers);
  return router;
}

/**
 * How reads and the socket check tokens: by the command side's session view,
 * so a role change or deletion made in this shop ends older tokens at once;
 * while the event store cannot be read (the view, not live, reads the user's
 * stream), by the users read model, as query-api on its own does.
 */
export function sessionsForReads(
  view: SessionVersionLookup,
  readModel: SessionVersionLookup,
): SessionVersionLookup {
  return async (userId) => {
    try {
      return await view(userId);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      return readModel(userId);
    }
  };
}

/** How a listening address is written in a URL: localhost for every interface. */
const urlHost = (host: string | undefined) => {
  if (host === undefined || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
};

/**
 * The embedded topology (ARCHITECTURE §3): command-api, projections and
 * query-api composed in one process on one port, with the same method split
 * as the distributed reverse proxy — reads to query-api, everything else to
 * command-api — so both topologies behave alike.
 */
export async function createEmbeddedServer(
  config: EmbeddedConfig,
  logger: Logger,
  options: Pick<
    CommandApiDeps,
    | 'now'
    | 'passwords'
    | 'rateLimits'
    | 'paymentRateLimits'
    | 'reviewRateLimits'
    | 'consentRateLimit'
    | 'customOrderRateLimit'
  > & {
    /** Middleware serving the web app; defaults to the built web/dist. */
    web?: RequestHandler[];
    /** Where the read models live; the configured one by default (tests slow one down). */
    readStore?: ReadStore;
    /** Chatbot limit per IP (the fuzz suite lifts it). */
    chatbotRateLimit?: ChatbotOptions['rateLimit'];
  } = {},
): Promise<EmbeddedServer> {
  // A new one is the shop's user's only; the folders in it that hold customers' data are made so.
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });

  const metrics = createMetrics({
    access: metricsAccess({ token: config.metricsToken, production: config.production ?? false }),
  });
  const {
    eventStore: uncountedEventStore,
    snapshotStore,
    logRows,
  } = await createStores({
    ...(config.eventStoreUrl ? { url: config.eventStoreUrl } : {}),
    dataDir: config.dataDir,
    logger,
  });
  const eventStore = metrics.countAppends(uncountedEventStore);
  // In memory unless MongoDB is configured, and then kept in a file between runs: a start
  // loads them and catches up instead of replaying the whole log.
  const readModelsFile = path.join(config.dataDir, READ_MODELS_FILE);
  const inMemory =
    options.readStore || config.mongoUrl
      ? undefined
      : await openSavedReadModels({ file: readModelsFile, eventStore, projections, logger });
  const readStore =
    options.readStore ??
    inMemory?.readStore ??
    (await createReadStore(config.mongoUrl ? { mongoUrl: config.mongoUrl } : {}));
  const bus = metrics.countMessages(
    await createBus({
      clientId: 'quitute-embedded',
      ...(config.kafkaBrokers ? { kafkaBrokers: config.kafkaBrokers } : {}),
    }),
  );
  const ownWrites = createOwnWrites();

  const payments = config.payments ?? {};
  const secrets =
    config.jwtSecret && config.captchaKey && (payments.mercadoPago || payments.webhookSecret)
      ? null
      : await loadOrCreateSecrets(config.dataDir);
  const tokens = createTokenService({ secret: config.jwtSecret ?? secrets?.tokenSecret ?? '' });
  let publicUrl = config.publicUrl;
  // Known once listening (port 0 picks a free port), before any request arrives.
  const shopUrl = () => publicUrl ?? `http://localhost:${config.port}`;

  const commandApi = await composeCommandApi({
    eventStore,
    snapshotStore,
    logger,
    metrics,
    tokens,
    now: options.now,
    passwords: options.passwords,
    dataDir: config.dataDir,
    publicUrl: shopUrl,
    webhookUrl: () => `${shopUrl()}/payments/webhook`,
    admin: { email: config.adminEmail, password: config.adminPassword },
    captcha: {
      hmacKey: config.captchaKey ?? secrets?.captchaKey ?? '',
      recaptchaSecret: config.recaptchaSecret,
      recaptchaSiteKey: config.recaptchaSiteKey,
    },
    mailUrl: config.mailUrl,
    ...(config.sms ? { sms: config.sms } : {}),
    // Memory unless REDIS_URL names a server shared with other instances.
    redisUrl: config.redisUrl,
    payments,
    generatedWebhookSecret: secrets?.webhookSecret,
    ownWrites,
    rateLimits: options.rateLimits,
    paymentRateLimits: options.paymentRateLimits,
    reviewRateLimits: options.reviewRateLimits,
    consentRateLimit: options.consentRateLimit,
    customOrderRateLimit: options.customOrderRateLimit,
  });
  const projectionsService = composeProjections({ eventStore, readStore, bus, logger, metrics });
  const { runner } = projectionsService;
  const readerSessions = sessionsForReads(
    commandApi.sessions.lookup,
    sessionVersionsFromReadModel(readStore),
  );
  const queryApi = composeQueryApi({
    readStore,
    bus,
    metrics,
    sessionVersions: readerSessions,
    eventLog: eventStore,
    waitForPosition: (position, timeoutMs) => runner.waitForPosition(position, timeoutMs),
    // The read models' and the process managers' (a payment process that stopped following the log).
    health: () => combineHealth(projectionsService.health(), commandApi.health()),
    tokens,
    captcha: commandApi.captcha,
    ownWrites,
    logger,
    // Which card form the web app shows, and Mercado Pago's public key for it.
    payments: {
      provider: commandApi.gateway.provider,
      publicKey: payments.mercadoPago?.publicKey ?? null,
    },
    ...(payments.viaCepUrl ? { viaCepUrl: payments.viaCepUrl } : {}),
    ...(config.lowStockThreshold === undefined
      ? {}
      : { lowStockThreshold: config.lowStockThreshold }),
    now: options.now,
    chatbot: {
      webhookUrl: config.chatbotWebhookUrl,
      rateLimitStore: commandApi.rateLimitStore,
      rateLimit: options.chatbotRateLimit,
    },
    trustProxy: config.trustProxy,
  });

  // The views fold the log in memory: each starts from its last save when there is one.
  const views = commandApi.views;
  const viewsFile = path.join(config.dataDir, VIEWS_FILE);
  const restoredViews = await restoreViews(viewsFile, views, eventStore);
  const viewsVersion = () => JSON.stringify(views.map((view) => view.reached()));
  // Every view restored: the file holds them as they stand until the log moves them.
  const savedViewsVersion =
    restoredViews.restored.length === views.length ? viewsVersion() : undefined;
  if (restoredViews.restored.length > 0) {
    logger.info({ views: restoredViews.restored }, 'views restored from their last save');
  }
  if (restoredViews.unreadable) {
    logger.warn(
      { file: viewsFile, reason: restoredViews.unreadable },
      'saved views unreadable: folded from the event log',
    );
  }
  // What the in-memory read store lacks, one pass over the log builds, faster than the
  // runner's batches. On the embedded PGlite, whose directory this process holds alone,
  // the views fold the same pages as it reads them (the log read, parsed and collected
  // once, not twice): no append of another process can commit below a position already
  // read. A shared server's log is followed by each view's gap-safe subscription instead.
  // Then each follows the log from where it stands.
  if (inMemory && inMemory.unbuilt.length > 0) {
    await buildReadModelsFirst({
      eventStore,
      readStore,
      projections: inMemory.unbuilt,
      logger,
      folds: config.eventStoreUrl ? [] : views,
    });
  }
  // Started together, the views and the runner read each page of what is left once (the
  // store answers the readers asking for one page at one time with one query).
  await Promise.all([commandApi.start(), projectionsService.start()]);
  const readModelSaver =
    inMemory &&
    keepReadModelsSaved({
      file: readModelsFile,
      readStore: inMemory.readStore,
      eventStore,
      projections,
      logger,
      savedVersion: inMemory.savedVersion,
      ...(config.readModelsSaveIntervalMs ? { intervalMs: config.readModelsSaveIntervalMs } : {}),
    });
  const viewSaver = savePeriodically({
    version: viewsVersion,
    savedVersion: savedViewsVersion,
    save: async () => {
      await saveViews(viewsFile, views, eventStore);
    },
    intervalMs: config.readModelsSaveIntervalMs ?? READ_MODELS_SAVE_INTERVAL_MS,
    onError: (error) =>
      logger.warn({ err: error, file: viewsFile }, 'views could not be saved; tried again later'),
  });
  // Built from the log just now: saved at once, so a crash before the first tick does not
  // mean building it all again.
  const firstSaves: Promise<void>[] = [];
  if (readModelSaver && inMemory.unbuilt.length > 0) firstSaves.push(readModelSaver.saveSoon());
  if (restoredViews.restored.length < views.length) firstSaves.push(viewSaver.saveSoon());

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy ?? false);
  app.use(
    securityHeaders({
      https: isHttpsUrl(config.publicUrl),
      recaptcha: config.recaptchaSecret !== undefined,
      mercadoPago: config.payments?.mercadoPago !== undefined,
    }),
  );
  app.use(requestLogging(logger));
  app.use(metrics.http);
  // Development only: the outbox's mails (and SMS beside them while they stay in their own
  // outbox), mounted only when the outbox is the mail transport (ARCHITECTURE §7).
  const { mailer, sms } = commandApi;
  if (mailer.transport === 'outbox' && !config.production) {
    app.use(devMailboxRouter(mailer, sms.transport === 'outbox' ? sms : undefined));
  }
  // The simulator's pages stand in for the payer's bank: mounted only while it is the provider.
  if (commandApi.simulatorRoutes) app.use(commandApi.simulatorRoutes);
  // The runner is in this process: rebuild and verify its projections (issue 13), admin only.
  app.use(
    projectionOperationRoutes({
      operations: runner,
      tokens,
      sessionVersions: readerSessions,
      logger,
    }),
  );
  // Two routers, not one function choosing between them: the app's route table then lists both.
  app.use(onlyFor(isQueryRequest, queryApi.router));
  app.use(onlyFor((req) => !isQueryRequest(req), commandApi.router));
  app.use('/api', apiNotFound);
  app.use(options.web ?? serveWebApp());
  app.use(apiNotFound);
  app.use(errorHandler(logger));

  let server: http.Server | undefined;
  // The embedded store's directory is this process's alone: `npm run backup` asks it here.
  // A server's store is backed up with the server's own tools (README, Operação).
  let backups: BackupSocket | undefined;
  return {
    app,
    eventStore,
    readStore,
    bus,
    runner,
    mailer,
    paymentGateway: commandApi.gateway,
    ownWrites,
    metrics,
    admin: commandApi.admin,
    startSettled: async () => {
      await Promise.all([inMemory?.readStore.stringsShared(), ...firstSaves]);
      if (firstSaves.length > 0) await releaseReadMemory(eventStore, logger);
    },
    listen: () =>
      new Promise((resolve, reject) => {
        const listening = http.createServer(app);
        listening.keepAliveTimeout = 65_000;
        listening.once('error', reject);
        listening.listen(config.port, config.host, () => {
          server = listening;
          const address = listening.address();
          const port = typeof address === 'object' && address ? address.port : config.port;
          const url = `http://${urlHost(config.host)}:${port}`;
          publicUrl ??= url;
          // The gateway subscribes to the bus before the relay publishes: the in-process
          // bus delivers only to groups already listening.
          queryApi
            .start(listening)
            .then(() => projectionsService.startRelay())
            .then(async () => {
              if (logRows && !config.eventStoreUrl) {
                backups = await serveBackups(
                  {
                    dataDir: config.dataDir,
                    settledPosition: () => eventStore.settledPosition(),
                    logRows,
                  },
                  logger,
                );
              }
            })
            .then(() => resolve(url))
            .catch(reject);
        });
      }),
    async close() {
      // Saved while they still hold their state: each save captures it at one moment.
      await viewSaver.close();
      await backups?.close();
      await commandApi.stop();
      await projectionsService.stop();
      await queryApi.stop();
      if (server) {
        const closing = server;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
        closing.closeAllConnections();
      }
      await projectionsService.close();
      await readModelSaver?.close();
      await commandApi.close();
      await bus.close();
      await readStore.close();
      await snapshotStore.close();
      await eventStore.close();
    },
  };
}
