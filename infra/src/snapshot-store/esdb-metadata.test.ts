import type * as Esdb from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { jsonData, recordedEvent } from '../event-store/esdb-fake';
import { esdbSnapshotStore, snapshotStreamPrefix, type EsdbSnapshotClient } from './esdb';
import type { Snapshot } from './port';

const esdb = await import('@eventstore/db-client');

/**
 * A KurrentDB for snapshot streams, where no server runs: events and stream
 * metadata in memory, and reads that honour maxCount as the server's IndexReader
 * does (before any scavenge). `dieAfter` makes every call after the named one
 * fail, as when the process is killed right after it.
 */
function fakeServer(options: { dieAfter?: 'appendToStream' } = {}) {
  const streams = new Map<string, Esdb.JSONRecordedEvent[]>();
  const metadata = new Map<string, Esdb.StreamMetadata>();
  const calls: string[] = [];
  let position = 0n;
  let dead = false;
  const call = (name: string) => {
    if (dead) throw new Error('the process is gone');
    calls.push(name);
    if (options.dieAfter === name) dead = true;
  };
  const visible = (streamName: string) => {
    const stream = streams.get(streamName) ?? [];
    const maxCount = metadata.get(streamName)?.maxCount;
    return maxCount === undefined ? stream : stream.slice(-Number(maxCount));
  };
  const client: EsdbSnapshotClient = {
    async *readStream(streamName, readOptions) {
      call('readStream');
      const backwards = visible(streamName).toReversed();
      for (const event of backwards.slice(0, Number(readOptions.maxCount))) yield { event };
    },
    async appendToStream(streamName, event, appendOptions) {
      call('appendToStream');
      const stream = streams.get(streamName) ?? [];
      const current = stream.at(-1)?.revision ?? esdb.NO_STREAM;
      if (appendOptions.expectedRevision !== current) throw new Error('wrong expected revision');
      position += 100n;
      stream.push(
        recordedEvent({
          id: event.id,
          streamId: streamName,
          type: event.type,
          data: jsonData(event),
          revision: BigInt(stream.length),
          position,
        }),
      );
      streams.set(streamName, stream);
      return { success: true, nextExpectedRevision: BigInt(stream.length - 1) };
    },
    async setStreamMetadata(streamName, streamMetadata) {
      call('setStreamMetadata');
      metadata.set(streamName, streamMetadata);
      return { success: true, nextExpectedRevision: 0n };
    },
    dispose: async () => {},
  };
  return { client, calls, streams, metadata };
}

const snapshot = (revision: number): Snapshot => ({
  version: 'user-1',
  revision,
  position: revision * 10,
  state: { revision },
});
const stream = `${snapshotStreamPrefix}user-1`;

describe('EventStoreDB snapshot streams keep one snapshot', () => {
  it('given a stream never snapshotted, when the process dies right after appending its first snapshot, then the snapshot stream already has maxCount 1', async () => {
    const server = fakeServer({ dieAfter: 'appendToStream' });
    const store = esdbSnapshotStore(esdb, server.client);

    await store.write('user-1', snapshot(5)).catch(() => {});

    expect(server.streams.get(stream)).toHaveLength(1);
    expect(server.metadata.get(stream)).toEqual({ maxCount: 1 });
  });

  it('given a stream never snapshotted, when the first snapshot is written, then the metadata is set before the append', async () => {
    const server = fakeServer();

    await esdbSnapshotStore(esdb, server.client).write('user-1', snapshot(5));

    expect(server.calls).toEqual(['readStream', 'setStreamMetadata', 'appendToStream']);
  });

  it('given a bounded snapshot stream, when later snapshots are written, then the metadata is not written again', async () => {
    const server = fakeServer();
    const store = esdbSnapshotStore(esdb, server.client);
    await store.write('user-1', snapshot(5));
    server.calls.length = 0;

    await store.write('user-1', snapshot(9));
    await store.write('user-1', snapshot(12));

    expect(server.calls).toEqual(['readStream', 'appendToStream', 'readStream', 'appendToStream']);
    expect(await store.read('user-1')).toEqual(snapshot(12));
  });

  it('given a snapshot stream left without its metadata (two snapshots stored), when a snapshot is written, then maxCount 1 is set and the newest is the one kept', async () => {
    const server = fakeServer();
    const unbounded = esdbSnapshotStore(esdb, {
      ...server.client,
      setStreamMetadata: async () => ({ success: true, nextExpectedRevision: 0n }),
    });
    await unbounded.write('user-1', snapshot(5));
    await unbounded.write('user-1', snapshot(9));
    const store = esdbSnapshotStore(esdb, server.client);

    await store.write('user-1', snapshot(12));

    expect(server.metadata.get(stream)).toEqual({ maxCount: 1 });
    expect(await store.read('user-1')).toEqual(snapshot(12));
  });
});
