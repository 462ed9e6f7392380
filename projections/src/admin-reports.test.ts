import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailyChart,
  dailySales,
  dayTotals,
  monthlyReport,
  ONLINE_SALES_BY_MONTH_COLLECTION,
  onlineSalesMonthDocumentSchema,
  ORDERS_COLLECTION,
  orderDocumentSchema,
  orderStreamName,
  paymentStreamName,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  productStreamName,
  saleDocumentSchema,
  SALES_COLLECTION,
  saleStreamName,
  salesStats,
  salesTotal,
  productTotals,
  topSellingProducts,
  USERS_COLLECTION,
  userDocumentSchema,
  userStreamName,
  type DayTotal,
  type OnlineSalesMonthDocument,
  type SaleDocument,
} from '@quitute/contracts';
import {
  createMemoryEventStore,
  type EventStore,
  type JsonObject,
} from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

/**
 * Issue 11 point 7: every admin report equals what a full rebuild from the
 * same events gives. The history below is applied the way a running shop
 * applies it — live, in bursts, with a restart half-way — and rebuilt from
 * scratch into another read store; each report is then computed from both.
 * It holds an amended physical sale, a deleted one, a deleted paid order
 * (whose sale stays), a delivery paid with its fee (issue 37: 'Taxa de
 * entrega', counted apart from product revenue), and a Pix delivery paid in
 * October that the admin cancels and refunds in November (its online sale,
 * fee and all, reversed: no report counts it, in October nor November).
 */

/** Wednesday 2026-11-25 in São Paulo: the reports' "today". */
const today = '2026-11-25';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const coxinha = id(901);
const quibe = id(902);
const pastel = id(903);
const ana = id(1);
const bia = id(2);
const caio = id(3);

interface Step {
  stream: string;
  type: string;
  data: JsonObject;
  occurredAt: string;
}

const step = (stream: string, type: string, data: JsonObject, occurredAt: string): Step => ({
  stream,
  type,
  data,
  occurredAt,
});

const product = (productId: string, name: string, priceCents: number, stock: number) =>
  step(
    productStreamName(productId),
    'ProductAdded',
    {
      productId,
      name,
      priceCents,
      category: 'Salgados Fritos',
      description: name,
      imageUrl: null,
      stock,
      itens: [],
      isActive: true,
    },
    '2026-09-01T12:00:00.000Z',
  );

/**
 * An order of Ana's, placed at `placedAt`; paid (with its online sale) when
 * `paidAt` is given; delivered to the Centro zone when it has a `deliveryFeeCents`
 * (issue 37: the fee is in the total and the sale's amount, no product's revenue).
 */
function order(
  n: number,
  placedAt: string,
  line: { productId: string; name: string; quantity: number; unitPriceCents: number },
  paidAt?: string,
  deliveryFeeCents = 0,
): Step[] {
  const orderId = id(100 + n);
  const paymentId = id(200 + n);
  const itemsCents = line.quantity * line.unitPriceCents;
  const totalCents = itemsCents + deliveryFeeCents;
  const delivery: JsonObject =
    deliveryFeeCents > 0
      ? {
          deliveryType: 'delivery',
          deliveryZone: 'Centro',
          address: {
            zipCode: '01310100',
            streetName: 'Avenida Paulista',
            streetNumber: '1000',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            federalUnit: 'SP',
          },
        }
      : { deliveryType: 'pickup' };
  const placed = step(
    orderStreamName(orderId),
    'OrderPlaced',
    {
      orderId,
      orderNumber: 1000 + n,
      paymentId,
      paymentMethod: 'pix',
      customer: {
        userId: ana,
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        cpf: '52998224725',
        phone: '11987654321',
      },
      items: [{ ...line, category: 'Salgados Fritos' }],
      totalCents,
      deliveryFeeCents,
      ...delivery,
      deliveryDate: '2026-12-20T14:30:00-03:00',
      linesFrom: 'cart',
      requestFingerprint: `f${n}`,
    },
    placedAt,
  );
  if (!paidAt) return [placed];
  return [
    placed,
    step(
      paymentStreamName(String(paymentId)),
      'PaymentApproved',
      { paymentId, orderId, providerPaymentId: `mp-${n}`, statusDetail: 'accredited' },
      paidAt,
    ),
    step(
      orderStreamName(orderId),
      'OrderPaid',
      { orderId, paymentId, amountCents: totalCents },
      paidAt,
    ),
    step(
      saleStreamName(orderId),
      'SaleRecorded',
      {
        saleId: orderId,
        source: 'online',
        amountCents: totalCents,
        clientName: 'Ana Souza',
        soldAt: paidAt,
        orderId,
        orderNumber: 1000 + n,
        items: [
          {
            productId: line.productId,
            name: line.name,
            quantity: line.quantity,
            revenueCents: itemsCents,
          },
        ],
        deliveryFeeCents,
      },
      paidAt,
    ),
  ];
}

