import { escapeRegex } from '../read-store/regex';
import type * as Esdb from '@eventstore/db-client';
import { eventMetadataSchema } from '@quitute/contracts';
import { z } from 'zod';
import type { Logger } from '../logging';
import { silentLogger } from '../logging';
import {
  checkReadWindow,
  matchesFilter,
  prepareAppend,
  resolveRetry,
  sameEventContent,
} from './store-rules';
import type { AppendResult, EventStore, NewEvent, RecordedEvent, Subscription } from './port';
import { StoreUnavailableError, WrongExpectedRevisionError } from './port';
import { asSubscriber, createPause, retryDelayMs, SubscriberFailure } from './subscription-retry';

const readPageSize = 256;
const dataSchema = z.record(z.string(), z.json());

/**
 * EventStoreDB / KurrentDB. Revisions and positions are bigints there and safe
 * integers in the port; a value beyond 2^53 is an error, never a silent rounding.
 * The port's position is the commit position: since server 20 every event has its
 * own (commit = prepare), and subscriptions resume after {commit: p, prepare: p}.
 *
 * Idempotent retries are the server's own: with an explicit expected revision it
 * recognises a resent batch by event ids and returns success without writing. With
 * 'any' it only does its best (it remembers recent ids), so callers that must not
 * duplicate pass an explicit revision. The server matches by id alone and answers
 * such a replay exactly as it answers a fresh write (see confirmStored), so every
 * append reads its events back and compares their content (DuplicateEventIdError
 * when it differs). Ids are unique per stream only: the same id in another stream is
 * stored again, not refused as the SQL and memory stores do.
 *
 * $all may hold events that are not ours (another tool's, projection output): they
 * are skipped with a debug log, never fatal.
 */
export async function createEsdbEventStore(options: {
  url: string;
  logger?: Logger;
}): Promise<EventStore> {
  const esdb = await import('@eventstore/db-client');
  const client = esdb.EventStoreDBClient.connectionString(options.url);
  // The client connects lazily; start-up should fail fast on a wrong URL, not at the first command.
  try {
    await collect(client.readAll({ maxCount: 1, deadline: 5_000 }));
  } catch (error) {
    await client.dispose();
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`EventStoreDB does not answer: ${reason}`, { cause: error });
  }
  return esdbEventStore(esdb, client, options.logger ?? silentLogger);
}

/** gRPC's status UNAVAILABLE, which some client calls reject with as a bare Error. */
const GRPC_UNAVAILABLE = 14;
/** What the client throws when none of a cluster's nodes answered its gossip. */
const DISCOVERY_FAILED = /^Failed to discover after \d+ attempts\.$/;

/**
 * Whether a client error means the server cannot serve now (down, unreachable,
 * too slow, shutting down, its cluster between leaders or not found), so the
 * caller should try again later (503 at the HTTP edge) rather than report a
 * fault (500). A command retried after one does not append twice: its events'
 * ids come from its command id, appended at an explicit revision.
 */
export function isEsdbUnavailable(esdb: EsdbModule, error: unknown): boolean {
  if (
    error instanceof esdb.UnavailableError ||
    error instanceof esdb.DeadlineExceededError ||
    error instanceof esdb.TimeoutError ||
    error instanceof esdb.CancelledError ||
    error instanceof esdb.NotLeaderError
  ) {
    return true;
  }
  if (!(error instanceof Error)) return false;
  return (
    ('code' in error && error.code === GRPC_UNAVAILABLE) || DISCOVERY_FAILED.test(error.message)
  );
}

/** The client's calls the store makes: the real client's, or a test's fake server. */
export interface EsdbClient {
  appendToStream(
    streamName: string,
    events: Esdb.EventData[],
    options: Esdb.AppendToStreamOptions,
  ): Promise<Esdb.AppendResult>;
  readStream(
    streamName: string,
    options: Esdb.ReadStreamOptions,
  ): AsyncIterable<Esdb.ResolvedEvent>;
  readAll(options: Esdb.ReadAllOptions): AsyncIterable<Esdb.AllStreamResolvedEvent>;
  subscribeToAll(options: Esdb.SubscribeToAllOptions): Esdb.AllStreamSubscription;
  dispose(): Promise<void>;
}

/**
 * The store on a client already made: reached through the client's calls, each
 * failure of an unreachable server rejected as StoreUnavailableError.
 */
