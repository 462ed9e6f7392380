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
  productTotals,
  saleDocumentSchema,
  SALES_COLLECTION,
  saleStreamName,
  salesStats,
  salesTotal,
  topSellingProducts,
  type DayTotal,
} from '@quitute/contracts';
import { createMemoryEventStore, type JsonObject } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { projections } from './registry';
import { ProjectionRunner } from './runner';

/**
 * Issue 38 point 5: the reports agree with the money. A scripted November of
 * the shop — online sales paid on several days, a partial refund the same
 * day, a refund in December of a November sale, a chargeback, a paid order
 * cancelled by the admin (refunded in full), counter sales (one amended, one
 * deleted), abandoned checkouts — is appended to an empty log, every read
 * model is rebuilt from it, and every figure of the dashboard, the sales
 * overview and the monthly reports is compared with a ledger written by hand
 * below (what was paid and what went back, per day), not with the code under
 * test.
 */

/** Saturday 5 December 2026 in São Paulo: the reports' "today". */
const today = '2026-12-05';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const coxinha = { productId: id(901), name: 'Coxinha', unitPriceCents: 60 };
const quibe = { productId: id(902), name: 'Quibe', unitPriceCents: 120 };
const ana = id(1);

interface Step {
  stream: string;
  type: string;
  data: JsonObject;
  occurredAt: string;
}

/** Noon in São Paulo (15:00 UTC) of a day, plus some minutes: well inside that shop day. */
const noon = (day: string, minutes = 0) =>
  new Date(Date.parse(`${day}T15:00:00.000Z`) + minutes * 60_000).toISOString();

const product = (line: typeof coxinha): Step => ({
  stream: productStreamName(line.productId),
  type: 'ProductAdded',
  data: {
    productId: line.productId,
    name: line.name,
    priceCents: line.unitPriceCents,
    category: 'Salgados Fritos',
    description: line.name,
    imageUrl: null,
    stock: 1_000,
    itens: [],
    isActive: true,
  },
  occurredAt: '2026-10-01T12:00:00.000Z',
});

interface ScriptedOrder {
  n: number;
  orderId: string;
  paymentId: string;
  lines: { product: typeof coxinha; quantity: number }[];
  feeCents: number;
  totalCents: number;
}

function scriptedOrder(n: number, lines: ScriptedOrder['lines'], feeCents = 0): ScriptedOrder {
  const itemsCents = lines.reduce(
    (total, line) => total + line.quantity * line.product.unitPriceCents,
    0,
  );
  return {
    n,
    orderId: id(100 + n),
    paymentId: id(200 + n),
    lines,
    feeCents,
    totalCents: itemsCents + feeCents,
  };
}

function placed(order: ScriptedOrder, at: string, method = 'pix'): Step {
  return {
    stream: orderStreamName(order.orderId),
    type: 'OrderPlaced',
    data: {
      orderId: order.orderId,
      orderNumber: 1000 + order.n,
      paymentId: order.paymentId,
      paymentMethod: method,
      customer: {
        userId: ana,
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        cpf: '52998224725',
        phone: '11987654321',
      },
      items: order.lines.map((line) => ({
        ...line.product,
        quantity: line.quantity,
        category: 'Salgados Fritos',
      })),
      totalCents: order.totalCents,
      deliveryFeeCents: order.feeCents,
      ...(order.feeCents > 0
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
        : { deliveryType: 'pickup' }),
      deliveryDate: '2026-12-20T14:30:00-03:00',
      linesFrom: 'cart',
      requestFingerprint: `f${order.n}`,
    },
    occurredAt: at,
  };
}

