import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import type { EventStore } from '../event-store/port';

/**
 * State kept in a file between runs of the embedded shop (its in-memory read
 * models, the command side's views of the log): JSON lines — a header, then
 * `[section, [item, …]]` lines of up to ITEMS_PER_LINE items, then an end line
 * counting the items, so a file cut short is refused rather than half loaded.
 * A save writes a temporary file readable by the shop's user only (customers'
 * data), syncs it and renames it over the last one: a crash mid-save leaves
 * the last complete file.
 */

/**
 * Lines and read chunks small enough for V8's young generation: a string over
 * 128 KB (a 64 KB chunk with one accented letter decodes to two bytes a
 * character) lives in the large-object space until a full collection, so a
 * start reading large saves would begin serving with all of them still held.
 */
const ITEMS_PER_LINE = 50;
const READ_CHUNK_BYTES = 16 * 1024;
/**
 * Lines are encoded into one buffer of this size, written when full: a save is a
 * write per megabyte, not a buffer and a write per line.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

const endSchema = z.object({ end: z.literal(true), items: z.number().int().nonnegative() });

export interface Section {
  name: string;
  /** Read as the save reaches them; the save yields to other work between lines. */
  items: Iterable<unknown>;
}

export async function writeSavedState(
  file: string,
  header: object,
  sections: Iterable<Section>,
): Promise<{ items: number; bytes: number }> {
  const temporary = `${file}.${process.pid}.tmp`;
  // The folder too, if it is not there yet (the projections CLI rebuilding on a PostgreSQL
  // server for a data directory no shop has made): the owner's only, as the file.
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await fs.promises.open(temporary, 'w', 0o600);
  let items = 0;
  let bytes = 0;
  const output = bufferedWriter(handle);
  const writeLine = async (value: unknown): Promise<void> => {
    bytes += await output.write(`${JSON.stringify(value)}\n`);
  };
  try {
    await writeLine(header);
    for (const section of sections) {
      let line: unknown[] = [];
      for (const item of section.items) {
        line.push(item);
        if (line.length === ITEMS_PER_LINE) {
          await writeLine([section.name, line]);
          items += line.length;
          line = [];
          await yieldToEventLoop();
        }
      }
      if (line.length > 0) {
        await writeLine([section.name, line]);
        items += line.length;
      }
    }
    await writeLine({ end: true, items });
    await output.flush();
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temporary, file);
  return { items, bytes };
}

export type ReadSavedState<H> =
  | { status: 'loaded'; header: H; sections: Map<string, unknown[]>; items: number }
  | { status: 'missing' }
  | { status: 'unreadable'; reason: string };

/** Writes text through one reused buffer (see WRITE_BUFFER_BYTES); `flush` writes what it holds. */
function bufferedWriter(handle: fs.promises.FileHandle) {
  const buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  let used = 0;
  const writeAll = async (bytes: Buffer): Promise<void> => {
    for (let offset = 0; offset < bytes.length;) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
  };
  const flush = async (): Promise<void> => {
    await writeAll(buffer.subarray(0, used));
    used = 0;
  };
  return {
    flush,
    /** Resolves with the text's length in bytes once it is buffered (or written, when longer than the buffer). */
    async write(text: string): Promise<number> {
      const length = Buffer.byteLength(text);
      if (used + length > buffer.length) await flush();
      if (length > buffer.length) await writeAll(Buffer.from(text));
      else used += buffer.write(text, used);
      return length;
    },
  };
}

/**
 * Reads a file writeSavedState wrote: its header (parsed with `header`), and
 * the items of the sections `keep` says yes to, each checked with `isItem`. An
 * absent file says so; one cut short, of another shape or with an item
 * `isItem` refuses is 'unreadable' with the reason.
 */
export async function readSavedState<H>(
  file: string,
  options: {
    header: z.ZodType<H>;
    keep: (section: string) => boolean;
    isItem: (item: unknown) => boolean;
    /** Told of each kept item as soon as its line is read (the read store shares its strings). */
    adopt?: (item: unknown) => void;
  },
): Promise<ReadSavedState<H>> {
  let input: fs.ReadStream;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    input = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: READ_CHUNK_BYTES });
  } catch {
    return { status: 'missing' };
  }
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  const sections = new Map<string, unknown[]>();
  let header: H | undefined;
  let items = 0;
  let ended = false;
  const unreadable = (reason: string): ReadSavedState<H> => {
    lines.close();
    input.destroy();
    return { status: 'unreadable', reason };
  };
  try {
    for await (const line of lines) {
      if (ended) return unreadable('lines after the end line');
      const value: unknown = JSON.parse(line);
      if (header === undefined) {
        const parsed = options.header.safeParse(value);
        if (!parsed.success) return unreadable('not a file of this format and version');
        header = parsed.data;
      } else if (Array.isArray(value)) {
        const [name, batch] = value as unknown[];
        if (typeof name !== 'string' || !Array.isArray(batch) || !batch.every(options.isItem)) {
          return unreadable(`a line of items is malformed (after ${items} items)`);
        }
        items += batch.length;
        if (!options.keep(name)) continue;
        if (options.adopt) for (const item of batch) options.adopt(item);
        const kept = sections.get(name);
        if (kept) for (const item of batch) kept.push(item);
        else sections.set(name, batch);
      } else {
        const end = endSchema.safeParse(value);
        if (!end.success) return unreadable('a line is neither items nor the end');
        if (end.data.items !== items) {
          return unreadable(`the end line counts ${end.data.items} items, the file holds ${items}`);
        }
        ended = true;
      }
    }
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  if (header === undefined) return unreadable('the file is empty');
  if (!ended) return unreadable('the file ends before its end line (cut short)');
  return { status: 'loaded', header, sections, items };
}

