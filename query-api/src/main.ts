import { z } from 'zod';
import { CARTS_PROJECTION, MENU_PROJECTION, USERS_PROJECTION } from '@quitute/contracts';
import { createTokenVerifier } from '@quitute/infra/auth';
import { createCaptcha } from '@quitute/infra/captcha';
import { accountsEnv, commonEnv, loadConfigOrExit, proxyEnv } from '@quitute/infra/config';
import { createLogger } from '@quitute/infra/logging';
import { pollCheckpoints } from '@quitute/infra/projection-progress';
import { createReadStore } from '@quitute/infra/read-store';
import { createQueryApp } from './app';

/**
 * query-api on its own (distributed topology): reads the MongoDB read models
 * the projections service writes, and waits on its checkpoints for
 * read-your-writes. Scales horizontally.
 */
const config = loadConfigOrExit(
  z.object({
    ...commonEnv,
    ...accountsEnv,
    ...proxyEnv,
    MONGO_URL: commonEnv.MONGO_URL.pipe(z.string({ message: 'is required' })),
    JWT_SECRET: accountsEnv.JWT_SECRET.pipe(z.string({ message: 'is required' })),
    CAPTCHA_HMAC_KEY: accountsEnv.CAPTCHA_HMAC_KEY.pipe(z.string({ message: 'is required' })),
  }),
);
const logger = createLogger({ level: config.LOG_LEVEL, name: 'query-api' });
const readStore = await createReadStore({ mongoUrl: config.MONGO_URL });
const app = createQueryApp({
  readStore,
  waitForPosition: pollCheckpoints(readStore, [
    MENU_PROJECTION,
    USERS_PROJECTION,
    CARTS_PROJECTION,
  ]),
  // The projections service reports on the read models; this process only reads them.
  health: () => ({ status: 'ok' }),
  tokens: createTokenVerifier({ secret: config.JWT_SECRET }),
  // Challenges are stateless (HMAC-signed): command-api verifies what this service hands out.
  captcha: createCaptcha({
    hmacKey: config.CAPTCHA_HMAC_KEY,
    recaptchaSecret: config.RECAPTCHA_SECRET,
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY,
  }),
  logger,
  trustProxy: config.TRUST_PROXY,
  ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
});
const server = app.listen(config.PORT, () => {
  logger.info(`query-api listening on port ${config.PORT}`);
});
const shutdown = () => server.close(() => void readStore.close().then(() => process.exit(0)));
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
