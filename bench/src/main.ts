import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { progressBar } from '@quitute/projections';
import {
  createMemoryEventStore,
  createPgliteEventStore,
  createPostgresEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { measureAdminReads } from './admin-reports';
import { measureAppends } from './append';
import { measureAddToCart } from './cart';
import { measureCommandLatency } from './command-latency';
import { measureMenuRequests } from './http';
import { measureApprovalPush, measurePixCheckouts } from './payments';
import { measureProjectionsRebuild } from './projections-rebuild';
import { measureRebuild } from './rebuild';
import { printTable } from './table';

/**
 * `npm run bench`: figures for the targets of issue #2 on this machine.
 * PostgreSQL server ≥ 3,000 single-event appends/s with 8 writers; rebuild
 * ≥ 50,000 events/s; GET /api/products ≥ 3,000 req/s with p99 ≤ 20 ms.
 * Issue #16: a command on a stream of 10,000 events within 1.5× the latency of
 * the same command on a stream of 10.
 * Issue #9: POST /carrinho ≥ 1,500 req/s with p99 ≤ 25 ms on the PostgreSQL server.
 * Issue #10: Pix checkouts with the payment simulator ≥ 300/s on the PostgreSQL
 * server; payment approved → socket push p99 ≤ 100 ms on the embedded shop.
 * Issue #11: with 10,000 orders, GET /api/admin/orders?page=50 and the monthly
 * report p99 ≤ 50 ms on the embedded shop.
 */
const seconds = Number(process.env['BENCH_SECONDS'] ?? 3);
const postgresUrl =
  process.env['QUITUTE_BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A database of its own on the server, for a whole shop (the shop's tables live in public). */
async function withDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  const name = `quitute_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

const stores: {
  name: string;
  open: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>;
}[] = [
  {
    name: 'memory',
    open: async () => ({ store: createMemoryEventStore(), cleanup: async () => {} }),
  },
  {
    name: 'PGlite (DATA_DIR)',
    open: async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-pglite-'));
      const store = await createPgliteEventStore({ dataDir });
      return { store, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
];
const postgresUp = await postgresReachable();
if (postgresUp) {
  stores.push({
    name: 'PostgreSQL server',
    open: async () => {
      const schema = `quitute_bench_${process.pid}`;
      const store = await createPostgresEventStore({ url: postgresUrl, schema });
      return { store, cleanup: () => dropSchema(schema) };
    },
  });
} else {
  console.log(`skipped: postgres: no server at ${postgresUrl}`);
}

console.log(
  `Quitute benchmarks — ${os.cpus().length} cores, Node ${process.version}, ${seconds} s per cell`,
);

/** `npm run bench -- cart menu` runs only those sections; no names: all of them. */
const sections = [
  'append',
  'rebuild',
  'menu',
  'command',
  'cart',
  'payments',
  'admin',
  'projections',
] as const;
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(sections as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(', ')}; choose from ${sections.join(', ')}`);
  process.exit(2);
}
const wanted = (section: (typeof sections)[number]) =>
  chosen.length === 0 || chosen.includes(section);

const appendRows: Record<string, string | number>[] = [];
for (const { name, open } of wanted('append') ? stores : []) {
  for (const writers of [1, 8]) {
    for (const batch of [1, 10]) {
      const { store, cleanup } = await open();
      const result = await measureAppends(store, { writers, batch, seconds });
      await store.close();
      await cleanup();
      appendRows.push({
        'event store': name,
        writers,
        'events/append': batch,
        'appends/s': Math.round(result.appendsPerSecond),
        'events/s': Math.round(result.eventsPerSecond),
      });
    }
  }
}
if (wanted('append')) printTable('Append throughput', appendRows);

if (wanted('rebuild')) {
  const rebuild = await measureRebuild(100_000);
  printTable('Projection rebuild (menu projection, in-memory read store)', [
    {
      events: rebuild.events,
      seconds: Number(rebuild.seconds.toFixed(2)),
      'events/s': Math.round(rebuild.eventsPerSecond),
    },
  ]);
}

if (wanted('menu')) {
  const menu = await measureMenuRequests(Math.max(seconds, 5));
  printTable('GET /api/products (embedded shop, 32 connections)', [
    {
      'req/s': Math.round(menu.requestsPerSecond),
      'p50 ms': menu.p50,
      'p99 ms': menu.p99,
      errors: menu.errors,
    },
  ]);
}

const [short, long] = wanted('command')
  ? await measureCommandLatency({ short: 10, long: 10_000, requests: 200, warmUp: 30 })
  : [];
if (short && long) {
  printTable('PUT /api/users/preferences by stream length (embedded shop, one request at a time)', [
    ...[short, long].map((row) => ({
      stream: `${row.events.toLocaleString('en-US')} events`,
      'p50 ms': Number(row.p50.toFixed(1)),
      'p99 ms': Number(row.p99.toFixed(1)),
    })),
    {
      stream: 'ratio (target ≤ 1.5)',
      'p50 ms': (long.p50 / short.p50).toFixed(2),
      'p99 ms': (long.p99 / short.p99).toFixed(2),
    },
  ]);
}

