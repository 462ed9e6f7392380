import { z } from 'zod';
import { commonEnv, loadConfigOrExit } from '@quitute/infra/config';
import { createEventStore } from '@quitute/infra/event-store';
import { createLogger } from '@quitute/infra/logging';
import { createCommandApp } from './app';
import { seedMenu } from './catalog/seed';

/** command-api on its own (distributed topology: docker compose). */
const config = loadConfigOrExit(
  z.object({ ...commonEnv, DATA_DIR: z.string().min(1).default('./data') }),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const eventStore = await createEventStore({
  ...(config.EVENTSTORE_URL ? { url: config.EVENTSTORE_URL } : {}),
  dataDir: config.DATA_DIR,
});
const now = () => new Date();
const seeded = await seedMenu(eventStore, now);
if (seeded.added > 0) logger.info({ items: seeded.added }, 'menu seeded');

const server = createCommandApp({ eventStore, now, logger }).listen(config.PORT, () => {
  logger.info(`command-api listening on port ${config.PORT}`);
});
const shutdown = () => server.close(() => void eventStore.close().then(() => process.exit(0)));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
