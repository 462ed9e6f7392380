import type { z } from 'zod';
import type { EventMetadata } from './metadata';

/** A context's events as a discriminated union, derived from its schema record. */
export type EventOf<S extends Record<string, z.ZodType>> = {
  [K in keyof S & string]: { type: K; data: z.infer<S[K]> };
}[keyof S & string];

/** An event as the event log gives it back (the event store's RecordedEvent is one). */
export interface LoggedEvent {
  id: string;
  type: string;
  streamName: string;
  /** Its number in its stream, from 0. */
  revision: number;
  /** Its place in the global log. */
  position: number;
  data: unknown;
  metadata: EventMetadata;
}