/** Placed and paid at `at`: the approval, the order paid, its online sale. */
function paid(order: ScriptedOrder, at: string): Step[] {
  const { orderId, paymentId } = order;
  return [
    placed(order, at),
    {
      stream: paymentStreamName(paymentId),
      type: 'PaymentApproved',
      data: { paymentId, orderId, providerPaymentId: `mp-${order.n}`, statusDetail: 'accredited' },
      occurredAt: at,
    },
    {
      stream: orderStreamName(orderId),
      type: 'OrderPaid',
      data: { orderId, paymentId, amountCents: order.totalCents },
      occurredAt: at,
    },
    {
      stream: saleStreamName(orderId),
      type: 'SaleRecorded',
      data: {
        saleId: orderId,
        source: 'online',
        amountCents: order.totalCents,
        clientName: 'Ana Souza',
        soldAt: at,
        orderId,
        orderNumber: 1000 + order.n,
        items: order.lines.map((line) => ({
          productId: line.product.productId,
          name: line.product.name,
          quantity: line.quantity,
          revenueCents: line.quantity * line.product.unitPriceCents,
        })),
        deliveryFeeCents: order.feeCents,
      },
      occurredAt: at,
    },
  ];
}

/**
 * Money of a paid order went back at `at`, as the command side records it: the
 * refund asked and completed on the payment, and the online sale refunded with
 * the split given (its fee, each line's revenue; the units when `final`).
 */
function refunded(
  order: ScriptedOrder,
  refundNumber: number,
  at: string,
  split: { feeCents: number; lines: number[] },
  options: { reason: 'admin' | 'order_cancelled'; final: boolean },
): Step[] {
  const { orderId, paymentId } = order;
  const refundId = id(500 + refundNumber);
  const amountCents = split.feeCents + split.lines.reduce((total, cents) => total + cents, 0);
  const note: JsonObject = options.reason === 'admin' ? { note: 'Item em falta' } : {};
  return [
    {
      stream: paymentStreamName(paymentId),
      type: 'PaymentRefundRequested',
      data: {
        paymentId,
        orderId,
        providerPaymentId: `mp-${order.n}`,
        reason: options.reason,
        refundId,
        amountCents,
        ...note,
      },
      occurredAt: at,
    },
    {
      stream: paymentStreamName(paymentId),
      type: 'PaymentRefundCompleted',
      data: {
        paymentId,
        orderId,
        providerPaymentId: `mp-${order.n}`,
        refundId,
        amountCents,
        reason: options.reason,
        ...note,
        refundedAt: at,
      },
      occurredAt: at,
    },
    {
      stream: saleStreamName(orderId),
      type: 'OnlineSaleRefunded',
      data: {
        saleId: orderId,
        orderId,
        orderNumber: 1000 + order.n,
        refundId,
        reason: 'refunded',
        refundedAt: at,
        clientName: 'Ana Souza',
        amountCents,
        deliveryFeeCents: split.feeCents,
        items: order.lines.map((line, index) => ({
          productId: line.product.productId,
          name: line.product.name,
          quantity: options.final ? line.quantity : 0,
          revenueCents: split.lines[index] ?? 0,
        })),
        final: options.final,
      },
      occurredAt: at,
    },
  ];
}

function chargedBack(order: ScriptedOrder, at: string): Step[] {
  const { orderId, paymentId } = order;
  return [
    {
      stream: paymentStreamName(paymentId),
      type: 'PaymentChargedBack',
      data: {
        paymentId,
        orderId,
        providerPaymentId: `mp-${order.n}`,
        statusDetail: 'reimbursed',
        amountCents: order.totalCents,
      },
      occurredAt: at,
    },
    {
      stream: saleStreamName(orderId),
      type: 'OnlineSaleRefunded',
      data: {
        saleId: orderId,
        orderId,
        orderNumber: 1000 + order.n,
        refundId: id(599),
        reason: 'charged_back',
        refundedAt: at,
        clientName: 'Ana Souza',
        amountCents: order.totalCents,
        deliveryFeeCents: order.feeCents,
        items: order.lines.map((line) => ({
          productId: line.product.productId,
          name: line.product.name,
          quantity: line.quantity,
          revenueCents: line.quantity * line.product.unitPriceCents,
        })),
        final: true,
      },
      occurredAt: at,
    },
  ];
}

