import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { orderListSchema, paymentResultSchema } from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { backupCommand } from '../../embedded/src/backup/commands';
import { readBackup } from '../../embedded/src/backup/format';
import { readWholeLog } from './event-log';
import { readModelDifferences } from './read-models';
import {
  call,
  checkout,
  freePort,
  newCustomers,
  startShop,
  type Customer,
  type ShopProcess,
} from './shop-process';

/**
 * Issue 39: `npm run backup` taken from the running embedded shop while 201
 * checkouts of 67 customers are in flight, `npm run restore` into a new
 * directory, and the shop started on it. Every order whose checkout was
 * acknowledged at or below the backup's position is there exactly once (listed
 * to its customer, whose session of the first shop still holds: the keys came
 * along); the restored log is the first log's prefix up to that position, event
 * for event; and nothing is half-written: every stream's revisions run 0..n,
 * every placed order holds its units and its unpaid-order slot, every
 * acknowledged one has its payment requested and answered, every payment the
 * log names is known to the restored payment simulator, and every read model
 * equals a rebuild.
 */

const CUSTOMERS = 67;
const CHECKOUTS_PER_CUSTOMER = 3;
/** Acknowledged checkouts before the backup is asked: mid-load, most still to come. */
const BACKUP_AFTER_ACKNOWLEDGED = 20;

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cli = path.join(repoRoot, 'embedded', 'src', 'backup', 'cli.ts');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-fault-backup-'));
const dataDir = path.join(work, 'loja');
const restoredDir = path.join(work, 'restaurada');
const backupFile = path.join(work, 'loja.qbk');
const shops: ShopProcess[] = [];

afterAll(async () => {
  for (const shop of shops) await shop.kill();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The CLI as `npm run backup` / `npm run restore` runs it, in the project folder. */
async function runCli(args: string[], env: Record<string, string> = {}) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', cli, ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 60_000 },
  );
  return stdout;
}

interface Acknowledged {
  customer: Customer;
  orderId: string;
  orderNumber: number;
  position: number;
}

