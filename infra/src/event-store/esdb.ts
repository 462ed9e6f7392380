import type * as Esdb from '@eventstore/db-client';
import { eventMetadataSchema } from '@quitute/contracts';
import { z } from 'zod';
import { checkReadWindow, matchesFilter, prepareAppend } from './store-rules';
import type { AppendResult, EventStore, RecordedEvent, Subscription } from './port';
import { WrongExpectedRevisionError } from './port';

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
 * duplicate pass an explicit revision.
 */
export async function createEsdbEventStore(options: { url: string }): Promise<EventStore> {
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
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      // A missing stream is not an error at the call but surfaces while iterating.
      if (error instanceof esdb.StreamNotFoundError) return [];
      throw error;
    }
    return events;
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
        const nextExpectedRevision = toSafeNumber(result.nextExpectedRevision, 'revision');
        if (result.position) {
          return {
            nextExpectedRevision,
            position: toSafeNumber(result.position.commit, 'position'),
          };
        }
        // An idempotent (deduplicated) append may come back without a position: the
        // original result is the stored last event of the batch.
        const [last] = await readStream(streamName, {
          fromRevision: nextExpectedRevision,
          maxCount: 1,
        });
        if (!last || last.id !== batch.at(-1)?.id) {
          throw new Error(`EventStoreDB returned no position for the append to ${streamName}`);
        }
        return { nextExpectedRevision, position: last.position };
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
          if (position <= after || isSystemEvent(event)) continue;
          events.push(toRecordedEvent(event));
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
      const subscription = subscribe(esdb, client, subscribeOptions);
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

function subscribe(
  esdb: EsdbModule,
  client: Esdb.EventStoreDBClient,
  options: Parameters<EventStore['subscribeToAll']>[0],
): Subscription {
  const from = options.fromPosition;
  const stream = client.subscribeToAll({
    fromPosition: from === undefined ? esdb.START : commitPosition(from),
    filter: serverFilter(esdb, options),
  });
  let stopped = false;
  let checkpoint = from ?? 0;
  let taken = 0;
  let handling = false;
  let live = false;
  // 'caughtUp' is emitted when the server says so, while events before it may still
  // wait in the stream's buffer: it applies once those have been handled.
  let caughtUpAfter: number | undefined;

  const fail = (error: unknown): void => {
    if (stopped) return;
    stopped = true;
    options.onError?.(error);
    void stream.unsubscribe().catch(() => {});
    stream.destroy();
  };

  const reportCaughtUp = (): void => {
    if (caughtUpAfter === undefined || handling || taken < caughtUpAfter) return;
    caughtUpAfter = undefined;
    live = true;
    options.onCaughtUp?.(checkpoint);
  };

  stream.on('caughtUp', () => {
    caughtUpAfter = taken + stream.readableLength;
    try {
      reportCaughtUp();
    } catch (error) {
      fail(error);
    }
  });
  stream.on('fellBehind', () => {
    live = false;
  });

  const run = async (): Promise<void> => {
    for await (const resolved of stream) {
      if (stopped) break;
      taken += 1;
      const event = resolved.event;
      if (!event) continue;
      handling = true;
      if (!isSystemEvent(event)) {
        const recorded = toRecordedEvent(event);
        if (matchesFilter(options.filter, recorded)) await options.onEvent(recorded);
      }
      checkpoint = toSafeNumber(event.position.commit, 'position');
      handling = false;
      if (stopped) break;
      if (caughtUpAfter !== undefined) reportCaughtUp();
      else if (live && stream.readableLength === 0) options.onCaughtUp?.(checkpoint);
    }
  };

  const finished = run().catch(fail);

  return {
    stop: async () => {
      if (!stopped) {
        stopped = true;
        await stream.unsubscribe().catch(() => {});
        stream.destroy();
      }
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

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

function toRecordedEvent(event: Esdb.RecordedEvent): RecordedEvent {
  if (!event.isJson) throw new Error(`Event ${event.id} in ${event.streamId} is not JSON`);
  if (!event.position) {
    throw new Error(`EventStoreDB gave no position for ${event.id} (server older than 22.6?)`);
  }
  return {
    id: event.id,
    type: event.type,
    streamName: event.streamId,
    revision: toSafeNumber(event.revision, 'revision'),
    position: toSafeNumber(event.position.commit, 'position'),
    data: dataSchema.parse(event.data),
    metadata: eventMetadataSchema.parse(event.metadata),
    recordedAt: event.created.toISOString(),
  };
}