/**
 * A paid order (`order`'s steps) cancelled by an admin and refunded at
 * `refundedAt`: the payment process then reverses its online sale, which
 * takes back what the sale had counted.
 */
function refunded(paidOrder: Step[], refundedAt: string): Step[] {
  const sale = paidOrder.find((recorded) => recorded.type === 'SaleRecorded');
  if (!sale) throw new Error('only a paid order’s sale is reversed');
  const {
    saleId = null,
    soldAt = null,
    amountCents = null,
    items = null,
    deliveryFeeCents = null,
  } = sale.data;
  const approval = paidOrder.find((recorded) => recorded.type === 'PaymentApproved');
  const { paymentId = null, providerPaymentId = null } = approval?.data ?? {};
  return [
    step(
      orderStreamName(String(saleId)),
      'OrderStatusChanged',
      { orderId: saleId, from: 'processing', to: 'cancelled' },
      refundedAt,
    ),
    step(
      paymentStreamName(String(paymentId)),
      'PaymentRefunded',
      {
        paymentId,
        orderId: saleId,
        providerPaymentId,
        statusDetail: 'refunded',
        reason: 'provider',
      },
      refundedAt,
    ),
    step(
      saleStreamName(String(saleId)),
      'OnlineSaleReversed',
      { saleId, orderId: saleId, reason: 'refunded', soldAt, amountCents, items, deliveryFeeCents },
      refundedAt,
    ),
  ];
}

/** October: a Pix order delivered for a fee and paid, then in November cancelled by the admin and refunded. */
const paidInOctober = order(
  5,
  '2026-10-20T15:00:00.000Z',
  { productId: quibe, name: 'Quibe', quantity: 10, unitPriceCents: 120 },
  '2026-10-20T15:05:00.000Z',
  1_000,
);

const counterSale = (n: number, soldAt: string, amountCents: number, clientName = 'Balcão') =>
  step(
    saleStreamName(id(300 + n)),
    'SaleRecorded',
    { saleId: id(300 + n), source: 'physical', amountCents, clientName, soldAt },
    '2026-11-25T15:00:00.000Z',
  );

