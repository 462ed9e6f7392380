import { copyJson, createStringPool, isJson, shareStrings, type StringPool } from './copy';
import { filterDocuments, firstSorted, matcher, sortDocuments } from './memory-query';
import { guardAdmits, guardValue, lastById } from './guard';
import type {
  Filter,
  FindOptions,
  IndexSpec,
  ReadCollection,
  ReadDocument,
  ReadStore,
} from './port';

/**
 * In-memory collections (ARCHITECTURE §2, embedded topology): each collection is
 * a Map from `_id` to a private deep copy, so neither a document handed to `put`
 * nor one returned by `get`/`find` can change what is stored; the copies share
 * equal strings (StringPool). Documents handed over (putMany's `handedOver`, a
 * rebuild's) are kept as given, and share their strings in the background once
 * such writes have stopped for `shareHandedOverAfterMs`: a first start writes
 * every read model at once, and copying and pooling them then was a large part of
 * its time. `get`/`put` by id are plain Map operations; only `find` and `count`
 * evaluate the MongoDB filter, with mingo or, for the plain cases, the cheaper
 * paths of memory-query.ts.
 */
export interface MemoryReadStore extends ReadStore {
  /**
   * The documents of a collection as stored, not copies: read them, never change
   * them (a save serialises them as they are; `put` replaces, never mutates, a
   * stored document, so one read is never half-changed).
   */
  storedDocuments(name: string): IterableIterator<ReadDocument>;
  /** Settles once no handed-over document waits to share its strings (at once when none does). */
  stringsShared(): Promise<void>;
}

/**
 * `saved`: collections to start with (read models loaded from disk). Their
 * documents are taken over, not copied: the caller must not keep them, and
 * shares their strings through `strings` first (loadReadModels does, as it reads).
 */
export function createMemoryReadStore(
  saved: Iterable<readonly [collection: string, documents: readonly ReadDocument[]]> = [],
  strings: StringPool = createStringPool(),
  { shareHandedOverAfterMs = SHARE_HANDED_OVER_AFTER_MS } = {},
): MemoryReadStore {
  const collections = new Map<string, Map<string, ReadDocument>>();
  // Only recorded: a scan of a Map needs no index, but listIndexes answers as the servers do.
  const indexes = new Map<string, IndexSpec[]>();
  const copyIn = (document: ReadDocument): ReadDocument => copyJson(document, strings.share);
  const handedOver = shareStringsLater(strings, shareHandedOverAfterMs);
  let closed = false;
  for (const [name, documents] of saved) {
    const stored = documentsOf(name);
    for (const document of documents) stored.set(document._id, document);
  }

  function documentsOf(name: string): Map<string, ReadDocument> {
    let documents = collections.get(name);
    if (!documents) {
      documents = new Map();
      collections.set(name, documents);
    }
    return documents;
  }

  return {
    stringsShared: () => handedOver.done(),
    storedDocuments: (name) => (collections.get(name) ?? new Map<string, ReadDocument>()).values(),
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      // Looked up on every call, not kept: replaceCollection swaps the Map under the name.
      const documents = (): Map<string, ReadDocument> => documentsOf(name);
      const ensureOpen = (): void => {
        if (closed) throw new Error(`read store is closed (collection ${name})`);
      };
      // The type parameter is the caller's claim about the collection, as with
      // the MongoDB driver's db.collection<T>(); nothing here can check it.
      const copyOut = (document: ReadDocument): T => copyJson(document) as T;
      const store = (document: ReadDocument, handOver = false, guard?: string): void => {
        if (typeof document._id !== 'string') {
          throw new TypeError(`a read document needs a string _id (collection ${name})`);
        }
        const into = documents();
        if (
          guard !== undefined &&
          !guardAdmits(into.get(document._id), guardValue(document, guard), guard)
        ) {
          return;
        }
        if (handOver && isJson(document)) {
          into.set(document._id, document);
          handedOver.add(into, document);
        } else {
          into.set(document._id, copyIn(document));
        }
      };
      const matching = (filter: Filter | undefined): ReadDocument[] =>
        filterDocuments(documents().values(), filter);

      return {
        async get(id) {
          ensureOpen();
          const document = documents().get(id);
          return document ? copyOut(document) : null;
        },
        async find(filter, options) {
          ensureOpen();
          return page(matching(filter), options).map(copyOut);
        },
        async count(filter) {
          ensureOpen();
          if (!filter || Object.keys(filter).length === 0) return documents().size;
          const matches = matcher(filter);
          let count = 0;
          for (const document of documents().values()) if (matches(document)) count += 1;
          return count;
        },
        async put(document, options) {
          ensureOpen();
          store(document, false, options?.guard);
        },
        async putMany(batch, options) {
          ensureOpen();
          const guard = options?.guard;
          // Guarded, the last of an _id is the one compared, as the servers' adapters do.
          const written = guard === undefined ? batch : lastById(batch);
          for (const document of written) store(document, options?.handedOver, guard);
        },
        async delete(id, options) {
          ensureOpen();
          const guard = options?.guard;
          if (guard && !guardAdmits(documents().get(id), guard.value, guard.field)) return;
          documents().delete(id);
        },
        async clear() {
          ensureOpen();
          documents().clear();
        },
      };
    },
    async ensureIndexes(name, specs) {
      if (closed) throw new Error(`read store is closed (collection ${name})`);
      const known = indexes.get(name) ?? [];
      for (const spec of specs) {
        const key = indexKey(spec);
        if (!known.some((existing) => indexKey(existing) === key))
          known.push(structuredClone(spec));
      }
      indexes.set(name, known);
    },
    async listIndexes(name) {
      return structuredClone(indexes.get(name) ?? []);
    },
    async replaceCollection(target, source) {
      if (closed) throw new Error(`read store is closed (collection ${target})`);
      if (target === source) throw new RangeError('a collection cannot replace itself');
      // One synchronous swap: a reader sees the old Map or the new one, never a mix.
      collections.set(target, documentsOf(source));
      collections.delete(source);
      indexes.set(target, indexes.get(source) ?? []);
      indexes.delete(source);
    },
    async close() {
      closed = true;
      handedOver.stop();
      collections.clear();
    },
  };
}

