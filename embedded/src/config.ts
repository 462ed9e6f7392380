import path from 'node:path';
import { z } from 'zod';
import {
  accountsEnv,
  checkPaymentsEnv,
  commonEnv,
  loadConfig,
  paymentsEnv,
  proxyEnv,
  type TrustProxy,
} from '@quitute/infra/config';

export const embeddedEnvSchema = z
  .object({
    ...commonEnv,
    ...accountsEnv,
    ...paymentsEnv,
    ...proxyEnv,
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    HOST: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
    NODE_ENV: z.string().optional(),
    /** `on`: a production shop takes simulated payments (a demonstration), knowingly. */
    PAYMENT_SIMULATOR: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['on'], { message: 'must be "on" or unset' }).optional(),
    ),
  })
  .superRefine(checkPaymentsEnv)
  .superRefine((env, context) => {
    // Anyone can approve the simulator's payments: never a production default.
    if (env.NODE_ENV === 'production' && !env.MP_ACCESS_TOKEN && env.PAYMENT_SIMULATOR !== 'on') {
      context.addIssue({
        code: 'custom',
        path: ['MP_ACCESS_TOKEN'],
        message:
          'must be set in production (NODE_ENV=production): without it anyone could approve payments on the simulator; set PAYMENT_SIMULATOR=on to run a demonstration on simulated payments',
      });
    }
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
  /** Origin for links in e-mails; http://localhost:<port> by default. */
  publicUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  payments?: PaymentsConfig;
}

/** Mercado Pago when its access token is set, otherwise the local simulator (ARCHITECTURE §2). */
export interface PaymentsConfig {
  mercadoPago?: { accessToken: string; webhookSecret: string; publicKey?: string; apiUrl?: string };
  /** The simulator's webhook secret; generated in dataDir when unset. */
  webhookSecret?: string;
  pixExpiryMinutes?: number;
  simulatorAutoApproveMs?: number;
  reconcileIntervalMs?: number;
  viaCepUrl?: string;
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
    ...(parsed.PUBLIC_URL ? { publicUrl: parsed.PUBLIC_URL } : {}),
    ...(parsed.ADMIN_EMAIL ? { adminEmail: parsed.ADMIN_EMAIL } : {}),
    ...(parsed.ADMIN_PASSWORD ? { adminPassword: parsed.ADMIN_PASSWORD } : {}),
    payments: {
      ...(parsed.MP_ACCESS_TOKEN && parsed.MP_WEBHOOK_SECRET
        ? {
            mercadoPago: {
              accessToken: parsed.MP_ACCESS_TOKEN,
              webhookSecret: parsed.MP_WEBHOOK_SECRET,
              ...(parsed.MP_PUBLIC_KEY ? { publicKey: parsed.MP_PUBLIC_KEY } : {}),
              ...(parsed.MP_API_URL ? { apiUrl: parsed.MP_API_URL } : {}),
            },
          }
        : {}),
      ...(parsed.MP_WEBHOOK_SECRET ? { webhookSecret: parsed.MP_WEBHOOK_SECRET } : {}),
      ...(parsed.PIX_EXPIRY_MINUTES !== undefined
        ? { pixExpiryMinutes: parsed.PIX_EXPIRY_MINUTES }
        : {}),
      ...(parsed.SIMULATOR_AUTO_APPROVE_MS !== undefined
        ? { simulatorAutoApproveMs: parsed.SIMULATOR_AUTO_APPROVE_MS }
        : {}),
      ...(parsed.PAYMENT_RECONCILE_INTERVAL_MS !== undefined
        ? { reconcileIntervalMs: parsed.PAYMENT_RECONCILE_INTERVAL_MS }
        : {}),
      ...(parsed.VIACEP_URL ? { viaCepUrl: parsed.VIACEP_URL } : {}),
    },
  };
}
