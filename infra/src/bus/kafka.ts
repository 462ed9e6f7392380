import type { Admin, Consumer, KafkaMessage, Producer } from 'kafkajs';
import { z } from 'zod';
import type { JsonObject } from '../event-store/port';
import { settlesWithin, withDeadline } from './deadline';
import type { Bus, BusMessage, BusSubscription } from './port';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of a topic this bus has to create (default 3; the key picks the partition). */
  partitions?: number;
  /** How long subscribe() waits for its consumer to join the group (default 60 s). */
  joinTimeoutMs?: number;
  /**
   * A publish not acknowledged by the brokers within this time rejects, so the
   * relay keeps its event unacknowledged and retries later (default 15 s).
   */
  publishTimeoutMs?: number;
  /** How long createKafkaBus() may take to reach the brokers (default 30 s). */
  connectTimeoutMs?: number;
  /** How long close() and stop() wait for kafkajs to disconnect before they give up on it (default 5 s). */
  closeTimeoutMs?: number;
  /** kafkajs' own logging (default 'warn'). */
  logLevel?: 'nothing' | 'error' | 'warn' | 'info' | 'debug';
  /**
   * Told about a record that is not a bus message (not our JSON); it is skipped,
   * because throwing would redeliver it forever. Default: console.error.
   */
  onError?: (
    error: unknown,
    context: { topic: string; groupId: string; partition: number; offset: string },
  ) => void;
}

const valueSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  payload: z.record(z.string(), z.json()),
});

/**
 * The Bus over Kafka (distributed topology). One producer (acks all, one
 * request in flight, so retries cannot reorder a key); records are keyed by
 * `key`, so one key lives in one partition and keeps its order; the value is
 * `{ id, type, payload }` as JSON and the `event-id` header repeats the id for
 * tools that do not parse values. Each subscribe() is a consumer of its group
 * reading from the earliest offset the group has not committed; a handler throw
 * leaves the offset uncommitted, so kafkajs retries it and, after restarting
 * the consumer, redelivers it (at-least-once).
 *
 * Nothing waits on the brokers without a bound (issue 39): kafkajs' idempotent
 * producer retries forever, so a Kafka outage hung the relay's publish and the
 * shutdown. The producer is therefore not idempotent — its retries are bounded,
 * and the duplicate a retry may write is dropped by the consumers, which
 * de-duplicate by id anyway (ARCHITECTURE §4); limiting an idempotent
 * producer's retries instead would let a batch given up after it was written
 * leave the broker expecting a sequence number that the next batch reuses, and
 * that batch would be dropped as a duplicate. A publish rejects after
 * `publishTimeoutMs`; close() and stop() give up on kafkajs after
 * `closeTimeoutMs`.
 *
 * Async because kafkajs is imported on first use and the producer and admin
 * connect here (within `connectTimeoutMs`), so a wrong broker list fails at
 * start-up.
 */
