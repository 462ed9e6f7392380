import { z } from 'zod';
import { accountMessages } from '../accounts/messages';
import {
  adminMessages as m,
  adminPageAnswer,
  adminPageFields,
  adminSearchField,
  blankAsMissing,
  dashboardLimitQuerySchema,
  positionField,
  reaisField,
  singleLineField,
} from '../shared/admin';
import { messages } from '../shared/messages';
import { parseShopDateTime } from '../shared/shop-time';
import { textField } from '../shared/text';
import { CLIENT_NAME_MAX_LENGTH } from './constants';
import { SALE_SOURCES } from './events';
import { SALE_ROW_KINDS } from './read-model';

/**
 * The admin's sales (admin-spec §3, §5, §7, §9): the sale form, the list, its
 * stats and reports, and the dashboard's sales figures (added up in reports.ts).
 */

/** admin-spec §9: the sales overview chart covers the last 30 days (today included). */
export const SALES_CHART_DAYS = 30;
/** admin-spec §9: the monthly report lists the top 5 products. */
export const MONTHLY_REPORT_TOP_PRODUCTS = 5;
/** admin-spec §5: the month picker's minimum. */
export const FIRST_REPORT_YEAR = 2020;
export const FIRST_REPORT_MONTH = 1;

/** Weekday labels of the monthly report, Sunday first (`Date#getUTCDay` order). */
export const WEEKDAY_LABELS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;
export type WeekdayLabel = (typeof WEEKDAY_LABELS)[number];

/** Sale origins as the wire shows them (admin-spec §3) and as the events name them. */
export const SALE_SOURCE_LABELS = { online: 'Online', physical: 'Fisico' } as const;
export const SALE_SOURCE_WIRE = ['Online', 'Fisico'] as const;

export const adminQueryMessages = {
  yearInvalid: 'Ano inválido.',
  monthInvalid: 'Mês inválido.',
  monthOutOfRange: 'Escolha um mês entre janeiro de 2020 e o mês atual.',
  userNotFound: accountMessages.userNotFound,
} as const;

const shopDateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a sale dated `date` happened: a calendar day (`2026-11-21`, what a date
 * input gives) is noon of that day in the shop, safely inside it; a wall-clock
 * time in the shop (`2026-11-21T15:30`) or an ISO instant is that instant.
 * Null when it is not a real date.
 */
export function saleInstant(date: string): Date | null {
  return parseShopDateTime(shopDateOnly.test(date) ? `${date}T12:00` : date);
}

/** The first instant a sale may be dated: the reports start in January 2020 (admin-spec §5), so must the sales they add up. */
const FIRST_SALE_INSTANT = saleInstant(
  `${FIRST_REPORT_YEAR}-${String(FIRST_REPORT_MONTH).padStart(2, '0')}-01T00:00`,
);

function isReportableSaleDate(value: string): boolean {
  const instant = saleInstant(value);
  return instant !== null && FIRST_SALE_INSTANT !== null && instant >= FIRST_SALE_INSTANT;
}

/** POST /api/admin/sales and PUT /api/admin/sales/{id} (admin-spec §5): client, amount > 0 and date (from January 2020) required. */
export const adminSaleBodySchema = z.strictObject({
  clientName: singleLineField(m.clientNameRequired, CLIENT_NAME_MAX_LENGTH, m.clientNameTooLong),
  amount: reaisField(
    {
      required: m.amountRequired,
      invalid: m.amountInvalid,
      low: m.amountPositive,
      decimals: m.amountDecimals,
      tooHigh: m.amountTooHigh,
    },
    true,
  ),
  date: textField({ required: m.dateRequired })
    .trim()
    .min(1, m.dateRequired)
    .max(40, m.dateInvalid)
    .refine(isReportableSaleDate, m.dateInvalid),
});
export type AdminSaleBody = z.infer<typeof adminSaleBodySchema>;

/** A physical sale as a sale command leaves it (admin-spec §3: amount in reais, source Fisico). */
export const adminSaleResultSchema = z.object({
  id: z.string(),
  date: z.string(),
  clientName: z.string(),
  amount: z.number(),
  source: z.literal('Fisico'),
  isDeleted: z.boolean(),
});
export type AdminSaleResult = z.infer<typeof adminSaleResultSchema>;

