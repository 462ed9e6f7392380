import { z } from 'zod';

/** Envelope metadata every event carries; auditors rely on it. */
export const eventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  actorId: z.string().min(1),
  actorRole: z.enum(['system', 'user', 'admin']),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

export const SYSTEM_ACTOR = 'system';