/** A load on the embedded shop over PGlite and, when it is up, a PostgreSQL database of its own. */
function shopCells<T>(target: string, measure: (eventStoreUrl?: string) => Promise<T>) {
  return [
    { name: 'PGlite (DATA_DIR)', run: () => measure() },
    ...(postgresUp
      ? [{ name: `PostgreSQL server (${target})`, run: () => withDatabase(measure) }]
      : []),
  ];
}

if (wanted('cart')) {
  const cartLoad = { customers: 1_000, connections: 32, seconds: Math.max(seconds, 5) };
  const cartRows: Record<string, string | number>[] = [];
  const cells = shopCells('target ≥ 1,500 req/s, p99 ≤ 25 ms', (eventStoreUrl) =>
    measureAddToCart({ ...cartLoad, eventStoreUrl }),
  );
  for (const { name, run } of cells) {
    const figures = await run();
    cartRows.push({
      'event store': name,
      'req/s': Math.round(figures.requestsPerSecond),
      'p50 ms': figures.p50,
      'p99 ms': figures.p99,
      'shop CPU ms/req': figures.cpuMsPerRequest,
      errors: figures.errors + figures.non2xx,
    });
  }
  printTable(
    `POST /carrinho (embedded shop, ${cartLoad.customers.toLocaleString('en-US')} carts, ${cartLoad.connections} connections, load from its own process)`,
    cartRows,
  );
}

if (wanted('payments')) {
  const checkoutLoad = { customers: 1_000, connections: 32, seconds: Math.max(seconds, 5) };
  const checkoutRows: Record<string, string | number>[] = [];
  const cells = shopCells('target ≥ 300/s', (eventStoreUrl) =>
    measurePixCheckouts({ ...checkoutLoad, eventStoreUrl }),
  );
  for (const { name, run } of cells) {
    const figures = await run();
    checkoutRows.push({
      'event store': name,
      'req/s': Math.round(figures.requestsPerSecond),
      'p50 ms': figures.p50,
      'p99 ms': figures.p99,
      'shop CPU ms/req': figures.cpuMsPerRequest,
      'orders placed': figures.orders,
    });
  }
  printTable(
    `POST /payments/mercadopago/transparent-checkout, Pix (embedded shop, payment simulator, ${checkoutLoad.customers.toLocaleString('en-US')} customers, ${checkoutLoad.connections} connections, a new order per request, load from its own process)`,
    checkoutRows,
  );

  // 25 sockets: all come from one address here, and the gateway lets one address hold 30.
  const push = { customers: 25, ordersPerCustomer: 10, widths: [1, 10], warmUp: 20 };
  const pushRows = await measureApprovalPush(push);
  printTable(
    `Payment approved → socket paymentApproved (embedded shop, PGlite, ${push.customers} customers with a socket; target p99 ≤ 100 ms)`,
    pushRows.map((row) => ({
      'approvals at once': row.width,
      samples: row.samples,
      'p50 ms': Number(row.p50.toFixed(1)),
      'p99 ms': Number(row.p99.toFixed(1)),
      'max ms': Number(row.max.toFixed(1)),
    })),
  );
}

if (wanted('admin')) {
  const admin = { orders: 10_000, counterSales: 1_500, days: 120, requests: 300, warmUp: 30 };
  const figures = await measureAdminReads(admin);
  // Latency on a shared machine follows its load: the table says what it was.
  const load = os.loadavg()[0] ?? 0;
  printTable(
    `Admin reads (embedded shop, PGlite + in-memory read models, ${admin.orders.toLocaleString('en-US')} orders and ${admin.counterSales.toLocaleString('en-US')} counter sales over ${admin.days} days = ${figures.events.toLocaleString('en-US')} events, read models rebuilt at start in ${figures.startSeconds.toFixed(1)} s; one request at a time; load average ${load.toFixed(1)} on ${os.cpus().length} cores; target p99 ≤ 50 ms for the first three)`,
    figures.rows.map((row) => ({
      request: row.request,
      samples: row.samples,
      'p50 ms': Number(row.p50.toFixed(1)),
      'p99 ms': Number(row.p99.toFixed(1)),
      'max ms': Number(row.max.toFixed(1)),
    })),
  );
}

if (wanted('projections')) {
  const target = Number(process.env['BENCH_PROJECTION_EVENTS'] ?? 200_000);
  const bar = progressBar();
  const figures = await measureProjectionsRebuild({ events: target, onProgress: bar.update });
  bar.done();
  const load = os.loadavg()[0] ?? 0;
  printTable(
    `Issue 13: projections rebuild --all through the running embedded shop's admin API (PGlite + in-memory read models, ${figures.events.toLocaleString('en-US')} events seeded in ${figures.seedSeconds.toFixed(0)} s, read models built at start in ${figures.startSeconds.toFixed(1)} s; a reader asking GET /api/products and /api/admin/orders throughout; load average ${load.toFixed(1)} on ${os.cpus().length} cores; target ≥ 50,000 events/s)`,
    [
      {
        events: figures.events,
        documents: figures.documents,
        seconds: Number(figures.rebuildSeconds.toFixed(2)),
        'events/s': Math.round(figures.eventsPerSecond),
        'progress lines': figures.progressLines,
        'reads during': figures.reads.requests,
        'failed reads': figures.reads.failed,
        'read p50 ms': Number(figures.reads.p50.toFixed(1)),
        'read p99 ms': Number(figures.reads.p99.toFixed(1)),
        'read max ms': Number(figures.reads.max.toFixed(1)),
      },
    ],
  );
}
