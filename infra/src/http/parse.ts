import type { z } from 'zod';
import { messages } from '@quitute/contracts';
import { validationError } from '../errors';

/**
 * Parses request input at the edge; a failure becomes a 400 with per-field
 * messages. The top-level message is `message` when given, else the first
 * field's own message (the spec's text for that rule) — or the generic one for
 * keys the schema does not know (a mass-assignment attempt such as `role`).
 */
export function parseWith<T extends z.ZodType>(
  schema: T,
  input: unknown,
  message?: string,
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // Unknown keys and a body of the wrong kind (none, an array, a number) have no
  // rule of their own in the spec: they get its generic message, not zod's text.
  const generic = (issue: z.core.$ZodIssue) =>
    issue.code === 'unrecognized_keys' ||
    (issue.code === 'invalid_type' && issue.path.length === 0);
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= generic(issue) ? messages.invalidRequest : issue.message;
  }
  const first = result.error.issues[0];
  const fallback = !first || generic(first) ? messages.invalidRequest : first.message;
  throw validationError(message ?? fallback, fields);
}