const statusChanged = (order: ScriptedOrder, from: string, to: string, at: string): Step => ({
  stream: orderStreamName(order.orderId),
  type: 'OrderStatusChanged',
  data: { orderId: order.orderId, from, to },
  occurredAt: at,
});

/** A checkout that ended without payment: a Pix that expired, or a card declined. */
function abandoned(order: ScriptedOrder, at: string, how: 'expired' | 'declined'): Step[] {
  const { orderId, paymentId } = order;
  const payment: { type: string; data: JsonObject } =
    how === 'expired'
      ? {
          type: 'PaymentCancelled',
          data: {
            paymentId,
            orderId,
            providerPaymentId: `mp-${order.n}`,
            statusDetail: 'expired',
            reason: 'expired',
          },
        }
      : {
          type: 'PaymentRejected',
          data: { paymentId, orderId, statusDetail: 'cc_rejected_other_reason' },
        };
  return [
    placed(order, at, how === 'expired' ? 'pix' : 'credit_card'),
    { stream: paymentStreamName(paymentId), ...payment, occurredAt: at },
    {
      stream: orderStreamName(orderId),
      type: 'OrderCancelled',
      data: {
        orderId,
        reason: how === 'expired' ? 'payment_expired' : 'payment_rejected',
      },
      occurredAt: at,
    },
  ];
}

const counterSale = (n: number, day: string, amountCents: number): Step => ({
  stream: saleStreamName(id(300 + n)),
  type: 'SaleRecorded',
  data: { saleId: id(300 + n), source: 'physical', amountCents, clientName: 'Balcão', soldAt: day },
  occurredAt: noon(day),
});

// The orders of the month.
const o1 = scriptedOrder(1, [{ product: coxinha, quantity: 50 }]); // R$ 30,00
const o2 = scriptedOrder(2, [{ product: quibe, quantity: 20 }], 1_500); // R$ 24,00 + R$ 15,00
const o3 = scriptedOrder(3, [
  { product: coxinha, quantity: 30 },
  { product: quibe, quantity: 10 },
]); // R$ 18,00 + R$ 12,00
const o4 = scriptedOrder(4, [{ product: coxinha, quantity: 40 }], 800); // R$ 24,00 + R$ 8,00
const o5 = scriptedOrder(5, [{ product: quibe, quantity: 20 }]); // R$ 24,00
const o6 = scriptedOrder(6, [{ product: coxinha, quantity: 10 }]); // Pix expired
const o7 = scriptedOrder(7, [{ product: quibe, quantity: 5 }]); // card declined
const o8 = scriptedOrder(8, [{ product: coxinha, quantity: 20 }]); // R$ 12,00, in December