const history: Step[] = [
  product(coxinha, 'Coxinha', 60, 500),
  product(quibe, 'Quibe', 120, 4),
  product(pastel, 'Pastel', 80, 100),
  step(
    productStreamName(pastel),
    'ProductDeleted',
    { productId: pastel },
    '2026-09-02T12:00:00.000Z',
  ),
  step(
    userStreamName(ana),
    'UserRegistered',
    {
      userId: ana,
      email: 'ana@exemplo.com.br',
      name: 'Ana Souza',
      passwordHash: 'h',
      role: 'user',
    },
    '2026-09-03T12:00:00.000Z',
  ),
  step(
    userStreamName(bia),
    'UserInvited',
    {
      userId: bia,
      email: 'bia@exemplo.com.br',
      name: 'Bia',
      phone: '',
      address: '',
      role: 'admin',
    },
    '2026-09-04T12:00:00.000Z',
  ),
  step(
    userStreamName(bia),
    'UserEmailChanged',
    { userId: bia, email: 'bia.costa@exemplo.com.br', previousEmail: 'bia@exemplo.com.br' },
    '2026-09-05T12:00:00.000Z',
  ),
  step(
    userStreamName(caio),
    'UserRegistered',
    { userId: caio, email: 'caio@exemplo.com.br', name: 'Caio', passwordHash: 'h', role: 'user' },
    '2026-09-06T12:00:00.000Z',
  ),
  step(userStreamName(caio), 'UserDeleted', { userId: caio }, '2026-09-07T12:00:00.000Z'),
  // October: an online sale and a counter sale.
  ...order(
    1,
    '2026-10-30T15:00:00.000Z',
    { productId: coxinha, name: 'Coxinha', quantity: 50, unitPriceCents: 60 },
    '2026-10-30T15:05:00.000Z',
  ),
  counterSale(1, '2026-10-15', 2_000),
  ...paidInOctober,
  // November: a counter sale amended (another day, amount and client), one deleted.
  counterSale(2, '2026-11-10', 5_000),
  ...refunded(paidInOctober, '2026-11-20T13:00:00.000Z'),
  step(
    saleStreamName(id(302)),
    'SaleAmended',
    { saleId: id(302), amountCents: 6_000, clientName: 'Dona Célia', soldAt: '2026-11-12' },
    '2026-11-25T15:01:00.000Z',
  ),
  counterSale(3, today, 1_000),
  step(saleStreamName(id(303)), 'SaleDeleted', { saleId: id(303) }, '2026-11-25T15:02:00.000Z'),
  // Today: a paid order later deleted (its sale stays), a pending one, one paid late at night
  // (01:30 UTC on the 26th is still the 25th in São Paulo).
  ...order(
    2,
    '2026-11-25T12:00:00.000Z',
    { productId: quibe, name: 'Quibe', quantity: 40, unitPriceCents: 120 },
    '2026-11-25T12:05:00.000Z',
  ),
  step(orderStreamName(id(102)), 'OrderDeleted', { orderId: id(102) }, '2026-11-25T16:00:00.000Z'),
  ...order(3, '2026-11-25T13:00:00.000Z', {
    productId: coxinha,
    name: 'Coxinha',
    quantity: 20,
    unitPriceCents: 60,
  }),
  // A delivery: R$ 18,00 of coxinhas and R$ 15,00 'Taxa de entrega'.
  ...order(
    4,
    '2026-11-26T01:00:00.000Z',
    { productId: coxinha, name: 'Coxinha', quantity: 30, unitPriceCents: 60 },
    '2026-11-26T01:30:00.000Z',
    1_500,
  ),
];

async function append(eventStore: EventStore, steps: readonly Step[]): Promise<number> {
  let position = 0;
  for (const { stream, type, data, occurredAt } of steps) {
    ({ position } = await eventStore.appendToStream(stream, [
      {
        id: crypto.randomUUID(),
        type,
        data,
        metadata: {
          correlationId: 'c',
          causationId: 'c',
          actorId: 'system',
          actorRole: 'system',
          occurredAt,
        },
      },
    ]));
  }
  return position;
}

const runnerOn = (eventStore: EventStore, readStore: ReadStore) =>
  new ProjectionRunner({ eventStore, readStore, projections, logger: silentLogger });

/** Every document of a collection, by id. */
async function documentsOf(readStore: ReadStore, collection: string) {
  const documents = await readStore.collection(collection).find({}, { sort: { _id: 1 } });
  return documents;
}

const salesOf = async (readStore: ReadStore): Promise<SaleDocument[]> =>
  (await documentsOf(readStore, SALES_COLLECTION)).map((document) =>
    saleDocumentSchema.parse(document),
  );

const onlineMonthsOf = async (readStore: ReadStore): Promise<OnlineSalesMonthDocument[]> =>
  (await documentsOf(readStore, ONLINE_SALES_BY_MONTH_COLLECTION)).map((document) =>
    onlineSalesMonthDocumentSchema.parse(document),
  );

/** Every day total, as query-api adds them up (online months and physical sales). */
const totalsOf = async (readStore: ReadStore): Promise<DayTotal[]> =>
  dayTotals(await onlineMonthsOf(readStore), await salesOf(readStore));

const live = createMemoryReadStore();
const rebuilt = createMemoryReadStore();

