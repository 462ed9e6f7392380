import type {
  AnyBulkWriteOperation,
  Collection,
  Db,
  MongoClient,
  Filter as MongoFilter,
} from 'mongodb';
import { guardValue, lastById } from './guard';
import type {
  Filter,
  FindOptions,
  IndexSpec,
  ReadCollection,
  ReadDocument,
  ReadStore,
} from './port';

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
  const { MongoClient, MongoBulkWriteError } = await import('mongodb');
  /** A bulk write whose every failed operation is a duplicate key, and whose write concern held. */
  const onlyDuplicateKeys = (error: unknown): boolean => {
    if (!(error instanceof MongoBulkWriteError)) return false;
    const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    return (
      errors.length > 0 &&
      errors.every((writeError) => writeError.code === DUPLICATE_KEY) &&
      !error.result.getWriteConcernError()
    );
  };
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
        async put(document, options) {
          const guard = options?.guard;
          if (guard === undefined) {
            await collection.replaceOne({ _id: document._id }, document, { upsert: true });
            return;
          }
          try {
            await collection.replaceOne(guardedFilter(document, guard), document, { upsert: true });
          } catch (error) {
            if (!isDuplicateKey(error)) throw error;
          }
        },
        // The driver serialises the documents: handed over or not, they are not kept.
        async putMany(documents, options) {
          // Unordered bulk writes may apply two writes to one _id in any order;
          // keeping only the last one per _id gives the memory adapter's "last wins".
          const written = lastById(documents);
          if (written.length === 0) return;
          const guard = options?.guard;
          const operations: AnyBulkWriteOperation<ReadDocument>[] = written.map((document) => ({
            replaceOne: {
              filter: guard === undefined ? { _id: document._id } : guardedFilter(document, guard),
              replacement: document,
              upsert: true,
            },
          }));
          try {
            await collection.bulkWrite(operations, { ordered: false });
          } catch (error) {
            // A guarded upsert whose filter missed a stored (newer) document tries to
            // insert its _id, which the server refuses: that write was stale. Any
            // other failure is one.
            if (guard === undefined || !onlyDuplicateKeys(error)) throw error;
          }
        },
        async delete(id, deleteOptions) {
          const guard = deleteOptions?.guard;
          await collection.deleteOne(
            guard
              ? {
                  _id: id,
                  $or: [
                    { [guard.field]: { $lte: guard.value } },
                    { [guard.field]: { $exists: false } },
                  ],
                }
              : { _id: id },
          );
        },
        async clear() {
          await collection.deleteMany({});
        },
      };
    },
    async ensureIndexes(name, specs) {
      if (specs.length === 0) return;
      // Same keys and options as an existing index: the server does nothing (idempotent).
      await db
        .collection(name)
        .createIndexes(
          specs.map((spec) => ({ key: spec.fields, ...(spec.unique ? { unique: true } : {}) })),
        );
    },
    async listIndexes(name) {
      const exists = await db.listCollections({ name }, { nameOnly: true }).hasNext();
      if (!exists) return [];
      const indexes = await db.collection(name).listIndexes().toArray();
      return indexes.flatMap((index): IndexSpec[] => {
        if (index['name'] === '_id_') return [];
        const key: unknown = index['key'];
        if (typeof key !== 'object' || key === null) return [];
        const fields: Record<string, 1 | -1> = {};
        for (const [field, direction] of Object.entries(key)) {
          if (direction !== 1 && direction !== -1) return [];
          fields[field] = direction;
        }
        return [{ fields, ...(index['unique'] === true ? { unique: true } : {}) }];
      });
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

/** Matches the stored document only when the guarded write may replace it (see PutOptions.guard). */
function guardedFilter(document: ReadDocument, guard: string): MongoFilter<ReadDocument> {
  const position = guardValue(document, guard);
  return {
    _id: document._id,
    $or: [{ [guard]: { $lte: position } }, { [guard]: { $exists: false } }],
  };
}

const DUPLICATE_KEY = 11000;

function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY
  );
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
