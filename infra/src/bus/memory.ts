import { copyJson } from '../read-store/copy';
import type { Bus, BusMessage, BusSubscription } from './port';

export interface MemoryBusOptions {
  /** Deliveries of one message to a group before it is given up (default 5). */
  maxAttempts?: number;
  /** Wait before the first redelivery, doubled each time (default 10 ms). */
  initialRetryDelayMs?: number;
  /** Upper bound of one wait between deliveries (default 200 ms). */
  maxRetryDelayMs?: number;
  /**
   * Told about a message given up after `maxAttempts` failed deliveries; the
   * group then moves on to the next message. Default: console.error.
   */
  onError?: (
    error: unknown,
    context: { topic: string; groupId: string; message: BusMessage },
  ) => void;
}

export interface MemoryBus extends Bus {
  /**
   * Resolves once every group with a consumer has handled everything published
   * so far, including what handlers published meanwhile. For tests and
   * shutdown; awaiting it inside a handler would wait for itself.
   */
  drain(): Promise<void>;
}

interface Consumer {
  handler: (message: BusMessage) => Promise<void>;
  active: boolean;
  /** The delivery this consumer is handling now, so stop() can wait for it. */
  inFlight: Promise<void> | null;
}

interface Group {
  topic: string;
  groupId: string;
  queue: BusMessage[];
  /** Index of the next message to deliver; the queue is compacted once it is past half. */
  head: number;
  consumers: Consumer[];
  /** Round-robin cursor over consumers, so the consumers of one group share its messages. */
  turn: number;
  running: Promise<void> | null;
}

/**
 * The in-process Bus (embedded topology). Each group has its own queue per
 * topic, filled by every publish after the group's first subscribe, and a
 * single worker that hands one message at a time to the group's consumers in
 * turn — so order is global per topic, hence per key, and a message is handled
 * by one consumer of its group.
 *
 * Unlike Kafka, a message that keeps failing is not redelivered forever: after
 * `maxAttempts` deliveries it is reported to `onError` and skipped, so one
 * poison message cannot stall an embedded shop. Groups keep their queue while
 * they have no consumer (like a committed offset): a later subscribe to the
 * same group resumes there. Nothing survives the process.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): MemoryBus {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const initialDelay = options.initialRetryDelayMs ?? 10;
  const maxDelay = options.maxRetryDelayMs ?? 200;
  const onError =
    options.onError ??
    ((error, { topic, groupId, message }) => {
      console.error(
        `bus: ${topic}/${groupId} gave up on message ${message.id} (${message.type}) after ${maxAttempts} attempts`,
        error,
      );
    });

  const topics = new Map<string, Map<string, Group>>();
  let closed = false;

  const groupsOf = (topic: string): Map<string, Group> => {
    let groups = topics.get(topic);
    if (!groups) {
      groups = new Map();
      topics.set(topic, groups);
    }
    return groups;
  };

  const nextConsumer = (group: Group): Consumer | undefined => {
    const active = group.consumers.filter((consumer) => consumer.active);
    if (active.length === 0) return undefined;
    const consumer = active[group.turn % active.length];
    group.turn = (group.turn + 1) % active.length;
    return consumer;
  };

  const deliver = async (group: Group, message: BusMessage): Promise<void> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const consumer = nextConsumer(group);
      // Every consumer left mid-retry: the message stays queued for the next one.
      if (!consumer) throw new NoConsumer();
      // Each delivery gets its own copy, as a Kafka consumer decodes its own.
      const handled = handle(consumer, copyJson(message));
      consumer.inFlight = handled.then(
        () => {},
        () => {},
      );
      try {
        await handled;
        return;
      } catch (error) {
        lastError = error;
      } finally {
        consumer.inFlight = null;
      }
      if (attempt < maxAttempts) {
        await sleep(Math.min(maxDelay, initialDelay * 2 ** (attempt - 1)));
      }
    }
    try {
      onError(lastError, { topic: group.topic, groupId: group.groupId, message });
    } catch (error) {
      console.error('bus: onError threw', error);
    }
  };

  const work = async (group: Group): Promise<void> => {
    while (group.head < group.queue.length) {
      const message = group.queue[group.head];
      if (!message) break;
      try {
        await deliver(group, message);
      } catch (error) {
        if (error instanceof NoConsumer) return;
        throw error;
      }
      group.head++;
      if (group.head > 1024 && group.head * 2 > group.queue.length) {
        group.queue = group.queue.slice(group.head);
        group.head = 0;
      }
    }
  };

  const wake = (group: Group): void => {
    if (group.running) return;
    if (!group.consumers.some((consumer) => consumer.active)) return;
    group.running = (async () => {
      // Let publish() return before any handler runs: it promises enqueueing only.
      await Promise.resolve();
      try {
        await work(group);
      } catch (error) {
        console.error(`bus: ${group.topic}/${group.groupId} worker failed`, error);
      } finally {
        group.running = null;
      }
      // A publish during the last await found the worker still running.
      if (group.head < group.queue.length) wake(group);
    })();
  };

  return {
    async publish(topic, messages) {
      if (closed) throw new Error('bus is closed');
      if (messages.length === 0) return;
      // Copied once here, so a publisher mutating its objects afterwards changes nothing.
      const copies = messages.map((message) => copyJson(message));
      for (const group of groupsOf(topic).values()) {
        group.queue.push(...copies);
        wake(group);
      }
    },

    async subscribe(topic, groupId, handler): Promise<BusSubscription> {
      if (closed) throw new Error('bus is closed');
      const groups = groupsOf(topic);
      let group = groups.get(groupId);
      if (!group) {
        group = { topic, groupId, queue: [], head: 0, consumers: [], turn: 0, running: null };
        groups.set(groupId, group);
      }
      const consumer: Consumer = { handler, active: true, inFlight: null };
      group.consumers.push(consumer);
      wake(group);
      const joined = group;
      return {
        async stop() {
          if (!consumer.active) return;
          consumer.active = false;
          joined.consumers = joined.consumers.filter((c) => c !== consumer);
          // Like a Kafka consumer's disconnect: wait for the message in hand
          // (so do not await stop() inside this consumer's own handler).
          await consumer.inFlight;
        },
      };
    },

    async drain() {
      for (;;) {
        const busy = [...topics.values()]
          .flatMap((groups) => [...groups.values()])
          .map((group) => group.running)
          .filter((running): running is Promise<void> => running !== null);
        if (busy.length === 0) return;
        await Promise.allSettled(busy);
      }
    },

    async close() {
      closed = true;
      const running: Promise<void>[] = [];
      for (const groups of topics.values()) {
        for (const group of groups.values()) {
          for (const consumer of group.consumers) consumer.active = false;
          group.consumers = [];
          if (group.running) running.push(group.running);
        }
      }
      await Promise.allSettled(running);
      topics.clear();
    },
  };
}

class NoConsumer extends Error {}

async function handle(consumer: Consumer, message: BusMessage): Promise<void> {
  await consumer.handler(message);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
