import { z } from 'zod';
import { orderDocumentSchema } from '../ordering/read-model';
import { eventMetadataSchema } from '../shared/metadata';

/**
 * An order's history for auditors (issue 13 point 1): every event of the
 * order's stream and of its payments' streams, in log order, each with who did
 * it, why (correlation and causation ids), a pt-BR description and the order
 * as it was right after it. Served from the event store, never from a read
 * model: `GET /api/admin/orders/{id}/history` (query-api) and
 * `npm run audit -- order <orderNumber|id>` print the same timeline.
 */

/** `?asOf=<ISO time>` or `?position=<global position>` (not both): the order exactly as it was then. */
export const orderHistoryQuerySchema = z
  .object({
    asOf: z.iso.datetime({ offset: true }).optional(),
    position: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((query) => query.asOf === undefined || query.position === undefined, {
    message: 'Informe asOf ou position, não os dois.',
  });
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuerySchema>;

/** Who caused an event: a user (id, role, and their name when the users read model knows it) or `system`. */
export const historyActorSchema = z.object({
  id: z.string(),
  role: eventMetadataSchema.shape.actorRole,
  name: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof historyActorSchema>;

export const historyEntrySchema = z.object({
  /** Global position in the event log (the order of the timeline). */
  position: z.number().int().nonnegative(),
  stream: z.string(),
  /** The event's number in its stream, from 0. */
  revision: z.number().int().nonnegative(),
  eventId: z.string(),
  type: z.string(),
  /** When it happened (the metadata's occurredAt). */
  occurredAt: z.string(),
  actor: historyActorSchema,
  correlationId: z.string(),
  causationId: z.string(),
  /** pt-BR, e.g. 'Pagamento aprovado via Pix'. */
  description: z.string(),
  /** The order right after this event (the orders read model's document shape). */
  state: orderDocumentSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const orderHistorySchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** What was asked: the history up to this time or position, or null for all of it. */
  asOf: z.string().nullable(),
  atPosition: z.number().int().nullable(),
  /** The events up to the asked moment (all of them when none was asked). */
  entries: z.array(historyEntrySchema),
  /** The order as it was at the asked moment (null: it did not exist yet). */
  state: orderDocumentSchema.nullable(),
  /** Global position of the newest event of the log when the history was read. */
  position: z.number().int().nonnegative(),
});
export type OrderHistory = z.infer<typeof orderHistorySchema>;
