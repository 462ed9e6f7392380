import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import type { JsonObject } from '../event-store/port';
import { silentLogger, type Logger } from '../logging';
import { openRedis, REDIS_KEY_PREFIX, type RedisClient } from '../redis';
import { settlesWithin } from './deadline';
import type { Bus, BusMessage, BusSubscription } from './port';

export interface RedisStreamsBusOptions {
  /** BUS_URL: redis:// or rediss://. */
  url: string;
  /** Names this process's consumers (with host, pid and a random suffix). */
  clientId: string;
  /** A topic is the stream `<keyPrefix><topic>` (default `quitute:bus:`). */
  keyPrefix?: string;
  /** Entries a stream keeps, roughly (XADD MAXLEN ~; default 100 000). */
  maxLength?: number;
  /** How long one XREADGROUP waits for new entries (default 2 s). */
  blockMs?: number;
  /** Entries read at once (default 100). */
  batchSize?: number;
  /**
   * An entry delivered to a consumer of the group and not acknowledged for this
   * long is taken over by another consumer (XAUTOCLAIM): the owner died, or is
   * stuck (default 30 s). A handler that runs longer may see its message twice.
   */
  claimIdleMs?: number;
  /** How often a consumer looks for abandoned entries and dead groups (default 5 s). */
  maintenanceIntervalMs?: number;
  /**
   * A group none of whose consumers has read for this long belongs to instances
   * that died without stopping: it is destroyed, and so is a consumer of a live
   * group with nothing pending that has been silent this long (default 1 h).
   */
  idleGroupMs?: number;
  /** Deliveries of one message to a consumer before it is given up (default 10). */
  maxAttempts?: number;
  /** Wait before the first redelivery, doubled each time (default 100 ms). */
  initialRetryDelayMs?: number;
  /** Upper bound of one wait between deliveries (default 5 s). */
  maxRetryDelayMs?: number;
  /** How long close() waits for handlers in progress before it drops the connections (default 5 s). */
  closeTimeoutMs?: number;
  logger?: Logger;
  /** Told about a message given up (after maxAttempts) or not ours (undecodable). Default: the logger. */
  onError?: (error: unknown, context: { topic: string; groupId: string; entryId: string }) => void;
}

const fieldsSchema = z.object({
  id: z.string().min(1),
  key: z.string(),
  type: z.string().min(1),
  payload: z.string(),
});
const payloadSchema = z.record(z.string(), z.json());
/**
 * XREADGROUP's raw reply: a map of stream name to entries (RESP3, node-redis
 * v6's default) or pairs (RESP2). Read raw because node-redis' own transform
 * throws on an entry trimmed away while pending, which comes back with nil
 * fields (redis/node-redis#2865): the consumer would be stuck on it for good.
 */
const rawEntriesSchema = z.array(z.tuple([z.string(), z.array(z.string()).nullable()]));
const readReplySchema = z
  .union([
    z.record(z.string(), rawEntriesSchema),
    z
      .array(z.tuple([z.string(), rawEntriesSchema]))
      .transform((streams) => Object.fromEntries(streams)),
  ])
  .nullable();

/**
 * Creates the group at `$` (only what is published from now on) with this
 * consumer in it, in one step: a group therefore never exists without a
 * consumer, which is what the idle-group sweep relies on.
 */
const JOIN_GROUP = `
local ok = pcall(redis.call, 'XGROUP', 'CREATE', KEYS[1], ARGV[1], '$', 'MKSTREAM')
redis.call('XGROUP', 'CREATECONSUMER', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/**
 * A stopping consumer leaves its group, unless it still holds unacknowledged
 * entries (another consumer claims them, then the sweep removes it); the last
 * one out destroys the group, whose messages nobody would read.
 */
const LEAVE_GROUP = `
local mine = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #mine == 0 then redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2]) end
if #redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1]) == 0 then
  redis.call('XGROUP', 'DESTROY', KEYS[1], ARGV[1])
  return 1
end
return 0`;

/**
 * Destroys a group when none of its consumers has read within ARGV[2] ms, and
 * otherwise deletes its silent consumers that hold nothing. Checked and done
 * in one step, so a consumer that reads meanwhile keeps its group.
 */
const SWEEP_GROUP = `
local limit = tonumber(ARGV[2])
local consumers = redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
local silent = {}
for _, consumer in ipairs(consumers) do
  local info = {}
  for i = 1, #consumer, 2 do info[consumer[i]] = consumer[i + 1] end
  if info['idle'] >= limit then
    if info['pending'] == 0 then table.insert(silent, info['name']) end
  else
    silent = nil
    break
  end
end
if silent == nil then
  return 0
end
if #silent == #consumers then
  redis.call('XGROUP', 'DESTROY', KEYS[1], ARGV[1])
  return -1
end
for _, name in ipairs(silent) do redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], name) end
return #silent`;

