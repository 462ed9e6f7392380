import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import { z } from 'zod';

/**
 * A Quitute backup: one gzip stream of newline-separated JSON. The first line is
 * the header (format name and version, when, whose shop, the log position it
 * holds, its counts); then every event of the log up to that position, one row
 * a line as the SQL store keeps it (postgres-log-rows.ts), in position order;
 * then the files of DATA_DIR that the log cannot give back, in base64 chunks;
 * last, the trailer with the SHA-256 of every line before it. A file cut short
 * lacks its trailer (or its gzip end), an altered one fails the checksum (or
 * gzip's own CRC), and a foreign one lacks the header.
 */
export const BACKUP_FORMAT = 'quitute-backup';
export const BACKUP_VERSION = 1;
/** Events per line batch handed to whoever reads a backup, and per page its writer reads. */
export const EVENTS_PER_BATCH = 2_000;
/** Bytes of a file per line. */
const FILE_CHUNK_BYTES = 512 * 1024;
/**
 * The longest line a backup holds: a file chunk is about 700 KB of base64, an
 * event far less (a command's body is at most 100 KB). A longer one is refused
 * as it arrives, so a crafted file (a gzip bomb of one endless line) cannot
 * make a restore hold it all in memory.
 */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** The header's line: a file whose first line is longer is not a backup. */
const MAX_HEADER_BYTES = 1024 * 1024;

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  /** Which shop: the id of its log's first event (the same for every backup of it), where it ran. */
  shop: z.object({ logId: z.string().nullable(), host: z.string(), dataDir: z.string() }),
  /**
   * Every event at or below it is in the backup, and none above it. At most 2^48:
   * far beyond any shop's log, and far enough below 2^53 that the restored
   * store's next positions stay exact numbers in JavaScript.
   */
  position: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 48),
  counts: z.object({
    events: z.number().int().nonnegative(),
    streams: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
  }),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

/**
 * The files of DATA_DIR a backup carries, by path inside it: the keys (sessions,
 * captcha, webhooks), the payment simulator's payments, the mail outbox. A restore
 * writes no other path, so a crafted file cannot write outside the directory.
 */
const BACKED_UP_PATH =
  /^(secrets\.json|payment-simulator\/[A-Za-z0-9._-]+|outbox\/[A-Za-z0-9._-]+)$/;
export const isBackedUpPath = (relative: string) =>
  BACKED_UP_PATH.test(relative) && !relative.split('/').some((part) => part.startsWith('.'));

const fileChunkSchema = z.object({
  file: z.object({
    path: z.string().refine(isBackedUpPath, 'not a path a backup carries'),
    mode: z.number().int().min(0).max(0o777),
    /** Where in the file this chunk goes: 0 starts the file. */
    offset: z.number().int().nonnegative(),
    data: z.base64(),
  }),
});
const trailerSchema = z.object({
  end: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), lines: z.number().int() }),
});
const eventRowSchema = z.tuple([
  z.number().int().positive(),
  z.uuid(),
  z.string().min(1),
  z.number().int().nonnegative(),
  z.string().min(1),
  z.record(z.string(), z.unknown()),
  z.record(z.string(), z.unknown()),
  z.iso.datetime({ precision: 6 }),
]);

export type RefusalKind = 'foreign' | 'version' | 'truncated' | 'altered';

/** Why a file cannot be restored, in pt-BR for whoever runs the restore. */
export class BackupRefusedError extends Error {
  override readonly name = 'BackupRefusedError';
  constructor(
    readonly kind: RefusalKind,
    file: string,
    detail?: string,
  ) {
    super(refusalMessage(kind, file, detail));
  }
}

function refusalMessage(kind: RefusalKind, file: string, detail: string | undefined): string {
  switch (kind) {
    case 'foreign':
      return `${file} não é uma cópia de segurança da Quitute: nada foi restaurado.`;
    case 'version':
      return `${file} é uma cópia da Quitute num formato que esta versão não conhece (${detail ?? '?'}): restaure-a com a versão da Quitute que a fez. Nada foi restaurado.`;
    case 'truncated':
      return `${file} está incompleto (a cópia foi cortada antes do fim): nada foi restaurado. Use outra cópia.`;
    case 'altered':
      return `${file} foi alterado ou está corrompido (${detail ?? 'a soma SHA-256 não confere'}): nada foi restaurado. Use outra cópia.`;
    default: {
      const unknown: never = kind;
      return String(unknown);
    }
  }
}