export function esdbEventStore(esdb: EsdbModule, client: EsdbClient, logger: Logger): EventStore {
  const store = esdbEventStoreCalls(esdb, client, logger);
  const reachable = <Args extends unknown[], Result>(
    call: (...args: Args) => Promise<Result>,
  ): ((...args: Args) => Promise<Result>) => {
    return async (...args) => {
      try {
        return await call(...args);
      } catch (error) {
        throw isEsdbUnavailable(esdb, error) ? new StoreUnavailableError(error) : error;
      }
    };
  };
  return {
    ...store,
    appendToStream: reachable(store.appendToStream),
    readStream: reachable(store.readStream),
    readAll: reachable(store.readAll),
    headPosition: reachable(store.headPosition),
    settledPosition: reachable(() => store.settledPosition()),
  };
}

function esdbEventStoreCalls(esdb: EsdbModule, client: EsdbClient, logger: Logger): EventStore {
  const subscriptions = new Set<Subscription>();

  const readStream = async (
    streamName: string,
    readOptions?: { fromRevision?: number; maxCount?: number },
  ): Promise<RecordedEvent[]> => {
    const { from, maxCount } = checkReadWindow({
      from: readOptions?.fromRevision,
      maxCount: readOptions?.maxCount,
    });
    if (maxCount === 0) return [];
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamName, {
        fromRevision: from === 0 ? esdb.START : BigInt(from),
        ...(maxCount === undefined ? {} : { maxCount }),
      })) {
        if (!resolved.event) continue;
        // Our own streams hold only our events: a foreign one there is an error, since
        // skipping it would hide a revision from the command that reads the stream.
        const converted = fromEsdbEvent(resolved.event);
        if ('skipped' in converted) {
          throw new Error(`Event ${resolved.event.id} in ${streamName}: ${converted.skipped}`);
        }
        events.push(converted.event);
      }
    } catch (error) {
      // A missing stream is not an error at the call but surfaces while iterating.
      if (error instanceof esdb.StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  /**
   * The result of an append the server acknowledged, once the events at its
   * revisions are found to be this batch. KurrentDB checks a write's event ids
   * (never their content) against the stream and, when it already holds them all,
   * answers with the original batch's last revision and log position
   * (IndexWriter.CheckCommit → StorageWriterService's AlreadyCommitted): a replay
   * and a fresh write look alike. So the batch is read back, one read of at most
   * batch.length events on the node that acknowledged it (it answers once the
   * write is indexed): a fresh write finds itself, a replay with the same content
   * gets the original result, a replay with other content DuplicateEventIdError.
   */
  const confirmStored = async (
    streamName: string,
    batch: readonly NewEvent[],
    lastRevision: number,
  ): Promise<AppendResult> => {
    const stored = await readStream(streamName, {
      fromRevision: Math.max(lastRevision - batch.length + 1, 0),
      maxCount: batch.length,
    });
    const byId = new Map(stored.map((event) => [event.id, event]));
    const result = resolveRetry(
      streamName,
      batch,
      batch.flatMap((event) => {
        const original = byId.get(event.id);
        return original ? [{ ...original, sameContent: sameEventContent(original, event) }] : [];
      }),
    );
    if (!result) {
      throw new Error(
        `EventStoreDB acknowledged the append to ${streamName} at revision ${lastRevision}, but its events are not there`,
      );
    }
    return result;
  };

  const readOurs = (resolved: Esdb.AllStreamResolvedEvent): RecordedEvent | undefined => {
    const event = resolved.event;
    if (!event || isSystemEvent(event)) return undefined;
    const converted = fromEsdbEvent(event);
    if ('event' in converted) return converted.event;
    logger.debug(
      {
        eventId: event.id,
        streamName: event.streamId,
        type: event.type,
        reason: converted.skipped,
      },
      'skipping an event that is not ours',
    );
    return undefined;
  };

  return {
    async appendToStream(streamName, events, appendOptions): Promise<AppendResult> {
      const expected = appendOptions?.expectedRevision ?? 'any';
      const batch = prepareAppend(streamName, events, expected);
      try {
        const result = await client.appendToStream(
          streamName,
          batch.map((event) =>
            esdb.jsonEvent({
              id: event.id,
              type: event.type,
              data: event.data,
              metadata: event.metadata,
            }),
          ),
          { expectedRevision: typeof expected === 'number' ? BigInt(expected) : expected },
        );
        return await confirmStored(
          streamName,
          batch,
          toSafeNumber(result.nextExpectedRevision, 'revision'),
        );
      } catch (error) {
        if (error instanceof esdb.WrongExpectedVersionError) {
          const actual = error.actualVersion;
          throw new WrongExpectedRevisionError(
            streamName,
            expected,
            actual === 'no_stream' ? 'no_stream' : toSafeNumber(actual, 'revision'),
          );
        }
        throw error;
      }
    },

    readStream,

    async readAll(readOptions) {
      const window = checkReadWindow({
        from: readOptions?.fromPosition,
        maxCount: readOptions?.maxCount,
      });
      const maxCount = window.maxCount ?? Number.POSITIVE_INFINITY;
      const events: RecordedEvent[] = [];
      // Reading $all from a position includes the event at it; the port's is exclusive.
      let after = window.from === 0 ? -1 : window.from;
      let cursor: Esdb.ReadPosition = window.from === 0 ? esdb.START : commitPosition(after);
      while (events.length < maxCount) {
        const page: Esdb.AllStreamResolvedEvent[] = await collect(
          client.readAll({ fromPosition: cursor, maxCount: readPageSize }),
        );
        for (const resolved of page) {
          const event = resolved.event;
          if (!event) continue;
          const position = toSafeNumber(event.position.commit, 'position');
          if (position <= after) continue;
          const ours = readOurs(resolved);
          if (!ours) continue;
          events.push(ours);
          after = position;
          if (events.length === maxCount) break;
        }
        const last = page.at(-1)?.event;
        if (page.length < readPageSize || !last) break;
        cursor = last.position;
      }
      return events;
    },

    subscribeToAll(subscribeOptions) {
      const subscription = subscribe(esdb, client, subscribeOptions, readOurs);
      subscriptions.add(subscription);
      return {
        stop: async () => {
          await subscription.stop();
          subscriptions.delete(subscription);
        },
      };
    },

    async headPosition() {
      let cursor: Esdb.ReadPosition = esdb.END;
      for (;;) {
        const page: Esdb.AllStreamResolvedEvent[] = await collect(
          client.readAll({
            fromPosition: cursor,
            maxCount: readPageSize,
            direction: esdb.BACKWARDS,
          }),
        );
        const newest = page.find((resolved) => resolved.event && !isSystemEvent(resolved.event));
        if (newest?.event) return toSafeNumber(newest.event.position.commit, 'position');
        const oldest = page.at(-1)?.event;
        if (page.length < readPageSize || !oldest) return 0;
        cursor = oldest.position;
      }
    },

    // EventStoreDB gives an event its position as it commits it: none can appear below the last.
    settledPosition() {
      return this.headPosition();
    },

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await client.dispose();
    },
  };
}

