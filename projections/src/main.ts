import http from 'node:http';
import { z } from 'zod';
import { commonEnv, loadConfigOrExit } from '@quitute/infra/config';
import { createEventStore } from '@quitute/infra/event-store';
import { createLogger } from '@quitute/infra/logging';
import { healthStatusCode } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

/**
 * The projections service on its own (distributed topology): applies the event
 * log to the MongoDB read models and answers /health on PORT.
 * Run one instance: leader election for standby instances comes later.
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
const runner = new ProjectionRunner({ eventStore, readStore, projections, logger });

const health = http.createServer((req, res) => {
  const report = runner.health();
  res.writeHead(req.url === '/health' ? healthStatusCode(report) : 404, {
    'content-type': 'application/json',
  });
  res.end(JSON.stringify({ ...report, position: runner.position }));
});
health.listen(config.PORT, () => logger.info(`projections health on port ${config.PORT}`));

await runner.start();

const shutdown = () => {
  health.close();
  void runner
    .stop()
    .then(() => Promise.all([readStore.close(), eventStore.close()]))
    .then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
