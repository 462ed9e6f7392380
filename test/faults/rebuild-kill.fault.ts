import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { CARTS_PROJECTION } from '@quitute/contracts';
import { createEventStore, type NewEvent } from '@quitute/infra/event-store';

/**
 * Issue 14, fault 3: `npm run projections -- rebuild` killed with SIGKILL
 * mid-rebuild on a stopped embedded shop's data directory, then run again.
 *
 * In the embedded topology the read models live in memory, saved in the data
 * directory between runs: the CLI loads that save, rebuilds blue/green from
 * the log's start into a scratch collection, and saves the result only once
 * the rebuild is done — so the run after the kill reads the log from its
 * start again (its first progress line counts 0 events; a rebuild's
 * checkpoint is the switch, resuming from one is read-models-resume.fault.ts).
 * What the kill must not do is harm the log, the last save or the data
 * directory: the second run, started at once, completes, and `verify` (the
 * read model the runner builds, compared document by document with a
 * rebuild) exits 0.
 */

const cli = fileURLToPath(new URL('../../projections/src/cli/main.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-fault-rebuild-'));

/** Carts of this many customers, each with this many events: a log the rebuild takes seconds over. */
const CUSTOMERS = 800;
const EVENTS_PER_CART = 50;
const APPENDS_AT_ONCE = 20;

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface CliRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** The events read as each 'lendo o log' progress line said. */
  readingProgress: number[];
}

/** Runs the projections CLI on the data directory; `killWhen` sees each progress line and may ask for SIGKILL. */
function runCli(args: string[], killWhen?: (eventsRead: number) => boolean): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readingProgress: number[] = [];
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      const reading = /^lendo o log .* · ([\d.]+) eventos ·/.exec(line);
      if (!reading?.[1]) continue;
      const events = Number(reading[1].replaceAll('.', ''));
      readingProgress.push(events);
      if (killWhen?.(events)) child.kill('SIGKILL');
    }
  });
  return new Promise((resolve) =>
    child.on('exit', (exitCode, signal) => resolve({ exitCode, signal, output, readingProgress })),
  );
}

/** Appends the carts, several at a time (the store groups concurrent appends into one transaction). */
async function appendCarts(): Promise<number> {
  const store = await createEventStore({ dataDir });
  const productId = '3f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6';
  const appendCart = async () => {
    const userId = crypto.randomUUID();
    const metadata = {
      correlationId: userId,
      causationId: userId,
      actorId: userId,
      actorRole: 'user' as const,
      occurredAt: new Date().toISOString(),
    };
    const events = Array.from({ length: EVENTS_PER_CART }, (_, index): NewEvent =>
      index === 0
        ? {
            id: crypto.randomUUID(),
            type: 'CartItemAdded',
            data: { userId, productId, quantidade: 20, unitPriceCents: 60 },
            metadata,
          }
        : {
            id: crypto.randomUUID(),
            type: 'CartItemQuantityChanged',
            data: { userId, productId, quantidade: 20 + index },
            metadata,
          },
    );
    await store.appendToStream(`cart-${userId}`, events, { expectedRevision: 'no_stream' });
  };
  try {
    for (let customer = 0; customer < CUSTOMERS; customer += APPENDS_AT_ONCE) {
      await Promise.all(Array.from({ length: APPENDS_AT_ONCE }, appendCart));
    }
    return CUSTOMERS * EVENTS_PER_CART;
  } finally {
    await store.close();
  }
}

it('given the projections rebuild killed with SIGKILL mid-rebuild on a stopped shop, when it runs again at once, then it completes from the log and verify finds the read model equal to a rebuild', async () => {
  const appended = await appendCarts();

  let readWhenKilled = -1;
  const killed = await runCli(['rebuild', CARTS_PROJECTION], (events) => {
    readWhenKilled = events;
    // Its first progress line: the rebuild has begun reading the log. (Whole
    // phases now pass between two lines — 40,000 events take under a second —
    // so a later line may already be the last.)
    return true;
  });
  expect(killed.signal, killed.output).toBe('SIGKILL');
  expect(readWhenKilled).toBeGreaterThanOrEqual(0);
  expect(readWhenKilled).toBeLessThan(appended);
  // Killed before it finished: no summary line.
  expect(killed.output).not.toMatch(/eventos em [\d,]+ s/);

  const again = await runCli(['rebuild', CARTS_PROJECTION]);
  console.log(
    `killed after ${readWhenKilled} of ${appended} events; the next run's progress: ${again.readingProgress.join(', ')}`,
  );
  expect(again.exitCode, again.output).toBe(0);
  // Nothing persisted: the run after the kill starts from the log's beginning, not from where it died.
  expect(again.readingProgress[0]).toBe(0);
  expect(again.output).toContain(CARTS_PROJECTION);

  const verified = await runCli(['verify', CARTS_PROJECTION]);
  expect(verified.exitCode, verified.output).toBe(0);
});
