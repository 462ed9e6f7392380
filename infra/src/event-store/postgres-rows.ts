import { eventMetadataSchema, type EventMetadata } from '@quitute/contracts';
import { z } from 'zod';
import type { JsonObject, RecordedEvent } from './port';

/** The shapes of the rows the SQL event store reads back, checked at the edge. */
const safeInteger = z.union([z.number(), z.string(), z.bigint()]).transform((value, ctx) => {
  const number = Number(value);
  if (Number.isSafeInteger(number)) return number;
  ctx.addIssue({ code: 'custom', message: `${String(value)} is not a safe integer` });
  return z.NEVER;
});

/**
 * An event's data as the jsonb column hands it back: a JSON object by the
 * column's own type, so only its being an object is checked here (a deep
 * z.json() walk of every value cost ~13% of a projection rebuild).
 */
const jsonbObject = z.custom<JsonObject>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'event data is not a JSON object' },
);

export const eventRowSchema = z.object({
  position: safeInteger,
  id: z.string(),
  stream_name: z.string(),
  revision: safeInteger,
  type: z.string(),
  data: jsonbObject,
  metadata: eventMetadataSchema,
  recorded_at: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
});

export const appendRowSchema = z.object({
  outcome: z.enum(['ok', 'conflict']),
  stream_revision: safeInteger.nullable(),
  last_position: safeInteger.nullable(),
});

export const storedRefSchema = z.object({
  id: z.string(),
  stream_name: z.string(),
  revision: safeInteger,
  position: safeInteger,
  same_content: z.boolean(),
});

export const batchRowSchema = z.object({ outcome: z.enum(['ok', 'conflict', 'retry']) });
export const pageRowSchema = z.object({ snapshot_xmin: z.string(), page: z.string() });
export const xidRowSchema = z.object({ xid: z.string() });
export const headRowSchema = z.object({ head: safeInteger });
export const settledHeadRowSchema = z.object({
  head: safeInteger,
  snapshot_xmin: z.string(),
  bound: z.string(),
});
export const snapshotXminRowSchema = z.object({ snapshot_xmin: z.string() });
export const writeTransactionRowSchema = z.object({
  /** Null for a prepared transaction (no session holds it). */
  pid: z.number().nullable(),
  database: z.string().nullable(),
  application_name: z.string().nullable(),
  state: z.string().nullable(),
  started_at: z.string().nullable(),
});

export function toRecordedEvent(row: unknown): RecordedEvent {
  const parsed = eventRowSchema.parse(row);
  return {
    id: parsed.id,
    type: parsed.type,
    streamName: parsed.stream_name,
    revision: parsed.revision,
    position: parsed.position,
    data: parsed.data,
    metadata: parsed.metadata,
    recordedAt: parsed.recorded_at,
  };
}

/**
 * A page of the log as readAllPage hands it over (one JSON text of
 * [position, id, stream_name, revision, type, data, metadata, recorded_at]
 * arrays). Every row was written by this store after prepareAppend parsed its
 * metadata, so each is checked for its shape only: eventRowSchema's parse per
 * event was about a third of reading the log.
 */
export function toRecordedEvents(page: unknown): RecordedEvent[] {
  return parsePage(page).map(toRecordedEventOfPage);
}

/** A page as readPage hands it over: every position, the event where the filter wanted it. */
export function toPageEntries(page: unknown): { position: number; event: RecordedEvent | null }[] {
  return parsePage(page).map((entry) => {
    if (typeof entry !== 'number') {
      const event = toRecordedEventOfPage(entry);
      return { position: event.position, event };
    }
    if (!Number.isSafeInteger(entry)) throw badRow(entry);
    return { position: entry, event: null };
  });
}

function parsePage(page: unknown): unknown[] {
  if (typeof page !== 'string') throw new Error('The event store read no page of events');
  const entries: unknown = JSON.parse(page);
  if (!Array.isArray(entries)) throw new Error('The event store read a page that is not a list');
  return entries;
}

function toRecordedEventOfPage(row: unknown): RecordedEvent {
  if (!Array.isArray(row) || row.length !== 8) throw badRow(row);
  const [position, id, streamName, revision, type, data, metadata, recordedAt]: unknown[] = row;
  if (
    !Number.isSafeInteger(position) ||
    typeof position !== 'number' ||
    typeof id !== 'string' ||
    typeof streamName !== 'string' ||
    typeof revision !== 'number' ||
    !Number.isSafeInteger(revision) ||
    typeof type !== 'string' ||
    !isJsonObject(data) ||
    !isStoredMetadata(metadata) ||
    typeof recordedAt !== 'string'
  ) {
    throw badRow(row);
  }
  const recordedAtIso = isoMilliseconds(recordedAt);
  if (recordedAtIso === null) throw badRow(row);
  return { id, type, streamName, revision, position, data, metadata, recordedAt: recordedAtIso };
}

/**
 * A UTC time as JSON spells it (2026-11-25T12:00:01, then up to 6 fraction
 * digits), as Date.toISOString() does: milliseconds, cut (not rounded) like the
 * Date the pg driver makes of a timestamptz. Its shape only is checked, as for
 * the other columns (the store's own SQL spelled it); null for another shape.
 */
export function isoMilliseconds(text: string): string | null {
  const shaped =
    (text.length === 19 || (text.length >= 21 && text.length <= 26 && text[19] === '.')) &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === 'T' &&
    text[13] === ':' &&
    text[16] === ':';
  if (!shaped) return null;
  const milliseconds = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 19)}.${milliseconds}Z`;
}

function badRow(row: unknown): Error {
  return new Error(`The event store read a malformed event: ${JSON.stringify(row).slice(0, 200)}`);
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const actorRoles: ReadonlySet<unknown> = new Set(eventMetadataSchema.shape.actorRole.options);

/** The shape of eventMetadataSchema, without its rules on the strings' contents (checked at the append). */
function isStoredMetadata(value: unknown): value is EventMetadata {
  if (!isJsonObject(value)) return false;
  const { correlationId, causationId, actorId, actorRole, occurredAt, schemaVersion } = value;
  return (
    typeof correlationId === 'string' &&
    typeof causationId === 'string' &&
    typeof actorId === 'string' &&
    actorRoles.has(actorRole) &&
    typeof occurredAt === 'string' &&
    (schemaVersion === undefined ||
      (typeof schemaVersion === 'number' && Number.isSafeInteger(schemaVersion)))
  );
}

export function firstRow(rows: Record<string, unknown>[]): Record<string, unknown> {
  const row = rows[0];
  if (!row) throw new Error('The event store query returned no row');
  return row;
}