beforeAll(async () => {
  const eventStore = createMemoryEventStore();
  const half = Math.floor(history.length / 2);
  // Live: a runner follows the first bursts, stops, and another resumes from its checkpoints.
  const first = runnerOn(eventStore, live);
  await first.start();
  await append(eventStore, history.slice(0, 4));
  await first.waitForPosition(await append(eventStore, history.slice(4, half)), 5_000);
  await first.stop();
  const second = runnerOn(eventStore, live);
  await second.start();
  for (let from = half; from < history.length; from += 3) {
    await second.waitForPosition(await append(eventStore, history.slice(from, from + 3)), 5_000);
  }
  expect(second.stoppedProjections).toEqual([]);
  await second.stop();
  // Rebuilt: one runner over the whole log into an empty read store.
  const rebuild = runnerOn(eventStore, rebuilt);
  await rebuild.start();
  expect(rebuild.stoppedProjections).toEqual([]);
  await rebuild.stop();
});
afterAll(async () => {
  await live.close();
  await rebuilt.close();
});

/** The same report from the live read models and from the rebuilt ones. */
async function both<T>(report: (readStore: ReadStore) => Promise<T>): Promise<T> {
  const fromLive = await report(live);
  expect(fromLive).toEqual(await report(rebuilt));
  return fromLive;
}

