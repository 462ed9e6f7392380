import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uniformRateLimits } from '@quitute/command-api';
import { userStreamName } from '@quitute/contracts';
import { createEmbeddedServer, type EmbeddedServer } from '@quitute/embedded';
import { createTokenService } from '@quitute/infra/auth';
import type { EventStore, JsonObject } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import pg from 'pg';

const jwtSecret = 'bench-secret-bench-secret-bench-secret!';

export interface Customer {
  userId: string;
  email: string;
  token: string;
}

/** The stock each product gets for a run: more than any run's orders take (issue 38: orders hold units). */
const BENCH_STOCK = 1_000_000;

/**
 * Every product of the menu stocked for the run, as an admin's edit would
 * (ProductUpdated with the stock typed): a run places thousands of orders of
 * 20 coxinhas, and the seeded stock (500) would sell out in 25.
 */
async function stockUp(store: EventStore): Promise<void> {
  const latest = new Map<string, { data: JsonObject; revision: number }>();
  for (let position = 0; ;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 5_000 });
    const last = page.at(-1);
    if (!last) break;
    for (const event of page) {
      if (!event.streamName.startsWith('product-')) continue;
      const known = latest.get(event.streamName);
      const fields = event.type === 'ProductAdded' || event.type === 'ProductUpdated';
      latest.set(event.streamName, {
        data: fields ? event.data : (known?.data ?? event.data),
        revision: event.revision,
      });
    }
    position = last.position;
  }
  for (const [streamName, { data, revision }] of latest) {
    const { isActive: _isActive, ...fields } = data;
    await store.appendToStream(
      streamName,
      [
        {
          id: crypto.randomUUID(),
          type: 'ProductUpdated',
          data: { ...fields, stock: BENCH_STOCK },
          metadata: {
            correlationId: 'bench',
            causationId: 'bench',
            actorId: 'bench',
            actorRole: 'admin',
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: revision },
    );
  }
}

/**
 * Customers registered straight into the event store (their tokens pass the
 * stream check), each with her e-mail confirmed (issue 41): the shop tells
 * them of their orders, as it tells a real customer, and the figures include it.
 */
async function seedCustomers(store: EventStore, count: number): Promise<Customer[]> {
  const tokens = createTokenService({ secret: jwtSecret });
  const customers = Array.from({ length: count }, () => {
    const userId = crypto.randomUUID();
    return { userId, email: `${userId}@example.com` };
  });
  for (let from = 0; from < customers.length; from += 50) {
    await Promise.all(
      customers.slice(from, from + 50).map(({ userId, email }) =>
        store.appendToStream(
          userStreamName(userId),
          [
            {
              id: crypto.randomUUID(),
              type: 'UserRegistered',
              data: {
                userId,
                email,
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
            {
              id: crypto.randomUUID(),
              type: 'UserEmailConfirmed',
              data: { userId, email },
              metadata: {
                correlationId: 'bench',
                causationId: 'bench',
                actorId: userId,
                actorRole: 'user',
                occurredAt: '2026-11-23T12:05:00.000Z',
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      ),
    );
  }
  return customers.map(({ userId, email }) => ({
    userId,
    email,
    token: tokens.sign({
      userId,
      email,
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

export interface BenchShop {
  server: EmbeddedServer;
  url: string;
  customers: Customer[];
  close(): Promise<void>;
}

/**
 * An embedded shop listening for a benchmark, with `customers` signed-in
 * customers and every per-user limit lifted (a load from a few hundred
 * customers would otherwise be answered 429). `eventStoreUrl` names a
 * PostgreSQL database of the run's own; without it the shop uses PGlite in a
 * data directory. Resolves once the read models hold the customers.
 */
export async function openBenchShop(options: {
  eventStoreUrl?: string;
  customers: number;
  /** SMTP instead of the outbox folder (a sink on loopback that times each mail). */
  mailUrl?: string;
}): Promise<BenchShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-shop-'));
  const lifted = { limit: 1_000_000, windowMs: 60_000 };
  const server = await createEmbeddedServer(
    {
      port: 0,
      dataDir,
      logLevel: 'silent',
      jwtSecret,
      ...(options.eventStoreUrl ? { eventStoreUrl: options.eventStoreUrl } : {}),
      ...(options.mailUrl ? { mailUrl: options.mailUrl } : {}),
    },
    silentLogger,
    {
      web: [(_req, _res, next) => next()],
      rateLimits: uniformRateLimits(lifted),
      paymentRateLimits: {
        checkoutPerUser: lifted,
        cancelPerUser: lifted,
        checkoutPerAddress: lifted,
      },
    },
  );
  const close = async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await server.listen();
    await stockUp(server.eventStore);
    const customers = await seedCustomers(server.eventStore, options.customers);
    await server.runner.waitForPosition(await server.eventStore.headPosition(), 60_000);
    if (options.eventStoreUrl) await analyzeTables(options.eventStoreUrl);
    return { server, url, customers, close };
  } catch (error) {
    await close();
    throw error;
  }
}
