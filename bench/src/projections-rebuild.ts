import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { USERS_COLLECTION } from '@quitute/contracts';
import { createEmbeddedServer } from '@quitute/embedded';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { shopTarget, type RebuildProgress } from '@quitute/projections';
import { history, seedDataDir } from './admin-reports';
import { percentile } from './stats';

/**
 * Seeds about `target` events into the shop's store in dataDir; returns how many.
 * A function of its own so that the history is garbage once seeded: kept alive,
 * it made every collection of the shop measured next slower.
 */
async function seed(dataDir: string, target: number): Promise<number> {
  const counterSales = Math.round(target * 0.01);
  const orders = Math.ceil((target - counterSales) / EVENTS_PER_ORDER);
  const groups = history({ orders, counterSales, days: 365, now: Date.now() });
  return seedDataDir(dataDir, groups, 'bulk');
}

const jwtSecret = 'bench-projections-secret-bench-projections!';

/** Events per order of admin-reports' history, on average (paid orders have about 8, cancelled ones 4). */
const EVENTS_PER_ORDER = 6.55;

export interface ProjectionsRebuildFigures {
  events: number;
  seedSeconds: number;
  /** Cold start (issue 14): from createEmbeddedServer to its first GET /api/products answered. */
  startSeconds: number;
  rebuildSeconds: number;
  eventsPerSecond: number;
  documents: number;
  /** Progress lines the CLI's client received (events/s and ETA drawn from them). */
  progressLines: number;
  reads: { requests: number; failed: number; p50: number; p99: number; max: number };
}

/**
 * Issue 13: `projections rebuild --all` on an embedded shop (PGlite + in-memory
 * read models) over about `events` events of orders, payments, carts and sales,
 * through the admin API the CLI uses while the shop runs, with a reader asking
 * GET /api/products and GET /api/admin/orders all along: every answer must be a 200.
 */
export async function measureProjectionsRebuild(options: {
  events: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<ProjectionsRebuildFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-projections-'));
  try {
    const seeding = performance.now();
    const events = await seed(dataDir, options.events);
    const seedSeconds = (performance.now() - seeding) / 1000;

    const starting = performance.now();
    const server = await createEmbeddedServer(
      { port: 0, dataDir, logLevel: 'silent', jwtSecret },
      silentLogger,
      { web: [(_req, _res, next) => next()] },
    );
    try {
      const url = await server.listen();
      const products = await fetch(`${url}/api/products`);
      await products.arrayBuffer();
      if (products.status !== 200) throw new Error(`GET /api/products answered ${products.status}`);
      const startSeconds = (performance.now() - starting) / 1000;
      const [admin] = await server.readStore.collection(USERS_COLLECTION).find({ role: 'admin' });
      if (!admin) throw new Error('the shop made no admin');
      const token = createTokenService({ secret: jwtSecret }).sign({
        userId: admin._id,
        email: 'admin@exemplo.com.br',
        name: 'Admin',
        role: 'admin',
        sessionVersion: Number(admin['sessionVersion'] ?? 0),
      });

      let reading = true;
      const latencies: number[] = [];
      let failed = 0;
      const reader = (async () => {
        const paths = ['/api/products', '/api/admin/orders?page=3&limit=10'];
        for (let n = 0; reading; n += 1) {
          const sent = performance.now();
          const response = await fetch(`${url}${paths[n % paths.length] ?? ''}`, {
            headers: { authorization: `Bearer ${token}` },
          }).catch(() => null);
          await response?.arrayBuffer();
          if (response?.status !== 200) failed += 1;
          latencies.push(performance.now() - sent);
        }
      })();

      let progressLines = 0;
      const rebuilding = performance.now();
      const results = await shopTarget(url, token).rebuild('all', (progress) => {
        progressLines += 1;
        options.onProgress?.(progress);
      });
      const rebuildSeconds = (performance.now() - rebuilding) / 1000;
      reading = false;
      await reader;
      latencies.sort((a, b) => a - b);
      const eventsRead = results[0]?.events ?? 0;
      return {
        events,
        seedSeconds,
        startSeconds,
        rebuildSeconds,
        eventsPerSecond: eventsRead / rebuildSeconds,
        documents: results.reduce((sum, result) => sum + result.documents, 0),
        progressLines,
        reads: {
          requests: latencies.length,
          failed,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          max: latencies.at(-1) ?? Number.NaN,
        },
      };
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
