import { z } from 'zod';

/** Envelope metadata every event carries; auditors rely on it. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  actorId: z.string().min(1),
  actorRole: z.enum(['system', 'user', 'admin']),
  occurredAt: z.iso.datetime({ offset: true }),
  /** The version of its type's data it was written in; absent for version 1 (see upcasting.ts). */
  schemaVersion: z.number().int().min(1).optional(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const SYSTEM_ACTOR = 'system';