const script: Step[] = [
  product(coxinha),
  product(quibe),
  // 3 Nov: two online sales; R$ 10,00 of the second refunded the same day (a missing item).
  ...paid(o1, noon('2026-11-03')),
  ...paid(o2, noon('2026-11-03', 10)),
  ...refunded(
    o2,
    1,
    noon('2026-11-03', 60),
    { feeCents: 0, lines: [1_000] },
    {
      reason: 'admin',
      final: false,
    },
  ),
  counterSale(1, '2026-11-05', 5_000),
  // 10 Nov: an online sale, R$ 5,00 of it refunded on 2 December.
  ...paid(o3, noon('2026-11-10')),
  // A counter sale of the 12th, amended to the 13th for R$ 25,00; one of the 14th deleted.
  counterSale(2, '2026-11-12', 2_000),
  {
    stream: saleStreamName(id(302)),
    type: 'SaleAmended',
    data: { saleId: id(302), amountCents: 2_500, clientName: 'Dona Célia', soldAt: '2026-11-13' },
    occurredAt: noon('2026-11-13'),
  },
  counterSale(3, '2026-11-14', 3_000),
  {
    stream: saleStreamName(id(303)),
    type: 'SaleDeleted',
    data: { saleId: id(303) },
    occurredAt: noon('2026-11-14', 30),
  },
  // 15 Nov: a delivery paid; R$ 6,00 refunded on the 16th; cancelled by the admin on the 20th,
  // which refunds the rest (R$ 26,00, its fee included): given back in full.
  ...paid(o4, noon('2026-11-15')),
  ...refunded(
    o4,
    2,
    noon('2026-11-16'),
    { feeCents: 0, lines: [600] },
    {
      reason: 'admin',
      final: false,
    },
  ),
  statusChanged(o4, 'processing', 'cancelled', noon('2026-11-20')),
  ...refunded(
    o4,
    3,
    noon('2026-11-20', 1),
    { feeCents: 800, lines: [1_800] },
    {
      reason: 'order_cancelled',
      final: true,
    },
  ),
  // 18 Nov: an online sale charged back on the 25th.
  ...paid(o5, noon('2026-11-18')),
  ...chargedBack(o5, noon('2026-11-25')),
  // Abandoned checkouts: no money, no sale.
  ...abandoned(o6, noon('2026-11-20', 5), 'expired'),
  ...abandoned(o7, noon('2026-11-21'), 'declined'),
  // December: a new sale on the 1st, and the refund of November's o3 on the 2nd.
  ...paid(o8, noon('2026-12-01')),
  ...refunded(
    o3,
    4,
    noon('2026-12-02'),
    { feeCents: 0, lines: [0, 500] },
    {
      reason: 'admin',
      final: false,
    },
  ),
  counterSale(4, today, 1_500),
];

/**
 * The ledger, by hand: every movement of money, on the shop day it moved —
 * payments in, refunds and chargebacks out; a sale counts one, a sale given
 * back in full takes it off again on that day. Products' units and revenue
 * are the items' (fees are no product's).
 */
interface Movement {
  day: string;
  source: 'online' | 'physical';
  cents: number;
  feeCents: number;
  sales: number;
  products: Record<string, { units: number; cents: number }>;
}

const ledger: Movement[] = [
  {
    day: '2026-11-03',
    source: 'online',
    cents: 3_000,
    feeCents: 0,
    sales: 1,
    products: { Coxinha: { units: 50, cents: 3_000 } },
  },
  {
    day: '2026-11-03',
    source: 'online',
    cents: 3_900,
    feeCents: 1_500,
    sales: 1,
    products: { Quibe: { units: 20, cents: 2_400 } },
  },
  {
    day: '2026-11-03',
    source: 'online',
    cents: -1_000,
    feeCents: 0,
    sales: 0,
    products: { Quibe: { units: 0, cents: -1_000 } },
  },
  { day: '2026-11-05', source: 'physical', cents: 5_000, feeCents: 0, sales: 1, products: {} },
  {
    day: '2026-11-10',
    source: 'online',
    cents: 3_000,
    feeCents: 0,
    sales: 1,
    products: { Coxinha: { units: 30, cents: 1_800 }, Quibe: { units: 10, cents: 1_200 } },
  },
  { day: '2026-11-13', source: 'physical', cents: 2_500, feeCents: 0, sales: 1, products: {} },
  {
    day: '2026-11-15',
    source: 'online',
    cents: 3_200,
    feeCents: 800,
    sales: 1,
    products: { Coxinha: { units: 40, cents: 2_400 } },
  },
  {
    day: '2026-11-16',
    source: 'online',
    cents: -600,
    feeCents: 0,
    sales: 0,
    products: { Coxinha: { units: 0, cents: -600 } },
  },
  {
    day: '2026-11-20',
    source: 'online',
    cents: -2_600,
    feeCents: -800,
    sales: -1,
    products: { Coxinha: { units: -40, cents: -1_800 } },
  },
  {
    day: '2026-11-18',
    source: 'online',
    cents: 2_400,
    feeCents: 0,
    sales: 1,
    products: { Quibe: { units: 20, cents: 2_400 } },
  },
  {
    day: '2026-11-25',
    source: 'online',
    cents: -2_400,
    feeCents: 0,
    sales: -1,
    products: { Quibe: { units: -20, cents: -2_400 } },
  },
  {
    day: '2026-12-01',
    source: 'online',
    cents: 1_200,
    feeCents: 0,
    sales: 1,
    products: { Coxinha: { units: 20, cents: 1_200 } },
  },
  {
    day: '2026-12-02',
    source: 'online',
    cents: -500,
    feeCents: 0,
    sales: 0,
    products: { Quibe: { units: 0, cents: -500 } },
  },
  { day: '2026-12-05', source: 'physical', cents: 1_500, feeCents: 0, sales: 1, products: {} },
];