type EsdbModule = typeof Esdb;

/**
 * The server takes one filter. excludeSystemEvents is itself an event-type filter,
 * so a port filter replaces it on the server and system events are dropped here
 * instead; with both port filters, the stream prefixes go to the server and the
 * event types are checked here.
 */
function serverFilter(esdb: EsdbModule, options: Parameters<EventStore['subscribeToAll']>[0]) {
  const prefixes = options.filter?.streamNamePrefixes ?? [];
  const types = options.filter?.eventTypes ?? [];
  if (prefixes.length > 0) return esdb.streamNameFilter({ prefixes: [...prefixes] });
  if (types.length > 0) {
    return esdb.eventTypeFilter({ regex: `^(?:${types.map(escapeRegex).join('|')})$` });
  }
  return esdb.excludeSystemEvents();
}

/**
 * One server subscription at a time, from the last event handled. When the server
 * subscription fails (connection dropped, leader change, server restarting) another
 * is opened from that event after a backoff: nothing missed, nothing twice. Only
 * the subscriber's own failures (its handler threw) end it for good.
 */
function subscribe(
  esdb: EsdbModule,
  client: EsdbClient,
  options: Parameters<EventStore['subscribeToAll']>[0],
  readOurs: (resolved: Esdb.AllStreamResolvedEvent) => RecordedEvent | undefined,
): Subscription {
  let stopped = false;
  let checkpoint = options.fromPosition;
  let failures = 0;
  let current: Esdb.AllStreamSubscription | undefined;
  const backoff = createPause();

  const close = (stream: Esdb.AllStreamSubscription): void => {
    void stream.unsubscribe().catch(() => {});
    stream.destroy();
  };

  /** One server subscription; returns once stopped, throws when it fails. */
  const follow = async (): Promise<void> => {
    const stream = client.subscribeToAll({
      fromPosition: checkpoint === undefined ? esdb.START : commitPosition(checkpoint),
      filter: serverFilter(esdb, options),
    });
    current = stream;
    let live = false;
    const caughtUp = (): void => {
      failures = 0;
      options.onCaughtUp?.(checkpoint ?? 0);
    };
    /**
     * 'caughtUp' is emitted as the server's message passes through the client's
     * stream, while events before it may still wait in the stream's buffer, or be
     * on their way from the buffer to this loop (grpc-js hands messages over in
     * promise callbacks, so the message can pass while an event is in between).
     * A mark pushed behind them comes out of the stream once each of them has.
     */
    const caughtUpMark: Esdb.AllStreamResolvedEvent = {};
    stream.on('caughtUp', () => {
      stream.push(caughtUpMark);
    });
    stream.on('fellBehind', () => {
      live = false;
    });

    try {
      for await (const resolved of stream) {
        if (stopped) return;
        if (resolved === caughtUpMark) {
          live = true;
          await asSubscriber(caughtUp);
          continue;
        }
        const event = resolved.event;
        if (!event) continue;
        await asSubscriber(async () => {
          const recorded = readOurs(resolved);
          if (recorded && matchesFilter(options.filter, recorded)) await options.onEvent(recorded);
          checkpoint = toSafeNumber(event.position.commit, 'position');
        });
        if (stopped) return;
        if (live && stream.readableLength === 0) await asSubscriber(caughtUp);
      }
    } catch (error) {
      if (stopped) return;
      throw error;
    } finally {
      close(stream);
    }
    if (!stopped) throw new Error('EventStoreDB ended the subscription');
  };

  const run = async (): Promise<void> => {
    while (!stopped) {
      try {
        await follow();
      } catch (error) {
        if (error instanceof SubscriberFailure) throw error.cause;
        if (stopped) return;
        failures += 1;
        const delayMs = retryDelayMs(failures);
        await asSubscriber(() => options.onRetry?.({ error, attempt: failures, delayMs }));
        await backoff.pause(delayMs);
      }
    }
  };

  const finished = run().catch((error: unknown) => {
    stopped = true;
    try {
      options.onError?.(error);
    } catch {
      // Nowhere left to report to; an unhandled rejection here would crash the process.
    }
  });

  return {
    stop: async () => {
      stopped = true;
      backoff.interrupt();
      if (current) close(current);
      await finished;
    },
  };
}

