import type { z } from 'zod';

/** A context's events as a discriminated union, derived from its schema record. */
export type EventOf<S extends Record<string, z.ZodType>> = {
  [K in keyof S & string]: { type: K; data: z.infer<S[K]> };
}[keyof S & string];

/**
 * Parses an event read back from the store (events are parsed at the edge too).
 * Returns null for a type this context does not know.
 */
export function parseEvent<S extends Record<string, z.ZodType>>(
  schemas: S,
  type: string,
  data: unknown,
): EventOf<S> | null {
  if (!Object.hasOwn(schemas, type)) return null;
  const schema = schemas[type];
  if (!schema) return null;
  const parsed: unknown = schema.parse(data);
  // The key and its schema's output belong together by construction of EventOf.
  return { type, data: parsed } as EventOf<S>;
}
