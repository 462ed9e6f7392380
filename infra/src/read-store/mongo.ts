import type {
  AnyBulkWriteOperation,
  Collection,
  Db,
  MongoClient,
  Filter as MongoFilter,
} from 'mongodb';
import type { Filter, FindOptions, ReadCollection, ReadDocument, ReadStore } from './port';

export interface MongoReadStoreOptions {
  url: string;
  /** Defaults to the database named in the URL (the driver's default otherwise). */
  database?: string;
}

/**
 * The ReadStore over MongoDB. Async because the driver is imported on first use
 * (the embedded topology never loads it) and the client connects here, so a
 * wrong URL fails at start-up rather than on the first query.
 */
export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const { MongoClient } = await import('mongodb');
  // ignoreUndefined: an undefined field is dropped, as the memory adapter's copy does.
  const client: MongoClient = new MongoClient(options.url, { ignoreUndefined: true });
  await client.connect();
  const db: Db = client.db(options.database);

  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      const collection: Collection<ReadDocument> = db.collection<ReadDocument>(name);
      const toFilter = (filter: Filter | undefined): MongoFilter<ReadDocument> => filter ?? {};
      // The type parameter is the caller's claim about the collection, as with
      // db.collection<T>() itself.
      const fromStore = (document: ReadDocument): T => document as T;

      return {
        async get(id) {
          const document = await collection.findOne({ _id: id });
          return document ? fromStore(document) : null;
        },
        async find(filter, findOptions) {
          const documents = await collection
            .find(toFilter(filter), driverOptions(findOptions))
            .toArray();
          return documents.map(fromStore);
        },
        async count(filter) {
          return collection.countDocuments(toFilter(filter));
        },
        async put(document) {
          await collection.replaceOne({ _id: document._id }, document, { upsert: true });
        },
        // The driver serialises the documents: handed over or not, they are not kept.
        async putMany(documents) {
          // Unordered bulk writes may apply two writes to one _id in any order;
          // keeping only the last one per _id gives the memory adapter's "last wins".
          const lastById = new Map<string, ReadDocument>();
          for (const document of documents) lastById.set(document._id, document);
          if (lastById.size === 0) return;
          const operations: AnyBulkWriteOperation<ReadDocument>[] = [];
          for (const document of lastById.values()) {
            operations.push({
              replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true },
            });
          }
          await collection.bulkWrite(operations, { ordered: false });
        },
        async delete(id) {
          await collection.deleteOne({ _id: id });
        },
        async clear() {
          await collection.deleteMany({});
        },
      };
    },
    async replaceCollection(target, source) {
      if (target === source) throw new RangeError('a collection cannot replace itself');
      // renameCollection with dropTarget is atomic on the server: a reader of target
      // sees the old collection or the new one. A source never written does not
      // exist in MongoDB; for the memory adapter it is an empty collection.
      const exists = await db.listCollections({ name: source }, { nameOnly: true }).hasNext();
      if (exists) await db.renameCollection(source, target, { dropTarget: true });
      else await db.collection(target).deleteMany({});
    },
    async close() {
      await client.close();
    },
  };
}

function driverOptions(options: FindOptions | undefined): {
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
} {
  if (!options) return {};
  const { sort, skip, limit } = options;
  if ((skip ?? 0) < 0 || (limit ?? 0) < 0) {
    throw new RangeError('skip and limit must not be negative');
  }
  return {
    ...(sort && Object.keys(sort).length > 0 ? { sort } : {}),
    ...(skip ? { skip } : {}),
    ...(limit ? { limit } : {}),
  };
}