export async function createKafkaBus(options: KafkaBusOptions): Promise<Bus> {
  const { Kafka, Partitioners, logLevel } = await import('kafkajs');
  const levels = {
    nothing: logLevel.NOTHING,
    error: logLevel.ERROR,
    warn: logLevel.WARN,
    info: logLevel.INFO,
    debug: logLevel.DEBUG,
  };
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: levels[options.logLevel ?? 'warn'],
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 5_000 },
  });
  const publishTimeoutMs = options.publishTimeoutMs ?? 15_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
  /** kafkajs' disconnect waits for requests in flight, which a silent broker never answers. */
  const disconnect = (clients: { disconnect(): Promise<void> }[]): Promise<boolean> =>
    settlesWithin(Promise.allSettled(clients.map((client) => client.disconnect())), closeTimeoutMs);
  const partitions = options.partitions ?? 3;
  const joinTimeoutMs = options.joinTimeoutMs ?? 60_000;
  const onError =
    options.onError ??
    ((error, { topic, groupId, partition, offset }) => {
      console.error(`bus: ${topic}/${groupId} skipped record ${partition}@${offset}`, error);
    });

  const admin: Admin = kafka.admin();
  const producer: Producer = kafka.producer({
    idempotent: false,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The Java-compatible murmur2 partitioner, named so kafkajs does not warn about its default.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  try {
    await withDeadline(
      Promise.all([admin.connect(), producer.connect()]),
      connectTimeoutMs,
      `bus: Kafka brokers ${options.brokers.join(',')} not reached within ${connectTimeoutMs} ms`,
    );
  } catch (error) {
    await disconnect([producer, admin]);
    throw error;
  }

  const consumers = new Set<Consumer>();
  const topicsReady = new Map<string, Promise<void>>();
  let closed = false;

  const ensureTopic = (topic: string): Promise<void> => {
    let ready = topicsReady.get(topic);
    if (!ready) {
      // createTopics answers false (no error) when the topic already exists.
      ready = admin
        .createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true })
        .then(() => {});
      ready.catch(() => topicsReady.delete(topic));
      topicsReady.set(topic, ready);
    }
    return ready;
  };

  return {
    async publish(topic, messages) {
      if (closed) throw new Error('bus is closed');
      if (messages.length === 0) return;
      const sending = (async () => {
        await ensureTopic(topic);
        await producer.send({
          topic,
          acks: -1,
          messages: messages.map((message) => ({
            key: message.key,
            value: JSON.stringify({ id: message.id, type: message.type, payload: message.payload }),
            headers: { 'event-id': message.id },
          })),
        });
      })();
      // Given up on, the send still settles later (kafkajs' bounded retries): never unhandled.
      sending.catch(() => {});
      await withDeadline(
        sending,
        publishTimeoutMs,
        `bus: publish to ${topic} not acknowledged by Kafka within ${publishTimeoutMs} ms`,
      );
    },

    async subscribe(topic, groupId, handler): Promise<BusSubscription> {
      if (closed) throw new Error('bus is closed');
      await ensureTopic(topic);
      const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
      consumers.add(consumer);
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        const joined = joinedGroup(consumer, joinTimeoutMs);
        await consumer.run({
          eachMessage: async ({ partition, message: record }) => {
            const decoded = decode(record);
            if (!decoded.ok) {
              onError(decoded.error, { topic, groupId, partition, offset: record.offset });
              return;
            }
            await handler(decoded.message);
          },
        });
        await joined;
      } catch (error) {
        consumers.delete(consumer);
        await disconnect([consumer]);
        throw error;
      }
      return {
        async stop() {
          if (!consumers.delete(consumer)) return;
          await disconnect([consumer]);
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      const running = [...consumers];
      consumers.clear();
      await disconnect(running);
      await disconnect([producer, admin]);
    },
  };
}

/**
 * Resolves when the consumer has joined its group and been given partitions,
 * so a message published after subscribe() resolves is certainly seen (the
 * earliest-offset start covers the moments before too).
 */
function joinedGroup(consumer: Consumer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      clearTimeout(timer);
      removeJoin();
      removeCrash();
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`consumer did not join its group within ${timeoutMs} ms`));
    }, timeoutMs);
    const removeJoin = consumer.on(consumer.events.GROUP_JOIN, () => {
      cleanup();
      resolve();
    });
    const removeCrash = consumer.on(consumer.events.CRASH, (event) => {
      if (event.payload.restart) return;
      cleanup();
      reject(event.payload.error);
    });
  });
}

function decode(
  record: KafkaMessage,
): { ok: true; message: BusMessage } | { ok: false; error: unknown } {
  try {
    const value = valueSchema.parse(JSON.parse(record.value?.toString('utf8') ?? 'null'));
    const payload: JsonObject = value.payload;
    return {
      ok: true,
      message: { id: value.id, key: record.key?.toString('utf8') ?? '', type: value.type, payload },
    };
  } catch (error) {
    return { ok: false, error };
  }
}
