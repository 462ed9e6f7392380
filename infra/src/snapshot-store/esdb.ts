import { replaces, storedSnapshotSchema, type Snapshot, type SnapshotStore } from './port';

/** Not `$snapshot-`: `$`-prefixed streams are the server's own. */
export const snapshotStreamPrefix = 'snapshot-';
/** Projections route by event type; none handles this one, so snapshots in $all pass them by. */
export const snapshotEventType = 'QuituteSnapshot';
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
  const client = esdb.EventStoreDBClient.connectionString(options.url);

  const readLast = async (
    streamName: string,
  ): Promise<{ snapshot: Snapshot | null; revision: bigint } | null> => {
    try {
      for await (const resolved of client.readStream(snapshotStreamPrefix + streamName, {
        direction: esdb.BACKWARDS,
        fromRevision: esdb.END,
        maxCount: 1,
      })) {
        const event = resolved.event;
        if (!event) continue;
        const parsed = event.isJson ? storedSnapshotSchema.safeParse(event.data) : undefined;
        return { snapshot: parsed?.success ? parsed.data : null, revision: event.revision };
      }
    } catch (error) {
      // A missing stream is not an error at the call but surfaces while iterating.
      if (error instanceof esdb.StreamNotFoundError) return null;
      throw error;
    }
    return null;
  };

  return {
    async read(streamName) {
      return (await readLast(streamName))?.snapshot ?? null;
    },

    async write(streamName, snapshot) {
      const stream = snapshotStreamPrefix + streamName;
      for (let attempt = 0; attempt < maxWriteAttempts; attempt += 1) {
        const last = await readLast(streamName);
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
        if (!last) await client.setStreamMetadata(stream, { maxCount: 1 });
        return;
      }
    },

    async close() {
      await client.dispose();
    },
  };
}