function indexKey(spec: IndexSpec): string {
  return JSON.stringify([Object.entries(spec.fields), spec.unique === true]);
}

/**
 * How long after the last handed-over write their strings begin to be shared:
 * long enough that a first start is already serving.
 */
const SHARE_HANDED_OVER_AFTER_MS = 250;

/** Handed-over documents whose strings are shared in one turn of the event loop (a few ms: requests go on between turns). */
const SHARE_PER_TURN = 1_000;

/**
 * The handed-over documents still to share their strings, and the turns that do
 * it, in place (a reader sees the same values before and after), once handed-over
 * writes have stopped for `afterMs`. A document is shared if it is still the one
 * stored under its id (one replaced or deleted meanwhile is let go).
 */
function shareStringsLater(strings: StringPool, afterMs: number) {
  let waiting: { into: Map<string, ReadDocument>; document: ReadDocument }[] = [];
  let next = 0;
  let quiet: NodeJS.Timeout | undefined;
  let turn: NodeJS.Immediate | undefined;
  let whenDone: (() => void)[] = [];
  const settle = (): void => {
    waiting = [];
    next = 0;
    for (const resolve of whenDone) resolve();
    whenDone = [];
  };

  const shareSome = (): void => {
    quiet = undefined;
    turn = undefined;
    const end = Math.min(waiting.length, next + SHARE_PER_TURN);
    for (; next < end; next += 1) {
      const entry = waiting[next];
      if (entry && entry.into.get(entry.document._id) === entry.document) {
        shareStrings(entry.document, strings.share);
      }
    }
    if (next < waiting.length) {
      turn = setImmediate(shareSome).unref();
      return;
    }
    settle();
  };

  return {
    add(into: Map<string, ReadDocument>, document: ReadDocument): void {
      waiting.push({ into, document });
      if (turn) return;
      clearTimeout(quiet);
      // Memory only: a process with nothing else to do need not wait for it.
      quiet = setTimeout(shareSome, afterMs).unref();
    },
    done: (): Promise<void> =>
      waiting.length === 0 ? Promise.resolve() : new Promise((resolve) => whenDone.push(resolve)),
    stop(): void {
      clearTimeout(quiet);
      clearImmediate(turn);
      quiet = undefined;
      turn = undefined;
      settle();
    },
  };
}

/** Up to this many documents, a sorted page is picked by firstSorted (it inserts each one kept). */
const FIRST_SORTED_MAX = 1_000;

/** Sort, then skip, then limit — MongoDB's order whatever the option order; limit 0 means none. */
function page(documents: ReadDocument[], options: FindOptions | undefined): ReadDocument[] {
  const sort = options?.sort;
  const skip = options?.skip ?? 0;
  const limit = options?.limit ?? 0;
  if (skip < 0 || limit < 0) throw new RangeError('skip and limit must not be negative');
  let result = documents;
  if (sort && Object.keys(sort).length > 0) {
    // A page near the start (what lists ask for) is picked without sorting every document.
    result =
      limit > 0 && skip + limit <= FIRST_SORTED_MAX
        ? firstSorted(result, sort, skip + limit)
        : sortDocuments(result, sort);
  }
  if (skip > 0 || limit > 0) result = result.slice(skip, limit > 0 ? skip + limit : undefined);
  return result;
}
