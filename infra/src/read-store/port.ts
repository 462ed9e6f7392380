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

export interface PutManyOptions {
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
  put(document: T): Promise<void>;
  /** Inserts or replaces many documents in one round trip. */
  putMany(documents: readonly T[], options?: PutManyOptions): Promise<void>;
  delete(id: string): Promise<void>;
  /** Removes every document (used when a projection is rebuilt). */
  clear(): Promise<void>;
}

export interface ReadStore {
  collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T>;
  /**
   * Atomically makes `target` hold exactly the documents of `source`, and `source`
   * gone (empty): a reader of `target` sees every old document or every new one,
   * never a mix, and no read fails meanwhile (a blue/green projection rebuild).
   * Handles taken before on either name stay usable.
   */
  replaceCollection(target: string, source: string): Promise<void>;
  close(): Promise<void>;
}
