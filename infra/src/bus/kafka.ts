import type { Admin, Consumer, KafkaMessage, Producer } from 'kafkajs';
import { z } from 'zod';
import type { JsonObject } from '../event-store/port';
import type { Bus, BusMessage, BusSubscription } from './port';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of a topic this bus has to create (default 3; the key picks the partition). */
  partitions?: number;
  /** How long subscribe() waits for its consumer to join the group (default 60 s). */
  joinTimeoutMs?: number;
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
 * The Bus over Kafka (distributed topology). One idempotent producer (acks all,
 * one request in flight, so retries cannot reorder a key); records are keyed by
 * `key`, so one key lives in one partition and keeps its order; the value is
 * `{ id, type, payload }` as JSON and the `event-id` header repeats the id for
 * tools that do not parse values. Each subscribe() is a consumer of its group
 * reading from the earliest offset the group has not committed; a handler throw
 * leaves the offset uncommitted, so kafkajs retries it and, after restarting
 * the consumer, redelivers it (at-least-once).
 *
 * Async because kafkajs is imported on first use and the producer and admin
 * connect here, so a wrong broker list fails at start-up.
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
  });
  const partitions = options.partitions ?? 3;
  const joinTimeoutMs = options.joinTimeoutMs ?? 60_000;
  const onError =
    options.onError ??
    ((error, { topic, groupId, partition, offset }) => {
      console.error(`bus: ${topic}/${groupId} skipped record ${partition}@${offset}`, error);
    });

  const admin: Admin = kafka.admin();
  const producer: Producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    // The Java-compatible murmur2 partitioner, named so kafkajs does not warn about its default.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  try {
    await admin.connect();
    await producer.connect();
  } catch (error) {
    await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
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
        await consumer.disconnect().catch(() => {});
        throw error;
      }
      return {
        async stop() {
          if (!consumers.delete(consumer)) return;
          await consumer.disconnect();
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      const running = [...consumers];
      consumers.clear();
      await Promise.allSettled(running.map((consumer) => consumer.disconnect()));
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
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
