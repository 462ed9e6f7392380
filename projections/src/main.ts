import http from 'node:http';
import { z } from 'zod';
import { createBus } from '@quitute/infra/bus';
import {
  commonEnv,
  loadConfigOrExit,
  metricsEnv,
  requireSharedReadStore,
} from '@quitute/infra/config';
import { createEventStore } from '@quitute/infra/event-store';
import { createLease } from '@quitute/infra/lease';
import { createLogger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess } from '@quitute/infra/metrics';
import { healthStatusCode } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { composeProjections } from './compose';

const required = z.string({ message: 'is required' });

/**
 * The projections service on its own (distributed topology): applies the event
 * log to the read models (MongoDB, or JSONB documents on PostgreSQL), runs the
 * relay (payment approvals to the bus: Kafka, or Redis Streams) and answers
 * /health on PORT. Any number of instances may run: one holds the lease and
 * does all of that, the others stand by and take over when it dies
 * (ARCHITECTURE §3.3).
 */
const config = loadConfigOrExit(
  z
    .object({
      ...commonEnv,
      EVENTSTORE_URL: commonEnv.EVENTSTORE_URL.pipe(required),
      ...metricsEnv,
    })
    .superRefine((env, context) => {
      // Read models another process serves, and approvals that reach other processes' sockets.
      requireSharedReadStore(env, context);
      if (!env.KAFKA_BROKERS?.length && !env.BUS_URL) {
        context.addIssue({
          code: 'custom',
          path: ['KAFKA_BROKERS'],
          message: 'or BUS_URL is required',
        });
      }
    }),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const metrics = createMetrics({
  access: metricsAccess({
    token: config.METRICS_TOKEN,
    production: config.NODE_ENV === 'production',
  }),
});
const eventStore = await createEventStore({ url: config.EVENTSTORE_URL, logger });
const readStore = await createReadStore({
  ...(config.MONGO_URL ? { mongoUrl: config.MONGO_URL } : {}),
  ...(config.READ_STORE_URL ? { postgresUrl: config.READ_STORE_URL } : {}),
});
const bus = metrics.countMessages(
  await createBus({
    clientId: 'quitute-projections',
    logger,
    ...(config.KAFKA_BROKERS ? { kafkaBrokers: config.KAFKA_BROKERS } : {}),
    ...(config.BUS_URL ? { busUrl: config.BUS_URL } : {}),
  }),
);
const lease = await createLease({
  name: 'projections',
  eventStoreUrl: config.EVENTSTORE_URL,
  mongoUrl: config.MONGO_URL,
  readStoreUrl: config.READ_STORE_URL,
  logger,
});
const service = composeProjections({ eventStore, readStore, bus, logger, metrics, lease });

const health = http.createServer(async (req, res) => {
  if (await metrics.serve(req, res)) return;
  const report = service.health();
  res.writeHead(req.url === '/health' ? healthStatusCode(report) : 404, {
    'content-type': 'application/json',
  });
  res.end(
    JSON.stringify({
      ...report,
      role: service.status,
      position: service.runner?.position ?? null,
    }),
  );
});
health.listen(config.PORT, config.HOST, () =>
  logger.info(`projections health on port ${config.PORT}`),
);

await service.start();

const shutdown = () => {
  health.close();
  void service
    .stop()
    .then(() => service.close())
    .then(() => lease.close())
    .then(() => Promise.all([bus.close(), readStore.close(), eventStore.close()]))
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
