import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { orderListSchema, paymentResultSchema } from '@quitute/contracts';
import {
  startTopology,
  type Topology,
  type TopologyProcess,
} from '../../deploy/src/topology/launcher';
import { createEventStore } from '@quitute/infra/event-store';
import { createReadStore } from '@quitute/infra/read-store';
import { projections, verifyProjection } from '@quitute/projections';
import { placedOrders, readWholeLog } from './event-log';
import {
  call,
  checkout,
  freePort,
  newCustomers,
  sleep,
  type Answer,
  type Customer,
} from './shop-process';

/**
 * Issue 39: the distributed topology as processes (`npm run topology`) on a
 * fresh database, checkouts through nginx while the projections process that
 * holds the lease and one command-api process are killed with SIGKILL. Every
 * acknowledged order exists exactly once, the payment push still arrives over
 * a socket through nginx, the read models equal a rebuild, and the stand-by
 * takes over within its lease time.
 */

/** 14 customers × 3 unpaid orders (the cap each). */
const CUSTOMERS = 14;
const CHECKOUTS_PER_CUSTOMER = 3;
const KILL_AFTER_ACKNOWLEDGED = 10;
/**
 * The projections lease: an advisory lock freed when the holder's session ends,
 * which a stand-by tries to take every second (infra/src/lease/postgres.ts);
 * its heartbeat, 5 s, is the longest a dead holder can keep it.
 */
const LEASE_TIME_MS = 5_000;

const root = fileURLToPath(new URL('../../', import.meta.url));
const postgresUrl =
  process.env.QUITUTE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.QUITUTE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = `i39_topology_fault_${process.pid}`;
const runDir = mkdtempSync(path.join(os.tmpdir(), 'quitute-topology-fault-'));
let topology: Topology | undefined;
const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await topology?.stop();
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect().then(
    () => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
    () => undefined,
  );
  await client.end().catch(() => undefined);
  rmSync(runDir, { recursive: true, force: true });
});

async function unavailable(): Promise<string | undefined> {
  if (!existsSync('/usr/sbin/nginx'))
    return 'nginx: /usr/sbin/nginx is not installed (apt package nginx-light)';
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    return `postgres: ${postgresUrl}: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.close();
  } catch (error) {
    return `redis: ${redisUrl}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}

const healthSchema = z.object({ role: z.string() });
async function projectionsRole(started: TopologyProcess): Promise<string> {
  const answer = await call(`http://127.0.0.1:${started.port}`, 'GET', '/health', {
    timeoutMs: 2_000,
  }).catch(() => undefined);
  return answer ? healthSchema.parse(answer.body).role : 'unreachable';
}

/** An answer from a command-api process (not nginx's 502/504 for one that died mid-request). */
const acknowledged = (answer: Answer | 'no answer'): answer is Answer =>
  answer !== 'no answer' && answer.status < 300;
const lost = (answer: Answer | 'no answer') =>
  answer === 'no answer' || answer.status === 502 || answer.status === 504;

