import { join } from 'node:path';
import type { Logger } from '../logging';
import type { EventStore } from './port';

export type {
  AppendResult,
  EventFilter,
  EventStore,
  ExpectedRevision,
  JsonObject,
  JsonValue,
  NewEvent,
  RecordedEvent,
  RetryInfo,
  SubscribeOptions,
  Subscription,
} from './port';
export { DuplicateEventIdError, StoreUnavailableError, WrongExpectedRevisionError } from './port';
export { createMemoryEventStore } from './memory';
export { followLog, foldPage, type FoldsPassedPages } from './follow-log';
export {
  followLogResubscribing,
  type FollowingState,
  type ResubscribingFollower,
  type ResubscribingOptions,
} from './resubscribe';
// Both modules load their driver (pg, PGlite, the EventStoreDB client) only when a factory is called.
export { createPgliteEventStore, createPostgresEventStore } from './postgres';
export { createEsdbEventStore } from './esdb';
export type { LogRows } from './postgres-log-rows';

/** Which adapter a configuration means (ARCHITECTURE §2); the snapshot store follows the same choice. */
export type EventStoreTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'esdb'; url: string }
  | { kind: 'postgres'; url: string };

/**
 * An esdb:// URL is EventStoreDB, a postgres:// URL a PostgreSQL server, and no
 * URL embedded PGlite in `<dataDir>/eventstore`.
 */
export function eventStoreTarget(config: { url?: string; dataDir?: string }): EventStoreTarget {
  const { url, dataDir } = config;
  if (url === undefined || url === '') {
    if (dataDir === undefined || dataDir === '') {
      throw new Error('The event store needs either a URL or a data directory');
    }
    return { kind: 'pglite', dataDir: join(dataDir, 'eventstore') };
  }
  if (url.startsWith('esdb://') || url.startsWith('esdb+discover://')) return { kind: 'esdb', url };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { kind: 'postgres', url };
  }
  throw new Error(
    `Unsupported event store URL ${redact(url)}: expected esdb://, postgres:// or postgresql://`,
  );
}

/** The adapter chosen by configuration: see eventStoreTarget. */
export async function createEventStore(config: {
  url?: string;
  dataDir?: string;
  /**
   * EventStoreDB logs the foreign events it skips; a PostgreSQL server, the write
   * transactions a settled position waits long for.
   */
  logger?: Logger;
}): Promise<EventStore> {
  const target = eventStoreTarget(config);
  switch (target.kind) {
    case 'pglite': {
      const { createPgliteEventStore } = await import('./postgres');
      return createPgliteEventStore({ dataDir: target.dataDir });
    }
    case 'esdb': {
      const { createEsdbEventStore } = await import('./esdb');
      return createEsdbEventStore({
        url: target.url,
        ...(config.logger ? { logger: config.logger } : {}),
      });
    }
    case 'postgres': {
      const { createPostgresEventStore } = await import('./postgres');
      return createPostgresEventStore({
        url: target.url,
        ...(config.logger ? { logger: config.logger } : {}),
      });
    }
    default: {
      const unknown: never = target;
      throw new Error(`Unknown event store target ${JSON.stringify(unknown)}`);
    }
  }
}

/** A URL may carry a password; an error message must not. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
