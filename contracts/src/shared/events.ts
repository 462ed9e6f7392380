import type { z } from 'zod';
import { upcast } from './upcasters';
import type { StoredEvent } from './upcasting';

/** A context's events as a discriminated union, derived from its schema record. */
export type EventOf<S extends Record<string, z.ZodType>> = {
  [K in keyof S & string]: { type: K; data: z.infer<S[K]> };
}[keyof S & string];

/**
 * Parses an event read back from the store (events are parsed at the edge too),
 * after upcasting its data from the version it was written in to its type's
 * current one (upcasting.ts). Returns null for a type this context does not know.
 */
export function parseEvent<S extends Record<string, z.ZodType>>(
  schemas: S,
  event: StoredEvent,
): EventOf<S> | null {
  if (!Object.hasOwn(schemas, event.type)) return null;
  const schema = schemas[event.type];
  if (!schema) return null;
  const parsed: unknown = schema.parse(upcast(event));
  // The key and its schema's output belong together by construction of EventOf.
  return { type: event.type, data: parsed } as EventOf<S>;
}