/** GET /api/admin/sales: `search` matches the client's name; `source` online or physical. */
export const adminSalesQuerySchema = z.object({
  ...adminPageFields,
  search: adminSearchField,
  /** `online`/`physical` as the events name them, or `Online`/`Fisico` as the list shows them. */
  source: z.preprocess((value) => {
    const given = blankAsMissing(value);
    if (given === 'all') return undefined;
    return given === SALE_SOURCE_LABELS.online
      ? 'online'
      : given === SALE_SOURCE_LABELS.physical
        ? 'physical'
        : given;
  }, z.enum(SALE_SOURCES, messages.invalidSearch).optional()),
});
export type AdminSalesQuery = z.infer<typeof adminSalesQuerySchema>;

/** How the sales list labels a row by its kind (issue 38: a refund is 'Estorno'). */
export const SALE_KIND_LABELS = { sale: 'Venda', refund: 'Estorno' } as const;

/**
 * A sale (admin-spec §3): `date` the ISO time it happened, `amount` in reais.
 * Issue 38: `kind` 'refund' is money of an online sale that went back, on
 * the day it moved: a negative amount, origin Online, no actions (only
 * physical sales are edited or deleted).
 */
export const saleDtoSchema = z.object({
  id: z.string(),
  date: z.string(),
  clientName: z.string(),
  amount: z.number(),
  source: z.enum(SALE_SOURCE_WIRE),
  kind: z.enum(SALE_ROW_KINDS),
  /** The order an online sale or refund belongs to (issue 38: 'Estorno do pedido #1042'); absent for counter sales. */
  orderNumber: z.number().int().optional(),
});
export type SaleDto = z.infer<typeof saleDtoSchema>;

/** Newest first (by the sale's date); deleted sales are not listed. */
export const saleListSchema = z.object({
  sales: z.array(saleDtoSchema),
  ...adminPageAnswer,
});
export type SaleList = z.infer<typeof saleListSchema>;

/**
 * GET /api/admin/sales/stats: totalSales, monthlyRevenue and averageTicket over
 * the current month (shop's calendar), the lifetime figures over every sale;
 * online and physical sales alike, deleted ones never. Issue 38: net of the
 * money that went back in the month (refunds, chargebacks), and less the sales
 * given back in full in it — a month may then count fewer sales than none.
 */
export const salesStatsSchema = z.object({
  totalSales: z.number().int(),
  monthlyRevenue: z.number(),
  averageTicket: z.number(),
  lifetimeTotalSales: z.number().int().nonnegative(),
  lifetimeTotalRevenue: z.number(),
  position: positionField,
});
export type SalesStats = z.infer<typeof salesStatsSchema>;

/** GET /api/admin/sales/daily-chart: a list of the last 30 days, oldest first, every day present. */
export const dailyChartPointSchema = z.object({
  date: z.string(),
  onlineTotal: z.number(),
  physicalTotal: z.number(),
});
export type DailyChartPoint = z.infer<typeof dailyChartPointSchema>;
export const dailyChartSchema = z.array(dailyChartPointSchema);

/**
 * GET /api/admin/sales/monthly-report?year&month: a month from 2020-01 to the
 * current month (shop's calendar); made for a moment (`monthlyReportQuerySchema(now)`).
 */
export function monthlyReportQuerySchema(now: { year: number; month: number }) {
  return z
    .object({
      year: z.coerce
        .number(adminQueryMessages.yearInvalid)
        .int(adminQueryMessages.yearInvalid)
        .min(1, adminQueryMessages.yearInvalid)
        .max(9999, adminQueryMessages.yearInvalid),
      month: z.coerce
        .number(adminQueryMessages.monthInvalid)
        .int(adminQueryMessages.monthInvalid)
        .min(1, adminQueryMessages.monthInvalid)
        .max(12, adminQueryMessages.monthInvalid),
    })
    .refine(
      ({ year, month }) => {
        const asked = year * 12 + month;
        return (
          asked >= FIRST_REPORT_YEAR * 12 + FIRST_REPORT_MONTH && asked <= now.year * 12 + now.month
        );
      },
      { message: adminQueryMessages.monthOutOfRange, path: ['month'] },
    );
}
export type MonthlyReportQuery = z.infer<ReturnType<typeof monthlyReportQuerySchema>>;

