import { describe, expect, it } from 'vitest';
import type { SaleSource } from './events';
import {
  dailyChart,
  dailySales,
  dayTotals,
  growthPercentage,
  monthlyReport,
  productTotals,
  salesStats,
  salesTotal,
  topSellingProducts,
  type DayTotal,
  type ProductTotal,
} from './reports';

const coxinha = '11111111-1111-4111-8111-111111111111';
const kibe = '22222222-2222-4222-8222-222222222222';

/** What a day sold through one channel (one sale, no delivery fee, unless told). */
const sold = (
  day: string,
  amountCents: number,
  source: SaleSource = 'physical',
  count = 1,
  deliveryFeeCents = 0,
): DayTotal => ({
  day,
  source,
  count,
  amountCents,
  deliveryFeeCents,
});

const product = (
  productId: string,
  name: string,
  quantity: number,
  revenueCents: number,
): ProductTotal => ({
  productId,
  name,
  quantity,
  revenueCents,
});

/** Wednesday 2026-11-25 in São Paulo. */
const today = '2026-11-25';

describe('dayTotals and productTotals', () => {
  it('given online months and sales, then a day total per online day and per physical sale (online sales counted once, by their month)', () => {
    const totals = dayTotals(
      [
        {
          _id: '2026-11',
          days: { '2026-11-02': { count: 2, amountCents: 500, deliveryFeeCents: 150 } },
          products: {},
        },
      ],
      [
        { source: 'physical', amountCents: 100, deliveryFeeCents: 0, day: '2026-11-02' },
        { source: 'online', amountCents: 250, deliveryFeeCents: 150, day: '2026-11-02' },
      ],
    );
    expect(totals).toEqual([sold('2026-11-02', 500, 'online', 2, 150), sold('2026-11-02', 100)]);
  });

  it('given a product sold in two months, then its sums, under the name of the later month', () => {
    expect(
      productTotals([
        {
          _id: '2026-11',
          days: {},
          products: { [coxinha]: { name: 'Coxinha de Frango', quantity: 20, revenueCents: 1_200 } },
        },
        {
          _id: '2026-10',
          days: {},
          products: { [coxinha]: { name: 'Coxinha', quantity: 50, revenueCents: 3_000 } },
        },
      ]),
    ).toEqual([product(coxinha, 'Coxinha de Frango', 70, 4_200)]);
  });
});

describe('salesStats', () => {
  it('given sales this month and before, then the month figures and the lifetime ones; the ticket rounded to the centavo', () => {
    const totals = [
      sold('2026-11-01', 1_000),
      sold('2026-11-25', 2_001, 'online'),
      sold('2026-11-24', 1_000),
      sold('2026-10-31', 5_000, 'online', 2),
    ];
    expect(salesStats(totals, today)).toEqual({
      totalSales: 3,
      monthlyRevenue: 40.01,
      averageTicket: 13.34,
      lifetimeTotalSales: 5,
      lifetimeTotalRevenue: 90.01,
    });
  });

  it('given no sales, then zeros (no division by zero)', () => {
    expect(salesStats([], today)).toEqual({
      totalSales: 0,
      monthlyRevenue: 0,
      averageTicket: 0,
      lifetimeTotalSales: 0,
      lifetimeTotalRevenue: 0,
    });
  });
});

describe('dailyChart', () => {
  it('given sales inside and just outside the last 30 days, then 30 days oldest first, online and physical apart', () => {
    const chart = dailyChart(
      [
        sold('2026-10-26', 700),
        sold('2026-10-27', 100),
        sold('2026-10-27', 250, 'online'),
        sold(today, 999),
        sold('2026-11-26', 500),
      ],
      today,
    );
    expect(chart).toHaveLength(30);
    expect(chart[0]).toEqual({ date: '2026-10-27', onlineTotal: 2.5, physicalTotal: 1 });
    expect(chart[1]).toEqual({ date: '2026-10-28', onlineTotal: 0, physicalTotal: 0 });
    expect(chart.at(-1)).toEqual({ date: today, onlineTotal: 0, physicalTotal: 9.99 });
  });
});

