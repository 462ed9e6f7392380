import { createMemoryReadStore } from './memory';
import { createMongoReadStore } from './mongo';
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
export type { MemoryReadStore } from './memory';
export { loadReadModels, saveReadModels, type LoadedReadModels } from './memory-file';
export { escapeRegex } from './regex';
export { createMemoryReadStore, createMongoReadStore };

/**
 * MongoDB when `mongoUrl` is set (ARCHITECTURE §2), otherwise in-memory
 * collections. The MongoDB adapter imports the driver only when it is created,
 * so the embedded topology never loads it.
 */
export async function createReadStore(config: {
  mongoUrl?: string;
  mongoDatabase?: string;
}): Promise<ReadStore> {
  if (!config.mongoUrl) return createMemoryReadStore();
  return createMongoReadStore({
    url: config.mongoUrl,
    ...(config.mongoDatabase ? { database: config.mongoDatabase } : {}),
  });
}
