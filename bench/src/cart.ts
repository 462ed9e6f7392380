import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uniformRateLimits } from '@quitute/command-api';
import { KITS_CATEGORY, STATIC_MENU, userStreamName } from '@quitute/contracts';
import { createEmbeddedServer } from '@quitute/embedded';
import { createTokenService } from '@quitute/infra/auth';
import type { EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import pg from 'pg';
import { z } from 'zod';

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';
const loadGenerator = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

const figuresSchema = z.object({
  requestsPerSecond: z.number(),
  p50: z.number(),
  p99: z.number(),
  errors: z.number(),
  non2xx: z.number(),
});
export type LoadFigures = z.infer<typeof figuresSchema>;

/** Customers registered straight into the event store (their tokens pass the stream check). */
async function seedCustomers(store: EventStore, count: number) {
  const tokens = createTokenService({ secret: jwtSecret });
  const customers = Array.from({ length: count }, () => crypto.randomUUID());
  for (let from = 0; from < customers.length; from += 50) {
    await Promise.all(
      customers.slice(from, from + 50).map((userId) =>
        store.appendToStream(
          userStreamName(userId),
          [
            {
              id: crypto.randomUUID(),
              type: 'UserRegistered',
              data: {
                userId,
                email: `${userId}@example.com`,
                name: 'Cliente de Teste',
                passwordHash: 'scrypt$bench',
                role: 'user',
              },
              metadata: {
                correlationId: 'bench',
                causationId: 'bench',
                actorId: userId,
                actorRole: 'user',
                occurredAt: '2026-11-23T12:00:00.000Z',
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      ),
    );
  }
  return customers.map((userId) => ({
    userId,
    token: tokens.sign({
      userId,
      email: `${userId}@example.com`,
      name: 'Cliente de Teste',
      role: 'user',
      sessionVersion: 0,
    }),
  }));
}

/**
 * The state of any shop past its first minute: autovacuum has analyzed the event
 * table. Measured on a table created seconds before, the store's statements would
 * run on plans made for an empty table (a sequential scan where the id index
 * belongs), a state a real shop leaves within a minute of its first events.
 */
async function analyzeTables(eventStoreUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: eventStoreUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

function runLoadGenerator(plan: unknown): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', loadGenerator], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${String(code)}`));
      else resolve(figuresSchema.parse(JSON.parse(output)));
    });
    child.stdin.end(JSON.stringify(plan));
  });
}

/**
 * POST /carrinho on the embedded shop: each request adds a random menu item
 * (20 units, a kit 1) to one of `customers` carts, `connections` at once with
 * keep-alive, from a load generator in its own process. `eventStoreUrl` names a
 * PostgreSQL database; without it the shop uses PGlite in a data directory.
 */
export async function measureAddToCart(options: {
  eventStoreUrl?: string;
  customers: number;
  connections: number;
  seconds: number;
}): Promise<LoadFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-cart-'));
  const server = await createEmbeddedServer(
    {
      port: 0,
      dataDir,
      logLevel: 'silent',
      jwtSecret,
      ...(options.eventStoreUrl ? { eventStoreUrl: options.eventStoreUrl } : {}),
    },
    silentLogger,
    {
      web: [(_req, _res, next) => next()],
      rateLimits: uniformRateLimits({ limit: 1_000_000, windowMs: 60_000 }),
    },
  );
  try {
    const url = await server.listen();
    const customers = await seedCustomers(server.eventStore, options.customers);
    await server.runner.waitForPosition(await server.eventStore.headPosition(), 60_000);
    if (options.eventStoreUrl) await analyzeTables(options.eventStoreUrl);
    return await runLoadGenerator({
      url,
      connections: options.connections,
      seconds: options.seconds,
      warmUpSeconds: 1,
      customers,
      items: STATIC_MENU.map((item) => ({
        id: item.slug,
        nome: item.name,
        preco: item.priceCents / 100,
        quantidade: item.category === KITS_CATEGORY ? 1 : 20,
      })),
    });
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