it('given 201 checkouts in flight, when a backup is taken, restored into a new directory and the shop started on it, then every order acknowledged at or below its position is there exactly once and nothing is half-written', async () => {
  const first = await startShop({ port: await freePort(), dataDir });
  shops.push(first);
  const customers = await newCustomers(first.url, CUSTOMERS);

  const startedAt = Date.now();
  const phase = (name: string) => console.log(`${name}: ${Date.now() - startedAt} ms`);
  phase('customers registered');
  const acknowledged: Acknowledged[] = [];
  // `npm run backup`'s own function, here in the test's process (a CLI's start would take
  // longer than the checkouts): it asks the shop over its socket as the CLI does.
  let backup: ReturnType<typeof backupCommand> | undefined;
  await Promise.all(
    customers.flatMap((customer) =>
      Array.from({ length: CHECKOUTS_PER_CUSTOMER }, async () => {
        const answer = await checkout(first.url, customer, crypto.randomUUID());
        expect(answer.status).toBe(200);
        const result = paymentResultSchema.parse(answer.body);
        if (result.position === undefined) throw new Error('a checkout without its position');
        acknowledged.push({ customer, ...result, position: result.position });
        if (acknowledged.length === BACKUP_AFTER_ACKNOWLEDGED) {
          backup = backupCommand(['--out', backupFile], { DATA_DIR: dataDir });
        }
      }),
    ),
  );
  const backupOutcome = await backup;
  console.log(backupOutcome?.stdout.trim(), backupOutcome?.stderr);
  expect(backupOutcome?.code).toBe(0);
  phase('checkouts done');
  const { header } = await readBackup(backupFile);
  const before = acknowledged.filter((order) => order.position <= header.position);
  const after = acknowledged.filter((order) => order.position > header.position);
  console.log(
    `backup at position ${header.position}: ${before.length} checkouts acknowledged at or below it, ${after.length} above`,
  );
  // Taken while the checkouts ran: some were acknowledged on each side of it.
  expect(before.length).toBeGreaterThanOrEqual(BACKUP_AFTER_ACKNOWLEDGED);
  expect(after.length).toBeGreaterThan(0);

  await first.stop();
  const firstLog = await readWholeLog({ dataDir });

  const restoreOutput = await runCli(['restore', '--from', backupFile, '--data-dir', restoredDir]);
  console.log(restoreOutput.trim());
  expect(fs.statSync(path.join(restoredDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  phase('restored');
  const restored = await startShop({ port: await freePort(), dataDir: restoredDir });
  shops.push(restored);
  phase('restored shop started');

  // Each customer's session of the first shop still holds, and lists each order once.
  const listed = new Map<string, number>();
  for (const customer of customers) {
    const orders = await call(restored.url, 'GET', '/api/orders', { token: customer.token });
    expect(orders.status).toBe(200);
    for (const order of orderListSchema.parse(orders.body)) {
      listed.set(order._id, (listed.get(order._id) ?? 0) + 1);
    }
  }
  for (const order of before) expect(listed.get(order.orderId)).toBe(1);
  expect([...listed.values()].every((count) => count === 1)).toBe(true);

  expect(await readModelDifferences(restored.url)).toSatisfy((differences: object) =>
    Object.values(differences).every((count) => count === 0),
  );
  phase('read models verified');
  await restored.stop();

  // The restored log is the first one up to the position, event for event (the restored
  // shop may have appended after it since it started).
  const restoredLog = await readWholeLog({ dataDir: restoredDir });
  const upTo = (log: RecordedEvent[]) => log.filter((e) => e.position <= header.position);
  expect(upTo(restoredLog)).toEqual(upTo(firstLog));
  expect(upTo(restoredLog)).toHaveLength(header.counts.events);

  const simulatorPayments = new Set(
    fs
      .readFileSync(path.join(restoredDir, 'payment-simulator', 'payments.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => String((JSON.parse(line) as { payment: { id: unknown } }).payment.id)),
  );
  expect(halfWritten(upTo(restoredLog), before, simulatorPayments)).toEqual([]);
});

/**
 * What a backup cut mid-write would show, as sentences (none expected). A
 * checkout appends to several streams one after another (the unpaid-order slot,
 * each product's units, the order, its payment), each append whole or not at
 * all; a backup may fall between two of them only for a checkout not yet
 * acknowledged, exactly as a crash would, which the shop recovers from.
 */
function halfWritten(
  log: readonly RecordedEvent[],
  acknowledged: readonly Acknowledged[],
  simulatorPayments: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const byStream = new Map<string, RecordedEvent[]>();
  for (const event of log) {
    byStream.set(event.streamName, [...(byStream.get(event.streamName) ?? []), event]);
  }
  for (const [stream, events] of byStream) {
    if (!events.every((event, index) => event.revision === index)) {
      problems.push(`${stream}: revisions ${events.map((e) => e.revision).join(',')}`);
    }
  }
  const of = (type: string, orderId: string) =>
    log.filter((event) => event.type === type && event.data['orderId'] === orderId);
  for (const placed of log.filter((event) => event.type === 'OrderPlaced')) {
    const orderId = String(placed.data['orderId']);
    const held = of('ProductStockReserved', orderId).filter((e) => e.position < placed.position);
    if (held.length === 0) problems.push(`order ${orderId} placed without its units held`);
    const slot = of('UnpaidOrderOpened', orderId).filter((e) => e.position < placed.position);
    if (slot.length === 0) problems.push(`order ${orderId} placed without its unpaid-order slot`);
    if (of('OrderPlaced', orderId).length !== 1) problems.push(`order ${orderId} placed twice`);
  }
  for (const order of acknowledged) {
    if (of('OrderPlaced', order.orderId).length !== 1) {
      problems.push(`acknowledged order ${order.orderId} missing`);
    }
    if (of('PaymentRequested', order.orderId).length !== 1) {
      problems.push(`acknowledged order ${order.orderId} without its payment requested`);
    }
    if (of('PaymentPending', order.orderId).length === 0) {
      problems.push(`acknowledged order ${order.orderId} without the provider's answer`);
    }
  }
  for (const event of log) {
    const providerPaymentId = event.data['providerPaymentId'];
    if (typeof providerPaymentId === 'string' && !simulatorPayments.has(providerPaymentId)) {
      problems.push(`payment ${providerPaymentId} unknown to the restored simulator`);
    }
  }
  return problems;
}
