import path from 'node:path';
import { z } from 'zod';
import { accountsEnv, commonEnv, loadConfig } from '@quitute/infra/config';

export const embeddedEnvSchema = z.object({
  ...commonEnv,
  ...accountsEnv,
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
});

export interface EmbeddedConfig {
  port: number;
  dataDir: string;
  logLevel: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  kafkaBrokers?: string[];
  /** Keys generated in dataDir when unset. */
  jwtSecret?: string;
  captchaKey?: string;
  /** reCAPTCHA instead of ALTCHA when set (with its site key). */
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  /** SMTP instead of the outbox folder + dev mailbox when set. */
  mailUrl?: string;
  /** Origin for links in e-mails; http://localhost:<port> by default. */
  publicUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
}

export function loadEmbeddedConfig(env: NodeJS.ProcessEnv = process.env): EmbeddedConfig {
  const parsed = loadConfig(embeddedEnvSchema, env);
  return {
    port: parsed.PORT,
    dataDir: path.resolve(parsed.DATA_DIR),
    logLevel: parsed.LOG_LEVEL,
    ...(parsed.EVENTSTORE_URL ? { eventStoreUrl: parsed.EVENTSTORE_URL } : {}),
    ...(parsed.MONGO_URL ? { mongoUrl: parsed.MONGO_URL } : {}),
    ...(parsed.KAFKA_BROKERS ? { kafkaBrokers: parsed.KAFKA_BROKERS } : {}),
    ...(parsed.JWT_SECRET ? { jwtSecret: parsed.JWT_SECRET } : {}),
    ...(parsed.CAPTCHA_HMAC_KEY ? { captchaKey: parsed.CAPTCHA_HMAC_KEY } : {}),
    ...(parsed.RECAPTCHA_SECRET ? { recaptchaSecret: parsed.RECAPTCHA_SECRET } : {}),
    ...(parsed.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: parsed.RECAPTCHA_SITE_KEY } : {}),
    ...(parsed.MAIL_URL ? { mailUrl: parsed.MAIL_URL } : {}),
    ...(parsed.PUBLIC_URL ? { publicUrl: parsed.PUBLIC_URL } : {}),
    ...(parsed.ADMIN_EMAIL ? { adminEmail: parsed.ADMIN_EMAIL } : {}),
    ...(parsed.ADMIN_PASSWORD ? { adminPassword: parsed.ADMIN_PASSWORD } : {}),
  };
}
