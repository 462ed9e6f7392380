import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createEmbeddedServer } from '@quitute/embedded';
import { silentLogger } from '@quitute/infra/logging';

/**
 * GET /api/products on the embedded shop (PGlite + in-memory read models), 32
 * connections. autocannon runs in a worker thread: on the server's own event
 * loop it took about half the server's CPU and measured itself. A one-second
 * warm-up (JIT, first cache fill) is not counted.
 */
export async function measureMenuRequests(seconds: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-'));
  const server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent' },
    silentLogger,
    {
      web: [(_req, _res, next) => next()],
    },
  );
  const url = await server.listen();
  const load = (duration: number) =>
    autocannon({ url: `${url}/api/products`, connections: 32, duration, workers: 1 });
  try {
    await load(1);
    const result = await load(seconds);
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
