import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orderHistorySchema } from '@quitute/contracts';
import pg from 'pg';
import { createPgliteEventStore, createPostgresEventStore } from '@quitute/infra/event-store';
import {
  describeWithPostgres,
  preparedPgliteDirectory,
  scratchDirectory,
} from '@quitute/infra/testing';
import { auditCommand } from './command';
import { orderId, seedOneOrder } from './test-order';

/**
 * The audit command (what `npm run audit` runs) against an embedded PGlite data
 * directory holding one order's events: in this process, and once as the process
 * npm starts.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const cli = path.join(repoRoot, 'projections/src/audit/cli.ts');

const audit = (args: string[], dataDir: string, eventStoreUrl = '') =>
  auditCommand(args, { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: eventStoreUrl });

/** The command as `npm run audit` starts it: its own process, exit code and streams. */
async function auditProcess(args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile rejects on a non-zero exit, with the code and both outputs.
    return z.object({ code: z.number(), stdout: z.string(), stderr: z.string() }).parse(error);
  }
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await scratchDirectory('quitute-audit-cli');
  await preparedPgliteDirectory(path.join(dataDir, 'eventstore'));
  const store = await createPgliteEventStore({ dataDir: path.join(dataDir, 'eventstore') });
  await seedOneOrder(store);
  await store.close();
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('npm run audit -- order', () => {
  it('given a stopped shop, when asked for an order by number, then its timeline on the shop clock with actors and descriptions, and the final state', async () => {
    const { code, stdout } = await auditProcess(['order', '#1001'], dataDir);

    expect(code).toBe(0);
    expect(stdout).toContain(`Pedido #1001 (${orderId}): histórico completo`);
    expect(stdout).toMatch(/25\/11\/2026 09:10:00 +Sistema +Pagamento aprovado via Pix/);
    expect(stdout).toMatch(
      /25\/11\/2026 09:30:00 +Joana Admin \(administrador\) +Status alterado de Pronto para Retirada para Cancelado por Joana Admin/,
    );
    expect(stdout).toContain('Estado: Pedido Cancelado · pagamento Aprovado (Pix) · R$ 12,00');
  }, 120_000);

  it('given --as-of in shop time and --json, then the history JSON of that moment', async () => {
    const { code, stdout } = await audit(
      ['order', orderId, '--as-of', '2026-11-25T09:15', '--json'],
      dataDir,
    );

    expect(code).toBe(0);
    const history = orderHistorySchema.parse(JSON.parse(stdout));
    expect(history.asOf).toBe('2026-11-25T12:15:00.000Z');
    expect(history.entries.at(-1)?.type).toBe('OrderPaid');
    expect(history.state).toMatchObject({ orderStatus: 'processing', paymentStatus: 'approved' });
  });

  it('given an unknown order, then "Pedido não encontrado." and exit code 1', async () => {
    const { code, stdout } = await audit(['order', '1002'], dataDir);

    expect(code).toBe(1);
    expect(stdout).toContain('Pedido não encontrado.');
  });

  it('given the shop running on the data directory, then it refuses to open it, saying why, with exit code 2', async () => {
    const running = await createPgliteEventStore({
      dataDir: path.join(dataDir, 'eventstore'),
    });
    try {
      const { code, stderr } = await audit(['order', '1001'], dataDir);

      expect(code).toBe(2);
      expect(stderr).toContain('A loja está rodando');
      expect(stderr).toContain('The shop is running');
    } finally {
      await running.close();
    }
  });

  it('given a data directory without an event store or a bad command, then exit code 2 and why', async () => {
    const missing = await audit(['order', '1001'], path.join(dataDir, 'nada'));
    const usage = await audit(['pedido', '1001'], dataDir);

    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Nenhum event store em');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Uso: npm run audit -- order');
  });
});

await describeWithPostgres('npm run audit -- order, on a PostgreSQL event store', (serverUrl) => {
  const databaseName = `quitute_audit_${process.pid}`;
  const withDatabase = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${databaseName}`);
    const store = await createPostgresEventStore({ url: withDatabase(databaseName) });
    await seedOneOrder(store);
    await store.close();
  });
  afterAll(() => onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));

  it('given EVENTSTORE_URL naming the server, when asked at a position, then the order as it was there, read from that store', async () => {
    const { code, stdout } = await audit(
      ['order', '1001', '--position', '7', '--json'],
      path.join(dataDir, 'unused'),
      withDatabase(databaseName),
    );

    expect(code).toBe(0);
    const history = orderHistorySchema.parse(JSON.parse(stdout));
    expect(history).toMatchObject({ orderId, atPosition: 7, asOf: null });
    expect(history.entries.at(-1)?.description).toBe('Pagamento aprovado via Pix');
    expect(history.state).toMatchObject({ orderStatus: 'pending', paymentStatus: 'approved' });
  });
});
