import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { makePrivateDirectory } from '../private-directory';
import { DEFAULT_FROM, type OutboxMailer, type StoredMail } from './port';

export interface OutboxMailerOptions {
  dir: string;
  from?: string;
  now?: () => Date;
}

/**
 * `<UTC time to the ms>-<sequence>-<random>`: names sort by time (then by
 * send order within one process); the random part keeps two processes
 * writing the same folder apart. Anything else is refused, which also keeps
 * `get` inside the folder.
 */
const ID_PATTERN = /^\d{8}T\d{9}Z-\d{6}-[0-9a-f]{8}$/;
const FILE_SUFFIX = '.json';

const storedMailSchema = z.object({
  id: z.string().regex(ID_PATTERN),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  sentAt: z.iso.datetime(),
});

function parseStored(raw: string, id: string): StoredMail | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = storedMailSchema.safeParse(json);
  return result.success && result.data.id === id ? result.data : null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * One JSON file per mail in `dir` (the embedded topology's stand-in for SMTP).
 * Unreadable files are left out rather than breaking the dev mailbox: the
 * folder is a developer's, who may edit or truncate it by hand.
 */
export function createOutboxMailer(options: OutboxMailerOptions): OutboxMailer {
  const { dir, from = DEFAULT_FROM, now = () => new Date() } = options;
  makePrivateDirectory(dir);
  let sequence = 0;

  const newId = (sentAt: Date): string => {
    const stamp = sentAt.toISOString().replace(/[-:.]/g, '');
    sequence = (sequence + 1) % 1_000_000;
    return `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
  };

  const read = async (id: string): Promise<StoredMail | null> => {
    try {
      return parseStored(await readFile(join(dir, id + FILE_SUFFIX), 'utf8'), id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    transport: 'outbox',

    async send(mail) {
      const sentAt = now();
      const id = newId(sentAt);
      const stored: StoredMail = {
        id,
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
        sentAt: sentAt.toISOString(),
      };
      // Written aside then renamed, so a reader never sees half a file.
      const temporary = join(dir, `.${id}.tmp`);
      await writeFile(temporary, JSON.stringify(stored, null, 2) + '\n', { flag: 'wx' });
      await rename(temporary, join(dir, id + FILE_SUFFIX));
    },

    async list() {
      const ids = (await readdir(dir))
        .filter((name) => name.endsWith(FILE_SUFFIX))
        .map((name) => name.slice(0, -FILE_SUFFIX.length))
        .filter((id) => ID_PATTERN.test(id))
        .sort()
        .reverse();
      const mails = await Promise.all(ids.map(read));
      return mails.filter((mail) => mail !== null);
    },

    get: (id) => (ID_PATTERN.test(id) ? read(id) : Promise.resolve(null)),
  };
}
