import {
  EVENT_LOG_SCAN_LIMIT,
  type EventLogEntry,
  type EventLogPage,
  type EventLogQuery,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { EventLog } from '@quitute/projections/audit';
import { auditMessages } from './messages';

/** How many events one read of the log asks for while scanning. */
const SCAN_BATCH = 500;

/**
 * Fields of the accounts' events that hold secrets: a password's KDF hash
 * (which a weak password would give up offline) and a reset token's hash. An
 * auditor sees that they were set, never their value.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash', 'tokenHash']);

function withoutSecrets(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      SECRET_FIELDS.has(key) ? auditMessages.hidden : value,
    ]),
  );
}

/** A stored event as auditors see it: data and metadata as they are, secrets hidden. */
export function toLogEntry(recorded: RecordedEvent): EventLogEntry {
  return {
    position: recorded.position,
    stream: recorded.streamName,
    revision: recorded.revision,
    eventId: recorded.id,
    type: recorded.type,
    data: withoutSecrets(recorded.data),
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
 * events, having looked at no more than EVENT_LOG_SCAN_LIMIT events. `next` is
 * the position to go on from (the one after the last event looked at), or null
 * once the end of the log was reached.
 */
export async function readLogPage(log: EventLog, query: EventLogQuery): Promise<EventLogPage> {
  const events: EventLogEntry[] = [];
  // readAll's position is exclusive, `from` inclusive.
  let after = Math.max((query.from ?? 0) - 1, 0);
  let scanned = 0;
  let atEnd = false;
  while (events.length < query.limit && scanned < EVENT_LOG_SCAN_LIMIT) {
    const maxCount = Math.min(SCAN_BATCH, EVENT_LOG_SCAN_LIMIT - scanned);
    const batch = await log.readAll({ fromPosition: after, maxCount });
    for (const recorded of batch) {
      scanned += 1;
      after = recorded.position;
      if (matches(recorded, query)) events.push(toLogEntry(recorded));
      if (events.length === query.limit) break;
    }
    if (batch.length < maxCount && events.length < query.limit) {
      atEnd = true;
      break;
    }
  }
  // Read last, so every event of the page is at or before it.
  return { events, next: atEnd ? null : after + 1, position: await log.headPosition() };
}