// The ledger's own arithmetic, for the figures below: plain sums over its rows.
const reais = (cents: number) => cents / 100;
const rowsOf = (predicate: (row: Movement) => boolean) => ledger.filter(predicate);
const inMonth = (month: string) => (row: Movement) => row.day.startsWith(month);
const onDay = (day: string) => (row: Movement) => row.day === day;
const centsOf = (rows: Movement[]) => rows.reduce((total, row) => total + row.cents, 0);
const salesOf = (rows: Movement[]) => rows.reduce((total, row) => total + row.sales, 0);
const feesOf = (rows: Movement[]) => rows.reduce((total, row) => total + row.feeCents, 0);
const ticket = (rows: Movement[]) =>
  salesOf(rows) === 0 ? 0 : reais(Math.round(centsOf(rows) / salesOf(rows)));
const growth = (current: number, previous: number) =>
  previous === 0
    ? current === 0
      ? 0
      : 100
    : Math.round(((current - previous) / previous) * 1000) / 10;

function productsOf(rows: Movement[]) {
  const totals = new Map<string, { units: number; cents: number }>();
  for (const row of rows) {
    for (const [name, sold] of Object.entries(row.products)) {
      const total = totals.get(name) ?? { units: 0, cents: 0 };
      totals.set(name, { units: total.units + sold.units, cents: total.cents + sold.cents });
    }
  }
  return [...totals].map(([name, total]) => ({ name, ...total }));
}

/** Products that kept units and money, most units first (then revenue), or most revenue first. */
function topOf(rows: Movement[], by: 'units' | 'revenue') {
  return productsOf(rows)
    .filter((product) => product.units > 0 && product.cents > 0)
    .sort((a, b) =>
      by === 'units'
        ? b.units - a.units || b.cents - a.cents
        : b.cents - a.cents || b.units - a.units,
    );
}

