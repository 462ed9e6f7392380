import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateEventIdError, type LogRows, type NewEvent } from '@quitute/infra/event-store';
import { createPgliteStores, type Stores } from '@quitute/infra/snapshot-store';
import { silentLogger } from '@quitute/infra/logging';
import { writeBackup, type BackupSource } from './capture';
import { backupCommand, restoreCommand } from './commands';
import { BackupRefusedError, readBackup, type RefusalKind } from './format';
import { restoreBackup, RestoreTargetError } from './restore';
import { backupSocketPath, requestBackup, serveBackups } from './socket';

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'quitute-backup-'));
const sourceDir = path.join(work, 'shop');
let stores: Stores;
let logRows: LogRows;
let source: BackupSource;
let backupFile: string;

const metadata = {
  correlationId: 'c1',
  causationId: 'c1',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt: '2026-05-01T12:00:00.000Z',
};
const event = (type: string, data: NewEvent['data'] = {}): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata,
});

/** Every row of a log, as its page reads them. */
async function allRows(rows: LogRows): Promise<string[]> {
  const page = await rows.page(0, Number.MAX_SAFE_INTEGER, 1_000_000);
  return page.rows;
}

async function backupTo(file: string): Promise<void> {
  await writeBackup(source, createWriteStream(file));
}

beforeAll(async () => {
  stores = await createPgliteStores({ dataDir: path.join(sourceDir, 'eventstore') });
  if (!stores.logRows) throw new Error('no rows');
  logRows = stores.logRows;
  const { eventStore } = stores;
  await eventStore.appendToStream('order-1', [
    event('OrderPlaced', { orderId: '1', lines: [{ q: 20, note: 'sem açúcar\nlinha 2' }] }),
    event('OrderPaid', { amount: 1.5 }),
  ]);
  const reused = event('ProductAdded', { slug: 'coxinha' });
  await eventStore.appendToStream('product-1', [reused]);
  // A reused id with other content fails after taking its position: a hole the log keeps.
  await expect(
    eventStore.appendToStream('product-2', [{ ...reused, data: { slug: 'kibe' } }]),
  ).rejects.toBeInstanceOf(DuplicateEventIdError);
  await eventStore.appendToStream('product-1', [event('ProductStockReserved', { quantity: 20 })]);
  await fs.writeFile(path.join(sourceDir, 'secrets.json'), '{"tokenSecret":"x"}', {
    mode: 0o600,
  });
  await fs.mkdir(path.join(sourceDir, 'payment-simulator'));
  // The last line is being appended as the backup reads: only whole lines are taken.
  await fs.writeFile(
    path.join(sourceDir, 'payment-simulator', 'payments.jsonl'),
    '{"payment":{"id":"1"}}\n{"payment":{"id":"2"}}\n{"payment":{"id"',
  );
  await fs.mkdir(path.join(sourceDir, 'outbox'));
  await fs.writeFile(path.join(sourceDir, 'outbox', 'm1.json'), '{"to":"maria@exemplo.com.br"}');
  await fs.writeFile(path.join(sourceDir, 'outbox', '.m2.tmp'), '{"half');
  await fs.writeFile(path.join(sourceDir, 'views.jsonl'), 'derivable');
  source = {
    dataDir: sourceDir,
    settledPosition: () => eventStore.settledPosition(),
    logRows,
  };
  backupFile = path.join(work, 'loja.qbk');
  await backupTo(backupFile);
});

