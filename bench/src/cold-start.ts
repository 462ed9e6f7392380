import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bundleShop } from '../../embedded/bundle.mjs';
import { freePort } from '@quitute/infra/http';
import { history, seedDataDir } from './admin-reports';

const apiOnlyShop = fileURLToPath(
  new URL('../../embedded/src/testing/api-only-shop.ts', import.meta.url),
);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * What `npm start` runs (package.json's start script: it bundles the entry, then runs
 * it, with the environment it sets), run as npm runs it through sh, without npm's own
 * start. Its `exec` makes the shop the process spawned.
 */
const npmStartScript = z
  .object({ scripts: z.object({ start: z.string() }) })
  .parse(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'))).scripts.start;

/** One start of the shop: from spawning the process to its first 200 on GET /api/products. */
export interface StartFigures {
  startSeconds: number;
  /** Resident memory 2 s after it began serving (the shop collects its start's garbage before it serves). */
  rssMb: number;
  /** Resident memory once it has served, idle, for SETTLE_MS: what it keeps. */
  settledRssMb: number;
  /** Its peak (during the start). */
  peakRssMb: number;
}

/**
 * How long the shop idles before its settled memory is read: what V8 frees
 * after the start's own collection (the first requests, the catch-up) goes
 * once the process is quiet, about 20 s after serving here.
 */
const SETTLE_MS = 40_000;

export interface ColdStartFigures {
  orders: number;
  events: number;
  /** 0 when the seeded history was found from an earlier run. */
  seedSeconds: number;
  /** The first start on the history: every read model built from the log (and saved on stop). */
  firstStart: StartFigures;
  /** The next start: the read models loaded from the first one's save. */
  restart: StartFigures;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident set size of a process now (VmRSS) and at its peak (VmHWM), from /proc (Linux), in MB. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1]) / 1024);
  return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') };
}

/**
 * A data directory holding the history of `orders` orders in their own streams
 * (order, payment, cart, sale: what the payment process and the command side's
 * views follow), seeded once (about 3 minutes for 100,000 orders on PGlite
 * here) and kept in the temporary folder for the next runs. Then, as a shop's
 * own log is, run on once: the shop seeds its menu and admin account and reads
 * every event (which sets each row's hint bits, as the followers of a running
 * shop do moments after each commit); everything but the event store is then
 * removed. A log written in bulk and never read made the first start about
 * 2 s slower here, PGlite writing every page again as it set the hint bits.
 */
async function seededHistory(
  orders: number,
): Promise<{ dataDir: string; events: number; seedSeconds: number }> {
  const dataDir = path.join(os.tmpdir(), 'quitute-bench-cache', `history-${orders}-streams-v2`);
  const manifest = path.join(dataDir, 'seeded.json');
  if (fs.existsSync(manifest)) {
    const { events } = z
      .object({ events: z.number() })
      .parse(JSON.parse(fs.readFileSync(manifest, 'utf8')));
    return { dataDir, events, seedSeconds: 0 };
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const groups = history({
    orders,
    counterSales: Math.round(orders / 20),
    days: 365,
    now: Date.now(),
  });
  const seeding = performance.now();
  const events = await seedDataDir(dataDir, groups, 'real streams');
  await timeStart(dataDir);
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry !== 'eventstore') fs.rmSync(path.join(dataDir, entry), { recursive: true });
  }
  const seedSeconds = (performance.now() - seeding) / 1000;
  fs.writeFileSync(manifest, JSON.stringify({ events }));
  return { dataDir, events, seedSeconds };
}

/**
 * Issue 14: the embedded shop as `npm start` runs it (its own process, PGlite
 * in DATA_DIR, in-memory read models), started on a data directory holding
 * the settled history of `orders` orders (orders, payments, carts, sales),
 * twice: the first start builds every read model from the log (and saves them
 * when stopped), the restart loads that save; the payment process folds every
 * order's process from the log both times. Measures the time to serving and
 * the process's RSS.
 */
export async function measureColdStart(options: { orders: number }): Promise<ColdStartFigures> {
  const seeded = await seededHistory(options.orders);
  // Bundled before the clock starts, as a start after the last bundle finds it: the
  // first start timed would otherwise pay a build the restart does not.
  await bundleShop(apiOnlyShop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-cold-'));
  try {
    fs.cpSync(seeded.dataDir, dataDir, { recursive: true });
    const { events, seedSeconds } = seeded;
    const firstStart = await timeStart(dataDir);
    const restart = await timeStart(dataDir);
    return { orders: options.orders, events, seedSeconds, firstStart, restart };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts the shop on dataDir, times it to its first 200, reads its memory, stops it (SIGTERM: it saves its read models). */
async function timeStart(dataDir: string): Promise<StartFigures> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('/bin/sh', ['-c', `${npmStartScript} "$1"`, 'sh', apiOnlyShop], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-cold-start-secret-bench-cold-start!',
      ADMIN_PASSWORD: 'Bench-Cold-Start-2026',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout
    .setEncoding('utf8')
    .on('data', (chunk: string) => (log = (log + chunk).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    let serving = false;
    while (!serving) {
      if (child.exitCode !== null)
        throw new Error(`the shop exited with ${child.exitCode}: ${log}`);
      serving = await fetch(`${url}/api/products`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (!serving) await wait(20);
    }
    const startSeconds = (performance.now() - started) / 1000;
    await wait(2_000);
    const { rssMb } = memoryOf(child.pid ?? 0);
    await wait(SETTLE_MS - 2_000);
    const settled = memoryOf(child.pid ?? 0);
    return { startSeconds, rssMb, settledRssMb: settled.rssMb, peakRssMb: settled.peakRssMb };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
