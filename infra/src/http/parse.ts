import type { z } from 'zod';
import { validationError } from '../errors';

/** Parses request input at the edge; a failure becomes a 400 with per-field messages. */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message: string,
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw validationError(message, fields);
}
