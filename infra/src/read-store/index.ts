import { createMemoryReadStore } from './memory';
import { createMongoReadStore } from './mongo';
import { createPostgresReadStore } from './postgres';
import type { ReadStore } from './port';

export type {
  Filter,
  FindOptions,
  IndexSpec,
  PutManyOptions,
  PutOptions,
  ReadCollection,
  ReadDocument,
  ReadStore,
} from './port';
export type { MongoReadStoreOptions } from './mongo';
export type { PostgresReadStoreOptions } from './postgres';
export { UnsupportedFilterError } from './postgres-query';
export type { MemoryReadStore } from './memory';
export { loadReadModels, saveReadModels, type LoadedReadModels } from './memory-file';
export { escapeRegex } from './regex';
export { createMemoryReadStore, createMongoReadStore, createPostgresReadStore };

/**
 * MongoDB when `mongoUrl` is set (ARCHITECTURE §2), else PostgreSQL when
 * `postgresUrl` is (READ_STORE_URL: several processes without MongoDB), else
 * in-memory collections. The server adapters import their driver only when
 * created, so the embedded topology loads neither.
 */
export async function createReadStore(config: {
  mongoUrl?: string | undefined;
  mongoDatabase?: string | undefined;
  postgresUrl?: string | undefined;
  postgresSchema?: string | undefined;
}): Promise<ReadStore> {
  if (config.mongoUrl) {
    return createMongoReadStore({
      url: config.mongoUrl,
      ...(config.mongoDatabase ? { database: config.mongoDatabase } : {}),
    });
  }
  if (config.postgresUrl) {
    return createPostgresReadStore({
      url: config.postgresUrl,
      ...(config.postgresSchema ? { schema: config.postgresSchema } : {}),
    });
  }
  return createMemoryReadStore();
}
