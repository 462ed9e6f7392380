import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dailySalesSchema,
  foldForSearch,
  messages,
  MENU_PROJECTION,
  ONLINE_SALES_BY_MONTH_COLLECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  ordersTodaySchema,
  POSITION_HEADER,
  PRODUCTS_COLLECTION,
  recentOrdersSchema,
  SALES_COLLECTION,
  SALES_PROJECTION,
  salesTotalSchema,
  topSellingProductsSchema,
  type OnlineSalesMonthDocument,
  type OrderDocument,
  type SaleDocument,
} from '@quitute/contracts';
import { anOrder } from '../ordering/order-fixtures';
import { openAdminReads, type AdminReads } from './test-shop';

/** Wednesday 2026-11-25, noon in São Paulo. */
const now = new Date('2026-11-25T15:00:00.000Z');
const coxinha = '11111111-1111-4111-8111-111111111111';
const kibe = '22222222-2222-4222-8222-222222222222';
const kit = '33333333-3333-4333-8333-333333333333';

let seq = 0;
const nextId = () => `00000000-0000-4000-8000-${String((seq += 1)).padStart(12, '0')}`;

const order = (createdAt: string, fields: Partial<OrderDocument> = {}) =>
  anOrder({ _id: nextId(), orderNumber: 1000 + seq, createdAt, ...fields });

// The shop's day runs from 03:00 UTC to 03:00 UTC the next day.
const justBeforeToday = order('2026-11-25T02:59:59.999Z');
const firstOfToday = order('2026-11-25T03:00:00.000Z', { customerName: 'Bia' });
const paidToday = order('2026-11-25T14:00:00.000Z', {
  customerName: 'Caio',
  totalCents: 4_550,
  paymentStatus: 'approved',
  orderStatus: 'processing',
});
const deletedToday = order('2026-11-25T14:30:00.000Z', { isDeleted: true });
const lastOfToday = order('2026-11-26T02:59:59.999Z', { customerName: 'Davi' });

const sale = (day: string, amountCents: number, fields: Partial<SaleDocument> = {}) => {
  const document: SaleDocument = {
    kind: 'sale',
    _id: nextId(),
    source: 'physical',
    amountCents,
    deliveryFeeCents: 0,
    clientName: 'Balcão',
    soldAt: day,
    at: `${day}T15:00:00.000Z`,
    day,
    month: day.slice(0, 7),
    orderId: null,
    orderNumber: null,
    searchText: 'balcao',
    position: seq,
    ...fields,
  };
  return document;
};
const sales = [
  sale('2026-11-25', 1_000),
  sale('2026-11-02', 2_500),
  // Online sales are counted from the online months below, not from here.
  sale('2026-11-25', 4_550, { source: 'online' }),
];
/** Online sales as the projection adds them up, one of them the sale of an order deleted since. */
const onlineMonths: OnlineSalesMonthDocument[] = [
  {
    _id: '2026-11',
    days: { '2026-11-25': { count: 2, amountCents: 7_550, deliveryFeeCents: 0 } },
    products: {
      [coxinha]: { name: 'Coxinha', quantity: 20, revenueCents: 1_200 },
      [kibe]: { name: 'Quibe', quantity: 50, revenueCents: 3_000 },
    },
    position: 1,
  },
  {
    _id: '2026-10',
    days: { '2026-10-31': { count: 1, amountCents: 9_900, deliveryFeeCents: 0 } },
    products: {
      [coxinha]: { name: 'Coxinha', quantity: 60, revenueCents: 3_600 },
      [kit]: { name: 'Kit Festa 3', quantity: 1, revenueCents: 42_000 },
    },
    position: 1,
  },
];

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({
    projections: [
      ORDERS_PROJECTION,
      SALES_PROJECTION,
      ONLINE_SALES_BY_MONTH_PROJECTION,
      MENU_PROJECTION,
    ],
    position: 321,
    now,
  });
  await shop.readStore
    .collection(ORDERS_COLLECTION)
    .putMany([justBeforeToday, firstOfToday, paidToday, deletedToday, lastOfToday]);
  await shop.readStore.collection(SALES_COLLECTION).putMany(sales);
  await shop.readStore.collection(ONLINE_SALES_BY_MONTH_COLLECTION).putMany(onlineMonths);
  await shop.readStore.collection(PRODUCTS_COLLECTION).put({
    _id: coxinha,
    name: 'Coxinha de Frango',
    priceCents: 60,
    category: 'Salgados Fritos',
    description: '',
    imageUrl: null,
    stock: 100,
    itens: [],
    isActive: true,
    isDeleted: false,
    searchText: foldForSearch('Coxinha de Frango'),
    addedAt: 1,
  });
});
afterAll(() => shop.close());

/** A bare list with its position in X-Position. */
const readList = async (path: string) => {
  const response = await shop.get(path);
  expect(response.status).toBe(200);
  expect(response.headers.get(POSITION_HEADER)).toBe('321');
  return response.json();
};

