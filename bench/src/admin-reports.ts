import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cartStreamName,
  orderStreamName,
  paymentStreamName,
  saleStreamName,
  shopDate,
  userStreamName,
} from '@quitute/contracts';
import { createEmbeddedServer } from '@quitute/embedded';
import { createTokenService } from '@quitute/infra/auth';
import type { EventStore, JsonObject, NewEvent } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createStores } from '@quitute/infra/snapshot-store';
import { percentile } from './stats';

const jwtSecret = 'bench-admin-secret-bench-admin-secret!';
const DAY_MS = 86_400_000;

interface Append {
  stream: string;
  events: { type: string; data: JsonObject; occurredAt: string }[];
}

/** A tiny deterministic generator: the same shop on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const MENU = [
  { name: 'Coxinha', unitPriceCents: 60 },
  { name: 'Quibe', unitPriceCents: 65 },
  { name: 'Empada', unitPriceCents: 80 },
  { name: 'Brigadeiro', unitPriceCents: 70 },
  { name: 'Beijinho', unitPriceCents: 70 },
  { name: 'Pastel', unitPriceCents: 75 },
  { name: 'Kit Festa', unitPriceCents: 14_500 },
].map((item, index) => ({ ...item, productId: crypto.randomUUID(), index }));

/**
 * The settled history of `orders` orders placed over the last `days` days
 * (each one's order, payment, cart check-out and online sale, so the payment
 * process owes nothing and stays idle), 85% paid (some delivered since, 1%
 * deleted), the rest cancelled with their expired Pix; and `counterSales`
 * physical sales over the same days.
 */
