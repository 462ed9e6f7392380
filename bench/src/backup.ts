import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@quitute/infra/http';
import { history, seedDataDir } from './admin-reports';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiOnlyShop = path.join(repoRoot, 'embedded', 'src', 'testing', 'api-only-shop.ts');
const backupCli = path.join(repoRoot, 'embedded', 'src', 'backup', 'cli.ts');
const run = promisify(execFile);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BackupFigures {
  orders: number;
  events: number;
  /** Bytes of DATA_DIR (the event store, keys, payments, outbox). */
  dataDirBytes: number;
  backupBytes: number;
  /** Bytes of the restored DATA_DIR (no read models or views yet: the first start builds them). */
  restoredBytes: number;
  /** `npm run backup` against the running shop, the CLI's start included. */
  backupSeconds: number;
  /** `npm run restore` into a new directory, the CLI's start included. */
  restoreSeconds: number;
  /** From spawning the shop on the restored directory to its first 200 on GET /api/products. */
  firstAnswerSeconds: number;
  /** The floor: `cp -r` of the same DATA_DIR, stopped (cp is no consistent copy of a running shop). */
  copySeconds: number;
}

/** The shop on dataDir in its own process; resolves once GET /api/products answers 200. */
async function startShop(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', apiOnlyShop], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-Backup-2026',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    const serving = await fetch(`http://127.0.0.1:${port}/api/products`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (serving) break;
    await wait(20);
  }
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/**
 * What a shop of `orders` orders leaves besides its log: one payment line in the
 * simulator's log and one confirmation mail in the outbox per order.
 */
function seedFiles(dataDir: string, orders: number): void {
  const simulator = path.join(dataDir, 'payment-simulator');
  fs.mkdirSync(simulator, { recursive: true, mode: 0o700 });
  const lines = Array.from({ length: orders }, (_, n) =>
    JSON.stringify({
      payment: { id: String(1_000_000 + n), status: 'approved', amountCents: 3_000 + n },
      idempotencyKey: crypto.randomUUID(),
      fingerprint: 'f'.repeat(64),
      createdAt: new Date().toISOString(),
    }),
  );
  fs.writeFileSync(path.join(simulator, 'payments.jsonl'), lines.join('\n') + '\n');
  const outbox = path.join(dataDir, 'outbox');
  fs.mkdirSync(outbox, { recursive: true, mode: 0o700 });
  for (let n = 0; n < orders; n += 1) {
    fs.writeFileSync(
      path.join(outbox, `${crypto.randomUUID()}.json`),
      JSON.stringify({
        to: `cliente${n}@exemplo.com.br`,
        subject: 'Pedido recebido',
        text: 'x'.repeat(600),
      }),
    );
  }
}

/**
 * Issue 39: `npm run backup` of a running embedded shop holding `orders`
 * orders (their order, payment, cart and sale streams appended directly), then
 * `npm run restore` into a new directory and the shop started on it, each timed
 * from its command's start; beside them a plain `cp -r` of the same directory.
 */
export async function measureBackup(options: { orders: number }): Promise<BackupFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-backup-'));
  try {
    const dataDir = path.join(work, 'loja');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    const groups = history({
      orders: options.orders,
      counterSales: Math.round(options.orders / 20),
      days: 365,
      now: Date.now(),
    });
    const events = await seedDataDir(dataDir, groups, 'real streams');
    seedFiles(dataDir, options.orders);

    const shop = await startShop(dataDir);
    const file = path.join(work, 'loja.qbk');
    let backupSeconds: number;
    try {
      const backingUp = performance.now();
      await run(process.execPath, ['--import', 'tsx', backupCli, 'backup', '--out', file], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir },
      });
      backupSeconds = (performance.now() - backingUp) / 1000;
    } finally {
      await shop.stop();
    }
    const dataDirBytes = directoryBytes(dataDir);
    // Of the stopped shop: a running one's files change under cp (its saves renamed away).
    const copying = performance.now();
    await run('cp', ['-r', dataDir, path.join(work, 'copia')]);
    const copySeconds = (performance.now() - copying) / 1000;

    const restoredDir = path.join(work, 'restaurada');
    const restoring = performance.now();
    await run(
      process.execPath,
      ['--import', 'tsx', backupCli, 'restore', '--from', file, '--data-dir', restoredDir],
      { cwd: repoRoot },
    );
    const restoreSeconds = (performance.now() - restoring) / 1000;
    const restoredBytes = directoryBytes(restoredDir);

    const starting = performance.now();
    const restored = await startShop(restoredDir);
    const firstAnswerSeconds = (performance.now() - starting) / 1000;
    await restored.stop();

    return {
      orders: options.orders,
      events,
      dataDirBytes,
      backupBytes: fs.statSync(file).size,
      restoredBytes,
      backupSeconds,
      restoreSeconds,
      firstAnswerSeconds,
      copySeconds,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