describe('GET /api/admin/dashboard/recent-orders', () => {
  it('given no limit, then the 4 newest orders that are not deleted, as the recent-order shape', async () => {
    const recent = recentOrdersSchema.parse(await readList('/api/admin/dashboard/recent-orders'));

    expect(recent.map((o) => o.customerName)).toEqual(['Davi', 'Caio', 'Bia', 'Ana Souza']);
    expect(recent[1]).toEqual({
      id: paidToday._id,
      orderNumber: paidToday.orderNumber,
      customerName: 'Caio',
      total: 45.5,
      paymentStatus: 'approved',
      orderStatus: 'processing',
      createdAt: '2026-11-25T14:00:00.000Z',
    });
  });

  it('given limit 2, then 2', async () => {
    expect(await readList('/api/admin/dashboard/recent-orders?limit=2')).toHaveLength(2);
  });
});

describe('GET /api/admin/dashboard/top-selling-products', () => {
  it('given online sales of every month, then products by units sold, named and filed as the catalogue has them', async () => {
    expect(
      topSellingProductsSchema.parse(
        await readList('/api/admin/dashboard/top-selling-products?limit=4'),
      ),
    ).toEqual([
      {
        _id: coxinha,
        name: 'Coxinha de Frango',
        category: 'Salgados Fritos',
        quantitySold: 80,
        totalSales: 48,
      },
      { _id: kibe, name: 'Quibe', category: '', quantitySold: 50, totalSales: 30 },
      { _id: kit, name: 'Kit Festa 3', category: '', quantitySold: 1, totalSales: 420 },
    ]);
  });

  it('given rankBy=revenue, then the products by revenue: the kit sold once comes first', async () => {
    const ranked = topSellingProductsSchema.parse(
      await readList('/api/admin/dashboard/top-selling-products?limit=4&rankBy=revenue'),
    );
    expect(ranked.map((product) => product._id)).toEqual([kit, coxinha, kibe]);
  });

  it('given an unknown rankBy, then 400 with the pt-BR message', async () => {
    const response = await shop.get('/api/admin/dashboard/top-selling-products?rankBy=lucro');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
  });
});

describe('GET /api/admin/dashboard/orders-today, sales-today, sales-month, daily-sales', () => {
  it('given orders from the first to the last millisecond of the shop’s day, then those not deleted', async () => {
    const { body, position } = await shop.read('/api/admin/dashboard/orders-today');
    expect(ordersTodaySchema.parse(body)).toEqual({ count: 3, position: 321 });
    expect(position).toBe(321);
  });

  it('given online and physical sales today, then their total in reais', async () => {
    const { body } = await shop.read('/api/admin/dashboard/sales-today');
    expect(salesTotalSchema.parse(body)).toEqual({ total: 85.5, position: 321 });
  });

  it('given sales this month and on 31 October, then this month’s total', async () => {
    const { body } = await shop.read('/api/admin/dashboard/sales-month');
    expect(salesTotalSchema.parse(body)).toEqual({ total: 110.5, position: 321 });
  });

  it('given the 25th, then a list of the month’s 25 days, each with its total', async () => {
    const days = dailySalesSchema.parse(await readList('/api/admin/dashboard/daily-sales'));
    expect(days).toHaveLength(25);
    expect(days[1]).toEqual({ date: '2026-11-02', total: 25 });
    expect(days.at(-1)).toEqual({ date: '2026-11-25', total: 85.5 });
  });
});

describe('GET /api/admin/dashboard/orders-today with declined cards (issue 36) and checkouts ended without payment (issue 38)', () => {
  let reads: AdminReads;
  beforeAll(async () => {
    reads = await openAdminReads({ projections: [ORDERS_PROJECTION], position: 40, now });
    await reads.readStore.collection(ORDERS_COLLECTION).putMany([
      order('2026-11-25T13:00:00.000Z', {
        paymentMethod: 'credit_card',
        paymentStatus: 'rejected',
      }),
      order('2026-11-25T13:10:00.000Z', {
        paymentMethod: 'credit_card',
        paymentStatus: 'rejected',
        orderStatus: 'cancelled',
        cancelReason: 'payment_rejected',
      }),
      order('2026-11-25T13:20:00.000Z', {
        paymentMethod: 'credit_card',
        paymentStatus: 'approved',
        orderStatus: 'processing',
      }),
      order('2026-11-25T13:30:00.000Z', {
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
        cancelReason: 'payment_expired',
      }),
      order('2026-11-25T13:40:00.000Z', { paymentMethod: 'credit_card', paymentStatus: 'pending' }),
      order('2026-11-25T13:50:00.000Z', {
        paymentMethod: 'boleto',
        paymentStatus: 'cancelled',
        orderStatus: 'cancelled',
        cancelReason: 'payment_cancelled',
      }),
      order('2026-11-25T14:00:00.000Z', {
        paymentStatus: 'rejected',
        orderStatus: 'cancelled',
        cancelReason: 'payment_failed',
      }),
      // Paid, then cancelled by the admin (no cancelReason) and refunded: an order she received.
      order('2026-11-25T14:10:00.000Z', {
        paymentStatus: 'refunded',
        orderStatus: 'cancelled',
        paidAt: '2026-11-25T14:11:00.000Z',
      }),
    ]);
  });
  afterAll(() => reads.close());

  it('given a card awaiting another after its decline and checkouts that ended without payment (declined, Pix expired, boleto cancelled, payment never created), then none counts; paid by another card, awaiting its answer, or paid and cancelled by the admin (issue 38), each counts', async () => {
    const { body } = await reads.read('/api/admin/dashboard/orders-today');
    expect(ordersTodaySchema.parse(body).count).toBe(3);
  });
});
