import { Transform, type TransformCallback } from 'node:stream';
import type * as Esdb from '@eventstore/db-client';
import type { EsdbClient } from './esdb';

/**
 * A KurrentDB for the adapter's unit tests, where no server runs: streams in
 * memory, answered as the server answers (KurrentDB's IndexWriter.CheckCommit and
 * StorageWriterService). An append whose event ids the stream already holds (at
 * the revisions after an explicit expected revision; anywhere in the stream with
 * 'any' or 'stream_exists') is not written: the server answers with the original
 * batch's last revision and log position, having compared ids only, never content.
 */
export function fakeEsdbServer() {
  const streams = new Map<string, Esdb.JSONRecordedEvent[]>();
  let lastPosition = 1_000n;
  const reads: string[] = [];

  const answer = (revision: bigint, position: bigint): Esdb.AppendResult => ({
    success: true,
    nextExpectedRevision: revision,
    position: { commit: position, prepare: position },
  });

  const append = (
    streamName: string,
    events: Esdb.EventData[],
    expected: Esdb.AppendExpectedRevision,
  ): Esdb.AppendResult => {
    const stream = streams.get(streamName) ?? [];
    const current = BigInt(stream.length - 1);
    const first = expected === 'no_stream' ? 0 : typeof expected === 'bigint' ? expected + 1n : -1n;
    // Strong check: the revisions the write names already hold its ids.
    if (first >= 0n && first <= current) {
      const there = events.map((event, i) => stream[Number(first) + i]);
      if (there.every((stored, i) => stored?.id === events[i]?.id)) {
        const last = there.at(-1);
        if (last?.position) return answer(last.revision, last.position.commit);
      }
      throw new Error(`fake KurrentDB: wrong expected revision on ${streamName}`);
    }
    // Weak check ('any', 'stream_exists'): ids anywhere in the stream.
    const found = events.map((event) => stream.find((stored) => stored.id === event.id));
    const lastFound = found.at(-1);
    if (found.every(Boolean) && lastFound?.position) {
      return answer(lastFound.revision, lastFound.position.commit);
    }
    if (typeof expected === 'bigint' && expected !== current) {
      throw new Error(`fake KurrentDB: wrong expected revision on ${streamName}`);
    }
    for (const event of events) {
      lastPosition += 100n;
      stream.push(
        recordedEvent({
          streamId: streamName,
          id: event.id,
          type: event.type,
          data: jsonData(event),
          metadata: event.metadata,
          revision: BigInt(stream.length),
          position: lastPosition,
        }),
      );
    }
    streams.set(streamName, stream);
    return answer(BigInt(stream.length - 1), lastPosition);
  };

  const client: EsdbClient = {
    appendToStream: async (streamName, events, options) =>
      append(streamName, events, options.expectedRevision ?? 'any'),
    async *readStream(streamName, options) {
      reads.push(streamName);
      const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
      const stream = streams.get(streamName) ?? [];
      const maxCount = Number(options.maxCount ?? stream.length);
      for (const event of stream.slice(from, from + maxCount)) yield { event };
    },
    readAll: () => {
      throw new Error('fake KurrentDB: readAll is not faked');
    },
    subscribeToAll: () => {
      throw new Error('fake KurrentDB: subscribeToAll is not faked here (see FakeSubscription)');
    },
    dispose: async () => {},
  };

  return {
    client,
    /** Streams read so far, in order. */
    reads,
    /** The events a stream holds. */
    stored: (streamName: string) => streams.get(streamName) ?? [],
  };
}

/** The data of an event our adapters write: JSON, never binary. */
export function jsonData(event: Esdb.EventData): Esdb.JSONType {
  if (event.data instanceof Uint8Array) throw new Error('fake KurrentDB: binary data is not faked');
  return event.data;
}

/** A JSON event as the client hands it back, with our envelope's metadata unless given. */
export function recordedEvent(
  fields: Partial<Omit<Esdb.JSONRecordedEvent, 'position'>> & {
    id: string;
    position: bigint;
  },
): Esdb.JSONRecordedEvent & { position: Esdb.Position } {
  const { position, ...rest } = fields;
  return {
    streamId: 'order-1',
    revision: 0n,
    type: 'OrderPlaced',
    isJson: true,
    created: new Date('2026-11-21T12:00:00.000Z'),
    data: {},
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
    ...rest,
    position: { commit: position, prepare: position },
  };
}

/** What the server sends down a subscription, as the client's stream reads it. */
export type SubscriptionMessage =
  { event: Esdb.AllStreamResolvedEvent } | 'caughtUp' | 'fellBehind';

/**
 * The client's subscription stream (its Subscription class): each server message
 * is written to it; caught-up and fell-behind are emitted as they pass, events
 * are pushed to the readable side, in order.
 */
export class FakeSubscription extends Transform {
  unsubscribed = false;

  constructor() {
    super({ objectMode: true });
  }

  override _transform(message: SubscriptionMessage, _: BufferEncoding, next: TransformCallback) {
    if (message === 'caughtUp' || message === 'fellBehind') {
      this.emit(message);
      next();
      return;
    }
    next(null, message.event);
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }

  /**
   * Sends messages as grpc-js hands them over: from an I/O callback (after which
   * Node runs the stream's 'readable' tick before any promise callback), each
   * message `hops` promise callbacks after the one before (its call layers
   * resolve one by one), so a message can pass while an event already read from
   * the stream is still on its way to the reader.
   */
  deliver(messages: SubscriptionMessage[], hops: number): Promise<void> {
    return new Promise((resolve) => {
      setImmediate(() => {
        void (async () => {
          for (const [index, message] of messages.entries()) {
            for (let hop = 0; index > 0 && hop < hops; hop += 1) await Promise.resolve();
            this.write(message);
          }
          resolve();
        })();
      });
    });
  }
}
