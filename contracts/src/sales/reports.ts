import { addDays } from '../shared/shop-time';
import type { SaleSource } from './events';
import type { OnlineSalesMonthDocument, SaleDocument } from './read-model';
import { centsToReais } from '../shared/money';
import {
  MONTHLY_REPORT_TOP_PRODUCTS,
  SALES_CHART_DAYS,
  WEEKDAY_LABELS,
  type DailyChartPoint,
  type DailySalesPoint,
  type MonthlyReport,
  type SalesStats,
  type TopProductsRanking,
  type TopSellingProduct,
} from './admin-dto';

/**
 * The sales figures of the admin reports and dashboard (admin-spec §3), added
 * up from the sales read models — pure, so query-api answers with them and a
 * test can compare live read models with rebuilt ones through them. Online
 * sales come already summed per day and product (one document per month),
 * physical ones one document per sale; both become day totals here. Each
 * function picks the days it counts itself, so it may be handed any superset:
 * query-api narrows with the read store's filters first. Money is added in
 * centavos and turned into reais last. `today` is the shop's calendar date
 * (`shopDate(now)`).
 * Issue 38: the online months hold refunds and chargebacks as negative money
 * on the day it moved, so every figure here is net of them, on that day.
 */

/** What a shop day sold through one channel. */
export interface DayTotal {
  day: string;
  source: SaleSource;
  count: number;
  amountCents: number;
  /** The delivery fees inside amountCents ('Taxa de entrega'). */
  deliveryFeeCents: number;
}

/** A product's units and revenue over some period. */
export interface ProductTotal {
  productId: string;
  name: string;
  quantity: number;
  revenueCents: number;
}

type OnlineMonth = Pick<OnlineSalesMonthDocument, '_id' | 'days' | 'products'>;
type PhysicalSale = Pick<SaleDocument, 'source' | 'amountCents' | 'deliveryFeeCents' | 'day'>;

/**
 * The day totals of online months and physical sales. An online sale in the
 * sales read model is left out (its month document counts it).
 */
export function dayTotals(
  onlineMonths: readonly OnlineMonth[],
  sales: readonly PhysicalSale[],
): DayTotal[] {
  const online = onlineMonths.flatMap((month) =>
    Object.entries(month.days).map(([day, total]): DayTotal => ({
      day,
      source: 'online',
      ...total,
    })),
  );
  const physical = sales
    .filter((sale) => sale.source === 'physical')
    .map((sale): DayTotal => ({
      day: sale.day,
      source: 'physical',
      count: 1,
      amountCents: sale.amountCents,
      deliveryFeeCents: sale.deliveryFeeCents,
    }));
  return [...online, ...physical];
}

/** The products of online months, summed across them; the name of the latest month that sold each. */
export function productTotals(onlineMonths: readonly OnlineMonth[]): ProductTotal[] {
  const totals = new Map<string, ProductTotal>();
  const byMonth = [...onlineMonths].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  for (const month of byMonth) {
    for (const [productId, sold] of Object.entries(month.products)) {
      const total = totals.get(productId) ?? {
        productId,
        name: sold.name,
        quantity: 0,
        revenueCents: 0,
      };
      total.name = sold.name;
      total.quantity += sold.quantity;
      total.revenueCents += sold.revenueCents;
      totals.set(productId, total);
    }
  }
  return [...totals.values()];
}

export interface YearMonth {
  year: number;
  month: number;
}

