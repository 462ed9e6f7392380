import http from 'node:http';
import { z } from 'zod';
import {
  CARTS_PROJECTION,
  MENU_PROJECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  CUSTOM_ORDERS_PROJECTION,
  ORDERS_PROJECTION,
  REVIEWS_PROJECTION,
  SALES_PROJECTION,
  SHOP_SETTINGS_PROJECTION,
  USERS_PROJECTION,
} from '@quitute/contracts';
import { createTokenVerifier } from '@quitute/infra/auth';
import { createBus } from '@quitute/infra/bus';
import { createCaptcha } from '@quitute/infra/captcha';
import { createEventStore } from '@quitute/infra/event-store';
import {
  accountsEnv,
  chatbotEnv,
  commonEnv,
  loadConfigOrExit,
  metricsEnv,
  paymentsEnv,
  proxyEnv,
  requireSharedReadStore,
} from '@quitute/infra/config';
import { createLogger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess } from '@quitute/infra/metrics';
import { pollCheckpoints } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { composeQueryApi } from './compose';
import { queryEnv } from './config';
import { SIMULATOR_PAYMENTS } from './ordering/routes';

/**
 * query-api on its own (distributed topology): reads the read models the
 * projections service writes (MongoDB, or JSONB documents on PostgreSQL),
 * waiting on its checkpoints for read-your-writes, and pushes payment
 * approvals from the bus (Kafka, or Redis Streams) to the customers' sockets.
 * Scales horizontally: every instance consumes the bus in its own consumer
 * group (the sockets it holds are its own).
 */
const config = loadConfigOrExit(
  z
    .object({
      ...commonEnv,
      ...accountsEnv,
      ...proxyEnv,
      JWT_SECRET: accountsEnv.JWT_SECRET.pipe(z.string({ message: 'is required' })),
      CAPTCHA_HMAC_KEY: accountsEnv.CAPTCHA_HMAC_KEY.pipe(z.string({ message: 'is required' })),
      ...paymentsEnv,
      ...chatbotEnv,
      ...queryEnv,
      ...metricsEnv,
    })
    .superRefine(requireSharedReadStore),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const metrics = createMetrics({
  access: metricsAccess({
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  }),
});
const readStore = await createReadStore({
  ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
  ...(config.READ_STORE_URL ? { postgresUrl: config.READ_STORE_URL } : {}),
});
const tokens = createTokenVerifier({ secret: config.JWT_SECRET });
// The auditors' order histories and event log read the event store itself (issue 13).
const eventStore = config.EVENTSTORE_URL
  ? await createEventStore({ url: config.EVENTSTORE_URL, logger })
  : undefined;
if (!eventStore)
  logger.warn('EVENTSTORE_URL is unset: the order histories and the event log are off');
const bus = metrics.countMessages(
  await createBus({
    clientId: 'query-api',
    logger,
    ...(config.KAFKA_BROKERS ? { kafkaBrokers: config.KAFKA_BROKERS } : {}),
    ...(config.BUS_URL ? { busUrl: config.BUS_URL } : {}),
  }),
);
if (!config.KAFKA_BROKERS?.length && !config.BUS_URL) {
  logger.warn(
    'neither KAFKA_BROKERS nor BUS_URL is set: payment approvals are not pushed to the sockets of this process',
  );
}
const queryApi = composeQueryApi({
  readStore,
  bus,
  waitForPosition: pollCheckpoints(readStore, [
    MENU_PROJECTION,
    USERS_PROJECTION,
    CARTS_PROJECTION,
    ORDERS_PROJECTION,
    REVIEWS_PROJECTION,
    SALES_PROJECTION,
    ONLINE_SALES_BY_MONTH_PROJECTION,
    CUSTOM_ORDERS_PROJECTION,
    SHOP_SETTINGS_PROJECTION,
  ]),
  // The projections service reports on the read models; this process only reads them.
  health: () => ({ status: 'ok' }),
  tokens,
  // Challenges are stateless (HMAC-signed): command-api verifies what this service hands out.
  captcha: createCaptcha({
    hmacKey: config.CAPTCHA_HMAC_KEY,
    recaptchaSecret: config.RECAPTCHA_SECRET,
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY,
  }),
  logger,
  // The same variables as command-api's: Mercado Pago takes the payments when its token is set.
  payments: config.MP_ACCESS_TOKEN
    ? { provider: 'mercadopago', publicKey: config.MP_PUBLIC_KEY ?? null }
    : SIMULATOR_PAYMENTS,
  ...(config.VIACEP_URL ? { viaCepUrl: config.VIACEP_URL } : {}),
  chatbot: { webhookUrl: config.CHATBOT_WEBHOOK_URL },
  lowStockThreshold: config.LOW_STOCK_THRESHOLD,
  ...(eventStore ? { eventLog: eventStore } : {}),
  trustProxy: config.TRUST_PROXY,
  metrics,
});
// As app.listen does, with HOST: Express' own typing requires a host once one is given.
const server = http
  .createServer(queryApi.app({ publicUrl: config.PUBLIC_URL }))
  .listen(config.PORT, config.HOST, () => {
    logger.info(`query-api listening on port ${config.PORT}`);
  });
await queryApi.start(server);
const shutdown = () => {
  void queryApi
    .stop()
    .then(() => bus.close())
    .then(() => eventStore?.close())
    .then(() => server.close(() => void readStore.close().then(() => process.exit(0))));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
