import { eventMetadataSchema } from '@quitute/contracts';
import type { AppendResult, EventFilter, ExpectedRevision, NewEvent, RecordedEvent } from './port';
import { DuplicateEventIdError } from './port';

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
  /** Whether the stored event has the type, data and metadata of the one appended now. */
  sameContent: boolean;
}

/**
 * Failure path of an append (revision conflict or an id already stored): a retry
 * of an append that already succeeded gets its original result back; an id stored
 * with other content (or in another stream) is a DuplicateEventIdError; a batch
 * that only partly overlaps what is stored is a caller bug, never silently half-applied.
 * Returns undefined when none of the ids is stored (a genuine conflict).
 */
export function resolveRetry(
  streamName: string,
  events: readonly NewEvent[],
  stored: readonly StoredEventRef[],
): AppendResult | undefined {
  if (stored.length === 0) return undefined;
  const clash = stored.find((ref) => !ref.sameContent || ref.streamName !== streamName);
  if (clash) throw new DuplicateEventIdError(streamName, clash.id);
  const storedIds = new Set(stored.map((ref) => ref.id));
  const missing = events.filter((event) => !storedIds.has(event.id)).map((event) => event.id);
  if (missing.length > 0) {
    throw new Error(
      `Append to ${streamName} overlaps events already stored: ` +
        `${stored.length} of ${events.length} ids exist. A retry must resend exactly the original batch.`,
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

/**
 * Whether a stored event is the one appended now: same type, and data and metadata
 * equal as JSON values (key order and undefined properties do not count, as in a
 * JSON column).
 */
export function sameEventContent(
  stored: Pick<NewEvent, 'type' | 'data' | 'metadata'>,
  appended: Pick<NewEvent, 'type' | 'data' | 'metadata'>,
): boolean {
  return (
    stored.type === appended.type &&
    jsonEqual(stored.data, appended.data) &&
    jsonEqual(stored.metadata, appended.metadata)
  );
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => jsonEqual(item, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const entriesA = Object.entries(a).filter(([, value]) => value !== undefined);
  const entriesB = new Map(Object.entries(b).filter(([, value]) => value !== undefined));
  return (
    entriesA.length === entriesB.size &&
    entriesA.every(([key, value]) => entriesB.has(key) && jsonEqual(value, entriesB.get(key)))
  );
}
