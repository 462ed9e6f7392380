import { createEsdbEventStore, eventStoreTarget } from '../event-store';
import type { Logger } from '../logging';
import { createEsdbSnapshotStore } from './esdb';
import { createPgliteStores, createPostgresStores, type Stores } from './sql-stores';

export type { Snapshot, SnapshotStore } from './port';
export type { Stores } from './sql-stores';
export { createMemorySnapshotStore } from './memory';
// These load their driver (pg, PGlite, the EventStoreDB client) only when called.
export { createPgliteStores, createPostgresStores } from './sql-stores';
export { createEsdbSnapshotStore, snapshotEventType, snapshotStreamPrefix } from './esdb';

/**
 * The event store chosen by configuration (as createEventStore) with the
 * snapshot store beside it: a `snapshots` table in the same SQL database, or
 * snapshot streams on the same EventStoreDB. Close the snapshot store first.
 */
export async function createStores(config: {
  url?: string;
  dataDir?: string;
  /**
   * EventStoreDB logs the foreign events it skips; a PostgreSQL server, the write
   * transactions a settled position waits long for.
   */
  logger?: Logger;
}): Promise<Stores> {
  const target = eventStoreTarget(config);
  switch (target.kind) {
    case 'pglite':
      return createPgliteStores({ dataDir: target.dataDir });
    case 'postgres':
      return createPostgresStores({
        url: target.url,
        ...(config.logger ? { logger: config.logger } : {}),
      });
    case 'esdb': {
      const eventStore = await createEsdbEventStore({
        url: target.url,
        ...(config.logger ? { logger: config.logger } : {}),
      });
      try {
        return { eventStore, snapshotStore: await createEsdbSnapshotStore({ url: target.url }) };
      } catch (error) {
        await eventStore.close();
        throw error;
      }
    }
    default: {
      const unknown: never = target;
      throw new Error(`Unknown event store target ${JSON.stringify(unknown)}`);
    }
  }
}
