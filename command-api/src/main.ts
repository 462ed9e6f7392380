import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PIX_EXPIRY_MINUTES, normalizeEmail } from '@quitute/contracts';
import { createPasswordHasher, createTokenService, loadOrCreateSecrets } from '@quitute/infra/auth';
import { createCaptcha, createReplayGuard } from '@quitute/infra/captcha';
import {
  accountsEnv,
  checkPaymentsEnv,
  commonEnv,
  loadConfigOrExit,
  metricsEnv,
  paymentsConfig,
  paymentsEnv,
  proxyEnv,
} from '@quitute/infra/config';
import { createStores } from '@quitute/infra/snapshot-store';
import { createLease, LeaseHolder } from '@quitute/infra/lease';
import { createLogger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess } from '@quitute/infra/metrics';
import { createMailer } from '@quitute/infra/mail';
import { createConfiguredGateway } from '@quitute/infra/payment-gateway';
import { createRateLimitStores } from '@quitute/infra/rate-limit';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './accounts/admin-bootstrap';
import { createSessionView } from './accounts/session-view';
import { createCommandApp } from './app';
import { createCatalogView } from './catalog/catalog-view';
import { seedMenu } from './catalog/seed';
import { createPaymentProcessCommands } from './payments/process-commands';
import { createPaymentProcessManager } from './process-managers/payment-process-manager';

const required = z.string({ message: 'is required' });

/** command-api on its own (distributed topology: docker compose). Only this service signs tokens. */
const config = loadConfigOrExit(
  z
    .object({
      ...commonEnv,
      ...accountsEnv,
      ...paymentsEnv,
      ...proxyEnv,
      ...metricsEnv,
      JWT_SECRET: accountsEnv.JWT_SECRET.pipe(required),
      CAPTCHA_HMAC_KEY: accountsEnv.CAPTCHA_HMAC_KEY.pipe(required),
      PUBLIC_URL: accountsEnv.PUBLIC_URL.pipe(required),
      DATA_DIR: z.string().min(1).default('./data'),
      NODE_ENV: z.string().optional(),
    })
    .superRefine(checkPaymentsEnv),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const metrics = createMetrics({
  access: metricsAccess({
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  }),
});
const { eventStore: uncountedEventStore, snapshotStore } = await createStores({
  ...(config.EVENTSTORE_URL ? { url: config.EVENTSTORE_URL } : {}),
  dataDir: config.DATA_DIR,
  logger,
});
const eventStore = metrics.countAppends(uncountedEventStore);
const now = () => new Date();
const passwords = createPasswordHasher();
const seeded = await seedMenu(eventStore, now);
if (seeded.added > 0) logger.info({ items: seeded.added }, 'menu seeded');
const admin = await ensureAdmin(
  { eventStore, snapshotStore, logger },
  {
    email: normalizeEmail(config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL),
    password: config.ADMIN_PASSWORD,
    now,
    passwords,
  },
);
if (admin.created && admin.generated) {
  logger.warn(
    `Admin account created: ${admin.email} with password ${admin.password} (shown only this once)`,
  );
}

const catalog = createCatalogView({ eventStore, logger });
await catalog.start();
const sessions = createSessionView({ eventStore, snapshotStore, logger });
await sessions.start();

// With REDIS_URL every replica shares the limits and the captcha replay guard; in memory without it.
const rateLimitStores = await createRateLimitStores({ redisUrl: config.REDIS_URL, logger });
const replayGuard = await createReplayGuard({ redisUrl: config.REDIS_URL, logger });

const payments = paymentsConfig(config);
let port = config.PORT;
/**
 * Mercado Pago posts to the shop's public address. The simulator lives in this
 * process, keeps its payments here and answers the webhook's re-read from its
 * own memory, so it posts to this very process on its loopback listener: inside
 * compose PUBLIC_URL (http://localhost:8080) names the browser's host, not
 * nginx, and a notification through nginx could land on a replica that does
 * not know the payment.
 */
const webhookUrl = () =>
  payments.mercadoPago
    ? `${config.PUBLIC_URL}/payments/webhook`
    : `http://127.0.0.1:${port}/payments/webhook`;
const { gateway, simulator } = createConfiguredGateway(payments, {
  // Kept in the DATA_DIR volume like the embedded shop's; of that file only the webhook key is used here.
  generatedWebhookSecret:
    payments.mercadoPago || payments.webhookSecret
      ? undefined
      : (await loadOrCreateSecrets(config.DATA_DIR)).webhookSecret,
  publicUrl: () => config.PUBLIC_URL,
  webhookUrl,
  dir: path.join(config.DATA_DIR, 'payment-simulator'),
  logger,
});
if (simulator) {
  logger.warn(
    'payments: the local simulator (anyone can approve its payments); it keeps its state in this process, so run ONE command-api replica (set MP_ACCESS_TOKEN to scale)',
  );
} else logger.info('payments: Mercado Pago');
const mailer = createMailer({
  outboxDir: path.join(config.DATA_DIR, 'outbox'),
  mailUrl: config.MAIL_URL,
});

/**
 * The process managers run beside the command handlers, one replica at a time:
 * under an advisory lock on a PostgreSQL event store, else a lease document in
 * MONGO_URL; in memory (this process alone) without either.
 */
const lease = await createLease({
  name: 'process-managers',
  eventStoreUrl: config.EVENTSTORE_URL,
  mongoUrl: config.MONGO_URL,
  logger,
});
if (lease.kind === 'memory') {
  logger.warn(
    'process managers: lease in memory (no PostgreSQL EVENTSTORE_URL nor MONGO_URL): run ONE command-api replica',
  );
}
const paymentCommands = createPaymentProcessCommands({
  eventStore,
  snapshotStore,
  logger,
  mailer,
  now,
  ordering: { gateway },
});
const processManagers = new LeaseHolder({
  lease,
  name: 'process-managers',
  logger,
  createTerm: () =>
    createPaymentProcessManager({
      eventStore,
      commands: paymentCommands,
      logger,
      reconcileIntervalMs: payments.reconcileIntervalMs,
    }),
});
processManagers.start();

const app = createCommandApp({
  eventStore,
  snapshotStore,
  catalog,
  sessions,
  now,
  logger,
  passwords,
  tokens: createTokenService({ secret: config.JWT_SECRET }),
  captcha: createCaptcha({
    hmacKey: config.CAPTCHA_HMAC_KEY,
    recaptchaSecret: config.RECAPTCHA_SECRET,
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY,
    replayGuard,
  }),
  rateLimitStore: rateLimitStores.store,
  mailer,
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY,
  ordering: {
    gateway,
    pixExpiryMinutes: payments.pixExpiryMinutes ?? DEFAULT_PIX_EXPIRY_MINUTES,
    // Read at each checkout: with PORT=0 the simulator's address is known once listening.
    get notificationUrl() {
      return webhookUrl();
    },
  },
  simulator,
  metrics,
});
const server = app.listen(config.PORT, () => {
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : port;
  logger.info(`command-api listening on port ${port}`);
});
const shutdown = () => {
  void processManagers
    .stop()
    .then(() => lease.close())
    .then(() => stopServing());
};
const stopServing = () => {
  simulator?.close();
  server.close(
    () =>
      void Promise.all([
        Promise.all([catalog.stop(), sessions.stop()])
          .then(() => snapshotStore.close())
          .then(() => eventStore.close()),
        rateLimitStores.close(),
        replayGuard.close(),
      ]).then(() => process.exit(0)),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
