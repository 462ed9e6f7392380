import { isIP } from 'node:net';
import { z } from 'zod';
import { E164_PATTERN, TWILIO_ACCOUNT_SID_PATTERN } from '../sms/twilio';
import { ConfigError } from './load-config';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Variables every Quitute process understands. */
export const commonEnv = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(8080),
  ),
  /**
   * The address a service listens on: every interface when unset (a container,
   * whose network is its own); 127.0.0.1 when a proxy on the same machine is its
   * only way in (the topology of processes), so that no one reaches it directly
   * and tells it, through X-Forwarded-For, which client it is.
   */
  HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
  EVENTSTORE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(esdb|esdb\+discover|postgres|postgresql):\/\//, {
        message: 'must start with esdb://, postgres:// or postgresql://',
      })
      .optional(),
  ),
  MONGO_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, { message: 'must start with mongodb:// or mongodb+srv://' })
      .optional(),
  ),
  /**
   * Read models as JSONB documents on a PostgreSQL server, shared by the query-api
   * and projections processes of a topology without MongoDB (MONGO_URL wins when
   * both are set; in memory without either).
   */
  READ_STORE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  /**
   * The bus on Redis Streams (consumer groups), for a topology without Kafka
   * (KAFKA_BROKERS wins when both are set; in process without either).
   */
  BUS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^/?#]/, { message: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  /** Rate-limit counters and claimed captcha solutions shared by every instance; in memory when unset. */
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^/?#]/, { message: 'must start with redis:// or rediss://' })
      .optional(),
  ),
  KAFKA_BROKERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, { message: 'must be host:port[,host:port…]' })
      .transform((value) => value.split(','))
      .optional(),
  ),
};
export { ConfigError, loadConfig } from './load-config';
export { loadConfigOrExit } from './service';

/** What Express's `trust proxy` setting is given: nothing, a hop count, or addresses. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (PROXY_NAMES.includes(entry)) return true;
  if (rest.length > 0 || isIP(address) === 0) return false;
  const max = isIP(address) === 4 ? 32 : 128;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
};

/**
 * Which proxies in front of a service to believe about the client's address
 * (X-Forwarded-For): unset trusts none, so `req.ip` is the peer's own address.
 */
export const proxyEnv = {
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, context): TrustProxy => {
        if (value === undefined) return false;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value.split(',').map((entry) => entry.trim());
        if (entries.every(isProxyAddress)) return entries;
        context.addIssue({
          code: 'custom',
          message:
            'must be a hop count (1) or addresses: IPs, CIDR ranges, loopback, linklocal, uniquelocal',
        });
        return z.NEVER;
      }),
  ),
};

/**
 * The defaults docker-compose.yml once shipped: published in the repository's
 * history, so they sign nothing.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  'local-compose-only-jwt-secret-0123456789abcdef',
  'local-compose-only-captcha-key-0123456789abcd',
];

const optionalSecret = (name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(32, `must have at least 32 characters (${name})`)
      .refine((value) => !PUBLISHED_SECRETS.includes(value), {
        message: 'is a published example value: generate your own (openssl rand -base64 48)',
      })
      .optional(),
  );

/**
 * Who may read /metrics (infra/src/metrics): with METRICS_TOKEN, whoever sends it
 * as a bearer token; without it, nobody in production (NODE_ENV=production: the
 * path answers 404) and only clients on the machine itself otherwise.
 */
export const metricsEnv = {
  METRICS_TOKEN: optionalSecret('a random string'),
  NODE_ENV: z.string().optional(),
};

/** Accounts: keys, captcha, mail, the admin account and the public origin for links in e-mails. */
export const accountsEnv = {
  /** HS256 key for session tokens; the embedded shop generates one in DATA_DIR when unset. */
  JWT_SECRET: optionalSecret('a random string'),
  /** HMAC key for ALTCHA challenges; generated like JWT_SECRET when unset. */
  CAPTCHA_HMAC_KEY: optionalSecret('a random string'),
  RECAPTCHA_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  RECAPTCHA_SITE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  MAIL_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  /**
   * Twilio sends the SMS when all three are set; without them the messages are
   * written to DATA_DIR/sms-outbox and listed on the dev mailbox. Some but not
   * all of them stop start-up: add checkSmsEnv to the schema, read smsConfig.
   */
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(TWILIO_ACCOUNT_SID_PATTERN, {
        message:
          'must be AC followed by 32 hexadecimal digits (the Account SID of the Twilio console)',
      })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\S{32,}$/, {
        message:
          'must have at least 32 characters without spaces (the Auth Token of the Twilio console)',
      })
      .optional(),
  ),
  /** The shop's Twilio number, the messages' sender. */
  TWILIO_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(E164_PATTERN, { message: 'must be a number in E.164 form, such as +5511987654321' })
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^https?$/,
        message: 'must be an http(s) URL such as https://quitute.com.br',
      })
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ message: 'must be an e-mail address' }).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
};

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

interface TwilioEnv {
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
}

/** The first Twilio variable missing from a partial set; undefined for all or none. */
function missingTwilioVariable(env: TwilioEnv): (typeof TWILIO_VARIABLES)[number] | undefined {
  const missing = TWILIO_VARIABLES.filter((name) => !env[name]);
  return missing.length === TWILIO_VARIABLES.length ? undefined : missing[0];
}

const partialTwilioMessage =
  'must be set too: Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together (none of them: SMS go to the outbox)';

/**
 * What accountsEnv cannot say field by field: add it to the schema that
 * spreads accountsEnv. A partial Twilio set is a mistake, not a wish for the
 * outbox: customers would silently get no SMS.
 */