/** Writes a backup's lines through gzip to `output`, hashing each; `finish` adds the trailer. */
export class BackupWriter {
  private readonly gzip: Gzip;
  private readonly hash: Hash = createHash('sha256');
  private lines = 0;
  private readonly done: Promise<void>;
  private finishing = false;
  /** Why no more can be written: the output went away (a reader that left) or failed. */
  private broken: Error | undefined;

  constructor(output: Writable) {
    this.gzip = createGzip({ level: 6 });
    this.done = new Promise((resolve, reject) => {
      this.gzip.once('error', reject);
      output.once('error', reject);
      output.once('finish', resolve);
      output.once('close', resolve);
    });
    // The writer's promises reject with the stream's error; a caller awaiting one learns it there.
    this.done.catch(() => {});
    // An output closed before the end (the socket's reader gone) drains nothing any more:
    // the writer fails instead of waiting for a drain that never comes.
    const gone = (error?: Error) => {
      if (this.finishing || this.broken) return;
      this.broken = error ?? new Error('the backup output closed before the backup ended');
      this.gzip.destroy(this.broken);
    };
    output.once('close', () => gone());
    output.once('error', gone);
    this.gzip.once('error', (error) => {
      this.broken ??= error;
    });
    this.gzip.pipe(output);
  }

  async header(header: BackupHeader): Promise<void> {
    await this.line(JSON.stringify(header));
  }

  /** Rows as the store's page gave them: written as they are, never parsed again. */
  async events(rows: readonly string[]): Promise<void> {
    if (rows.length > 0) await this.line(rows.join('\n'), rows.length);
  }

  /** A whole file from `source`, in chunks. */
  async file(relative: string, mode: number, source: AsyncIterable<Buffer>): Promise<void> {
    let offset = 0;
    let pending = Buffer.alloc(0);
    const flush = async (chunk: Buffer) => {
      await this.line(
        JSON.stringify({ file: { path: relative, mode, offset, data: chunk.toString('base64') } }),
      );
      offset += chunk.length;
    };
    for await (const chunk of source) {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= FILE_CHUNK_BYTES) {
        await flush(pending.subarray(0, FILE_CHUNK_BYTES));
        pending = pending.subarray(FILE_CHUNK_BYTES);
      }
    }
    if (pending.length > 0 || offset === 0) await flush(pending);
  }

  async finish(): Promise<{ sha256: string }> {
    if (this.broken) throw this.broken;
    this.finishing = true;
    const sha256 = this.hash.digest('hex');
    this.gzip.end(JSON.stringify({ end: { sha256, lines: this.lines } }) + '\n');
    await this.done;
    return { sha256 };
  }

  /** Abandons the backup: the output ends without a trailer, which no restore accepts. */
  abort(error: Error): void {
    this.gzip.destroy(error);
  }

  private async line(text: string, count = 1): Promise<void> {
    if (this.broken) throw this.broken;
    const bytes = Buffer.from(text + '\n');
    this.hash.update(bytes);
    this.lines += count;
    if (!this.gzip.write(bytes)) {
      await new Promise<void>((resolve, reject) => {
        const failed = (error: Error) => {
          this.gzip.off('drain', drained);
          reject(error);
        };
        const drained = () => {
          this.gzip.off('error', failed);
          resolve();
        };
        this.gzip.once('drain', drained);
        this.gzip.once('error', failed);
      });
    }
  }
}

export interface BackupVisitor {
  header?(header: BackupHeader): Promise<void> | void;
  /** Rows in position order, as the store takes them back (postgres-log-rows.ts insert). */
  events?(rows: string[]): Promise<void> | void;
  fileChunk?(chunk: z.infer<typeof fileChunkSchema>['file'], data: Buffer): Promise<void> | void;
}

export interface BackupContents {
  header: BackupHeader;
  sha256: string;
  files: string[];
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/**
 * Reads a backup from start to end, checking it as it goes, and hands its parts
 * to `visit`: a refused file throws BackupRefusedError, but only once read to
 * where it fails, so a visitor that writes must first read it once without
 * writing (restore does) and undo what it wrote if the second reading fails.
 */
export async function readBackup(file: string, visit: BackupVisitor = {}): Promise<BackupContents> {
  const name = path.basename(file);
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let trailer: z.infer<typeof trailerSchema>['end'] | undefined;
  let events = 0;
  let lines = 0;
  let lastPosition = 0;
  let batch: string[] = [];
  const files = new Set<string>();
  const sizes = new Map<string, number>();

  const altered = (detail: string) => new BackupRefusedError('altered', name, detail);
  const flushEvents = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await visit.events?.(rows);
  };

