import type { EventMetadata } from '@quitute/contracts';

/**
 * The EventStore port (ARCHITECTURE §2). Revisions are per stream and start at 0;
 * positions are global, start at 1 and only grow. Both are safe integers: a
 * bigint-based store converts at its edge.
 */

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type JsonObject = { [key: string]: JsonValue };

export interface NewEvent {
  /**
   * UUID. An id already stored is never stored twice: a retried append (same ids,
   * types, data and metadata) is a no-op that returns the original result; the same
   * id with other content raises DuplicateEventIdError.
   */
  id: string;
  type: string;
  data: JsonObject;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  type: string;
  streamName: string;
  revision: number;
  position: number;
  data: JsonObject;
  metadata: EventMetadata;
  /** ISO-8601, when the store recorded it. */
  recordedAt: string;
}

/** A number is the revision of the stream's last event (0 after its first event). */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event now in the stream: pass it as expectedRevision next time. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export interface EventFilter {
  /** Deliver only events whose stream name starts with one of these. */
  streamNamePrefixes?: readonly string[];
  /** Deliver only events of these types. */
  eventTypes?: readonly string[];
}

export interface SubscribeOptions {
  /** Exclusive: delivery starts with the first event after this position. Omitted: from the beginning. */
  fromPosition?: number;
  filter?: EventFilter;
  /**
   * Called once per event, in global order; the next event waits for the returned promise.
   * A throw stops the subscription and reaches onError: it is never retried or skipped.
   */
  onEvent: (event: RecordedEvent) => Promise<void> | void;
  /**
   * Called each time the subscription has delivered everything stored so far (after
   * catch-up, again after each live burst, and again once recovered after a retry).
   */
  onCaughtUp?: (position: number) => void;
  /**
   * The store failed (connection dropped, server restarting, a read failed): the
   * subscription reads again from the last delivered event after `delayMs` (capped
   * exponential backoff), so nothing is missed or delivered twice. `attempt` counts
   * the failures since the subscription was last caught up.
   */
  onRetry?: (info: RetryInfo) => void;
  /** The subscription has ended for good (the handler threw, or the event could not be read as ours). */
  onError?: (error: unknown) => void;
}

export interface RetryInfo {
  error: unknown;
  attempt: number;
  delayMs: number;
}

export interface Subscription {
  /** Stops delivery; resolves once no handler is running. */
  stop(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(
      `Wrong expected revision on ${streamName}: expected ${String(expected)}, actual ${String(actual)}`,
    );
  }
}

/**
 * An append reused an event id already stored with other content (type, data,
 * metadata or stream). Not a WrongExpectedRevisionError: re-reading the stream and
 * deciding again cannot resolve it (the id names another event), so a caller that
 * retries revision conflicts must not retry this one.
 */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamName: string,
    readonly eventId: string,
  ) {
    super(`Event id ${eventId} appended to ${streamName} is already stored with other content`);
  }
}

/**
 * The store's server cannot be reached (down, restarting, the connection lost
 * mid-query): nothing is known to be stored, and trying again later may work.
 * The HTTP edge answers it 503 with Retry-After. `cause` is the driver's error.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super(
      `The store's server cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly NewEvent[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Events of one stream in revision order; [] when the stream does not exist. */
  readStream(
    streamName: string,
    options?: { fromRevision?: number; maxCount?: number },
  ): Promise<RecordedEvent[]>;
  /** Events of every stream in global order, after fromPosition (exclusive). */
  readAll(options?: { fromPosition?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /** Catch-up then live subscription to every stream, in global order. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last stored event, 0 when empty. */
  headPosition(): Promise<number>;
  /**
   * A position up to which readAll returns every event the log will ever hold
   * there: no append still in flight can commit at or below it (0 when empty).
   * What a reader that goes "up to the head" and then follows from there (a
   * rebuild, a first checkpoint) must stop at. The same as headPosition on a
   * store whose positions are given at commit; on PostgreSQL it may wait for
   * the appends in flight, and for any write transaction of the server: `signal`
   * ends that wait (rejecting with its reason), for a reader that cannot wait long.
   */
  settledPosition(options?: { signal?: AbortSignal }): Promise<number>;
  /**
   * Gives back the memory a long read (a start's read of the whole log) left the
   * store's client holding, where it keeps it: embedded PGlite opens a new thread
   * (calls wait for it, about half a second). Absent on the other stores.
   */
  releaseReadMemory?(): Promise<void>;
  close(): Promise<void>;
}
