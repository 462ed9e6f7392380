import type { EventStore } from '../event-store/port';
import type { LogRows } from '../event-store/postgres-log-rows';
import type { SqlClient } from '../event-store/sql-client';
import type { SnapshotStore } from './port';
import type { Logger } from '../logging';

export interface Stores {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  /** The SQL log's rows as stored, for a backup and its restore (absent on EventStoreDB). */
  logRows?: LogRows;
}

/** The SQL event store and its snapshots on one PostgreSQL server pool, in one schema. */
export async function createPostgresStores(options: {
  url: string;
  schema?: string;
  poolSize?: number;
  /** Told when the event store's settled position waits long on write transactions. */
  logger?: Logger;
}): Promise<Stores> {
  const { checkSchema } = await import('../event-store/postgres');
  const schema = checkSchema(options.schema ?? 'public');
  const { openPgClient } = await import('../event-store/pg-client');
  return openSqlStores(
    await openPgClient(options.url, options.poolSize),
    schema,
    options.logger ? { logger: options.logger } : {},
  );
}

/** Embedded PGlite admits one client: the snapshots live in the event store's database. */
export async function createPgliteStores(options: { dataDir?: string } = {}): Promise<Stores> {
  const { openPgliteClient } = await import('../event-store/pglite-client');
  return openSqlStores(await openPgliteClient(options.dataDir), 'public');
}

async function openSqlStores(
  sql: SqlClient,
  schema: string,
  options: { logger?: Logger } = {},
): Promise<Stores> {
  const { createSqlEventStore } = await import('../event-store/postgres');
  const { createSqlSnapshotStore } = await import('./sql');
  const { createLogRows } = await import('../event-store/postgres-log-rows');
  const eventStore = await createSqlEventStore(sql, schema, options);
  try {
    return {
      eventStore,
      snapshotStore: await createSqlSnapshotStore(sql, schema),
      logRows: createLogRows(sql, schema),
    };
  } catch (error) {
    await eventStore.close();
    throw error;
  }
}