  const take = async (line: Buffer): Promise<void> => {
    if (trailer) throw altered('há dados depois do fim da cópia');
    const text = line.toString('utf8');
    if (!header) {
      header = parseHeader(text, name);
      hash.update(line);
      hash.update('\n');
      lines += 1;
      await visit.header?.(header);
      return;
    }
    if (events < header.counts.events) {
      const row = eventRowSchema.safeParse(safeJson(text));
      if (!row.success) throw altered(`evento ${events + 1} ilegível`);
      const position = row.data[0];
      if (position <= lastPosition || position > header.position) {
        throw altered(`posição ${position} fora de ordem`);
      }
      lastPosition = position;
      hash.update(line);
      hash.update('\n');
      lines += 1;
      events += 1;
      batch.push(text);
      if (batch.length >= EVENTS_PER_BATCH) await flushEvents();
      return;
    }
    await flushEvents();
    const value = safeJson(text);
    const end = trailerSchema.safeParse(value);
    if (end.success) {
      trailer = end.data.end;
      return;
    }
    const chunk = fileChunkSchema.safeParse(value);
    if (!chunk.success) throw altered(`linha ${lines + 1} ilegível`);
    const { file: part } = chunk.data;
    if ((sizes.get(part.path) ?? 0) !== part.offset) throw altered(`${part.path} fora de ordem`);
    const data = Buffer.from(part.data, 'base64');
    sizes.set(part.path, part.offset + data.length);
    files.add(part.path);
    hash.update(line);
    hash.update('\n');
    lines += 1;
    await visit.fileChunk?.(part, data);
  };

  try {
    let first = true;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    // A line that never ends is refused before it is all in memory: the header's (not ours), or any other.
    const tooLong = (bytes: number) => {
      if (first && bytes > MAX_HEADER_BYTES) throw new BackupRefusedError('foreign', name);
      if (bytes > MAX_LINE_BYTES) throw altered(`linha ${lines + 1} longa demais`);
    };
    input.pipe(gunzip);
    input.once('error', (error) => gunzip.destroy(error));
    for await (const raw of gunzip) {
      const chunk: Buffer = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw));
      let start = 0;
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        tooLong(pendingBytes + newline - start);
        pending.push(chunk.subarray(start, newline));
        const line = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        first = false;
        await take(line);
        start = newline + 1;
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        tooLong(pendingBytes);
      }
    }
    if (pendingBytes > 0) {
      throw new BackupRefusedError('truncated', name);
    }
  } catch (error) {
    input.destroy();
    gunzip.destroy();
    throw classify(error, name, await startsLikeGzip(file));
  }
  if (!header) throw new BackupRefusedError(lines === 0 ? 'truncated' : 'foreign', name);
  if (!trailer) throw new BackupRefusedError('truncated', name);
  if (trailer.sha256 !== hash.digest('hex') || trailer.lines !== lines) {
    throw altered('a soma SHA-256 não confere');
  }
  if (events !== header.counts.events || files.size !== header.counts.files) {
    throw altered('as contagens não conferem com o cabeçalho');
  }
  return { header, sha256: trailer.sha256, files: [...files] };
}

function parseHeader(text: string, name: string): BackupHeader {
  const value = safeJson(text);
  const named = z
    .object({ format: z.literal(BACKUP_FORMAT), version: z.unknown() })
    .safeParse(value);
  if (!named.success) throw new BackupRefusedError('foreign', name);
  if (named.data.version !== BACKUP_VERSION) {
    throw new BackupRefusedError('version', name, `versão ${JSON.stringify(named.data.version)}`);
  }
  const header = backupHeaderSchema.safeParse(value);
  if (!header.success) throw new BackupRefusedError('altered', name, 'cabeçalho ilegível');
  return header.data;
}

/** A zlib error means a cut (the stream ended early) or a change (its data or CRC is wrong). */
function classify(error: unknown, name: string, gzip: boolean): unknown {
  if (error instanceof BackupRefusedError) return error;
  if (!gzip) return new BackupRefusedError('foreign', name);
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    if (error.code === 'Z_BUF_ERROR') return new BackupRefusedError('truncated', name);
    if (error.code.startsWith('Z_')) {
      return new BackupRefusedError('altered', name, 'a compressão não confere');
    }
  }
  return error;
}

async function startsLikeGzip(file: string): Promise<boolean> {
  const stream: Readable = createReadStream(file, { start: 0, end: 1 });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(''));
  } catch {
    return false;
  }
  return Buffer.concat(chunks).equals(GZIP_MAGIC);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