describe('salesTotal and dailySales (dashboard)', () => {
  const totals = [
    sold('2026-11-01', 1_000),
    sold(today, 250, 'online'),
    sold(today, 100),
    sold('2026-10-31', 9_999),
  ];

  it('given sales of today, this month and before, then today’s and the month’s totals in reais', () => {
    expect(salesTotal(totals, { day: today })).toBe(3.5);
    expect(salesTotal(totals, { month: '2026-11' })).toBe(13.5);
  });

  it('given the 25th, then 25 days from the 1st, every one present', () => {
    const days = dailySales(totals, today);
    expect(days).toHaveLength(25);
    expect(days[0]).toEqual({ date: '2026-11-01', total: 10 });
    expect(days[1]).toEqual({ date: '2026-11-02', total: 0 });
    expect(days.at(-1)).toEqual({ date: today, total: 3.5 });
  });
});

describe('growthPercentage', () => {
  it('given both months, then one decimal; none before, then 100 (or 0 when neither)', () => {
    expect(growthPercentage(150, 100)).toBe(50);
    expect(growthPercentage(2, 3)).toBe(-33.3);
    expect(growthPercentage(1001, 1000)).toBe(0.1);
    expect(growthPercentage(5, 0)).toBe(100);
    expect(growthPercentage(0, 0)).toBe(0);
  });
});