describe('admin reports: live read models equal a rebuild from the same events', () => {
  it('given the history, then every read model the reports read holds the same documents', async () => {
    for (const collection of [
      SALES_COLLECTION,
      ONLINE_SALES_BY_MONTH_COLLECTION,
      ORDERS_COLLECTION,
      USERS_COLLECTION,
      PRODUCTS_COLLECTION,
    ]) {
      const documents = await both((readStore) => documentsOf(readStore, collection));
      expect(documents.length).toBeGreaterThan(0);
    }
  });

  it('sales list: the amended sale as amended, the deleted one gone, the deleted order’s sale kept', async () => {
    const sales = await both(salesOf);
    expect(sales.map((sale) => [sale.clientName, sale.amountCents, sale.day])).toEqual([
      ['Ana Souza', 3_000, '2026-10-30'],
      ['Ana Souza', 4_800, '2026-11-25'],
      ['Ana Souza', 3_300, '2026-11-25'],
      ['Balcão', 2_000, '2026-10-15'],
      ['Dona Célia', 6_000, '2026-11-12'],
    ]);
  });

  it('given an October Pix order’s sale refunded in November, then its sale is gone from the list and October’s month counts only the sale that stands (the stats and reports below count neither)', async () => {
    const sales = await both(salesOf);
    expect(sales.map((sale) => sale.orderNumber)).not.toContain(1005);
    const months = await both(onlineMonthsOf);
    expect(months.map(({ _id, days, products }) => ({ _id, days, products }))).toEqual([
      {
        _id: '2026-10',
        days: { '2026-10-30': { count: 1, amountCents: 3_000, deliveryFeeCents: 0 } },
        products: { [coxinha]: { name: 'Coxinha', quantity: 50, revenueCents: 3_000 } },
      },
      {
        _id: '2026-11',
        days: { '2026-11-25': { count: 2, amountCents: 8_100, deliveryFeeCents: 1_500 } },
        products: {
          [coxinha]: { name: 'Coxinha', quantity: 30, revenueCents: 1_800 },
          [quibe]: { name: 'Quibe', quantity: 40, revenueCents: 4_800 },
        },
      },
    ]);
  });

  it('sales stats', async () => {
    expect(await both(async (readStore) => salesStats(await totalsOf(readStore), today))).toEqual({
      totalSales: 3,
      monthlyRevenue: 141,
      averageTicket: 47,
      lifetimeTotalSales: 5,
      lifetimeTotalRevenue: 191,
    });
  });

  it('daily chart', async () => {
    const chart = await both(async (readStore) => dailyChart(await totalsOf(readStore), today));
    expect(chart.filter((point) => point.onlineTotal + point.physicalTotal > 0)).toEqual([
      { date: '2026-10-30', onlineTotal: 30, physicalTotal: 0 },
      { date: '2026-11-12', onlineTotal: 0, physicalTotal: 60 },
      { date: '2026-11-25', onlineTotal: 81, physicalTotal: 0 },
    ]);
  });

  it('monthly report: the delivery fee as its own figure (Taxa de entrega), apart from product revenue; top products count items only', async () => {
    const report = await both(async (readStore) =>
      monthlyReport(
        await totalsOf(readStore),
        productTotals((await onlineMonthsOf(readStore)).filter((month) => month._id === '2026-11')),
        { year: 2026, month: 11 },
        today,
      ),
    );
    expect(report).toMatchObject({
      totalRevenue: 141,
      deliveryFees: 15,
      productRevenue: 126,
      totalSales: 3,
      averageTicket: 47,
      bestDay: { date: '2026-11-25', revenue: 81, sales: 2 },
      growthComparison: {
        previousMonth: { totalRevenue: 50, totalSales: 2 },
        growthPercentage: { revenue: 182, sales: 50 },
      },
      topProducts: [
        { productName: 'Quibe', quantity: 40, revenue: 48 },
        { productName: 'Coxinha', quantity: 30, revenue: 18 },
      ],
    });
  });

  it('dashboard sales today, sales this month, daily sales', async () => {
    const figures = await both(async (readStore) => {
      const totals = await totalsOf(readStore);
      return {
        today: salesTotal(totals, { day: today }),
        month: salesTotal(totals, { month: '2026-11' }),
        lastDay: dailySales(totals, today).at(-1),
      };
    });
    expect(figures).toEqual({ today: 81, month: 141, lastDay: { date: today, total: 81 } });
  });

  it('dashboard top-selling products', async () => {
    const top = await both(async (readStore) =>
      topSellingProducts(
        productTotals(await onlineMonthsOf(readStore)),
        (await documentsOf(readStore, PRODUCTS_COLLECTION)).map((document) =>
          productDocumentSchema.parse(document),
        ),
        4,
      ),
    );
    expect(top.map((product) => [product.name, product.quantitySold, product.totalSales])).toEqual([
      ['Coxinha', 80, 48],
      ['Quibe', 40, 48],
    ]);
  });

  it('orders list, stats, recent orders and orders today: the deleted order in none of them', async () => {
    const figures = await both(async (readStore) => {
      const orders = readStore.collection(ORDERS_COLLECTION);
      const listed = await orders.find(
        { isDeleted: false },
        { sort: { createdAt: -1, orderNumber: -1 } },
      );
      return {
        listed: listed.map((document) => orderDocumentSchema.parse(document).orderNumber),
        pending: await orders.count({ isDeleted: false, orderStatus: 'pending' }),
        processing: await orders.count({ isDeleted: false, orderStatus: 'processing' }),
        today: await orders.count({
          isDeleted: false,
          createdAt: { $gte: '2026-11-25T03:00:00.000Z', $lt: '2026-11-26T03:00:00.000Z' },
        }),
      };
    });
    expect(figures).toEqual({
      listed: [1004, 1003, 1001, 1005],
      pending: 1,
      processing: 2,
      today: 2,
    });
  });

  it('users list and stats: the invited admin with the new e-mail, the deleted user left out', async () => {
    const users = await both(async (readStore) =>
      (
        await readStore
          .collection(USERS_COLLECTION)
          .find({ isDeleted: false }, { sort: { _id: 1 } })
      ).map((document) => {
        const user = userDocumentSchema.parse(document);
        return [user.name, user.email, user.role];
      }),
    );
    expect(users).toEqual([
      ['Ana Souza', 'ana@exemplo.com.br', 'user'],
      ['Bia', 'bia.costa@exemplo.com.br', 'admin'],
    ]);
  });

  it('product stats: the deleted product flagged, the low-stock one live', async () => {
    const counts = await both(async (readStore) => {
      const products = readStore.collection(PRODUCTS_COLLECTION);
      return {
        live: await products.count({ isDeleted: false }),
        lowStock: await products.count({ isDeleted: false, stock: { $lt: 10 } }),
        deleted: await products.count({ isDeleted: true }),
      };
    });
    expect(counts).toEqual({ live: 2, lowStock: 1, deleted: 1 });
  });
});