it('given the topology under checkouts through nginx, when the projections lease holder and a command-api are killed with SIGKILL, then every acknowledged order exists once, the payment push arrives, the read models equal a rebuild and the stand-by takes over within its lease time', async (context) => {
  const why = await unavailable();
  if (why) {
    console.log(`skipped: topology: ${why}`);
    context.skip();
  }
  const startedAt = Date.now();
  topology = await startTopology({
    root,
    runDir,
    postgresUrl,
    database,
    redisUrl,
    redisDb: 13,
    fresh: true,
    host: '127.0.0.1',
    port: await freePort(),
    logLevel: 'warn',
  });
  const shop = topology;
  console.log(`topology up in ${Date.now() - startedAt} ms at ${shop.url}`);

  const candidates = [shop.get('projections-1'), shop.get('projections-2')];
  let holder: TopologyProcess | undefined;
  for (let tries = 0; !holder && tries < 100; tries += 1) {
    for (const candidate of candidates) {
      if ((await projectionsRole(candidate)) === 'running') holder = candidate;
    }
    if (!holder) await sleep(100);
  }
  if (!holder) throw new Error('no projections process holds the lease');
  const leaseHolder = holder;
  const standBy = candidates.find((candidate) => candidate !== leaseHolder);
  if (!standBy) throw new Error('no stand-by');
  expect(await projectionsRole(standBy)).toBe('waiting');

  // Three customers to a checkout address: their 9 checkouts and as many retries stay
  // under the 20 an address may make in an hour.
  const customers = (await newCustomers(shop.url, CUSTOMERS)).map((customer, index) => ({
    ...customer,
    checkoutFrom: `127.0.5.${2 + Math.floor(index / 3)}`,
  }));

  let acknowledgedCount = 0;
  let killedAt = 0;
  let killed: Promise<void> | undefined;
  const attempts = await Promise.all(
    customers.flatMap((customer) =>
      Array.from({ length: CHECKOUTS_PER_CUSTOMER }, async () => {
        const key = crypto.randomUUID();
        const answer = await checkout(shop.url, customer, key).catch(() => 'no answer' as const);
        if (acknowledged(answer)) {
          acknowledgedCount += 1;
          if (acknowledgedCount === KILL_AFTER_ACKNOWLEDGED) {
            killedAt = performance.now();
            killed = Promise.all([leaseHolder.kill(), shop.get('command-api-1').kill()]).then(
              () => undefined,
            );
          }
        }
        return { customer, key, answer };
      }),
    ),
  );
  await killed;
  expect(killedAt).toBeGreaterThan(0);

  // The stand-by reports itself active on /health.
  while ((await projectionsRole(standBy)) !== 'running') {
    if (performance.now() - killedAt > 30_000) throw new Error('the stand-by never took over');
    await sleep(50);
  }
  const takeoverMs = Math.round(performance.now() - killedAt);

  const ok = attempts.filter((attempt) => acknowledged(attempt.answer));
  const unanswered = attempts.filter((attempt) => lost(attempt.answer));
  const refused = attempts.filter(
    (attempt) => !acknowledged(attempt.answer) && !lost(attempt.answer),
  );
  console.log(
    `SIGKILL of ${leaseHolder.name} (lease holder) and command-api-1 under ${attempts.length} checkouts: ${ok.length} acknowledged, ${unanswered.length} lost with the process, ${refused.length} refused; ${standBy.name} active ${takeoverMs} ms after the kill (lease time ${LEASE_TIME_MS} ms)`,
  );
  expect(refused.map((attempt) => attempt.answer)).toEqual([]);
  expect(takeoverMs).toBeLessThan(LEASE_TIME_MS);

  const orderNumbers = new Map<string, number>();
  const paymentOf = new Map<string, { customer: Customer; paymentId: string }>();
  const remember = (customer: Customer, body: unknown) => {
    const result = paymentResultSchema.parse(body);
    expect(orderNumbers.has(result.orderId)).toBe(false);
    orderNumbers.set(result.orderId, result.orderNumber);
    if (result.paymentId) paymentOf.set(result.orderId, { customer, paymentId: result.paymentId });
  };
  for (const attempt of ok) remember(attempt.customer, (attempt.answer as Answer).body);
  // What got no answer is retried with its key, through nginx, to the surviving command-api.
  for (const attempt of unanswered) {
    const retry = await checkout(shop.url, attempt.customer, attempt.key);
    expect(retry.status).toBe(200);
    remember(attempt.customer, retry.body);
  }
  expect(orderNumbers.size).toBe(CUSTOMERS * CHECKOUTS_PER_CUSTOMER);

  // Every order once in its customer's list, read through nginx from query-api.
  const listed: string[] = [];
  const deadline = Date.now() + 20_000;
  for (const customer of customers) {
    for (;;) {
      const orders = await call(shop.url, 'GET', '/api/orders', { token: customer.token });
      expect(orders.status).toBe(200);
      const list = orderListSchema.parse(orders.body);
      if (list.length === CHECKOUTS_PER_CUSTOMER || Date.now() > deadline) {
        for (const order of list) {
          listed.push(order._id);
          expect(order.orderNumber).toBe(orderNumbers.get(order._id));
        }
        break;
      }
      await sleep(100);
    }
  }
  expect(listed.sort()).toEqual([...orderNumbers.keys()].sort());
  const { countByOrderId } = placedOrders(
    await readWholeLog({ dataDir: runDir, url: shop.databaseUrl }),
  );
  expect([...countByOrderId.keys()].sort()).toEqual([...orderNumbers.keys()].sort());
  expect([...countByOrderId.values()].every((count) => count === 1)).toBe(true);

  // The payment push, after the kills: a socket through nginx, the approval at the provider.
  const [orderId, paid] = [...paymentOf.entries()][0] ?? [];
  if (!orderId || !paid) throw new Error('no Pix payment to approve');
  const socket = io(shop.url, {
    auth: { token: paid.customer.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const pushed = new Promise<unknown>((resolve) => socket.once('paymentApproved', resolve));
  const approvedAt = performance.now();
  const approval = await call(
    shop.provider.url,
    'POST',
    `/test-control/payments/${paid.paymentId}/approve`,
    {
      token: shop.provider.accessToken,
      headers: { 'x-idempotency-key': crypto.randomUUID() },
    },
  );
  expect(approval.status).toBe(200);
  const push = await Promise.race([pushed, sleep(20_000).then(() => 'nothing in 20 s')]);
  expect(push).toMatchObject({ orderId, paymentId: paid.paymentId });
  console.log(
    `payment push through nginx ${Math.round(performance.now() - approvedAt)} ms after the approval`,
  );

  // The read models (JSONB on PostgreSQL) equal a rebuild from the log.
  const eventStore = await createEventStore({ url: shop.databaseUrl });
  const readStore = await createReadStore({ postgresUrl: shop.databaseUrl });
  try {
    const differences: Record<string, number> = {};
    for (const projection of projections) {
      const result = await verifyProjection({ eventStore, readStore, projection });
      differences[projection.name] = result.differences.length;
    }
    expect(
      Object.values(differences).every((count) => count === 0),
      JSON.stringify(differences),
    ).toBe(true);
  } finally {
    await readStore.close();
    await eventStore.close();
  }
  console.log(`whole run ${Math.round((Date.now() - startedAt) / 1000)} s`);
});
