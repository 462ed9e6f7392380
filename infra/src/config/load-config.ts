import type { z } from 'zod';

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