function daysOf(month: string): string[] {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from(
    { length: count },
    (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`,
  );
}

/** What the monthly report of `month` must say, from the ledger alone. */
function reportOf(month: string, previous: string) {
  const rows = rowsOf(inMonth(month));
  const before = rowsOf(inMonth(previous));
  const days = daysOf(month);
  const elapsed = days.filter((day) => day <= today || rowsOf(onDay(day)).length > 0);
  let best: { date: string; revenue: number; sales: number } | null = null;
  for (const day of days) {
    const cents = centsOf(rowsOf(onDay(day)));
    if (cents > 0 && (best === null || reais(cents) > best.revenue)) {
      best = { date: day, revenue: reais(cents), sales: salesOf(rowsOf(onDay(day))) };
    }
  }
  const weekdays = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'].map((weekday, index) => {
    const ofWeekday = elapsed.filter((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === index);
    const cents = ofWeekday.reduce((total, day) => total + centsOf(rowsOf(onDay(day))), 0);
    return {
      weekday,
      avgRevenue: ofWeekday.length === 0 ? 0 : reais(Math.round(cents / ofWeekday.length)),
    };
  });
  const top = (by: 'units' | 'revenue') =>
    topOf(rows, by)
      .slice(0, 5)
      .map((product) => ({
        productName: product.name,
        quantity: product.units,
        revenue: reais(product.cents),
      }));
  return {
    totalRevenue: reais(centsOf(rows)),
    deliveryFees: reais(feesOf(rows)),
    productRevenue: reais(centsOf(rows) - feesOf(rows)),
    totalSales: salesOf(rows),
    averageTicket: ticket(rows),
    bestDay: best,
    growthComparison: {
      previousMonth: { totalRevenue: reais(centsOf(before)), totalSales: salesOf(before) },
      growthPercentage: {
        revenue: growth(centsOf(rows), centsOf(before)),
        sales: growth(salesOf(rows), salesOf(before)),
      },
    },
    dailyBreakdown: days.map((day, index) => ({
      day: index + 1,
      revenue: reais(centsOf(rowsOf(onDay(day)))),
    })),
    weekdayAnalysis: weekdays,
    topProducts: top('units'),
    topProductsByRevenue: top('revenue'),
  };
}

const readStore = createMemoryReadStore();

beforeAll(async () => {
  const eventStore = createMemoryEventStore();
  for (const { stream, type, data, occurredAt } of script) {
    await eventStore.appendToStream(stream, [
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
    ]);
  }
  // Every read model rebuilt from the log, into an empty read store.
  const runner = new ProjectionRunner({ eventStore, readStore, projections, logger: silentLogger });
  await runner.start();
  expect(runner.stoppedProjections).toEqual([]);
  await runner.stop();
});
afterAll(() => readStore.close());

async function totals(store: ReadStore): Promise<DayTotal[]> {
  const months = (await store.collection(ONLINE_SALES_BY_MONTH_COLLECTION).find({})).map(
    (document) => onlineSalesMonthDocumentSchema.parse(document),
  );
  const sales = (await store.collection(SALES_COLLECTION).find({})).map((document) =>
    saleDocumentSchema.parse(document),
  );
  return dayTotals(months, sales);
}

async function monthProducts(store: ReadStore, month: string) {
  const found = await store.collection(ONLINE_SALES_BY_MONTH_COLLECTION).find({ _id: month });
  return productTotals(found.map((document) => onlineSalesMonthDocumentSchema.parse(document)));
}

describe('the reports rebuilt from a scripted month agree with its ledger (issue 38)', () => {
  it('given the ledger, then it adds up as the shop owner counts: November kept R$ 164,00 of its payments less its refunds and chargeback, 5 sales standing', () => {
    expect(centsOf(rowsOf(inMonth('2026-11')))).toBe(16_400);
    expect(salesOf(rowsOf(inMonth('2026-11')))).toBe(5);
    expect(centsOf(rowsOf(inMonth('2026-12')))).toBe(2_200);
  });

  it('dashboard: sales today, sales this month, the month’s daily sales', async () => {
    const dayTotalsNow = await totals(readStore);
    expect(salesTotal(dayTotalsNow, { day: today })).toBe(reais(centsOf(rowsOf(onDay(today)))));
    expect(salesTotal(dayTotalsNow, { month: '2026-12' })).toBe(
      reais(centsOf(rowsOf(inMonth('2026-12')))),
    );
    expect(dailySales(dayTotalsNow, today)).toEqual(
      daysOf('2026-12')
        .filter((day) => day <= today)
        .map((date) => ({ date, total: reais(centsOf(rowsOf(onDay(date)))) })),
    );
  });

  it('sales overview: this month’s and the lifetime stats, the 30-day chart by origin', async () => {
    const dayTotalsNow = await totals(readStore);
    const december = rowsOf(inMonth('2026-12'));
    expect(salesStats(dayTotalsNow, today)).toEqual({
      totalSales: salesOf(december),
      monthlyRevenue: reais(centsOf(december)),
      averageTicket: ticket(december),
      lifetimeTotalSales: salesOf(ledger),
      lifetimeTotalRevenue: reais(centsOf(ledger)),
    });
    const from = new Date(Date.parse(`${today}T12:00:00Z`) - 29 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const chartDays = [...daysOf('2026-11'), ...daysOf('2026-12')].filter(
      (day) => day >= from && day <= today,
    );
    expect(dailyChart(dayTotalsNow, today)).toEqual(
      chartDays.map((date) => ({
        date,
        onlineTotal: reais(centsOf(rowsOf((row) => row.day === date && row.source === 'online'))),
        physicalTotal: reais(
          centsOf(rowsOf((row) => row.day === date && row.source === 'physical')),
        ),
      })),
    );
  });

  it('monthly report of November: revenue net of refunds on their days, fees, sales, best day, weekdays, growth, top products', async () => {
    const report = monthlyReport(
      await totals(readStore),
      await monthProducts(readStore, '2026-11'),
      { year: 2026, month: 11 },
      today,
    );
    expect(report).toEqual({ year: 2026, month: 11, ...reportOf('2026-11', '2026-10') });
    expect(report).toMatchObject({
      totalRevenue: 164,
      deliveryFees: 15,
      totalSales: 5,
      bestDay: { date: '2026-11-03', revenue: 59, sales: 2 },
      topProducts: [
        { productName: 'Coxinha', quantity: 80, revenue: 48 },
        { productName: 'Quibe', quantity: 30, revenue: 26 },
      ],
    });
  });

  it('monthly report of December: the refund of a November sale lowers December, not November', async () => {
    const report = monthlyReport(
      await totals(readStore),
      await monthProducts(readStore, '2026-12'),
      { year: 2026, month: 12 },
      today,
    );
    expect(report).toEqual({ year: 2026, month: 12, ...reportOf('2026-12', '2026-11') });
    expect(report).toMatchObject({
      totalRevenue: 22,
      totalSales: 2,
      dailyBreakdown: expect.arrayContaining([{ day: 2, revenue: -5 }]),
      topProducts: [{ productName: 'Coxinha', quantity: 20, revenue: 12 }],
    });
  });

  it('top-selling products of every month: units and revenue net of refunds, none whose net is not positive', async () => {
    const months = (await readStore.collection(ONLINE_SALES_BY_MONTH_COLLECTION).find({})).map(
      (document) => onlineSalesMonthDocumentSchema.parse(document),
    );
    const catalogue = (await readStore.collection(PRODUCTS_COLLECTION).find({})).map((document) =>
      productDocumentSchema.parse(document),
    );
    const top = topSellingProducts(productTotals(months), catalogue, 10);
    expect(top.map((product) => [product.name, product.quantitySold, product.totalSales])).toEqual(
      topOf(ledger, 'units').map((product) => [product.name, product.units, reais(product.cents)]),
    );
  });

  it('the sales list: every sale and every refund on its own day, adding up to the ledger', async () => {
    const rows = (await readStore.collection(SALES_COLLECTION).find({})).map((document) =>
      saleDocumentSchema.parse(document),
    );
    const byDay = new Map<string, number>();
    for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.amountCents);
    const expected = new Map<string, number>();
    for (const row of ledger) expected.set(row.day, (expected.get(row.day) ?? 0) + row.cents);
    expect(Object.fromEntries(byDay)).toEqual(Object.fromEntries(expected));
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(5);
  });

  it('the orders: what each kept (paid − refunded − charged back) adds up to the online ledger; abandoned checkouts kept nothing', async () => {
    const orders = (await readStore.collection(ORDERS_COLLECTION).find({})).map((document) =>
      orderDocumentSchema.parse(document),
    );
    const kept = orders.reduce(
      (total, order) =>
        total + order.paidCents - order.refundedCents - (order.chargeback?.amountCents ?? 0),
      0,
    );
    expect(kept).toBe(centsOf(rowsOf((row) => row.source === 'online')));
    const status = (order: ScriptedOrder) =>
      orders.find((document) => document._id === order.orderId)?.paymentStatus;
    expect([o2, o3, o4, o5, o6, o7].map(status)).toEqual([
      'approved',
      'approved',
      'refunded',
      'charged_back',
      'cancelled',
      'rejected',
    ]);
  });
});