/** `2026-03` */
export function monthKey({ year, month }: YearMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export function yearMonthOf(day: string): YearMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Sunday … 6 for Saturday, of a calendar date. */
function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

const sum = (totals: readonly DayTotal[]) =>
  totals.reduce(
    (acc, total) => ({
      count: acc.count + total.count,
      cents: acc.cents + total.amountCents,
      feeCents: acc.feeCents + total.deliveryFeeCents,
    }),
    { count: 0, cents: 0, feeCents: 0 },
  );

/** Reais per sale, rounded to the centavo; 0 without sales. */
const averageTicket = (cents: number, count: number) =>
  count === 0 ? 0 : centsToReais(Math.round(cents / count));

/** One decimal; 100 when there was nothing before and there is now, 0 when neither. */
export function growthPercentage(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Products by units sold, then revenue, then name. */
const bestSellersFirst = (a: ProductTotal, b: ProductTotal) =>
  b.quantity - a.quantity ||
  b.revenueCents - a.revenueCents ||
  a.name.localeCompare(b.name, 'pt-BR') ||
  (a.productId < b.productId ? -1 : 1);

/** Products by revenue, then as best sellers. */
const highestRevenueFirst = (a: ProductTotal, b: ProductTotal) =>
  b.revenueCents - a.revenueCents || bestSellersFirst(a, b);

const RANKINGS: Readonly<Record<TopProductsRanking, (a: ProductTotal, b: ProductTotal) => number>> =
  {
    units: bestSellersFirst,
    revenue: highestRevenueFirst,
  };

/**
 * A product the shop really sold over the period: refunds may have taken back
 * all its money, or more (of an earlier period's sale), or its units.
 */
const soldNet = (product: ProductTotal) => product.quantity > 0 && product.revenueCents > 0;

/** The month's top products in one ranking, as the report lists them. */
const topOfMonth = (products: readonly ProductTotal[], rankBy: TopProductsRanking) =>
  products
    .filter(soldNet)
    .sort(RANKINGS[rankBy])
    .slice(0, MONTHLY_REPORT_TOP_PRODUCTS)
    .map((product) => ({
      productName: product.name,
      quantity: product.quantity,
      revenue: centsToReais(product.revenueCents),
    }));

/** GET /api/admin/sales/stats: the current month's sales, and every sale ever. */
export function salesStats(
  totals: readonly DayTotal[],
  today: string,
): Omit<SalesStats, 'position'> {
  const month = today.slice(0, 7);
  const ofMonth = sum(totals.filter((total) => total.day.slice(0, 7) === month));
  const lifetime = sum(totals);
  return {
    totalSales: ofMonth.count,
    monthlyRevenue: centsToReais(ofMonth.cents),
    averageTicket: averageTicket(ofMonth.cents, ofMonth.count),
    lifetimeTotalSales: lifetime.count,
    lifetimeTotalRevenue: centsToReais(lifetime.cents),
  };
}

/** The first day of the sales overview chart: 29 days before today. */
export function chartStart(today: string): string {
  return addDays(today, -(SALES_CHART_DAYS - 1));
}

/** GET /api/admin/sales/daily-chart: the last 30 days, oldest first, every day present. */
export function dailyChart(totals: readonly DayTotal[], today: string): DailyChartPoint[] {
  const days = new Map<string, { online: number; physical: number }>();
  for (let offset = SALES_CHART_DAYS - 1; offset >= 0; offset -= 1) {
    days.set(addDays(today, -offset), { online: 0, physical: 0 });
  }
  for (const total of totals) {
    const day = days.get(total.day);
    if (day) day[total.source] += total.amountCents;
  }
  return Array.from(days, ([date, { online, physical }]) => ({
    date,
    onlineTotal: centsToReais(online),
    physicalTotal: centsToReais(physical),
  }));
}

/** GET /api/admin/dashboard/sales-today (a day) and /sales-month (a month): reais. */
export function salesTotal(
  totals: readonly DayTotal[],
  period: { day: string } | { month: string },
): number {
  const counted = totals.filter((total) =>
    'day' in period ? total.day === period.day : total.day.slice(0, 7) === period.month,
  );
  return centsToReais(sum(counted).cents);
}

/** GET /api/admin/dashboard/daily-sales: every day of the current month up to today, in order. */
export function dailySales(totals: readonly DayTotal[], today: string): DailySalesPoint[] {
  const days = new Map<string, number>();
  for (let day = `${today.slice(0, 7)}-01`; day <= today; day = addDays(day, 1)) {
    days.set(day, 0);
  }
  for (const total of totals) {
    const cents = days.get(total.day);
    if (cents !== undefined) days.set(total.day, cents + total.amountCents);
  }
  return Array.from(days, ([date, cents]) => ({ date, total: centsToReais(cents) }));
}

/**
 * GET /api/admin/sales/monthly-report (see monthlyReportSchema for what each
 * figure counts). `products` are the month's (its online month document);
 * `today` bounds the weekday averages of the current month: a weekday counts
 * the days of it that have passed (or that already have sales).
 */
export function monthlyReport(
  totals: readonly DayTotal[],
  products: readonly ProductTotal[],
  asked: YearMonth,
  today: string,
): Omit<MonthlyReport, 'position'> {
  const key = monthKey(asked);
  const previousKey = monthKey(previousMonth(asked));
  const ofMonth = totals.filter((total) => total.day.slice(0, 7) === key);
  const month = sum(ofMonth);
  const previous = sum(totals.filter((total) => total.day.slice(0, 7) === previousKey));

  const days = daysInMonth(asked);
  const byDay = Array.from({ length: days }, () => ({ cents: 0, sales: 0 }));
  for (const total of ofMonth) {
    const slot = byDay[Number(total.day.slice(8, 10)) - 1];
    if (slot) {
      slot.cents += total.amountCents;
      slot.sales += total.count;
    }
  }
  const dayOf = (index: number) => `${key}-${String(index + 1).padStart(2, '0')}`;

  // The first of the days with the most revenue, among those that kept any (net of refunds).
  let bestDay: { index: number; cents: number; sales: number } | null = null;
  for (const [index, slot] of byDay.entries()) {
    if (slot.cents > 0 && (bestDay === null || slot.cents > bestDay.cents)) {
      bestDay = { index, ...slot };
    }
  }

  const lastElapsed = today.slice(0, 7) === key ? Number(today.slice(8, 10)) : days;
  const weekdays = WEEKDAY_LABELS.map(() => ({ cents: 0, days: 0 }));
  byDay.forEach((slot, index) => {
    if (index + 1 > lastElapsed && slot.sales === 0 && slot.cents === 0) return;
    const weekday = weekdays[weekdayOf(dayOf(index))];
    if (weekday) {
      weekday.cents += slot.cents;
      weekday.days += 1;
    }
  });

  return {
    year: asked.year,
    month: asked.month,
    totalRevenue: centsToReais(month.cents),
    deliveryFees: centsToReais(month.feeCents),
    productRevenue: centsToReais(month.cents - month.feeCents),
    totalSales: month.count,
    averageTicket: averageTicket(month.cents, month.count),
    bestDay: bestDay && {
      date: dayOf(bestDay.index),
      revenue: centsToReais(bestDay.cents),
      sales: bestDay.sales,
    },
    growthComparison: {
      previousMonth: { totalRevenue: centsToReais(previous.cents), totalSales: previous.count },
      growthPercentage: {
        revenue: growthPercentage(month.cents, previous.cents),
        sales: growthPercentage(month.count, previous.count),
      },
    },
    dailyBreakdown: byDay.map((slot, index) => ({
      day: index + 1,
      revenue: centsToReais(slot.cents),
    })),
    weekdayAnalysis: WEEKDAY_LABELS.map((weekday, index) => {
      const slot = weekdays[index] ?? { cents: 0, days: 0 };
      return {
        weekday,
        avgRevenue: slot.days === 0 ? 0 : centsToReais(Math.round(slot.cents / slot.days)),
      };
    }),
    topProducts: topOfMonth(products, 'units'),
    topProductsByRevenue: topOfMonth(products, 'revenue'),
  };
}

/**
 * GET /api/admin/dashboard/top-selling-products: units sold in every online
 * sale (physical sales carry no items), net of refunds, most units (or most
 * revenue) first, none whose net is not positive;
 * name and category as the catalogue has them now, the sold name when the
 * product is not in it.
 */
export function topSellingProducts(
  products: readonly ProductTotal[],
  catalogue: readonly { _id: string; name: string; category: string }[],
  limit: number,
  rankBy: TopProductsRanking = 'units',
): TopSellingProduct[] {
  const known = new Map(catalogue.map((product) => [product._id, product]));
  return products
    .filter(soldNet)
    .sort(RANKINGS[rankBy])
    .slice(0, limit)
    .map((product) => ({
      _id: product.productId,
      name: known.get(product.productId)?.name ?? product.name,
      category: known.get(product.productId)?.category ?? '',
      quantitySold: product.quantity,
      totalSales: centsToReais(product.revenueCents),
    }));
}
