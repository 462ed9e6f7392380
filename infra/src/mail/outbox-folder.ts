import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { makePrivateDirectory } from '../private-directory';

/**
 * `<UTC time to the ms>-<sequence>-<random>`: names sort by time (then by
 * send order within one process); the random part keeps two processes
 * writing the same folder apart. Anything else is refused, which also keeps
 * `get` inside the folder.
 */
export const OUTBOX_ID_PATTERN = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;
const FILE_SUFFIX = '.json';

/** One JSON file per record, named by its id: the mail outbox's and the SMS outbox's storage. */
export interface OutboxFolder<T extends { id: string }> {
  newId(at: Date): string;
  write(record: T): Promise<void>;
  /** Newest first. */
  list(): Promise<T[]>;
  /** Null for an unknown or malformed id, or a file that does not read as a record. */
  get(id: string): Promise<T | null>;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The folder is made private (it holds customers' addresses and links that
 * open accounts). Unreadable files are left out rather than breaking the dev
 * mailbox: the folder is a developer's, who may edit or truncate it by hand.
 */
export function openOutboxFolder<T extends { id: string }>(
  dir: string,
  schema: z.ZodType<T>,
): OutboxFolder<T> {
  makePrivateDirectory(dir);
  let sequence = 0;

  const parse = (raw: string, id: string): T | null => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return null;
    }
    const result = schema.safeParse(json);
    return result.success && result.data.id === id ? result.data : null;
  };

  const read = async (id: string): Promise<T | null> => {
    try {
      return parse(await readFile(join(dir, id + FILE_SUFFIX), 'utf8'), id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    newId(at) {
      const stamp = at.toISOString().replace(/[-:.]/g, '');
      sequence = (sequence + 1) % 1_000_000;
      return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
    },

    async write(record) {
      // Written aside then renamed, so a reader never sees half a file.
      const temporary = join(dir, `.${record.id}.tmp`);
      await writeFile(temporary, JSON.stringify(record, null, 2) + '\n', { flag: 'wx' });
      await rename(temporary, join(dir, record.id + FILE_SUFFIX));
    },

    async list() {
      const ids = (await readdir(dir))
        .filter((name) => name.endsWith(FILE_SUFFIX))
        .map((name) => name.slice(0, -FILE_SUFFIX.length))
        .filter((id) => OUTBOX_ID_PATTERN.test(id))
        .sort()
        .reverse();
      const records = await Promise.all(ids.map(read));
      return records.filter((record) => record !== null);
    },

    get: (id) => (OUTBOX_ID_PATTERN.test(id) ? read(id) : Promise.resolve(null)),
  };
}
