import { eventMetadataSchema } from '@quitute/contracts';
import type { AppendResult, EventFilter, ExpectedRevision, NewEvent, RecordedEvent } from './port';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Rules every adapter applies before writing, so that they agree on what is
 * rejected. Ids are lower-cased because PostgreSQL and EventStoreDB hand UUIDs
 * back in lower case, and an id must read back exactly as the memory store has it.
 */
export function prepareAppend(
  streamName: string,
  events: readonly NewEvent[],
  expectedRevision: ExpectedRevision,
): NewEvent[] {
  if (streamName.length === 0) throw new Error('A stream name must not be empty');
  if (typeof expectedRevision === 'number' && !isRevision(expectedRevision)) {
    throw new Error(`Expected revision ${expectedRevision} is not a revision (integer ≥ 0)`);
  }
  if (events.length === 0) {
    throw new Error(`Nothing to append to ${streamName}: an append needs at least one event`);
  }
  const ids = new Set<string>();
  return events.map((event) => {
    if (!uuidPattern.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID`);
    const id = event.id.toLowerCase();
    if (ids.has(id)) throw new Error(`Event id ${id} appears twice in one append`);
    ids.add(id);
    // '$' types are EventStoreDB system events, which every adapter leaves out of $all.
    if (event.type.length === 0 || event.type.startsWith('$')) {
      throw new Error(`Event ${id} has type '${event.type}': a type is non-empty and not '$…'`);
    }
    return {
      id,
      type: event.type,
      data: event.data,
      metadata: eventMetadataSchema.parse(event.metadata),
    };
  });
}

function isRevision(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

/** current: revision of the stream's last event, undefined when the stream does not exist. */
export function expectedRevisionHolds(
  expected: ExpectedRevision,
  current: number | undefined,
): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === undefined;
    case 'stream_exists':
      return current !== undefined;
    default:
      return current === expected;
  }
}

export interface StoredEventRef {
  id: string;
  streamName: string;
  revision: number;
  position: number;
}

/**
 * Failure path of an append (revision conflict or an id already stored): a retry
 * of an append that already succeeded gets its original result back; a batch that
 * only partly overlaps what is stored is a caller bug, never silently half-applied.
 * Returns undefined when none of the ids is stored (a genuine conflict).
 */
export function resolveRetry(
  streamName: string,
  events: readonly NewEvent[],
  stored: readonly StoredEventRef[],
): AppendResult | undefined {
  if (stored.length === 0) return undefined;
  const storedIds = new Set(stored.map((ref) => ref.id));
  const missing = events.filter((event) => !storedIds.has(event.id)).map((event) => event.id);
  const elsewhere = stored.filter((ref) => ref.streamName !== streamName);
  if (missing.length > 0 || elsewhere.length > 0) {
    throw new Error(
      `Append to ${streamName} overlaps events already stored: ` +
        `${stored.length} of ${events.length} ids exist` +
        (elsewhere.length > 0 ? `, some in another stream (${elsewhere[0]?.streamName})` : '') +
        '. A retry must resend exactly the original batch.',
    );
  }
  const last = stored.reduce((a, b) => (b.position > a.position ? b : a));
  return { nextExpectedRevision: last.revision, position: last.position };
}

/** Read windows are checked alike everywhere, since SQL and array slicing disagree on odd values. */
export function checkReadWindow(options: { from?: number; maxCount?: number } = {}): {
  from: number;
  maxCount: number | undefined;
} {
  const { from = 0, maxCount } = options;
  if (!Number.isSafeInteger(from) || from < 0) {
    throw new Error(`A read must start at an integer ≥ 0, not ${from}`);
  }
  if (maxCount !== undefined && (!Number.isSafeInteger(maxCount) || maxCount < 0)) {
    throw new Error(`A read's maxCount must be an integer ≥ 0, not ${maxCount}`);
  }
  return { from, maxCount };
}

/** An empty list filters nothing, like an absent one: a filter only ever narrows. */
export function matchesFilter(filter: EventFilter | undefined, event: RecordedEvent): boolean {
  if (!filter) return true;
  const prefixes = filter.streamNamePrefixes ?? [];
  const types = filter.eventTypes ?? [];
  if (prefixes.length > 0 && !prefixes.some((prefix) => event.streamName.startsWith(prefix))) {
    return false;
  }
  return types.length === 0 || types.includes(event.type);
}
