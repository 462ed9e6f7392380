import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { orderListSchema, paymentResultSchema } from '@quitute/contracts';
import { readWholeLog } from './event-log';
import { readModelDifferences } from './read-models';
import {
  call,
  checkout,
  freePort,
  newCustomers,
  sleep,
  startShop,
  type Customer,
  type ShopProcess,
} from './shop-process';

/**
 * Issue 14, fault 3 in the embedded topology: the shop's projection runner
 * killed with the shop (SIGKILL) after its read models were saved and more
 * orders came in. The next start resumes from the saved checkpoints (it loads
 * the save, positioned before the orders that came after it, and applies only
 * the log after it; the command side's views and the payment process resume
 * from theirs): every order is listed, and every read model equals a rebuild
 * of it from the log.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-fault-resume-'));
const shops: ShopProcess[] = [];

afterAll(async () => {
  for (const shop of shops) await shop.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const loadedLineSchema = z.object({
  msg: z.literal('read models loaded from their last save'),
  position: z.number(),
  documents: z.number(),
});

/** The shop's "loaded from their last save" log line, if it wrote one. */
function loadedLine(output: string): z.infer<typeof loadedLineSchema> | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const parsed = loadedLineSchema.safeParse(JSON.parse(line));
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

async function placeOrders(baseUrl: string, customers: Customer[]): Promise<string[]> {
  const answers = await Promise.all(
    customers.map((customer) => checkout(baseUrl, customer, crypto.randomUUID())),
  );
  return answers.map((answer) => {
    expect(answer.status).toBe(200);
    return paymentResultSchema.parse(answer.body).orderId;
  });
}

/** The shop saves its read models this often while they move. */
const SAVE_SECONDS = 3;

/** Resolves with the file's time once it is written again (a save renames a new file over it). */
async function nextSave(file: string): Promise<number> {
  const before = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const deadline = Date.now() + 4 * SAVE_SECONDS * 1_000;
  for (;;) {
    const now = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (now !== undefined && now !== before) return now;
    if (Date.now() > deadline) throw new Error(`${file} was not saved again`);
    await sleep(20);
  }
}

it('given read models saved and orders placed after the save, when the shop is killed with SIGKILL and started again, then it resumes from the saved checkpoints and equals a rebuild', async () => {
  const port = await freePort();
  const env = { READ_MODELS_SAVE_SECONDS: String(SAVE_SECONDS), LOG_LEVEL: 'info' };
  const first = await startShop({ port, dataDir, env });
  shops.push(first);
  const customers = await newCustomers(first.url, 10);
  const beforeSave = await placeOrders(first.url, customers);
  // Right after a save that holds the orders above, so that the next tick (SAVE_SECONDS
  // later) is still to come when the orders below are placed and the shop is killed.
  const readModelsFile = path.join(dataDir, 'read-models.jsonl');
  const saved = await nextSave(readModelsFile);
  const afterSave = await placeOrders(first.url, customers);
  await first.kill();
  expect(fs.statSync(readModelsFile).mtimeMs).toBe(saved);

  const second = await startShop({ port, dataDir, env });
  shops.push(second);

  const loaded = loadedLine(second.errors());
  expect(loaded, second.errors()).toBeDefined();
  // The command side’s views and the process managers (the notifier too) resumed from their own save.
  expect(second.errors()).toContain(
    '"views":["catalog@3","sessions@4","payment-process@2","stock-release@2","notifier@1"]',
  );
  expect(loaded?.position).toBeGreaterThan(0);
  const listed: string[] = [];
  for (const customer of customers) {
    const orders = await call(second.url, 'GET', '/api/orders', { token: customer.token });
    listed.push(...orderListSchema.parse(orders.body).map((order) => order._id));
  }
  expect(listed.sort()).toEqual([...beforeSave, ...afterSave].sort());
  expect(await readModelDifferences(second.url)).toSatisfy((differences: object) =>
    Object.values(differences).every((count) => count === 0),
  );

  await second.stop();
  // The save was made before the orders placed after it: the start applied the log after it.
  const log = await readWholeLog({ dataDir });
  const firstOrderAfterSave = log.find(
    (event) => event.type === 'OrderPlaced' && afterSave.includes(String(event.data['orderId'])),
  );
  expect(firstOrderAfterSave).toBeDefined();
  expect(loaded?.position).toBeLessThan(firstOrderAfterSave?.position ?? 0);
});
