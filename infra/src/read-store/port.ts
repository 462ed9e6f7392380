/**
 * The ReadStore port: document collections queried with the MongoDB query
 * language (the memory adapter evaluates it with mingo). Documents are plain
 * JSON objects with a string `_id`.
 */

export interface ReadDocument {
  _id: string;
  [key: string]: unknown;
}

/** A MongoDB filter document ({ field: value }, $eq, $in, $regex, $and, $or, $gte, …). */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  /** { field: 1 | -1 } */
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
}

export interface PutOptions {
  /**
   * Names a numeric field of the documents (`_position`, the global position of
   * the last event applied): a stored document is then replaced only when it
   * lacks that field or holds a number not above the new one, so a write that
   * arrives late (a deposed lease holder's) never rolls a newer document back; a
   * stale write is dropped without error. Each written document must hold a
   * number there. Equal is replaced: the same position writes the same document,
   * and a checkpoint's details change at the same position.
   */
  guard?: string;
}

export interface DeleteOptions {
  /**
   * Deletes only when the stored document lacks `field` or holds a number not
   * above `value` (the position of the event that deleted it), as PutOptions.guard
   * does for writes: a deposed lease holder's late delete never removes a document
   * a newer event made again.
   */
  guard?: { field: string; value: number };
}

export interface PutManyOptions extends PutOptions {
  /**
   * The caller hands the documents over: neither it nor anyone else changes
   * them, or anything they hold, again (a rebuild's documents, built in memory
   * and dropped once written). The memory store then keeps each one as given
   * when it is JSON already (no undefined, only plain objects and arrays),
   * instead of copying it: a first start writes every read model at once, and
   * copying them was a few tenths of a second of it.
   */
  handedOver?: boolean;
}

export interface ReadCollection<T extends ReadDocument = ReadDocument> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Inserts or replaces the whole document with this _id. */
  put(document: T, options?: PutOptions): Promise<void>;
  /** Inserts or replaces many documents in one round trip; of one _id given twice, the last. */
  putMany(documents: readonly T[], options?: PutManyOptions): Promise<void>;
  /** Removes the document with this _id, if any. */
  delete(id: string, options?: DeleteOptions): Promise<void>;
  /** Removes every document (used when a projection is rebuilt). */
  clear(): Promise<void>;
}

/** An index a read model's queries need: `{ field: 1 | -1 }` in order (dotted paths allowed). */
export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface ReadStore {
  collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T>;
  /**
   * Makes the collection have these indexes (those it has already are kept;
   * none is dropped). Idempotent: a projection declares its indexes each time it
   * starts, and on a rebuild's scratch collection before it replaces the live one.
   */
  ensureIndexes(collection: string, specs: readonly IndexSpec[]): Promise<void>;
  /** The indexes ensureIndexes gave the collection (the `_id` one left out): [] for none. */
  listIndexes(collection: string): Promise<IndexSpec[]>;
  /**
   * Atomically makes `target` hold exactly the documents of `source`, and `source`
   * gone (empty): a reader of `target` sees every old document or every new one,
   * never a mix, and no read fails meanwhile (a blue/green projection rebuild).
   * Handles taken before on either name stay usable. `target` keeps the indexes
   * `source` had; `source` starts again without any.
   */
  replaceCollection(target: string, source: string): Promise<void>;
  close(): Promise<void>;
}