function commitPosition(position: number): Esdb.Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

function isSystemEvent(event: { type: string }): boolean {
  return event.type.startsWith('$');
}

async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

function toSafeNumber(value: bigint, what: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) {
    throw new Error(`EventStoreDB ${what} ${value} is beyond the port's safe integer range`);
  }
  return number;
}

/**
 * An EventStoreDB event as the port's, or why it is not one of ours: data that is
 * not a JSON object, or metadata that is not our envelope (another tool's events,
 * a projection's output). A missing or oversized position is an error, not a skip.
 */
export function fromEsdbEvent(
  event: Esdb.RecordedEvent,
): { event: RecordedEvent } | { skipped: string } {
  if (!event.position) {
    throw new Error(`EventStoreDB gave no position for ${event.id} (server older than 22.6?)`);
  }
  if (!event.isJson) return { skipped: 'its data is not JSON' };
  const data = dataSchema.safeParse(event.data);
  if (!data.success) return { skipped: 'its data is not a JSON object' };
  const metadata = eventMetadataSchema.safeParse(event.metadata);
  if (!metadata.success) return { skipped: 'its metadata is not our envelope' };
  return {
    event: {
      id: event.id,
      type: event.type,
      streamName: event.streamId,
      revision: toSafeNumber(event.revision, 'revision'),
      position: toSafeNumber(event.position.commit, 'position'),
      data: data.data,
      metadata: metadata.data,
      recordedAt: event.created.toISOString(),
    },
  };
}
