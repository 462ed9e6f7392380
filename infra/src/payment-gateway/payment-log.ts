import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  write,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logging';

export interface PaymentLog<T> {
  /** Every record read back at start: the last line written for each id. */
  readonly records: ReadonlyMap<string, T>;
  /** Resolves once the record's line is written; rejects when it could not be (nothing kept). */
  append(record: T): Promise<void>;
  /** Closes the file once the lines being written are written; later appends reject. */
  close(): void;
}

const LOG_FILE = 'payments.jsonl';
/** What earlier versions kept: one file per payment. */
const LEGACY_FILE = /^payment-\d{10,12}\.json$/;

/**
 * The simulator's payments on disk: one JSON line per change, appended through
 * one open file, and the lines waiting while one write runs go together in the
 * next (a file per payment cost an open, a write, a close and a rename for each
 * change). At start the last line of each id wins and a line that does not
 * parse (cut short by a crash) is left out; the log is then rewritten with one
 * line per id, written aside and renamed, when it holds more than twice as
 * many lines, ends in a line cut short, or when one-file-per-payment folders
 * of earlier versions are taken in.
 */
export function openPaymentLog<T>(options: {
  dir: string;
  /** A line's record, or null when it is not one (then left out with a warning). */
  parse: (value: unknown) => T | null;
  idOf: (record: T) => string;
  logger?: Pick<Logger, 'warn'> | undefined;
}): PaymentLog<T> {
  const { dir, parse, idOf, logger } = options;
  const path = join(dir, LOG_FILE);
  const records = new Map<string, T>();
  const take = (text: string, source: string): boolean => {
    const record = parse(safeJson(text));
    if (record === null) {
      logger?.warn({ source }, 'payment simulator: unreadable payment left out');
      return false;
    }
    records.set(idOf(record), record);
    return true;
  };

  const legacy = readdirSync(dir).filter((name) => LEGACY_FILE.test(name));
  for (const name of legacy) take(readFileSync(join(dir, name), 'utf8'), name);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  let lines = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    lines += 1;
    take(line, LOG_FILE);
  }
  // A last line cut short would swallow the next one appended: rewritten too.
  const cutShort = text !== '' && !text.endsWith('\n');
  if (legacy.length > 0 || cutShort || lines > 2 * records.size) {
    const aside = `${path}.tmp`;
    writeFileSync(
      aside,
      [...records.values()].map((record) => JSON.stringify(record) + '\n').join(''),
    );
    renameSync(aside, path);
    for (const name of legacy) rmSync(join(dir, name), { force: true });
  }

  const fd = openSync(path, 'a');
  let waiting: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  let closed = false;

  function writeWaiting(): void {
    const batch = waiting;
    waiting = [];
    writing = true;
    writeAll(Buffer.from(batch.map((entry) => entry.line).join('')), (error) => {
      writing = false;
      for (const entry of batch) {
        if (error) entry.reject(error);
        else entry.resolve();
      }
      if (waiting.length > 0) writeWaiting();
      else if (closed) closeSync(fd);
    });
  }

  function writeAll(buffer: Buffer, done: (error: Error | null) => void, offset = 0): void {
    write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error) done(error);
      else if (offset + written < buffer.length) writeAll(buffer, done, offset + written);
      else done(null);
    });
  }

  return {
    records,
    append(record) {
      if (closed) return Promise.reject(new Error('payment log closed'));
      return new Promise((resolve, reject) => {
        waiting.push({ line: JSON.stringify(record) + '\n', resolve, reject });
        if (!writing) writeWaiting();
      });
    },
    close() {
      if (closed) return;
      closed = true;
      if (!writing) closeSync(fd);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
