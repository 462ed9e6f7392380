import { z } from 'zod';
import { logMarkSchema, readSavedState, writeSavedState, type LogMark } from '../saved-state';
import { createMemoryReadStore, type MemoryReadStore } from './memory';
import { createStringPool, shareStrings } from './copy';
import type { ReadDocument } from './port';

/**
 * In-memory read models kept in a file between runs (embedded topology, see
 * saved-state): a start loads them and catches up from their checkpoints
 * instead of replaying the whole log. One section per collection.
 */

const FORMAT = 'quitute-read-models';
const VERSION = 1;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  savedAt: z.string(),
  mark: logMarkSchema,
});

export interface SaveReadModelsOptions {
  file: string;
  /** What to write first, copied at the call: written before the other collections change further (the checkpoints). */
  first: { collection: string; documents: readonly ReadDocument[] };
  /** The other collections to write, as they are when each is reached. */
  collections: readonly string[];
  /** What the saved documents were built from, for the loader to check against the log it runs on. */
  mark: LogMark;
  now?: () => Date;
}

/**
 * Writes `first` (a copy taken when the save began), then each collection's
 * documents as they are when the save reaches them. A document written later
 * than the copy is never older than it (documents are replaced, never rolled
 * back), so checkpoints first and documents after is a state the runner can
 * resume from: it skips the events a document already holds.
 */
export async function saveReadModels(
  store: MemoryReadStore,
  options: SaveReadModelsOptions,
): Promise<{ documents: number; bytes: number }> {
  const savedAt = (options.now ?? (() => new Date()))().toISOString();
  const { first } = options;
  const written = await writeSavedState(
    options.file,
    { format: FORMAT, version: VERSION, savedAt, mark: options.mark },
    [
      { name: first.collection, items: first.documents },
      ...options.collections
        .filter((name) => name !== first.collection)
        .map((name) => ({ name, items: { [Symbol.iterator]: () => store.storedDocuments(name) } })),
    ],
  );
  return { documents: written.items, bytes: written.bytes };
}

export type LoadedReadModels =
  | { status: 'loaded'; store: MemoryReadStore; mark: LogMark; savedAt: string; documents: number }
  | { status: 'missing' }
  | { status: 'unreadable'; reason: string };

const isDocument = (value: unknown): value is ReadDocument =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { _id?: unknown })._id === 'string';

/**
 * Reads a file saveReadModels wrote into a new memory store, keeping only the
 * `collections` named (a projection since removed leaves its documents
 * behind). A file that is absent says so; one cut short, edited into another
 * shape or of another format version is 'unreadable' with the reason — the
 * caller builds from the log instead.
 */
export async function loadReadModels(
  file: string,
  options: { collections: ReadonlySet<string> },
): Promise<LoadedReadModels> {
  const strings = createStringPool();
  const read = await readSavedState(file, {
    header: headerSchema,
    keep: (name) => options.collections.has(name),
    isItem: isDocument,
    adopt: (document) => shareStrings(document, strings.share),
  });
  if (read.status !== 'loaded') return read;
  // isItem checked every kept item.
  const collections = [...read.sections].map(
    ([name, documents]) => [name, documents as ReadDocument[]] as const,
  );
  return {
    status: 'loaded',
    store: createMemoryReadStore(collections, strings),
    mark: read.header.mark,
    savedAt: read.header.savedAt,
    documents: read.items,
  };
}