export function history(options: {
  orders: number;
  counterSales: number;
  days: number;
  now: number;
}) {
  const next = random(42);
  const customers = Array.from({ length: 500 }, (_, index) => ({
    userId: crypto.randomUUID(),
    name: `Cliente ${index + 1}`,
    email: `cliente${index + 1}@exemplo.com.br`,
  }));
  /** One group per order (its streams in causal order, the order's first) or counter sale. */
  const groups: Append[][] = [];
  const at = (offsetMs: number) => new Date(offsetMs).toISOString();
  const start = options.now - options.days * DAY_MS;
  for (let n = 0; n < options.orders; n += 1) {
    const customer = customers[Math.floor(next() * customers.length)] ?? customers[0];
    if (!customer) throw new Error('no customers');
    const orderId = crypto.randomUUID();
    const paymentId = crypto.randomUUID();
    // Spread in time order, so order numbers grow with the time they were placed.
    const placedAt = start + ((n + next()) / options.orders) * options.days * DAY_MS;
    const product = MENU[Math.floor(next() * MENU.length)] ?? MENU[0];
    if (!product) throw new Error('no menu');
    const quantity = product.unitPriceCents > 10_000 ? 1 : 20 + Math.floor(next() * 80);
    const totalCents = quantity * product.unitPriceCents;
    const line = {
      productId: product.productId,
      name: product.name,
      category: 'Salgados Fritos',
      unitPriceCents: product.unitPriceCents,
      quantity,
    };
    const orderEvents: Append['events'] = [
      {
        type: 'OrderPlaced',
        occurredAt: at(placedAt),
        data: {
          orderId,
          orderNumber: 1001 + n,
          paymentId,
          paymentMethod: 'pix',
          customer: { ...customer, cpf: '52998224725' },
          items: [line],
          totalCents,
          deliveryType: 'pickup',
          deliveryDate: at(placedAt + 3 * DAY_MS),
          linesFrom: 'cart',
          requestFingerprint: `bench-${n}`,
        },
      },
    ];
    const requested = {
      type: 'PaymentRequested',
      occurredAt: at(placedAt + 1_000),
      data: {
        paymentId,
        orderId,
        userId: customer.userId,
        method: 'pix',
        amountCents: totalCents,
        provider: 'simulator',
        paymentMethodId: 'pix',
      },
    };
    if (next() < 0.85) {
      const paidAt = at(placedAt + 5 * 60_000);
      orderEvents.push({
        type: 'OrderPaid',
        occurredAt: paidAt,
        data: { orderId, paymentId, amountCents: totalCents },
      });
      if (placedAt < options.now - 3 * DAY_MS) {
        orderEvents.push({
          type: 'OrderStatusChanged',
          occurredAt: at(placedAt + 3 * DAY_MS),
          data: { orderId, from: 'processing', to: 'delivered' },
        });
      }
      if (next() < 0.01) {
        orderEvents.push({
          type: 'OrderDeleted',
          occurredAt: at(placedAt + DAY_MS),
          data: { orderId },
        });
      }
      groups.push([
        { stream: orderStreamName(orderId), events: orderEvents },
        {
          stream: paymentStreamName(paymentId),
          events: [
            requested,
            {
              type: 'PaymentApproved',
              occurredAt: paidAt,
              data: {
                paymentId,
                orderId,
                providerPaymentId: `bench-${n}`,
                statusDetail: 'accredited',
              },
            },
          ],
        },
        {
          stream: cartStreamName(customer.userId),
          events: [
            {
              type: 'CartCheckedOut',
              occurredAt: paidAt,
              data: { userId: customer.userId, orderId },
            },
          ],
        },
        {
          stream: saleStreamName(orderId),
          events: [
            {
              type: 'SaleRecorded',
              occurredAt: paidAt,
              data: {
                saleId: orderId,
                source: 'online',
                amountCents: totalCents,
                clientName: customer.name,
                soldAt: paidAt,
                orderId,
                orderNumber: 1001 + n,
                items: [
                  {
                    productId: product.productId,
                    name: product.name,
                    quantity,
                    revenueCents: totalCents,
                  },
                ],
              },
            },
          ],
        },
      ]);
    } else {
      const expiredAt = at(placedAt + 30 * 60_000);
      orderEvents.push({
        type: 'OrderCancelled',
        occurredAt: expiredAt,
        data: { orderId, reason: 'payment_expired' },
      });
      groups.push([
        { stream: orderStreamName(orderId), events: orderEvents },
        {
          stream: paymentStreamName(paymentId),
          events: [
            requested,
            {
              type: 'PaymentCancelled',
              occurredAt: expiredAt,
              data: {
                paymentId,
                orderId,
                providerPaymentId: `bench-${n}`,
                statusDetail: 'expired',
                reason: 'expired',
              },
            },
          ],
        },
      ]);
    }
  }
  for (let n = 0; n < options.counterSales; n += 1) {
    const saleId = crypto.randomUUID();
    const soldAt = shopDate(new Date(start + next() * options.days * DAY_MS));
    groups.push([
      {
        stream: saleStreamName(saleId),
        events: [
          {
            type: 'SaleRecorded',
            occurredAt: at(options.now),
            data: {
              saleId,
              source: 'physical',
              amountCents: 1_000 + Math.floor(next() * 30_000),
              clientName: `Balcão ${n + 1}`,
              soldAt,
            },
          },
        ],
      },
    ]);
  }
  return groups;
}

/** 64 groups at a time, each group's appends in order (the payment process reads them in that order). */
/** A history event as the system appends it. */
const asNewEvent = ({ type, data, occurredAt }: Append['events'][number]): NewEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: {
    correlationId: 'bench',
    causationId: 'bench',
    actorId: 'system',
    actorRole: 'system',
    occurredAt,
  },
});

async function seed(eventStore: EventStore, groups: readonly Append[][]): Promise<void> {
  for (let from = 0; from < groups.length; from += 64) {
    await Promise.all(
      groups.slice(from, from + 64).map(async (group) => {
        for (const { stream, events } of group) {
          await eventStore.appendToStream(stream, events.map(asNewEvent), {
            expectedRevision: 'any',
          });
        }
      }),
    );
  }
}

/**
 * The history in global order, 2,000 events per append into `bench-<n>` streams:
 * projections route by the events' data, never by stream, so the read models
 * are those of the real streams, and seeding 200,000 events takes seconds
 * instead of one transaction per stream. (No process manager or view of the
 * shop follows `bench-` streams: they stay idle.)
 */