describe('monthlyReport', () => {
  const november = { year: 2026, month: 11 };
  const october = [sold('2026-10-05', 10_000), sold('2026-10-20', 5_000)];
  const novemberSales = [
    // Monday the 2nd: two sales.
    sold('2026-11-02', 3_000, 'online'),
    sold('2026-11-02', 1_000),
    // Wednesday the 18th: as much as the 2nd, later, so not the best day.
    sold('2026-11-18', 4_000),
    // Monday the 23rd: the best day.
    sold('2026-11-23', 6_000, 'online'),
  ];
  const products = [
    product(coxinha, 'Coxinha de Frango', 70, 4_200),
    product(kibe, 'Quibe', 80, 4_800),
  ];

  it('given the current month, then totals, best day, growth on October and the top products', () => {
    const report = monthlyReport(
      [...october, ...novemberSales, sold('2026-12-01', 1)],
      products,
      november,
      today,
    );

    expect(report).toMatchObject({
      year: 2026,
      month: 11,
      totalRevenue: 140,
      totalSales: 4,
      averageTicket: 35,
      bestDay: { date: '2026-11-23', revenue: 60, sales: 1 },
      growthComparison: {
        previousMonth: { totalRevenue: 150, totalSales: 2 },
        growthPercentage: { revenue: -6.7, sales: 100 },
      },
      topProducts: [
        { productName: 'Quibe', quantity: 80, revenue: 48 },
        { productName: 'Coxinha de Frango', quantity: 70, revenue: 42 },
      ],
    });
  });

  it('given no delivery fee, then the whole revenue is product revenue', () => {
    expect(monthlyReport(novemberSales, products, november, today)).toMatchObject({
      totalRevenue: 140,
      deliveryFees: 0,
      productRevenue: 140,
    });
  });

  it('given online sales with delivery fees (issue 37), then the month’s Taxa de entrega apart from product revenue, inside the total; the top products count items only', () => {
    const withFees = [
      ...novemberSales,
      // Two deliveries on the 24th: R$ 45,00 of items and R$ 15,00 fee each.
      sold('2026-11-24', 12_000, 'online', 2, 3_000),
      // October's fee is not November's.
      sold('2026-10-30', 6_000, 'online', 1, 1_500),
    ];

    const report = monthlyReport(withFees, products, november, today);

    expect(report).toMatchObject({
      totalRevenue: 260,
      deliveryFees: 30,
      productRevenue: 230,
      totalSales: 6,
      bestDay: { date: '2026-11-24', revenue: 120, sales: 2 },
      topProducts: [
        { productName: 'Quibe', quantity: 80, revenue: 48 },
        { productName: 'Coxinha de Frango', quantity: 70, revenue: 42 },
      ],
    });
  });

  it('given November, then a breakdown of all 30 days', () => {
    const report = monthlyReport(novemberSales, [], november, today);
    expect(report.dailyBreakdown).toHaveLength(30);
    expect(report.dailyBreakdown[1]).toEqual({ day: 2, revenue: 40 });
    expect(report.dailyBreakdown[29]).toEqual({ day: 30, revenue: 0 });
  });

  it('given the current month on the 25th, then each weekday averages over its days so far', () => {
    const report = monthlyReport(novemberSales, [], november, today);
    // Mondays so far: 2, 9, 16, 23 → (40 + 60) / 4; Wednesdays: 4, 11, 18, 25 → 40 / 4;
    // Saturdays: 7, 14, 21 (the 28th is still to come).
    expect(report.weekdayAnalysis).toEqual([
      { weekday: 'Dom', avgRevenue: 0 },
      { weekday: 'Seg', avgRevenue: 25 },
      { weekday: 'Ter', avgRevenue: 0 },
      { weekday: 'Qua', avgRevenue: 10 },
      { weekday: 'Qui', avgRevenue: 0 },
      { weekday: 'Sex', avgRevenue: 0 },
      { weekday: 'Sáb', avgRevenue: 0 },
    ]);
  });

  it('given a past month, then every day of it counts for the weekday averages', () => {
    // October 2026 has four Mondays (5, 12, 19, 26); the 5th sold 100.
    const report = monthlyReport(october, [], { year: 2026, month: 10 }, today);
    expect(report.weekdayAnalysis[1]).toEqual({ weekday: 'Seg', avgRevenue: 25 });
    expect(report.growthComparison.growthPercentage).toEqual({ revenue: 100, sales: 100 });
  });

  it('given two days with the same revenue, then the first is the best day', () => {
    const report = monthlyReport(
      [sold('2026-11-10', 500), sold('2026-11-03', 500)],
      [],
      november,
      today,
    );
    expect(report.bestDay).toEqual({ date: '2026-11-03', revenue: 5, sales: 1 });
  });

  it('given more than five products, then the five sold most (units, then revenue), and the five that brought in most', () => {
    const six = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, index) =>
      product(`00000000-0000-4000-8000-00000000000${index}`, name, 10 + (index % 3), 100 * index),
    );
    const report = monthlyReport([], six, november, today);
    expect(report.topProducts.map((p) => p.productName)).toEqual(['F', 'C', 'E', 'B', 'D']);
    expect(report.topProductsByRevenue.map((p) => p.productName)).toEqual([
      'F',
      'E',
      'D',
      'C',
      'B',
    ]);
  });

  it('given a month without sales (January 2020), then zeros, no best day, every day present', () => {
    const report = monthlyReport([], [], { year: 2020, month: 1 }, today);
    expect(report).toMatchObject({
      totalRevenue: 0,
      totalSales: 0,
      averageTicket: 0,
      bestDay: null,
      growthComparison: {
        previousMonth: { totalRevenue: 0, totalSales: 0 },
        growthPercentage: { revenue: 0, sales: 0 },
      },
      topProducts: [],
    });
    expect(report.dailyBreakdown).toHaveLength(31);
  });
});

describe('topSellingProducts', () => {
  const products = [product(kibe, 'Quibe', 40, 4_800), product(coxinha, 'Coxinha', 50, 3_000)];

  it('given products sold, then most units first, named and filed as the catalogue has them', () => {
    expect(
      topSellingProducts(
        products,
        [{ _id: coxinha, name: 'Coxinha de Frango', category: 'Salgados Fritos' }],
        4,
      ),
    ).toEqual([
      {
        _id: coxinha,
        name: 'Coxinha de Frango',
        category: 'Salgados Fritos',
        quantitySold: 50,
        totalSales: 30,
      },
      { _id: kibe, name: 'Quibe', category: '', quantitySold: 40, totalSales: 48 },
    ]);
  });

  it('given a limit of 1, then only the first', () => {
    expect(topSellingProducts(products, [], 1).map((p) => p._id)).toEqual([coxinha]);
  });

  it('given ranking by revenue, then most revenue first (Quibe: fewer units, more reais)', () => {
    expect(topSellingProducts(products, [], 4, 'revenue').map((p) => p._id)).toEqual([
      kibe,
      coxinha,
    ]);
  });
});
