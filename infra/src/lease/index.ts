import type { Logger } from '../logging';
import { createMemoryLease } from './memory';
import { openMongoLease } from './mongo';
import { createPostgresLease } from './postgres';
import type { Lease } from './port';

export type { Lease, LeaseHandle } from './port';
export { LeaseHolder } from './holder';
export type { LeaseHolderOptions, LeaseHolderStatus, LeaseTerm } from './holder';
export type { MongoLeaseOptions } from './mongo';
export type { PostgresLeaseOptions } from './postgres';
export { createMemoryLease } from './memory';
export { createMongoLease, LEASES_COLLECTION, openMongoLease } from './mongo';
export { advisoryLockKey, createPostgresLease, leaseApplicationName } from './postgres';

/**
 * The lease for the stores a service is configured with: a PostgreSQL event
 * store holds an advisory lock (freed the moment the holder's session ends);
 * otherwise a MongoDB read store holds a lease document with an expiry;
 * otherwise a PostgreSQL read store (EventStoreDB without MongoDB) holds the
 * advisory lock; otherwise everything lives in this one process and a memory
 * lease will do.
 */
export async function createLease(config: {
  name: string;
  eventStoreUrl?: string | undefined;
  mongoUrl?: string | undefined;
  mongoDatabase?: string | undefined;
  readStoreUrl?: string | undefined;
  logger?: Logger;
}): Promise<Lease> {
  const { name, eventStoreUrl, mongoUrl, readStoreUrl, logger } = config;
  if (eventStoreUrl && isPostgresUrl(eventStoreUrl)) {
    return createPostgresLease({ url: eventStoreUrl, name, logger });
  }
  if (mongoUrl) {
    return openMongoLease({ url: mongoUrl, database: config.mongoDatabase, name, logger });
  }
  if (readStoreUrl && isPostgresUrl(readStoreUrl)) {
    return createPostgresLease({ url: readStoreUrl, name, logger });
  }
  return createMemoryLease();
}

const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);
