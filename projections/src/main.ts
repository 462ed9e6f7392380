import http from 'node:http';
import { z } from 'zod';
import { createBus } from '@quitute/infra/bus';
import { commonEnv, loadConfigOrExit, metricsEnv } from '@quitute/infra/config';
import { createEventStore } from '@quitute/infra/event-store';
import { createLease } from '@quitute/infra/lease';
import { createLogger } from '@quitute/infra/logging';
import { createMetrics, metricsAccess } from '@quitute/infra/metrics';
import { healthStatusCode, type HealthReport } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { LeaseHolder } from './lease-holder';
import { createPaymentRelay } from './payments/payment-relay';
import { projectionProgress } from './projection-progress';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

const required = z.string({ message: 'is required' });

/**
 * The projections service on its own (distributed topology): applies the event
 * log to the MongoDB read models, runs the relay (payment approvals to Kafka)
 * and answers /health on PORT. Any number of instances may run: one
 * holds the lease and does all of that, the others stand by and take over when
 * it dies (ARCHITECTURE §3.3).
 */
const config = loadConfigOrExit(
  z.object({
    ...commonEnv,
    EVENTSTORE_URL: commonEnv.EVENTSTORE_URL.pipe(required),
    MONGO_URL: commonEnv.MONGO_URL.pipe(required),
    // The relay's approvals reach the query-api instances (their sockets) only through Kafka.
    KAFKA_BROKERS: commonEnv.KAFKA_BROKERS.pipe(z.array(z.string(), { message: 'is required' })),
    ...metricsEnv,
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
const readStore = await createReadStore({ mongoUrl: config.MONGO_URL });
const bus = metrics.countMessages(
  await createBus({
    clientId: 'quitute-projections',
    kafkaBrokers: config.KAFKA_BROKERS,
  }),
);
const lease = await createLease({
  name: 'projections',
  eventStoreUrl: config.EVENTSTORE_URL,
  mongoUrl: config.MONGO_URL,
  logger,
});
const holder = new LeaseHolder({
  lease,
  readStore,
  logger,
  createRunner: (store) =>
    new ProjectionRunner({ eventStore, readStore: store, projections, logger }),
  // It publishes each approval once for the whole deployment: only the lease holder runs it.
  createWorkers: (store) => ({
    'payment-relay': createPaymentRelay({ eventStore, bus, readStore: store, logger }),
  }),
});

// Only the lease holder runs projections: a stand-by reports none.
metrics.watchProjections(
  () => (holder.runner ? projectionProgress(holder.runner, projections) : []),
  () => eventStore.headPosition(),
);
const health = http.createServer(async (req, res) => {
  if (await metrics.serve(req, res)) return;
  const runner = holder.runner;
  // A stand-by is healthy: restarting it would only lose the next take-over.
  const report: HealthReport = runner ? runner.health() : { status: 'ok' };
  res.writeHead(req.url === '/health' ? healthStatusCode(report) : 404, {
    'content-type': 'application/json',
  });
  res.end(JSON.stringify({ ...report, role: holder.status, position: runner?.position ?? null }));
});
health.listen(config.PORT, () => logger.info(`projections health on port ${config.PORT}`));

holder.start();

const shutdown = () => {
  health.close();
  void holder
    .stop()
    .then(() => lease.close())
    .then(() => Promise.all([bus.close(), readStore.close(), eventStore.close()]))
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
