import type * as Esdb from '@eventstore/db-client';
import { replaces, storedSnapshotSchema, type Snapshot, type SnapshotStore } from './port';

/** Not `$snapshot-`: `$`-prefixed streams are the server's own. */
export const snapshotStreamPrefix = 'snapshot-';
/** Projections route by event type; none handles this one, so snapshots in $all pass them by. */
export const snapshotEventType = 'QuituteSnapshot';
/** The stream metadata every snapshot stream carries: the server keeps its last event only. */
export const snapshotStreamMetadata = { maxCount: 1 } as const;
const maxWriteAttempts = 10;

/**
 * EventStoreDB keeps each stream's snapshot as the one event of a stream of its
 * own (`snapshot-<stream>`, metadata maxCount 1, so older ones are scavenged),
 * read backwards one event. A write reads that event first and appends with its
 * revision as the expected one, so a lower snapshot never overtakes a higher one
 * written meanwhile: it loses the race, reads again and decides again.
 */
export async function createEsdbSnapshotStore(options: { url: string }): Promise<SnapshotStore> {
  const esdb = await import('@eventstore/db-client');
  return esdbSnapshotStore(esdb, esdb.EventStoreDBClient.connectionString(options.url));
}

/** The client's calls the snapshot store makes: the real client's, or a test's fake server. */
export interface EsdbSnapshotClient {
  readStream(
    streamName: string,
    options: Esdb.ReadStreamOptions,
  ): AsyncIterable<Esdb.ResolvedEvent>;
  appendToStream(
    streamName: string,
    events: Esdb.EventData,
    options: Esdb.AppendToStreamOptions,
  ): Promise<Esdb.AppendResult>;
  setStreamMetadata(streamName: string, metadata: Esdb.StreamMetadata): Promise<Esdb.AppendResult>;
  dispose(): Promise<void>;
}

export function esdbSnapshotStore(esdb: typeof Esdb, client: EsdbSnapshotClient): SnapshotStore {
  /**
   * The stream's last event, and whether the stream shows another before it. Reads
   * honour maxCount before any scavenge (KurrentDB's IndexReader starts a read at
   * last - maxCount + 1), so a second event back means the metadata is missing.
   */
  const readLast = async (
    streamName: string,
  ): Promise<{ snapshot: Snapshot | null; revision: bigint; unbounded: boolean } | null> => {
    const found: Esdb.RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(snapshotStreamPrefix + streamName, {
        direction: esdb.BACKWARDS,
        fromRevision: esdb.END,
        maxCount: 2,
      })) {
        if (resolved.event) found.push(resolved.event);
      }
    } catch (error) {
      // A missing stream is not an error at the call but surfaces while iterating.
      if (error instanceof esdb.StreamNotFoundError) return null;
      throw error;
    }
    const [event] = found;
    if (!event) return null;
    const parsed = event.isJson ? storedSnapshotSchema.safeParse(event.data) : undefined;
    return {
      snapshot: parsed?.success ? parsed.data : null,
      revision: event.revision,
      unbounded: found.length > 1,
    };
  };

  return {
    async read(streamName) {
      return (await readLast(streamName))?.snapshot ?? null;
    },

    async write(streamName, snapshot) {
      const stream = snapshotStreamPrefix + streamName;
      for (let attempt = 0; attempt < maxWriteAttempts; attempt += 1) {
        const last = await readLast(streamName);
        // Before the first append, so a process that dies in between leaves the metadata
        // of an empty stream, never a stream without its bound. One that an older
        // version left without it shows two events here and gets it now.
        if (!last || last.unbounded) await client.setStreamMetadata(stream, snapshotStreamMetadata);
        if (!replaces(snapshot, last?.snapshot ?? null)) return;
        try {
          await client.appendToStream(
            stream,
            esdb.jsonEvent({
              type: snapshotEventType,
              data: { ...snapshot },
              // The event store port's readAll parses every event's metadata, snapshots' too.
              metadata: {
                correlationId: stream,
                causationId: stream,
                actorId: 'system',
                actorRole: 'system',
                occurredAt: new Date().toISOString(),
              },
            }),
            { expectedRevision: last ? last.revision : esdb.NO_STREAM },
          );
        } catch (error) {
          // Another writer got there first: check again whether this one is still further.
          if (error instanceof esdb.WrongExpectedVersionError) continue;
          throw error;
        }
        return;
      }
    },

    async close() {
      await client.dispose();
    },
  };
}
