import { z } from 'zod';

/**
 * The global event log for auditors (issue 13 point 9): `GET /api/admin/events`
 * pages through $all by position, read from the event store (not a read model).
 * A page holds at most `limit` matching events; the server looks at no more
 * than EVENT_LOG_SCAN_LIMIT events per request, so a filter matching little
 * answers with fewer events and a `next` cursor to go on from.
 */

export const EVENT_LOG_PAGE_SIZE = 50;
export const EVENT_LOG_MAX_PAGE_SIZE = 200;
/** The most events one request reads from the log while filtering. */
export const EVENT_LOG_SCAN_LIMIT = 5_000;

const position = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const shortText = z.string().trim().min(1).max(200);

export const eventLogQuerySchema = z.object({
  /** First global position to look at (inclusive); from the start of the log when absent. */
  from: position.optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_LOG_MAX_PAGE_SIZE).default(EVENT_LOG_PAGE_SIZE),
  /** Exact stream name, e.g. `order-3f…`. */
  stream: shortText.optional(),
  /** Stream category: the name's part before the first '-', e.g. `order`, `payment`, `user`. */
  category: shortText.optional(),
  /** Exact event type, e.g. `PaymentApproved`. */
  type: shortText.optional(),
  /** The metadata's actorId (a user id or `system`). */
  actorId: shortText.optional(),
  /** Time range on the metadata's occurredAt (inclusive). */
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type EventLogQuery = z.infer<typeof eventLogQuerySchema>;

/** One stored event as it is stored: an older version keeps its shape (metadata.schemaVersion names it). */
export const eventLogEntrySchema = z.object({
  position: z.number().int().nonnegative(),
  stream: z.string(),
  revision: z.number().int().nonnegative(),
  eventId: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
});
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;

export const eventLogPageSchema = z.object({
  events: z.array(eventLogEntrySchema),
  /** Where the next page starts (pass as `from`), or null at the end of the log. */
  next: z.number().int().nonnegative().nullable(),
  /**
   * Global position up to which the log was settled when the page was read (every
   * event at or before it was in the log, or never will be): the page covers no
   * event after it. The head, unless an append was still committing below the head.
   */
  position: z.number().int().nonnegative(),
});
export type EventLogPage = z.infer<typeof eventLogPageSchema>;

/**
 * Events per page of one stream: a stream can be long (the order numbers'
 * sequence holds one event per order ever placed, a product's one per sale), so
 * it is read a page at a time, never whole.
 */
export const EVENT_STREAM_PAGE_SIZE = 100;

/** `?from=<revision>`: the first revision of the page (inclusive); from the start when absent. */
export const eventStreamQuerySchema = z.object({
  from: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
});
export type EventStreamQuery = z.infer<typeof eventStreamQuerySchema>;

/** `GET /api/admin/events/streams/{stream}`: one page of a stream, in order. */
export const eventStreamSchema = z.object({
  stream: z.string(),
  events: z.array(eventLogEntrySchema),
  /** The revision the next page starts at (pass as `from`), or null at the stream's end. */
  next: z.number().int().nonnegative().nullable(),
  position: z.number().int().nonnegative(),
});
export type EventStreamPage = z.infer<typeof eventStreamSchema>;
