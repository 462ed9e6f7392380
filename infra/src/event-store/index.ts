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
export { DuplicateEventIdError, WrongExpectedRevisionError } from './port';
export { createMemoryEventStore } from './memory';
// Both modules load their driver (pg, PGlite, the EventStoreDB client) only when a factory is called.
export { createPgliteEventStore, createPostgresEventStore } from './postgres';
export { createEsdbEventStore } from './esdb';

/**
 * The adapter chosen by configuration (ARCHITECTURE §2): an esdb:// URL is
 * EventStoreDB, a postgres:// URL a PostgreSQL server, and no URL embedded PGlite
 * in `<dataDir>/eventstore`.
 */
export async function createEventStore(config: {
  url?: string;
  dataDir?: string;
  /** Only EventStoreDB logs (the foreign events it skips). */
  logger?: Logger;
}): Promise<EventStore> {
  const { url, dataDir, logger } = config;
  if (url === undefined || url === '') {
    if (dataDir === undefined || dataDir === '') {
      throw new Error('The event store needs either a URL or a data directory');
    }
    const { createPgliteEventStore } = await import('./postgres');
    return createPgliteEventStore({ dataDir: join(dataDir, 'eventstore') });
  }
  if (url.startsWith('esdb://') || url.startsWith('esdb+discover://')) {
    const { createEsdbEventStore } = await import('./esdb');
    return createEsdbEventStore({ url, ...(logger ? { logger } : {}) });
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const { createPostgresEventStore } = await import('./postgres');
    return createPostgresEventStore({ url });
  }
  throw new Error(
    `Unsupported event store URL ${redact(url)}: expected esdb://, postgres:// or postgresql://`,
  );
}

/** A URL may carry a password; an error message must not. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
