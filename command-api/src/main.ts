import http from 'node:http';
import { z } from 'zod';
import { createTokenService, loadOrCreateSecrets } from '@quitute/infra/auth';
import {
  accountsEnv,
  checkPaymentsEnv,
  checkSmsEnv,
  commonEnv,
  loadConfigOrExit,
  metricsEnv,
  paymentsConfig,
  paymentsEnv,
  proxyEnv,
  smsConfig,
} from '@quitute/infra/config';
import { createLease } from '@quitute/infra/lease';
import { createLogger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess } from '@quitute/infra/metrics';
import { createStores } from '@quitute/infra/snapshot-store';
import { reportCreatedAdmin } from './accounts/admin-password-file';
import { composeCommandApi } from './compose';

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
    .superRefine((env, context) => {
      checkPaymentsEnv(env, context);
      checkSmsEnv(env, context);
    }),
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

/**
 * The process managers run beside the command handlers, in one replica at a
 * time: under an advisory lock on a PostgreSQL event store, else a lease
 * document in MONGO_URL; in memory (this process alone) without either.
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
const commandApi = await composeCommandApi({
  eventStore,
  snapshotStore,
  logger,
  metrics,
  tokens: createTokenService({ secret: config.JWT_SECRET }),
  dataDir: config.DATA_DIR,
  publicUrl: () => config.PUBLIC_URL,
  // Read at each checkout: with PORT=0 the simulator's address is known once listening.
  webhookUrl,
  admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
  captcha: {
    hmacKey: config.CAPTCHA_HMAC_KEY,
    recaptchaSecret: config.RECAPTCHA_SECRET,
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY,
  },
  mailUrl: config.MAIL_URL,
  sms: smsConfig(config),
  // With REDIS_URL every replica shares the limits and the captcha replay guard; in memory without it.
  redisUrl: config.REDIS_URL,
  payments,
  // Kept in the DATA_DIR volume like the embedded shop's; of that file only the webhook key is used here.
  generatedWebhookSecret:
    payments.mercadoPago || payments.webhookSecret
      ? undefined
      : (await loadOrCreateSecrets(config.DATA_DIR)).webhookSecret,
  lease,
});
if (commandApi.admin.created) await reportCreatedAdmin(logger, config.DATA_DIR, commandApi.admin);
if (commandApi.simulator) {
  logger.warn(
    'payments: the local simulator (anyone can approve its payments); it keeps its state in this process, so run ONE command-api replica (set MP_ACCESS_TOKEN to scale)',
  );
} else logger.info('payments: Mercado Pago');
await commandApi.start();

// As app.listen does, with HOST: Express' own typing requires a host once one is given.
const server = http
  .createServer(commandApi.app({ trustProxy: config.TRUST_PROXY }))
  .listen(config.PORT, config.HOST, () => {
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : port;
    logger.info(`command-api listening on port ${port}`);
  });
const shutdown = () => {
  void commandApi
    .stop()
    .then(() => lease.close())
    .then(() => new Promise<void>((resolve) => server.close(() => resolve())))
    .then(() => commandApi.close())
    .then(() => snapshotStore.close())
    .then(() => eventStore.close())
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
