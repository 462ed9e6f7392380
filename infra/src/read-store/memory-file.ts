import fs from 'node:fs';
import readline from 'node:readline';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { createMemoryReadStore, type MemoryReadStore } from './memory';
import type { ReadDocument } from './port';

/**
 * In-memory read models kept in a file between runs (embedded topology): a
 * start loads them and catches up from their checkpoints instead of replaying
 * the whole log.
 *
 * JSON lines: a header, then `[collection, [document, …]]` lines of up to
 * DOCUMENTS_PER_LINE documents, then an end line with the document count, so a
 * file cut short is refused rather than half loaded. A save writes a temporary
 * file, syncs it and renames it over the last one: a crash mid-save leaves the
 * last complete file.
 */

const FORMAT = 'quitute-read-models';
const VERSION = 1;
const DOCUMENTS_PER_LINE = 1_000;

/** What the saved documents were built from, for the loader to check against the log it runs on. */
export const logMarkSchema = z.object({
  /** The highest checkpoint saved. */
  position: z.number().int().nonnegative(),
  /** The id of the event at that position (null at 0). */
  eventId: z.string().nullable(),
});
export type LogMark = z.infer<typeof logMarkSchema>;

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  savedAt: z.string(),
  mark: logMarkSchema,
});

const endSchema = z.object({ end: z.literal(true), documents: z.number().int().nonnegative() });

export interface SaveReadModelsOptions {
  file: string;
  /** What to write first, copied at the call: written before the other collections change further (the checkpoints). */
  first: { collection: string; documents: readonly ReadDocument[] };
  /** The other collections to write, as they are when each is reached. */
  collections: readonly string[];
  mark: LogMark;
  now?: () => Date;
}

/**
 * Writes `first` (a copy taken when the save began), then each collection's
 * documents as they are when the save reaches them, a line at a time, yielding
 * to requests between lines. A document written later than the copy is never
 * older than it (documents are replaced, never rolled back), so checkpoints
 * first and documents after is a state the runner can resume from: it skips
 * the events a document already holds.
 */
export async function saveReadModels(
  store: MemoryReadStore,
  options: SaveReadModelsOptions,
): Promise<{ documents: number; bytes: number }> {
  const { file } = options;
  const temporary = `${file}.${process.pid}.tmp`;
  // Customers' orders and e-mails: readable by the shop's user only, as its secrets are.
  const handle = await fs.promises.open(temporary, 'w', 0o600);
  let documents = 0;
  let bytes = 0;
  const writeLine = async (value: unknown): Promise<void> => {
    const line = `${JSON.stringify(value)}\n`;
    bytes += Buffer.byteLength(line);
    await handle.write(line);
  };
  const writeCollection = async (name: string, all: Iterable<ReadDocument>): Promise<void> => {
    let line: ReadDocument[] = [];
    for (const document of all) {
      line.push(document);
      if (line.length === DOCUMENTS_PER_LINE) {
        await writeLine([name, line]);
        documents += line.length;
        line = [];
        await yieldToEventLoop();
      }
    }
    if (line.length > 0) {
      await writeLine([name, line]);
      documents += line.length;
    }
  };
  try {
    const savedAt = (options.now ?? (() => new Date()))().toISOString();
    await writeLine({ format: FORMAT, version: VERSION, savedAt, mark: options.mark });
    await writeCollection(options.first.collection, options.first.documents);
    for (const name of options.collections) {
      if (name !== options.first.collection)
        await writeCollection(name, store.storedDocuments(name));
    }
    await writeLine({ end: true, documents });
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temporary, file);
  return { documents, bytes };
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
  let input: fs.ReadStream;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    input = fs.createReadStream(file, { encoding: 'utf8' });
  } catch {
    return { status: 'missing' };
  }
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  const collections = new Map<string, ReadDocument[]>();
  let header: z.infer<typeof headerSchema> | undefined;
  let documents = 0;
  let ended = false;
  const unreadable = (reason: string): LoadedReadModels => {
    lines.close();
    input.destroy();
    return { status: 'unreadable', reason };
  };
  try {
    for await (const line of lines) {
      if (ended) return unreadable('lines after the end line');
      const value: unknown = JSON.parse(line);
      if (!header) {
        const parsed = headerSchema.safeParse(value);
        if (!parsed.success) return unreadable('not a read-model file of this version');
        header = parsed.data;
      } else if (Array.isArray(value)) {
        const [name, batch] = value as unknown[];
        if (typeof name !== 'string' || !Array.isArray(batch) || !batch.every(isDocument)) {
          return unreadable(`a line of documents is malformed (after ${documents} documents)`);
        }
        documents += batch.length;
        if (!options.collections.has(name)) continue;
        const kept = collections.get(name);
        if (kept) for (const document of batch) kept.push(document);
        else collections.set(name, batch);
      } else {
        const end = endSchema.safeParse(value);
        if (!end.success) return unreadable('a line is neither documents nor the end');
        if (end.data.documents !== documents) {
          return unreadable(
            `the end line counts ${end.data.documents} documents, the file holds ${documents}`,
          );
        }
        ended = true;
      }
    }
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  if (!header) return unreadable('the file is empty');
  if (!ended) return unreadable('the file ends before its end line (cut short)');
  return {
    status: 'loaded',
    store: createMemoryReadStore(collections),
    mark: header.mark,
    savedAt: header.savedAt,
    documents,
  };
}