afterAll(async () => {
  await stores.snapshotStore.close();
  await stores.eventStore.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('a backup restored', () => {
  it('given a log with a hole and the files of DATA_DIR, when backed up and restored, then every event keeps its position, revision, id, type, data, metadata and time, and the files their whole lines', async () => {
    const target = path.join(work, 'restored');
    const contents = await restoreBackup(backupFile, target);

    expect(contents.header.position).toBe(5);
    expect(contents.header.counts).toEqual({ events: 4, streams: 2, files: 3 });
    const restored = await createPgliteStores({ dataDir: path.join(target, 'eventstore') });
    try {
      if (!restored.logRows) throw new Error('no rows');
      expect(await allRows(restored.logRows)).toEqual(await allRows(logRows));
      expect((await restored.eventStore.readAll()).map((e) => e.position)).toEqual([1, 2, 3, 5]);
      // Appends go on past the restored log: the next position, the stream's next revision.
      const next = await restored.eventStore.appendToStream(
        'product-1',
        [event('ProductStockReleased')],
        { expectedRevision: 1 },
      );
      expect(next).toEqual({ nextExpectedRevision: 2, position: 6 });
    } finally {
      await restored.snapshotStore.close();
      await restored.eventStore.close();
    }
    expect(await fs.readFile(path.join(target, 'secrets.json'), 'utf8')).toBe(
      '{"tokenSecret":"x"}',
    );
    expect((await fs.stat(path.join(target, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(
      await fs.readFile(path.join(target, 'payment-simulator', 'payments.jsonl'), 'utf8'),
    ).toBe('{"payment":{"id":"1"}}\n{"payment":{"id":"2"}}\n');
    expect((await fs.readdir(path.join(target, 'outbox'))).sort()).toEqual(['m1.json']);
    expect(await fs.readdir(target)).not.toContain('views.jsonl');
  });

  it('given a shop serving backups on its socket, when a backup is asked while appends go on, then it holds exactly the log up to the settled position it reports', async () => {
    // Even under the loosest umask the socket is born 0600, and the umask is given back.
    const umask = process.umask(0);
    const socket = await serveBackups(source, silentLogger).finally(() => process.umask(umask));
    expect((await fs.stat(path.join(sourceDir, 'backup.sock'))).mode & 0o777).toBe(0o600);
    expect(process.umask(umask)).toBe(umask);
    try {
      let appending = true;
      const appends = (async () => {
        for (let n = 0; appending; n += 1) {
          await stores.eventStore.appendToStream(`cart-${n % 5}`, [event('CartItemAdded')]);
        }
      })();
      const file = path.join(work, 'online.qbk');
      const before = await stores.eventStore.settledPosition();
      expect(await requestBackup(sourceDir, file)).toBe(true);
      appending = false;
      await appends;

      const positions: number[] = [];
      const contents = await readBackup(file, {
        events: (rows) => {
          for (const row of rows) positions.push(Number(JSON.parse(row)[0]));
        },
      });
      expect(contents.header.position).toBeGreaterThanOrEqual(before);
      const upToP = (await allRows(logRows)).filter(
        (row) => Number(JSON.parse(row)[0]) <= contents.header.position,
      );
      expect(positions).toEqual(upToP.map((row) => Number(JSON.parse(row)[0])));
      expect(await stores.eventStore.headPosition()).toBeGreaterThan(contents.header.position);
    } finally {
      await socket.close();
    }
    // No shop listens any more: the CLI opens the directory itself.
    expect(await requestBackup(sourceDir, path.join(work, 'none.qbk'))).toBe(false);
  });
});

describe('the backup socket and a client that stops reading', () => {
  it('given a client that asks for a backup and never reads it, when the shop closes, then the close ends (the backup is abandoned) and the shop is not held up', async () => {
    // Files too big for the socket's buffers, so the backup has to wait for the reader.
    const dataDir = path.join(work, 'stalled-shop');
    await fs.mkdir(path.join(dataDir, 'outbox'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'outbox', 'big.json'), randomBytes(8 * 1024 * 1024));
    const socket = await serveBackups({ ...source, dataDir }, silentLogger);
    const client = net.createConnection(backupSocketPath(dataDir));
    await new Promise<void>((resolve) => client.once('connect', resolve));
    client.pause();
    client.write('backup\n');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const closed = await Promise.race([
      socket.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000)),
    ]);
    client.destroy();

    expect(closed).toBe('closed');
  });
});

describe('a file the restore refuses, writing nothing', () => {
  const refusedKind = async (file: string): Promise<RefusalKind | 'accepted'> => {
    const target = path.join(work, `refused-${crypto.randomUUID()}`);
    try {
      await restoreBackup(file, target);
      return 'accepted';
    } catch (error) {
      if (!(error instanceof BackupRefusedError)) throw error;
      await expect(fs.stat(target)).rejects.toThrow(/ENOENT/);
      return error.kind;
    }
  };
  const variant = async (name: string, bytes: Buffer) => {
    const file = path.join(work, name);
    await fs.writeFile(file, bytes);
    return file;
  };
  const contentOf = async () => gunzipSync(await fs.readFile(backupFile)).toString();

  it('given a backup cut short (in the gzip stream, or at a line of its content), then it is refused as truncated', async () => {
    const whole = await fs.readFile(backupFile);
    expect(await refusedKind(await variant('cut.qbk', whole.subarray(0, whole.length - 30)))).toBe(
      'truncated',
    );
    const lines = (await contentOf()).split('\n');
    const withoutTrailer = lines.slice(0, -2).join('\n') + '\n';
    expect(await refusedKind(await variant('cut-lines.qbk', gzipSync(withoutTrailer)))).toBe(
      'truncated',
    );
  });

  it('given a backup whose content was changed and compressed again, then the checksum refuses it as altered', async () => {
    const content = await contentOf();
    const changed = content.replace('coxinha', 'brigadeiro');
    expect(changed).not.toBe(content);
    const refused = await restoreBackup(
      await variant('altered.qbk', gzipSync(changed)),
      path.join(work, 'altered-target'),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BackupRefusedError);
    expect(refused).toMatchObject({ kind: 'altered' });
    expect(String(refused)).toMatch(/alterado ou está corrompido \(a soma SHA-256 não confere\)/);
  });

  it('given a backup with a byte flipped inside its compressed data, then it is refused as altered', async () => {
    const bytes = Buffer.from(await fs.readFile(backupFile));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    expect(await refusedKind(await variant('flipped.qbk', bytes))).toBe('altered');
  });

  it('given a file that is not a Quitute backup, or one of an unknown version, then it is refused as foreign or of another version', async () => {
    expect(await refusedKind(await variant('notes.txt', Buffer.from('lista de compras\n')))).toBe(
      'foreign',
    );
    expect(await refusedKind(await variant('other.gz', gzipSync('{"hello":"world"}\n')))).toBe(
      'foreign',
    );
    const future = (await contentOf()).replace('"version":1', '"version":2');
    expect(await refusedKind(await variant('future.qbk', gzipSync(future)))).toBe('version');
  });

  it('given a crafted backup whose line after the header never ends (a gzip bomb: 40 MB from 40 KB), then it is refused as altered once the line is too long, not read whole into memory', async () => {
    const [header] = (await contentOf()).split('\n');
    const endless = Buffer.alloc(40 * 1024 * 1024, 'A');
    const bomb = gzipSync(Buffer.concat([Buffer.from(`${header}\n`), endless]), { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024);

    const refused = await readBackup(await variant('bomb.qbk', bomb)).catch(
      (error: unknown) => error,
    );

    expect(refused).toBeInstanceOf(BackupRefusedError);
    expect(refused).toMatchObject({ kind: 'altered' });
    expect(String(refused)).toMatch(/linha 2 longa demais/);
  });

  it('given a directory that already holds something, then the restore refuses it and leaves it as it was', async () => {
    const target = path.join(work, 'occupied');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'anotacoes.txt'), 'meu');
    await expect(restoreBackup(backupFile, target)).rejects.toBeInstanceOf(RestoreTargetError);
    expect(await fs.readdir(target)).toEqual(['anotacoes.txt']);

    const outcome = await restoreCommand(['--from', backupFile, '--data-dir', target]);
    expect(outcome.code).not.toBe(0);
    expect(outcome.stderr).toMatch(/não está vazio/);
  });
});

describe('a crafted backup restored', () => {
  /** The backup's content with its trailer made again: the checksum is no signature. */
  const resealed = (content: string): Buffer => {
    const lines = content.split('\n').filter((line) => line !== '');
    const body = lines.slice(0, -1).map((line) => `${line}\n`);
    const hash = createHash('sha256');
    for (const line of body) hash.update(line);
    const trailer = JSON.parse(lines.at(-1) ?? '{}') as { end: { lines: number } };
    const end = { end: { sha256: hash.digest('hex'), lines: trailer.end.lines } };
    return gzipSync(body.join('') + JSON.stringify(end) + '\n');
  };

  it('given a resealed header whose position is near 2^53, when restored, then it is refused before anything is written (the store could not count past it exactly)', async () => {
    const content = gunzipSync(await fs.readFile(backupFile)).toString();
    const header = JSON.parse(content.slice(0, content.indexOf('\n'))) as { position: number };
    header.position = 2 ** 53 - 10;
    const crafted = path.join(work, 'huge-position.qbk');
    await fs.writeFile(
      crafted,
      resealed(JSON.stringify(header) + content.slice(content.indexOf('\n'))),
    );
    const target = path.join(work, 'huge-position-target');

    await expect(restoreBackup(crafted, target)).rejects.toBeInstanceOf(BackupRefusedError);
    expect(await fs.readdir(target).catch(() => [])).toEqual([]);
  });

  it('given a header whose host and directory hold terminal escape sequences, when restored, then what the restore prints holds no control character', async () => {
    const content = gunzipSync(await fs.readFile(backupFile)).toString();
    const header = JSON.parse(content.slice(0, content.indexOf('\n'))) as {
      shop: { host: string; dataDir: string };
    };
    header.shop.host = 'padaria\u001b]0;pwned\u0007\u001b[2J';
    header.shop.dataDir = '/srv/loja\r\u001b[1A\u001b[2KRestaurado sem erros';
    const crafted = path.join(work, 'escapes.qbk');
    await fs.writeFile(
      crafted,
      resealed(JSON.stringify(header) + content.slice(content.indexOf('\n'))),
    );

    const outcome = await restoreCommand([
      '--from',
      crafted,
      '--data-dir',
      path.join(work, 'escapes-restored'),
    ]);

    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/da loja em padaria/);
    expect(outcome.stdout.replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
  });
});

describe('the backup command', () => {
  it('given EVENTSTORE_URL naming a PostgreSQL server or EventStoreDB, then it refuses and points to their own backup tools', async () => {
    const out = path.join(work, 'server.qbk');
    const postgres = await backupCommand(['--out', out], {
      DATA_DIR: sourceDir,
      EVENTSTORE_URL: 'postgres://postgres@127.0.0.1:5432/quitute',
    });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toMatch(/pg_dump.*README\.md, seção "Operação"/s);
    const esdb = await backupCommand(['--out', out], {
      DATA_DIR: sourceDir,
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
    });
    expect(esdb.code).toBe(2);
    expect(esdb.stderr).toMatch(/docs\.kurrent\.io/);
    await expect(fs.stat(out)).rejects.toThrow(/ENOENT/);
  });

  it('given a shop directory held by a running shop that does not answer on the socket, then it says so and writes nothing', async () => {
    const out = path.join(work, 'held.qbk');
    const outcome = await backupCommand(['--out', out], { DATA_DIR: sourceDir });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/A loja está rodando em .* mas não respondeu no socket/);
    expect((await fs.readdir(work)).filter((name) => name.startsWith('held'))).toEqual([]);
  });
});
