import { copyJson } from '../read-store/copy';
import {
  checkReadWindow,
  expectedRevisionHolds,
  prepareAppend,
  resolveRetry,
  sameEventContent,
} from './store-rules';
import { startPollingSubscription } from './polling-subscription';
import type { EventStore, RecordedEvent, Subscription } from './port';
import { WrongExpectedRevisionError } from './port';

const pageSize = 500;

/**
 * The in-memory EventStore: the reference for the port's semantics in tests.
 * Events are copied in and out so a caller mutating an object cannot rewrite history.
 * Events are JSON, so copyJson does it: several times faster than structuredClone
 * on a rebuild's path, and like the SQL stores' JSON columns it drops undefined
 * properties.
 */
export function createMemoryEventStore(): EventStore {
  const log: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const byId = new Map<string, RecordedEvent>();
  const wakers = new Set<() => void>();
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  return {
    async appendToStream(streamName, events, options) {
      assertOpen();
      const expected = options?.expectedRevision ?? 'any';
      const batch = prepareAppend(streamName, events, expected);
      const stream = streams.get(streamName);
      const current = stream ? stream.length - 1 : undefined;
      const alreadyStored = batch.flatMap((event) => {
        const stored = byId.get(event.id);
        return stored ? [{ ...stored, sameContent: sameEventContent(stored, event) }] : [];
      });
      if (!expectedRevisionHolds(expected, current) || alreadyStored.length > 0) {
        const original = resolveRetry(streamName, batch, alreadyStored);
        if (original) return original;
        throw new WrongExpectedRevisionError(streamName, expected, current ?? 'no_stream');
      }
      const recordedAt = new Date().toISOString();
      const target = stream ?? [];
      streams.set(streamName, target);
      for (const event of batch) {
        const recorded: RecordedEvent = copyJson({
          ...event,
          streamName,
          revision: target.length,
          position: log.length + 1,
          recordedAt,
        });
        log.push(recorded);
        target.push(recorded);
        byId.set(recorded.id, recorded);
      }
      for (const wake of wakers) wake();
      return { nextExpectedRevision: target.length - 1, position: log.length };
    },

    async readStream(streamName, options) {
      assertOpen();
      const { from, maxCount } = checkReadWindow({
        from: options?.fromRevision,
        maxCount: options?.maxCount,
      });
      const events = (streams.get(streamName) ?? []).slice(from);
      return copyJson(events.slice(0, maxCount ?? events.length));
    },

    async readAll(options) {
      assertOpen();
      const { from, maxCount } = checkReadWindow({
        from: options?.fromPosition,
        maxCount: options?.maxCount,
      });
      return copyJson(log.slice(from, from + (maxCount ?? log.length)));
    },

    subscribeToAll(options) {
      assertOpen();
      const subscription = startPollingSubscription(options, {
        readPage: async (after) => {
          const events = copyJson(log.slice(after, after + pageSize));
          return {
            events,
            checkpoint: events.at(-1)?.position ?? after,
            status: events.length === pageSize ? 'more' : 'caught-up',
          };
        },
        watch: async (wake) => {
          wakers.add(wake);
          return () => wakers.delete(wake);
        },
        gapRetryMs: 0,
        safetyPollMs: 5_000,
        minLiveReadIntervalMs: 0,
      });
      subscriptions.add(subscription);
      return {
        stop: async () => {
          await subscription.stop();
          subscriptions.delete(subscription);
        },
      };
    },

    async headPosition() {
      assertOpen();
      return log.length;
    },

    // An append is in the log as soon as it has its position.
    async settledPosition() {
      assertOpen();
      return log.length;
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
    },
  };
}