async function seedInBulk(eventStore: EventStore, groups: readonly Append[][]): Promise<void> {
  const events = groups.flat().flatMap((append) => append.events);
  for (let from = 0, n = 0; from < events.length; from += SEED_BATCH, n += 1) {
    await eventStore.appendToStream(
      `bench-${n}`,
      events.slice(from, from + SEED_BATCH).map(asNewEvent),
      { expectedRevision: 'no_stream' },
    );
  }
}

const SEED_BATCH = 2_000;

/**
 * How a history is written: each group into its real streams (what the shop's
 * process manager and views follow, so they have their share of work at
 * start; slow: one transaction per stream), or `bulk` (above).
 */
export type SeedLayout = 'real streams' | 'bulk';

/** Writes the groups into the event store of a shop's data directory (closed after); resolves with the events written. */
export async function seedDataDir(
  dataDir: string,
  groups: readonly Append[][],
  layout: SeedLayout = 'real streams',
): Promise<number> {
  const stores = await createStores({ dataDir });
  try {
    await (layout === 'bulk' ? seedInBulk : seed)(stores.eventStore, groups);
  } finally {
    await stores.snapshotStore.close();
    await stores.eventStore.close();
  }
  return groups.flat().reduce((sum, append) => sum + append.events.length, 0);
}

export interface AdminReadRow {
  request: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Issue 11: admin reads over `orders` orders on the embedded shop (PGlite,
 * in-memory read models rebuilt at start). The history is written to the data
 * directory (where the shop keeps its event store) before the shop opens, as
 * a shop restarted on its data would find it; each request is then sent `requests` times, one at a time, as the admin.
 */
export async function measureAdminReads(options: {
  orders: number;
  counterSales: number;
  days: number;
  requests: number;
  warmUp: number;
}): Promise<{ rows: AdminReadRow[]; events: number; startSeconds: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-bench-admin-'));
  const now = Date.now();
  const adminId = crypto.randomUUID();
  const groups = history({ ...options, now });
  groups.push([
    {
      stream: userStreamName(adminId),
      events: [
        {
          type: 'UserRegistered',
          occurredAt: new Date(now).toISOString(),
          data: {
            userId: adminId,
            email: 'bench-admin@exemplo.com.br',
            name: 'Admin',
            passwordHash: 'scrypt$bench',
            role: 'admin',
          },
        },
      ],
    },
  ]);
  const events = await seedDataDir(dataDir, groups);

  const started = performance.now();
  const server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent', jwtSecret },
    silentLogger,
    { web: [(_req, _res, next) => next()] },
  );
  const url = await server.listen();
  const startSeconds = (performance.now() - started) / 1000;
  const token = createTokenService({ secret: jwtSecret }).sign({
    userId: adminId,
    email: 'bench-admin@exemplo.com.br',
    name: 'Admin',
    role: 'admin',
    sessionVersion: 0,
  });
  const today = shopDate(new Date(now));
  const [year, month] = today.split('-').map(Number);
  const previous =
    month === 1 ? { year: (year ?? 2) - 1, month: 12 } : { year, month: (month ?? 2) - 1 };
  const requests = [
    '/api/admin/orders?page=50&limit=10',
    `/api/admin/sales/monthly-report?year=${year}&month=${month}`,
    `/api/admin/sales/monthly-report?year=${previous.year}&month=${previous.month}`,
    '/api/admin/orders?page=1&limit=10&search=cliente%2042',
    '/api/admin/orders/stats',
    '/api/admin/sales?page=50&limit=10',
    '/api/admin/sales/stats',
    '/api/admin/sales/daily-chart',
    '/api/admin/dashboard/top-selling-products?limit=4',
    '/api/admin/dashboard/orders-today',
  ];
  const rows: AdminReadRow[] = [];
  try {
    for (const request of requests) {
      const latencies: number[] = [];
      for (let n = 0; n < options.warmUp + options.requests; n += 1) {
        const sent = performance.now();
        const response = await fetch(`${url}${request}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await response.text();
        if (response.status !== 200)
          throw new Error(`${request} answered ${response.status}: ${body}`);
        if (n >= options.warmUp) latencies.push(performance.now() - sent);
      }
      latencies.sort((a, b) => a - b);
      rows.push({
        request,
        samples: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? Number.NaN,
      });
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, events, startSeconds };
}
