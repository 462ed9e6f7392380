import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses environment variables with a zod schema. A bad value stops start-up
 * with one line naming the variable (the first problem; fix and retry).
 */
export function loadConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue?.path.join('.') ?? '(unknown)';
  const raw = typeof variable === 'string' ? env[variable] : undefined;
  const got = raw === undefined ? 'unset' : `"${raw}"`;
  throw new ConfigError(
    `Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'} (got ${got})`,
  );
}

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
export { loadConfigOrExit } from './service';

const optionalSecret = (name: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.string().min(32, `must have at least 32 characters (${name})`).optional(),
  );

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
