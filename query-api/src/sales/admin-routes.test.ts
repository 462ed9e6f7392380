import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminQueryMessages,
  dailyChartSchema,
  messages,
  monthlyReportSchema,
  ONLINE_SALES_BY_MONTH_COLLECTION,
  ONLINE_SALES_BY_MONTH_PROJECTION,
  POSITION_HEADER,
  SALE_KIND_LABELS,
  saleDtoSchema,
  saleListSchema,
  SALES_COLLECTION,
  SALES_PROJECTION,
  salesStatsSchema,
  type OnlineSalesMonthDocument,
  type SaleDocument,
} from '@quitute/contracts';
import { openAdminReads, type AdminReads } from '../admin/test-shop';
import { saleCsvRow, toSaleDto } from './admin-routes';
import { csvField } from '../shared/csv';

/** Wednesday 2026-11-25, noon in São Paulo. */
const now = new Date('2026-11-25T15:00:00.000Z');

let seq = 0;
/** A sales read-model document at an instant (UTC), on the shop day `day`. */
const sale = (at: string, day: string, amountCents: number, fields: Partial<SaleDocument> = {}) => {
  seq += 1;
  const document: SaleDocument = {
    kind: 'sale',
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    source: 'physical',
    amountCents,
    deliveryFeeCents: 0,
    clientName: 'Balcão',
    soldAt: at,
    at,
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

/** A delivery: its R$ 15,00 fee is inside the R$ 169,00. */
const online = sale('2026-11-25T13:00:00.000Z', '2026-11-25', 16_900, {
  source: 'online',
  deliveryFeeCents: 1_500,
  clientName: 'Ângela Prado',
  searchText: 'angela prado',
  orderId: '6f1c1e7a-2b3c-4d5e-8f90-a1b2c3d4e5f6',
  orderNumber: 1001,
});
/** The online months as the projection adds them up: November holds the online sale. */
const november: OnlineSalesMonthDocument = {
  _id: '2026-11',
  days: { '2026-11-25': { count: 1, amountCents: 16_900, deliveryFeeCents: 1_500 } },
  products: {
    '11111111-1111-4111-8111-111111111111': { name: 'Coxinha', quantity: 40, revenueCents: 2_400 },
  },
  position: 800,
};
// 01:00 UTC on the 1st is still 31 October in São Paulo.
const lateOctober = sale('2026-11-01T01:00:00.000Z', '2026-10-31', 10_000);
const counter = sale('2026-11-10T03:00:00.000Z', '2026-11-10', 5_050, {
  clientName: 'Dona Célia',
  searchText: 'dona celia',
});
const older = Array.from({ length: 10 }, (_, index) =>
  sale(`2026-09-${String(index + 10)}T15:00:00.000Z`, `2026-09-${String(index + 10)}`, 1_000),
);

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({
    projections: [SALES_PROJECTION, ONLINE_SALES_BY_MONTH_PROJECTION],
    position: 900,
    now,
  });
  await shop.readStore
    .collection(SALES_COLLECTION)
    .putMany([counter, ...older, online, lateOctober]);
  await shop.readStore.collection(ONLINE_SALES_BY_MONTH_COLLECTION).put(november);
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const { body, position } = await shop.read(`/api/admin/sales${query}`);
  return { ...saleListSchema.parse(body), header: position };
};

describe('GET /api/admin/sales', () => {
  it('given online and physical sales, then 10 per page, newest first, as the wire shows them', async () => {
    const first = await list('?page=1&limit=10');

    expect(first).toMatchObject({ total: 13, totalPages: 2, position: 900, header: 900 });
    expect(first.sales.slice(0, 3)).toEqual([
      {
        id: online._id,
        date: '2026-11-25T13:00:00.000Z',
        clientName: 'Ângela Prado',
        amount: 169,
        source: 'Online',
        kind: 'sale',
        orderNumber: 1001,
      },
      {
        id: counter._id,
        date: counter.soldAt,
        clientName: 'Dona Célia',
        amount: 50.5,
        source: 'Fisico',
        kind: 'sale',
      },
      expect.objectContaining({ id: lateOctober._id, amount: 100 }),
    ]);
  });

  it('given a source, or a client searched without accents, then only those', async () => {
    expect((await list('?source=online')).sales.map((s) => s.id)).toEqual([online._id]);
    expect((await list('?source=physical')).total).toBe(12);
    expect((await list('?search=celia')).sales.map((s) => s.id)).toEqual([counter._id]);
  });

  it('given the origin as the list shows it (Online, Fisico), then the same sales as online, physical', async () => {
    expect((await list('?source=Online')).sales.map((s) => s.id)).toEqual([online._id]);
    expect((await list('?source=Fisico')).total).toBe(12);
  });

  it('given an origin nobody names, then 400', async () => {
    const response = await shop.get('/api/admin/sales?source=Balcao');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
  });
});

describe('a refund in the sales list (issue 38)', () => {
  it('given a refund row of the sales read model, then a row of its own: negative, origin Online, kind refund (the web labels it Estorno)', () => {
    const refund = sale('2026-12-02T15:00:00.000Z', '2026-12-02', -2_000, {
      kind: 'refund',
      source: 'online',
      clientName: 'Ângela Prado',
      orderId: online.orderId,
      orderNumber: 1001,
    });

    expect(saleDtoSchema.parse(toSaleDto(refund))).toEqual({
      id: refund._id,
      date: '2026-12-02T15:00:00.000Z',
      clientName: 'Ângela Prado',
      amount: -20,
      source: 'Online',
      kind: 'refund',
      orderNumber: 1001,
    });
    expect(SALE_KIND_LABELS[refund.kind]).toBe('Estorno');
  });
});

describe('GET /api/admin/sales.csv (issue 40)', () => {
  const csv = async (query: string) => {
    const response = await shop.get(`/api/admin/sales.csv${query}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes, lines: bytes.toString('utf8').slice(1).split('\r\n') };
  };

  it('given the list’s filters, then every matching sale, newest first, for Excel: BOM, ; separators, pt-BR decimals, dates in the shop’s time zone', async () => {
    const { response, bytes, lines } = await csv('?source=Fisico');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="vendas-2026-11-25.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('ID/Nº;Data;Cliente;Valor (R$);Origem;Tipo;Pedido');
    // 12 physical sales (more than a page), then the empty tail after the last CRLF.
    expect(lines).toHaveLength(1 + 12 + 1);
    expect(lines[1]).toBe(
      `${counter._id.slice(-6).toUpperCase()};10/11/2026 00:00;Dona Célia;50,50;Físico;Venda;`,
    );
    // 01:00 UTC on 1 November is 31 October, 22:00 in São Paulo.
    expect(lines[2]).toBe(
      `${lateOctober._id.slice(-6).toUpperCase()};31/10/2026 22:00;Balcão;100,00;Físico;Venda;`,
    );
    expect(lines.at(-1)).toBe('');
  });

  it('given a search, then only those; an online sale names its order', async () => {
    const { lines } = await csv('?search=angela');
    expect(lines.slice(1, -1)).toEqual([
      `${online._id.slice(-6).toUpperCase()};25/11/2026 10:00;Ângela Prado;169,00;Online;Venda;1001`,
    ]);
  });

  it('given a refund row, then a negative amount, kept a number, and Estorno', () => {
    const refund = sale('2026-12-02T15:00:00.000Z', '2026-12-02', -2_000, {
      kind: 'refund',
      source: 'online',
      clientName: '-Ana',
      orderNumber: 1001,
    });
    expect(saleCsvRow(refund).map(csvField)).toEqual([
      refund._id.slice(-6).toUpperCase(),
      '02/12/2026 12:00',
      "'-Ana",
      '-20,00',
      'Online',
      'Estorno',
      '1001',
    ]);
  });

  it.each([
    ['no token', 401, null],
    ['a customer’s token', 403, 'customer'],
  ])('given %s, then %i and no file', async (_case, status, who) => {
    const response = await shop.get('/api/admin/sales.csv', {
      token: who === 'customer' ? shop.customerToken : null,
    });
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('Dona Célia');
  });
});

describe('GET /api/admin/sales/stats', () => {
  it('given sales this month, last month and before, then this month’s figures and the lifetime ones', async () => {
    const { body } = await shop.read('/api/admin/sales/stats');
    expect(salesStatsSchema.parse(body)).toEqual({
      totalSales: 2,
      monthlyRevenue: 219.5,
      averageTicket: 109.75,
      lifetimeTotalSales: 13,
      lifetimeTotalRevenue: 419.5,
      position: 900,
    });
  });
});

describe('GET /api/admin/sales/daily-chart', () => {
  it('given the 25th, then a list of the 30 days from 27 October, the position in X-Position', async () => {
    const response = await shop.get('/api/admin/sales/daily-chart');
    const chart = dailyChartSchema.parse(await response.json());

    expect(response.headers.get(POSITION_HEADER)).toBe('900');
    expect(chart).toHaveLength(30);
    expect(chart[0]?.date).toBe('2026-10-27');
    expect(chart.find((point) => point.date === '2026-10-31')).toEqual({
      date: '2026-10-31',
      onlineTotal: 0,
      physicalTotal: 100,
    });
    expect(chart.at(-1)).toEqual({ date: '2026-11-25', onlineTotal: 169, physicalTotal: 0 });
  });
});

describe('GET /api/admin/sales/monthly-report', () => {
  it('given November 2026, then its report against October, the delivery fees apart from product revenue, with the position', async () => {
    const { body, position } = await shop.read(
      '/api/admin/sales/monthly-report?year=2026&month=11',
    );
    const report = monthlyReportSchema.parse(body);

    expect(report).toMatchObject({
      year: 2026,
      month: 11,
      totalRevenue: 219.5,
      deliveryFees: 15,
      productRevenue: 204.5,
      totalSales: 2,
      averageTicket: 109.75,
      bestDay: { date: '2026-11-25', revenue: 169, sales: 1 },
      growthComparison: { growthPercentage: { revenue: 119.5, sales: 100 } },
      topProducts: [{ productName: 'Coxinha', quantity: 40, revenue: 24 }],
      position: 900,
    });
    expect(report.dailyBreakdown).toHaveLength(30);
    expect(position).toBe(900);
  });

  it('given January 2020, the first month of the picker, then an empty report', async () => {
    const { body } = await shop.read('/api/admin/sales/monthly-report?year=2020&month=1');
    expect(monthlyReportSchema.parse(body)).toMatchObject({ totalSales: 0, bestDay: null });
  });

  it('given a month before 2020-01 or after the current one, or no month, then 400 in pt-BR', async () => {
    const cases: [string, string][] = [
      ['year=2019&month=12', adminQueryMessages.monthOutOfRange],
      ['year=2026&month=12', adminQueryMessages.monthOutOfRange],
      ['year=2026&month=13', adminQueryMessages.monthInvalid],
      ['year=2026', adminQueryMessages.monthInvalid],
      ['month=5', adminQueryMessages.yearInvalid],
      ['year=dois&month=5', adminQueryMessages.yearInvalid],
    ];
    for (const [query, message] of cases) {
      const response = await shop.get(`/api/admin/sales/monthly-report?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(await response.json()).toMatchObject({ message, code: 'validation' });
    }
  });
});