/** Where a saved state stands in the log: a position, and the id of the event there (null at 0). */
export const logMarkSchema = z.object({
  position: z.number().int().nonnegative(),
  eventId: z.string().nullable(),
});
export type LogMark = z.infer<typeof logMarkSchema>;

type LogReader = Pick<EventStore, 'readAll'>;

/** The mark of `position` in this log: the id of the event there, if it holds one. */
export async function markAt(eventStore: LogReader, position: number): Promise<LogMark> {
  if (position === 0) return { position, eventId: null };
  const [event] = await eventStore.readAll({ fromPosition: position - 1, maxCount: 1 });
  return { position, eventId: event?.position === position ? event.id : null };
}

/** Whether a state saved at `mark` was made from this log: it holds that very event there. */
export async function isMarkOf(eventStore: LogReader, mark: LogMark): Promise<boolean> {
  if (mark.position === 0) return true;
  const here = await markAt(eventStore, mark.position);
  return here.eventId !== null && here.eventId === mark.eventId;
}

/**
 * A view of the log folded in memory (the command side's catalogue and
 * sessions, the payment process) whose state can be saved and given back at
 * the next start, so that it follows the log from there instead of from its
 * beginning.
 */
export interface SavableView {
  /**
   * Its section in the file, with the version of its state's shape (e.g.
   * `catalog@1`): bump it when the shape changes, and an older save is left
   * aside (the view folds the log from its start).
   */
  readonly savedName: string;
  /** The position it has applied the log up to. */
  reached(): number;
  /** Its state now, taken at once: the position it has applied the log up to, and its entries. */
  capture(): { position: number; entries: unknown[] };
  /** Before start: the state it captured at `position`; start() then follows the log after it. */
  restore(position: number, entries: unknown[]): void;
}

const VIEWS_FORMAT = 'quitute-views';
const VIEWS_VERSION = 1;

const viewsHeaderSchema = z.object({
  format: z.literal(VIEWS_FORMAT),
  version: z.literal(VIEWS_VERSION),
  savedAt: z.string(),
  views: z.record(z.string(), logMarkSchema),
});

/** Captures every view at once, then writes them; resolves with the positions saved, by view. */
export async function saveViews(
  file: string,
  views: readonly SavableView[],
  eventStore: LogReader,
  now: () => Date = () => new Date(),
): Promise<Record<string, number>> {
  const captured = views.map((view) => ({ name: view.savedName, ...view.capture() }));
  const marks: Record<string, LogMark> = {};
  for (const { name, position } of captured) marks[name] = await markAt(eventStore, position);
  await writeSavedState(
    file,
    { format: VIEWS_FORMAT, version: VIEWS_VERSION, savedAt: now().toISOString(), views: marks },
    captured.map(({ name, entries }) => ({ name, items: entries })),
  );
  return Object.fromEntries(captured.map(({ name, position }) => [name, position]));
}

/**
 * Gives each view the state it saved last, when the file holds one of its
 * name and version made from this log; the others start empty (and fold the
 * log from its start). Returns the names restored.
 */
export async function restoreViews(
  file: string,
  views: readonly SavableView[],
  eventStore: LogReader,
): Promise<{ restored: string[]; unreadable?: string }> {
  const names = new Set(views.map((view) => view.savedName));
  const read = await readSavedState(file, {
    header: viewsHeaderSchema,
    keep: (name) => names.has(name),
    isItem: () => true,
  });
  if (read.status === 'missing') return { restored: [] };
  if (read.status === 'unreadable') return { restored: [], unreadable: read.reason };
  const restored: string[] = [];
  for (const view of views) {
    const mark = read.header.views[view.savedName];
    if (!mark || !(await isMarkOf(eventStore, mark))) continue;
    view.restore(mark.position, read.sections.get(view.savedName) ?? []);
    restored.push(view.savedName);
  }
  return { restored };
}

export interface PeriodicSaver {
  /** Saves now, unless `version` is what the last save saw (waits for a save already running). */
  save(): Promise<void>;
  /**
   * save() whose failure goes to onError, as the timer's do: the promise only
   * says when it is over (it never rejects), for whoever waits for that.
   */
  saveSoon(): Promise<void>;
  /** Stops the timer and saves a last time (a failure goes to onError). */
  close(): Promise<void>;
}

/**
 * Runs `save` every `intervalMs` while `version()` (what the state has reached,
 * as a string) moves, and on close; one save at a time. A failed save goes to
 * `onError` and is tried again at the next tick. `savedVersion`: the version
 * the file already holds (a state loaded from it): nothing is written until
 * the state moves past it.
 */
export function savePeriodically(options: {
  version: () => string;
  save: () => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
  savedVersion?: string | undefined;
}): PeriodicSaver {
  let savedVersion = options.savedVersion;
  let running: Promise<void> | undefined;

  const saveOnce = async (): Promise<void> => {
    const version = options.version();
    if (version === savedVersion) return;
    await options.save();
    savedVersion = version;
  };
  const save = (): Promise<void> => {
    running ??= saveOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  const saveSoon = (): Promise<void> => save().catch(options.onError);
  const timer = setInterval(() => void saveSoon(), options.intervalMs);
  timer.unref();
  return {
    save,
    saveSoon,
    async close() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      // A last save that fails is reported, not thrown: the stores still close.
      await save().catch(options.onError);
    },
  };
}