export function checkSmsEnv(env: TwilioEnv, context: z.RefinementCtx): void {
  const missing = missingTwilioVariable(env);
  if (missing) context.addIssue({ code: 'custom', path: [missing], message: partialTwilioMessage });
}

/** Twilio when configured, otherwise the SMS outbox (ARCHITECTURE §2). */
export interface SmsConfig {
  twilio?: { accountSid: string; authToken: string; from: string };
}

/** The SMS settings of a parsed environment; a partial Twilio set throws, even unchecked. */
export function smsConfig(parsed: TwilioEnv): SmsConfig {
  const missing = missingTwilioVariable(parsed);
  if (missing) {
    throw new ConfigError(`Invalid configuration: ${missing} ${partialTwilioMessage} (got unset)`);
  }
  const {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: from,
  } = parsed;
  return accountSid && authToken && from ? { twilio: { accountSid, authToken, from } } : {};
}

const optionalInt = (min: number, max: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).optional());

/**
 * Payments: Mercado Pago when MP_ACCESS_TOKEN is set (then MP_WEBHOOK_SECRET is
 * required, to verify its notifications), otherwise the local simulator, whose
 * webhook secret is generated in DATA_DIR when unset.
 */
export const paymentsEnv = {
  MP_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(10).optional()),
  /** The browser's card form needs it (Mercado Pago's public key). */
  MP_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  MP_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Another Payments API origin (a test double); Mercado Pago's when unset. */
  MP_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** Minutes an unpaid Pix stays payable (30 when unset). */
  PIX_EXPIRY_MINUTES: optionalInt(1, 43_200),
  /** The simulator approves a pending Pix or boleto by itself after this many milliseconds. */
  SIMULATOR_AUTO_APPROVE_MS: optionalInt(0, 86_400_000),
  /** How often pending payments are re-read from the provider (60,000 when unset). */
  PAYMENT_RECONCILE_INTERVAL_MS: optionalInt(1_000, 86_400_000),
  /** The postal-code service (ViaCEP's when unset). */
  VIACEP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** `on`: a production shop takes simulated payments (a demonstration), knowingly. */
  PAYMENT_SIMULATOR: z.preprocess(
    emptyAsUndefined,
    z.enum(['on'], { message: 'must be "on" or unset' }).optional(),
  ),
};

/**
 * A service whose read models another process writes (or reads) needs a shared
 * read store: MongoDB or PostgreSQL. Add it to a schema that spreads commonEnv.
 */
export function requireSharedReadStore(
  env: { MONGO_URL?: string | undefined; READ_STORE_URL?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (!env.MONGO_URL && !env.READ_STORE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['MONGO_URL'],
      message: 'or READ_STORE_URL is required',
    });
  }
}

/**
 * What paymentsEnv cannot say field by field: add it to the schema that spreads
 * paymentsEnv (with NODE_ENV, for the production rule).
 */
export function checkPaymentsEnv(
  env: {
    MP_ACCESS_TOKEN?: string | undefined;
    MP_WEBHOOK_SECRET?: string | undefined;
    NODE_ENV?: string | undefined;
    PAYMENT_SIMULATOR?: 'on' | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (env.MP_ACCESS_TOKEN && !env.MP_WEBHOOK_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['MP_WEBHOOK_SECRET'],
      message: 'must be set with MP_ACCESS_TOKEN (Mercado Pago notifications are verified with it)',
    });
  }
  // Anyone can approve the simulator's payments: never a production default.
  if (env.NODE_ENV === 'production' && !env.MP_ACCESS_TOKEN && env.PAYMENT_SIMULATOR !== 'on') {
    context.addIssue({
      code: 'custom',
      path: ['MP_ACCESS_TOKEN'],
      message:
        'must be set in production (NODE_ENV=production): without it anyone could approve payments on the simulator; set PAYMENT_SIMULATOR=on to run a demonstration on simulated payments',
    });
  }
}

/** Mercado Pago when its access token is set, otherwise the local simulator (ARCHITECTURE §2). */
export interface PaymentsConfig {
  mercadoPago?: { accessToken: string; webhookSecret: string; publicKey?: string; apiUrl?: string };
  /** The simulator's webhook secret; generated in DATA_DIR when unset. */
  webhookSecret?: string;
  pixExpiryMinutes?: number;
  simulatorAutoApproveMs?: number;
  reconcileIntervalMs?: number;
  viaCepUrl?: string;
}

/** The payment settings of a parsed environment (a schema spreading paymentsEnv). */
export function paymentsConfig(parsed: {
  MP_ACCESS_TOKEN?: string | undefined;
  MP_PUBLIC_KEY?: string | undefined;
  MP_WEBHOOK_SECRET?: string | undefined;
  MP_API_URL?: string | undefined;
  PIX_EXPIRY_MINUTES?: number | undefined;
  SIMULATOR_AUTO_APPROVE_MS?: number | undefined;
  PAYMENT_RECONCILE_INTERVAL_MS?: number | undefined;
  VIACEP_URL?: string | undefined;
}): PaymentsConfig {
  return {
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
  };
}

/** The chatbot (POST /api/chatbot, served by query-api). */
export const chatbotEnv = {
  /** An external chatbot workflow: every message is posted there ({message} → {reply}) instead of the built-in assistant. */
  CHATBOT_WEBHOOK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^https?$/,
        message: 'must be an http(s) URL such as https://n8n.example.com/webhook/chat',
      })
      .optional(),
  ),
};
