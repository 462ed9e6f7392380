import path from 'node:path';
import { z } from 'zod';
import {
  accountsEnv,
  chatbotEnv,
  checkPaymentsEnv,
  checkSmsEnv,
  commonEnv,
  loadConfig,
  metricsEnv,
  paymentsConfig,
  paymentsEnv,
  proxyEnv,
  smsConfig,
  type PaymentsConfig,
  type SmsConfig,
  type TrustProxy,
} from '@quitute/infra/config';
import { READ_MODELS_SAVE_INTERVAL_MS } from '@quitute/projections';
import { queryEnv } from '@quitute/query-api';

export const embeddedEnvSchema = z
  .object({
    ...commonEnv,
    ...accountsEnv,
    ...paymentsEnv,
    ...proxyEnv,
    ...chatbotEnv,
    ...queryEnv,
    ...metricsEnv,
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    HOST: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
    NODE_ENV: z.string().optional(),
    /** How often the in-memory read models are saved to DATA_DIR while they change. */
    READ_MODELS_SAVE_SECONDS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce
        .number()
        .int('must be a whole number')
        .positive('must be at least 1')
        .default(READ_MODELS_SAVE_INTERVAL_MS / 1_000),
    ),
  })
  .superRefine((env, context) => {
    checkPaymentsEnv(env, context);
    checkSmsEnv(env, context);
  });

export interface EmbeddedConfig {
  port: number;
  /** Interface to listen on; every interface when unset. */
  host?: string;
  /** Express `trust proxy`: which proxies' X-Forwarded-For to believe (none by default). */
  trustProxy?: TrustProxy;
  /** NODE_ENV=production: development helpers (the dev mailbox) are not mounted. */
  production?: boolean;
  dataDir: string;
  logLevel: string;
  eventStoreUrl?: string;
  mongoUrl?: string;
  kafkaBrokers?: string[];
  /** Rate limits and the captcha replay guard in Redis (shared by every instance) instead of memory. */
  redisUrl?: string;
  /** Keys generated in dataDir when unset. */
  jwtSecret?: string;
  captchaKey?: string;
  /** reCAPTCHA instead of ALTCHA when set (with its site key). */
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  /** SMTP instead of the outbox folder + dev mailbox when set. */
  mailUrl?: string;
  /** TWILIO_*: SMS through Twilio instead of the SMS outbox (listed on the dev mailbox) when set. */
  sms?: SmsConfig;
  /** Origin for links in e-mails; http://localhost:<port> by default. */
  publicUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  payments?: PaymentsConfig;
  /** CHATBOT_WEBHOOK_URL: messages go to that external workflow instead of the built-in assistant. */
  chatbotWebhookUrl?: string;
  /** LOW_STOCK_THRESHOLD (admin product stats); contracts' default when unset. */
  lowStockThreshold?: number;
  /** METRICS_TOKEN: /metrics for bearers of it (see infra/src/metrics for the default). */
  metricsToken?: string;
  /** READ_MODELS_SAVE_SECONDS: how often in-memory read models are saved (projections' default when unset). */
  readModelsSaveIntervalMs?: number;
}

export function loadEmbeddedConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: { host?: string } = {},
): EmbeddedConfig {
  const parsed = loadConfig(embeddedEnvSchema, env);
  const host = parsed.HOST ?? defaults.host;
  return {
    port: parsed.PORT,
    ...(host ? { host } : {}),
    trustProxy: parsed.TRUST_PROXY,
    production: parsed.NODE_ENV === 'production',
    dataDir: path.resolve(parsed.DATA_DIR),
    logLevel: parsed.LOG_LEVEL,
    ...(parsed.EVENTSTORE_URL ? { eventStoreUrl: parsed.EVENTSTORE_URL } : {}),
    ...(parsed.MONGO_URL ? { mongoUrl: parsed.MONGO_URL } : {}),
    ...(parsed.KAFKA_BROKERS ? { kafkaBrokers: parsed.KAFKA_BROKERS } : {}),
    ...(parsed.REDIS_URL ? { redisUrl: parsed.REDIS_URL } : {}),
    ...(parsed.JWT_SECRET ? { jwtSecret: parsed.JWT_SECRET } : {}),
    ...(parsed.CAPTCHA_HMAC_KEY ? { captchaKey: parsed.CAPTCHA_HMAC_KEY } : {}),
    ...(parsed.RECAPTCHA_SECRET ? { recaptchaSecret: parsed.RECAPTCHA_SECRET } : {}),
    ...(parsed.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: parsed.RECAPTCHA_SITE_KEY } : {}),
    ...(parsed.MAIL_URL ? { mailUrl: parsed.MAIL_URL } : {}),
    sms: smsConfig(parsed),
    ...(parsed.PUBLIC_URL ? { publicUrl: parsed.PUBLIC_URL } : {}),
    ...(parsed.ADMIN_EMAIL ? { adminEmail: parsed.ADMIN_EMAIL } : {}),
    ...(parsed.ADMIN_PASSWORD ? { adminPassword: parsed.ADMIN_PASSWORD } : {}),
    payments: paymentsConfig(parsed),
    ...(parsed.CHATBOT_WEBHOOK_URL ? { chatbotWebhookUrl: parsed.CHATBOT_WEBHOOK_URL } : {}),
    lowStockThreshold: parsed.LOW_STOCK_THRESHOLD,
    ...(parsed.METRICS_TOKEN ? { metricsToken: parsed.METRICS_TOKEN } : {}),
    readModelsSaveIntervalMs: parsed.READ_MODELS_SAVE_SECONDS * 1_000,
  };
}