interface Entry {
  id: string;
  fields: Record<string, string> | null;
}

interface Consumer {
  topic: string;
  groupId: string;
  name: string;
  stream: string;
  /** Its own connection: a blocking XREADGROUP holds a connection for its whole wait. */
  reader: RedisClient;
  handler: (message: BusMessage) => Promise<void>;
  active: boolean;
  loop: Promise<void>;
}

/**
 * The Bus over Redis Streams with consumer groups, for several processes
 * without Kafka (BUS_URL). A topic is a stream; publish XADDs the messages in
 * one MULTI, trimmed to about `maxLength` entries. subscribe() joins the group
 * (created at `$`: a new group gets what is published after it subscribed) and
 * reads it with XREADGROUP BLOCK on a connection of its own; an entry is
 * acknowledged once the handler resolved. A throw leaves it pending: the
 * consumer waits (growing backoff) and reads its own pending entries again from
 * the oldest, so the failed message is retried before anything after it, up to
 * `maxAttempts`, then reported and acknowledged so one poison message cannot
 * stall the group. A consumer that dies holding entries loses them to another
 * consumer of its group after `claimIdleMs` (XAUTOCLAIM).
 *
 * Order: one consumer handles its entries one at a time in stream order, so a
 * group with one consumer sees every key in publish order (the socket gateway's
 * group per instance is such a group). Several consumers in one group share
 * the entries and may handle two messages of one key at the same time.
 *
 * Groups do not outlive their consumers: the last consumer to stop destroys its
 * group, and a group whose consumers all went silent for `idleGroupMs` (their
 * process was killed) is destroyed by any live consumer of the same topic, so
 * a group per instance does not pile up across restarts.
 */
