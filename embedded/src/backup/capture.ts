import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { LogRows } from '@quitute/infra/event-store';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupWriter,
  EVENTS_PER_BATCH,
  isBackedUpPath,
} from './format';
import type { BackupHeader } from './format';

/** What a backup is taken from: the running shop's store, or one the CLI opened itself. */
export interface BackupSource {
  dataDir: string;
  /** The store's settled position: no append in flight can still commit at or below it. */
  settledPosition(): Promise<number>;
  logRows: LogRows;
}

export interface BackupSummary {
  header: BackupHeader;
  sha256: string;
}

/** A file of DATA_DIR as it is when listed: its path inside, and how many of its bytes to take. */
interface ListedFile {
  relative: string;
  bytes: number;
}

/**
 * Writes a backup of the shop to `output`: the log up to its settled position P
 * (every event at or below P is committed, and pages read later while appends go
 * on still see exactly those), then the key material and the state the log does
 * not hold. Those files are listed after P is fixed, so the payment simulator
 * (which stands for the provider) knows every payment the log up to P names.
 * Of the simulator's log only whole lines are taken (one being appended is left
 * out, as its own start leaves out a line cut short); the outbox's mails are
 * written aside and renamed, so a listed one is whole.
 */
export async function writeBackup(
  source: BackupSource,
  output: Writable,
  options: { now?: () => Date } = {},
): Promise<BackupSummary> {
  const writer = new BackupWriter(output);
  try {
    const position = await source.settledPosition();
    const counts = await source.logRows.describe(position);
    const files = await listFiles(source.dataDir);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      shop: { logId: counts.firstEventId, host: hostname(), dataDir: source.dataDir },
      position,
      counts: { events: counts.events, streams: counts.streams, files: files.length },
    };
    await writer.header(header);
    let written = 0;
    for (let after = 0; after < position;) {
      const page = await source.logRows.page(after, position, EVENTS_PER_BATCH);
      if (page.rows.length === 0) break;
      await writer.events(page.rows);
      written += page.rows.length;
      after = page.last;
    }
    if (written !== counts.events) {
      throw new Error(`the log gave ${written} events up to ${position}, not ${counts.events}`);
    }
    for (const file of files) {
      await writer.file(file.relative, 0o600, fileBytes(source.dataDir, file));
    }
    const { sha256 } = await writer.finish();
    return { header, sha256 };
  } catch (error) {
    writer.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

async function listFiles(dataDir: string): Promise<ListedFile[]> {
  const listed: ListedFile[] = [];
  const add = async (relative: string, wholeLinesOnly: boolean) => {
    if (!isBackedUpPath(relative)) return;
    const stat = await fs.stat(path.join(dataDir, relative)).catch(() => undefined);
    if (!stat?.isFile()) return;
    const bytes = wholeLinesOnly
      ? await wholeLinesLength(path.join(dataDir, relative), stat.size)
      : stat.size;
    listed.push({ relative, bytes });
  };
  await add('secrets.json', false);
  for (const folder of ['payment-simulator', 'outbox']) {
    const names = await fs.readdir(path.join(dataDir, folder)).catch(() => []);
    for (const name of names.sort()) {
      await add(`${folder}/${name}`, name.endsWith('.jsonl'));
    }
  }
  return listed;
}

/** How many of a file's first `size` bytes end with its last newline. */
async function wholeLinesLength(file: string, size: number): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const window = 64 * 1024;
    for (let end = size; end > 0; end -= window) {
      const start = Math.max(0, end - window);
      const buffer = Buffer.alloc(end - start);
      await handle.read(buffer, 0, buffer.length, start);
      const newline = buffer.lastIndexOf(10);
      if (newline !== -1) return start + newline + 1;
    }
    return 0;
  } finally {
    await handle.close();
  }
}

async function* fileBytes(dataDir: string, file: ListedFile): AsyncIterable<Buffer> {
  if (file.bytes === 0) return;
  let read = 0;
  for await (const chunk of createReadStream(path.join(dataDir, file.relative), {
    start: 0,
    end: file.bytes - 1,
  })) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    read += buffer.length;
    yield buffer;
  }
  if (read !== file.bytes) throw new Error(`${file.relative} shrank while it was backed up`);
}
