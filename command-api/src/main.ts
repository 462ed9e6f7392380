import path from 'node:path';
import { z } from 'zod';
import { normalizeEmail } from '@quitute/contracts';
import { createPasswordHasher, createTokenService } from '@quitute/infra/auth';
import { createCaptcha, createReplayGuard } from '@quitute/infra/captcha';
import { accountsEnv, commonEnv, loadConfigOrExit, proxyEnv } from '@quitute/infra/config';
import { createStores } from '@quitute/infra/snapshot-store';
import { createLogger } from '@quitute/infra/logging';
import { createMailer } from '@quitute/infra/mail';
import { createRateLimitStores } from '@quitute/infra/rate-limit';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './accounts/admin-bootstrap';
import { createSessionView } from './accounts/session-view';
import { createCommandApp } from './app';
import { createCatalogView } from './catalog/catalog-view';
import { seedMenu } from './catalog/seed';

const required = z.string({ message: 'is required' });

/** command-api on its own (distributed topology: docker compose). Only this service signs tokens. */
const config = loadConfigOrExit(
  z.object({
    ...commonEnv,
    ...accountsEnv,
    ...proxyEnv,
    JWT_SECRET: accountsEnv.JWT_SECRET.pipe(required),
    CAPTCHA_HMAC_KEY: accountsEnv.CAPTCHA_HMAC_KEY.pipe(required),
    PUBLIC_URL: accountsEnv.PUBLIC_URL.pipe(required),
    DATA_DIR: z.string().min(1).default('./data'),
  }),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
const { eventStore, snapshotStore } = await createStores({
  ...(config.EVENTSTORE_URL ? { url: config.EVENTSTORE_URL } : {}),
  dataDir: config.DATA_DIR,
  logger,
});
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
  mailer: createMailer({
    outboxDir: path.join(config.DATA_DIR, 'outbox'),
    mailUrl: config.MAIL_URL,
  }),
  publicUrl: config.PUBLIC_URL,
  trustProxy: config.TRUST_PROXY,
});
const server = app.listen(config.PORT, () => {
  logger.info(`command-api listening on port ${config.PORT}`);
});
const shutdown = () =>
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
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
