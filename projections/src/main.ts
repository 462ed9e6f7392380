import http from 'node:http';
import { z } from 'zod';
import { commonEnv, loadConfigOrExit } from '@quitute/infra/config';
import { createEventStore } from '@quitute/infra/event-store';
import { createLease } from '@quitute/infra/lease';
import { createLogger } from '@quitute/infra/logging';
import { healthStatusCode, type HealthReport } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { LeaseHolder } from './lease-holder';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

/**
 * The projections service on its own (distributed topology): applies the event
 * log to the MongoDB read models and answers /health on PORT. Any number of
 * instances may run: one holds the lease and projects, the others stand by and
 * take over when it dies (ARCHITECTURE §3.3).
 */
const config = loadConfigOrExit(
  z.object({
    ...commonEnv,
    EVENTSTORE_URL: commonEnv.EVENTSTORE_URL.pipe(z.string({ message: 'is required' })),
    MONGO_URL: commonEnv.MONGO_URL.pipe(z.string({ message: 'is required' })),
  }),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'projections' });
const eventStore = await createEventStore({ url: config.EVENTSTORE_URL, logger });
const readStore = await createReadStore({ mongoUrl: config.MONGO_URL });
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
});

const health = http.createServer((req, res) => {
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
    .then(() => Promise.all([readStore.close(), eventStore.close()]))
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
