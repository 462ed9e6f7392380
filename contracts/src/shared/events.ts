import type { z } from 'zod';

/** A context's events as a discriminated union, derived from its schema record. */
export type EventOf<S extends Record<string, z.ZodType>> = {
  [K in keyof S & string]: { type: K; data: z.infer<S[K]> };
}[keyof S & string];