export async function createRedisStreamsBus(options: RedisStreamsBusOptions): Promise<Bus> {
  const logger = options.logger ?? silentLogger;
  const keyPrefix = options.keyPrefix ?? `${REDIS_KEY_PREFIX}bus:`;
  const maxLength = options.maxLength ?? 100_000;
  const blockMs = options.blockMs ?? 2_000;
  const batchSize = options.batchSize ?? 100;
  const claimIdleMs = options.claimIdleMs ?? 30_000;
  const maintenanceIntervalMs = options.maintenanceIntervalMs ?? 5_000;
  const idleGroupMs = options.idleGroupMs ?? 60 * 60_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 10);
  const initialDelay = options.initialRetryDelayMs ?? 100;
  const maxDelay = options.maxRetryDelayMs ?? 5_000;
  const closeTimeoutMs = options.closeTimeoutMs ?? 5_000;
  const onError =
    options.onError ??
    ((error, context) => {
      logger.error({ err: error, ...context }, 'bus: message given up');
    });

  const client = await openRedis({ url: options.url, logger });
  const consumers = new Set<Consumer>();
  let closed = false;

  const streamOf = (topic: string): string => `${keyPrefix}${topic}`;

  const decode = (entry: Entry): BusMessage => {
    const fields = fieldsSchema.parse(entry.fields);
    const payload: JsonObject = payloadSchema.parse(JSON.parse(fields.payload));
    return { id: fields.id, key: fields.key, type: fields.type, payload };
  };

  const read = async (consumer: Consumer, from: '0' | '>'): Promise<Entry[]> => {
    // Own pending entries are answered at once; only new ones are waited for.
    const block = from === '>' ? ['BLOCK', String(blockMs)] : [];
    const reply: unknown = await consumer.reader.sendCommand([
      'XREADGROUP',
      'GROUP',
      consumer.groupId,
      consumer.name,
      'COUNT',
      String(batchSize),
      ...block,
      'STREAMS',
      consumer.stream,
      from,
    ]);
    return Object.values(readReplySchema.parse(reply) ?? {}).flatMap((entries) =>
      entries.map(([id, flat]) => ({ id, fields: flat && pairs(flat) })),
    );
  };

  /** False when the handler threw and the message stays pending for a retry. */
  const handle = async (
    consumer: Consumer,
    entry: Entry,
    attempts: Map<string, number>,
  ): Promise<boolean> => {
    const { topic, groupId } = consumer;
    // An entry trimmed away while pending has no fields: nothing left to deliver.
    if (entry.fields === null) {
      await client.xAck(consumer.stream, groupId, entry.id);
      return true;
    }
    let message: BusMessage;
    try {
      message = decode(entry);
    } catch (error) {
      onError(error, { topic, groupId, entryId: entry.id });
      await client.xAck(consumer.stream, groupId, entry.id);
      return true;
    }
    try {
      await consumer.handler(message);
    } catch (error) {
      const attempt = (attempts.get(entry.id) ?? 0) + 1;
      attempts.set(entry.id, attempt);
      if (attempt < maxAttempts) {
        await sleep(Math.min(maxDelay, initialDelay * 2 ** (attempt - 1)));
        return false;
      }
      onError(error, { topic, groupId, entryId: entry.id });
    }
    attempts.delete(entry.id);
    await client.xAck(consumer.stream, groupId, entry.id);
    return true;
  };

  /** Takes over entries other consumers of the group left unacknowledged too long. */
  const claimAbandoned = async (consumer: Consumer): Promise<number> => {
    let claimed = 0;
    let cursor = '0-0';
    do {
      const reply = await client.xAutoClaimJustId(
        consumer.stream,
        consumer.groupId,
        consumer.name,
        claimIdleMs,
        cursor,
        { COUNT: batchSize },
      );
      claimed += reply.messages.length;
      cursor = reply.nextId;
    } while (cursor !== '0-0' && claimed < batchSize * 10);
    return claimed;
  };

  const sweepDeadGroups = async (stream: string): Promise<void> => {
    const groups = await client.xInfoGroups(stream);
    for (const group of groups) {
      const swept = await client.eval(SWEEP_GROUP, {
        keys: [stream],
        arguments: [group.name, String(idleGroupMs)],
      });
      if (swept === -1) logger.info({ stream, group: group.name }, 'bus: idle group destroyed');
    }
  };

  const joinGroup = (consumer: Consumer): Promise<unknown> =>
    client.eval(JOIN_GROUP, {
      keys: [consumer.stream],
      arguments: [consumer.groupId, consumer.name],
    });

  const run = async (consumer: Consumer): Promise<void> => {
    const attempts = new Map<string, number>();
    let ownPending = true;
    let nextMaintenanceAt = 0;
    while (consumer.active) {
      try {
        if (Date.now() >= nextMaintenanceAt) {
          nextMaintenanceAt = Date.now() + maintenanceIntervalMs;
          if ((await claimAbandoned(consumer)) > 0) ownPending = true;
          await sweepDeadGroups(consumer.stream);
        }
        const entries = await read(consumer, ownPending ? '0' : '>');
        if (ownPending && entries.length === 0) ownPending = false;
        for (const entry of entries) {
          if (!consumer.active) break;
          if (!(await handle(consumer, entry, attempts))) {
            ownPending = true;
            break;
          }
        }
      } catch (error) {
        if (!consumer.active) break;
        if (error instanceof Error && error.message.startsWith('NOGROUP')) {
          // Swept or destroyed by another instance's last consumer while this one was away.
          await joinGroup(consumer).catch(() => {});
          ownPending = true;
          continue;
        }
        logger.warn(
          { err: error, topic: consumer.topic, group: consumer.groupId },
          'bus: read failed',
        );
        await sleep(500);
      }
    }
  };

  const stop = async (consumer: Consumer): Promise<void> => {
    if (!consumers.delete(consumer)) return;
    consumer.active = false;
    // Ends a blocking read at once rather than after blockMs.
    consumer.reader.destroy();
    await consumer.loop;
    await client
      .eval(LEAVE_GROUP, {
        keys: [consumer.stream],
        arguments: [consumer.groupId, consumer.name],
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, group: consumer.groupId }, 'bus: leaving the group failed');
      });
  };

  return {
    async publish(topic, messages) {
      if (closed) throw new Error('bus is closed');
      if (messages.length === 0) return;
      const multi = client.multi();
      for (const message of messages) {
        multi.xAdd(
          streamOf(topic),
          '*',
          {
            id: message.id,
            key: message.key,
            type: message.type,
            payload: JSON.stringify(message.payload),
          },
          { TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: maxLength } },
        );
      }
      await multi.exec();
    },

    async subscribe(topic, groupId, handler): Promise<BusSubscription> {
      if (closed) throw new Error('bus is closed');
      const reader = await openRedis({
        url: options.url,
        logger,
        commandTimeoutMs: blockMs + 5_000,
      });
      const consumer: Consumer = {
        topic,
        groupId,
        name: `${options.clientId}-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
        stream: streamOf(topic),
        reader,
        handler,
        active: true,
        loop: Promise.resolve(),
      };
      try {
        await joinGroup(consumer);
      } catch (error) {
        reader.destroy();
        throw error;
      }
      consumers.add(consumer);
      consumer.loop = run(consumer);
      return { stop: () => stop(consumer) };
    },

    async close() {
      if (closed) return;
      closed = true;
      const stopping = Promise.allSettled([...consumers].map((consumer) => stop(consumer)));
      if (!(await settlesWithin(stopping, closeTimeoutMs))) {
        logger.warn('bus: handlers still running at close; connections dropped');
      }
      if (!(await settlesWithin(client.close(), closeTimeoutMs))) client.destroy();
    },
  };
}

function pairs(flat: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [name, value] = [flat[i], flat[i + 1]];
    if (name !== undefined && value !== undefined) fields[name] = value;
  }
  return fields;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