/**
 * The monthly report (admin-spec §3), online and physical sales of the month.
 * bestDay is null in a month without sales. growthPercentage compares with the
 * previous month, one decimal: (this − previous) / previous × 100; 100 when the
 * previous month had none and this one has some, 0 when neither has.
 * dailyBreakdown has every day of the month (day 1…28–31); weekdayAnalysis
 * every weekday, Sunday first, avgRevenue = the weekday's revenue / how many of
 * that weekday the month has had (up to today in the current month; a later day
 * counts only if a sale was entered for it).
 * topProducts: the 5 products sold most (by quantity, then revenue) in the
 * month's online sales — physical sales carry no items; topProductsByRevenue
 * (issue 36): the 5 that brought in most (by revenue, then quantity).
 * Issue 38: every figure is net of the money that went back in the month, on
 * the day it moved (a refund in March lowers March); a sale given back in full
 * leaves the count on that day; bestDay is the day that kept the most (null
 * when none kept anything); a product whose net units or revenue is not
 * positive is no top product.
 */
const monthlyTopProductSchema = z.object({
  productName: z.string(),
  quantity: z.number().int(),
  revenue: z.number(),
});

export const monthlyReportSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  totalRevenue: z.number(),
  /** Issue 37: the month's delivery fees ('Taxa de entrega'), inside totalRevenue. */
  deliveryFees: z.number(),
  /** totalRevenue without the delivery fees: what the products brought in. */
  productRevenue: z.number(),
  totalSales: z.number().int(),
  averageTicket: z.number(),
  bestDay: z.object({ date: z.string(), revenue: z.number(), sales: z.number().int() }).nullable(),
  growthComparison: z.object({
    previousMonth: z.object({ totalRevenue: z.number(), totalSales: z.number().int() }),
    growthPercentage: z.object({ revenue: z.number(), sales: z.number() }),
  }),
  dailyBreakdown: z.array(z.object({ day: z.number().int(), revenue: z.number() })),
  weekdayAnalysis: z.array(z.object({ weekday: z.enum(WEEKDAY_LABELS), avgRevenue: z.number() })),
  topProducts: z.array(monthlyTopProductSchema),
  topProductsByRevenue: z.array(monthlyTopProductSchema),
  position: positionField,
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/** How the top-selling products are ranked: most units sold (the spec's default) or most revenue. */
export const TOP_PRODUCTS_RANKINGS = ['units', 'revenue'] as const;
export type TopProductsRanking = (typeof TOP_PRODUCTS_RANKINGS)[number];

/** GET /api/admin/dashboard/top-selling-products?limit&rankBy (`rankBy` units when left out). */
export const topSellingProductsQuerySchema = dashboardLimitQuerySchema.extend({
  rankBy: z.preprocess(
    blankAsMissing,
    z.enum(TOP_PRODUCTS_RANKINGS, messages.invalidSearch).default('units'),
  ),
});
export type TopSellingProductsQuery = z.infer<typeof topSellingProductsQuerySchema>;

/**
 * GET /api/admin/dashboard/top-selling-products: a list, most units first (then
 * revenue), or with `rankBy=revenue` most revenue first (then units), over every online sale ever (paid orders, deleted orders included;
 * counter sales carry no items); name and category as the catalogue has them
 * now, `totalSales` the revenue in reais.
 */
export const topSellingProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  quantitySold: z.number().int(),
  totalSales: z.number(),
});
export type TopSellingProduct = z.infer<typeof topSellingProductSchema>;
export const topSellingProductsSchema = z.array(topSellingProductSchema);

/** GET /api/admin/dashboard/sales-today and /sales-month: online + physical sales, in reais. */
export const salesTotalSchema = z.object({ total: z.number(), position: positionField });
export type SalesTotal = z.infer<typeof salesTotalSchema>;

/** GET /api/admin/dashboard/daily-sales: a list, every day of the current month up to today. */
export const dailySalesPointSchema = z.object({ date: z.string(), total: z.number() });
export type DailySalesPoint = z.infer<typeof dailySalesPointSchema>;
export const dailySalesSchema = z.array(dailySalesPointSchema);
