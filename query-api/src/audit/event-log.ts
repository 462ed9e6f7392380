import {
  EVENT_LOG_SCAN_LIMIT,
  formatHiddenCpf,
  type EventLogEntry,
  type EventLogPage,
  type EventLogQuery,
} from '@quitute/contracts';
import type { EventStore, RecordedEvent } from '@quitute/infra/event-store';
import { unavailable } from '@quitute/infra/errors';
import { auditMessages } from './messages';

/** What the auditors' reads need of the event store: reading, never appending. */
export type EventLog = Pick<
  EventStore,
  'readStream' | 'readAll' | 'headPosition' | 'settledPosition'
>;

/** How many events one read of the log asks for while scanning. */
const SCAN_BATCH = 500;

/**
 * How long a page waits for the log to settle (on a shared PostgreSQL server, for the
 * write transactions running there) before answering 503 with Retry-After.
 */
export const LOG_SETTLE_TIMEOUT_MS = 2_000;

/**
 * Fields of the accounts' events that hold secrets: a password's KDF hash
 * (which a weak password would give up offline) and a reset token's hash. An
 * auditor sees that they were set, never their value.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash', 'tokenHash']);

/** Event data as auditors may see it: secrets hidden and CPFs masked, at any depth. */
function forAuditors(value: unknown, key = ''): unknown {
  if (SECRET_FIELDS.has(key)) return auditMessages.hidden;
  if (key === 'cpf' && typeof value === 'string') {
    // As public records hide a CPF: enough to tell one from another, not the whole number.
    return formatHiddenCpf(value) ?? auditMessages.hidden;
  }
  if (Array.isArray(value)) return value.map((item) => forAuditors(item));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [field, forAuditors(inner, field)]),
    );
  }
  return value;
}

/**
 * A stored event as auditors see it: data and metadata as stored, secrets hidden,
 * CPFs masked, and a product photo's bytes (hundreds of kilobytes) said in words.
 */
export function toLogEntry(recorded: RecordedEvent): EventLogEntry {
  return {
    position: recorded.position,
    stream: recorded.streamName,
    revision: recorded.revision,
    eventId: recorded.id,
    type: recorded.type,
    data: Object.fromEntries(
      Object.entries(recorded.data).map(([field, value]) => [
        field,
        recorded.type === 'ProductPhotoUploaded' && field === 'bytes' && typeof value === 'string'
          ? auditMessages.photoBytes(Buffer.byteLength(value, 'base64'))
          : forAuditors(value, field),
      ]),
    ),
    metadata: { ...recorded.metadata },
  };
}

/** A stream's category: its name before the first '-' (`order`, `payment`, `user`). */
export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

/** Whether an event passes every filter of the query. */
export function matches(recorded: RecordedEvent, query: EventLogQuery): boolean {
  const occurredAt = Date.parse(recorded.metadata.occurredAt);
  return (
    (query.stream === undefined || recorded.streamName === query.stream) &&
    (query.category === undefined || categoryOf(recorded.streamName) === query.category) &&
    (query.type === undefined || recorded.type === query.type) &&
    (query.actorId === undefined || recorded.metadata.actorId === query.actorId) &&
    (query.since === undefined || occurredAt >= Date.parse(query.since)) &&
    (query.until === undefined || occurredAt <= Date.parse(query.until))
  );
}

/**
 * One page of the global log from `from` (inclusive): up to `limit` matching
 * events, having looked at no more than EVENT_LOG_SCAN_LIMIT events, all at or
 * before the store's settled position (`position`). `next` is the position to go
 * on from (the one after the last event looked at), or null once the page
 * reached that position.
 *
 * Not the head: on a shared PostgreSQL server a lower position can still be
 * committing while a higher one is read, and a `next` past it would skip that
 * event for good. Up to the settled position, every event is in the log or
 * never will be.
 */
export async function readLogPage(
  log: EventLog,
  query: EventLogQuery,
  settleTimeoutMs = LOG_SETTLE_TIMEOUT_MS,
): Promise<EventLogPage> {
  const settled = await settledWithin(log, settleTimeoutMs);
  const events: EventLogEntry[] = [];
  // readAll's position is exclusive, `from` inclusive.
  let after = Math.max((query.from ?? 0) - 1, 0);
  let scanned = 0;
  let atEnd = after >= settled;
  while (!atEnd && events.length < query.limit && scanned < EVENT_LOG_SCAN_LIMIT) {
    // Positions are distinct integers: no more than settled - after of them are settled.
    const maxCount = Math.min(SCAN_BATCH, EVENT_LOG_SCAN_LIMIT - scanned, settled - after);
    // Events past the settled position (after a gap) are not the page's: none is left before them.
    const settledBatch = (await log.readAll({ fromPosition: after, maxCount })).filter(
      (recorded) => recorded.position <= settled,
    );
    for (const recorded of settledBatch) {
      scanned += 1;
      after = recorded.position;
      if (matches(recorded, query)) events.push(toLogEntry(recorded));
      if (events.length === query.limit) break;
    }
    const settledAllRead = settledBatch.length < maxCount || after >= settled;
    if (settledAllRead && events.length < query.limit) atEnd = true;
  }
  return { events, next: atEnd ? null : after + 1, position: settled };
}

/** The settled position, or 503 'log still being written' past `timeoutMs` (a long write transaction on the server). */
async function settledWithin(log: EventLog, timeoutMs: number): Promise<number> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await log.settledPosition({ signal });
  } catch (error) {
    if (signal.aborted && error === signal.reason) throw unavailable(auditMessages.logSettling);
    throw error;
  }
}
