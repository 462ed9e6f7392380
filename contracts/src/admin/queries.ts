import { z } from 'zod';
import { ROLES } from '../accounts/constants';
import { accountMessages } from '../accounts/messages';
import { notificationPreferencesSchema } from '../accounts/events';
import { ALL_CATEGORIES, CATEGORIES } from '../catalog/constants';
import { ORDER_STATUSES } from '../ordering/constants';
import { orderDtoSchema } from '../ordering/dto';
import { PAYMENT_STATUSES } from '../payments/constants';
import { SALE_SOURCES } from '../sales/events';
import { messages } from '../shared/messages';
import { textField } from '../shared/text';

/**
 * The admin area's reads (admin-spec §3, §7): query strings and response
 * shapes, shared by query-api and the web app. Money in reais (two decimals),
 * dates of the shop's calendar (`YYYY-MM-DD`, America/Sao_Paulo) unless named
 * an ISO time.
 *
 * Reproducible reports (issue 13 point 8): every list, stats and report object
 * carries `position`, the global position of the event log the answer was
 * computed at (the read models had applied every event up to it). The answers
 * the spec names as bare lists (dashboard recent-orders, top-selling-products,
 * daily-sales and the sales daily-chart) keep that shape and carry the position
 * in the `X-Position` response header instead; every other admin GET sends the
 * header too.
 */

/** Response header with the global position an admin answer was computed at. */
export const POSITION_HEADER = 'X-Position';

/** admin-spec §9: page size of the admin products, orders, users and sales lists. */
export const ADMIN_PAGE_SIZE = 10;
/** The largest page a client may ask for. */
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The furthest page a client may ask for: past it no list of this shop has anything. */
export const ADMIN_MAX_PAGE = 100_000;
/** A product with less stock than this counts as low stock (LOW_STOCK_THRESHOLD overrides it). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
/** admin-spec §9: the dashboard's recent orders and top products. */
export const DASHBOARD_LIST_LIMIT = 4;
export const DASHBOARD_MAX_LIST_LIMIT = 50;
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

const positionField = z.number().int().nonnegative();

/** '' (an empty search box or an "all" filter sent as empty) means "not given". */
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const searchField = z.preprocess(
  blankAsMissing,
  textField({ required: messages.invalidSearch })
    .trim()
    .max(100, messages.invalidSearch)
    .optional(),
);

const pageFields = {
  page: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(ADMIN_MAX_PAGE, messages.invalidSearch)
      .default(1),
  ),
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(ADMIN_MAX_PAGE_SIZE, messages.invalidSearch)
      .default(ADMIN_PAGE_SIZE),
  ),
};

/** The fields every paged admin list answers with. */
const pageAnswer = {
  totalPages: z.number().int().nonnegative(),
  /** How many match the filters across all pages (the orders page's debug line). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  position: positionField,
};

/* ---------------------------------------------------------------- products */

/** GET /api/admin/products: `category` omitted or 'Todas' for all; `isDeleted=false` (the default) lists live ones. */
export const adminProductsQuerySchema = z.object({
  ...pageFields,
  search: searchField,
  category: z.preprocess(
    (value) => (blankAsMissing(value) === ALL_CATEGORIES ? undefined : blankAsMissing(value)),
    z.enum(CATEGORIES, messages.invalidSearch).optional(),
  ),
  isDeleted: z.preprocess(
    blankAsMissing,
    z.enum(['true', 'false'], messages.invalidSearch).default('false'),
  ),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/**
 * A product on the admin pages (admin-spec §3). `status` is 'Ativo' or
 * 'Inativo' from isActive (the shop has no other product status); price in reais.
 */
export const adminProductDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number().int(),
  status: z.string(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  isDeleted: z.boolean(),
});
export type AdminProductDto = z.infer<typeof adminProductDtoSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductDtoSchema),
  ...pageAnswer,
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** GET /api/admin/products/stats: totals over live products, except deletedProducts. */
export const productStatsSchema = z.object({
  totalProducts: z.number().int().nonnegative(),
  activeProducts: z.number().int().nonnegative(),
  lowStockProducts: z.number().int().nonnegative(),
  deletedProducts: z.number().int().nonnegative(),
  position: positionField,
});
export type ProductStats = z.infer<typeof productStatsSchema>;

/* ------------------------------------------------------------------ orders */

/** GET /api/admin/orders: `search` matches the order number or the customer's name or e-mail. */
export const adminOrdersQuerySchema = z.object({
  ...pageFields,
  search: searchField,
  orderStatus: z.preprocess(
    (value) => (blankAsMissing(value) === 'all' ? undefined : blankAsMissing(value)),
    z.enum(ORDER_STATUSES, messages.invalidSearch).optional(),
  ),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** An order on the admin pages: the same shape the customer's pages read (admin-spec §3). */
export const adminOrderDtoSchema = orderDtoSchema;
export type AdminOrderDto = z.infer<typeof adminOrderDtoSchema>;

/** Newest first; deleted orders are not listed. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderDtoSchema),
  ...pageAnswer,
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** GET /api/admin/orders/stats: orders not deleted, by orderStatus. */
export const orderStatsSchema = z.object({
  totalOrders: z.number().int().nonnegative(),
  pendingOrders: z.number().int().nonnegative(),
  processingOrders: z.number().int().nonnegative(),
  deliveredOrders: z.number().int().nonnegative(),
  cancelledOrders: z.number().int().nonnegative(),
  position: positionField,
});
export type OrderStats = z.infer<typeof orderStatsSchema>;

/* ------------------------------------------------------------------- users */

/** GET /api/admin/users: `search` matches name or e-mail. */
export const adminUsersQuerySchema = z.object({
  ...pageFields,
  search: searchField,
  role: z.preprocess(
    (value) => (blankAsMissing(value) === 'all' ? undefined : blankAsMissing(value)),
    z.enum(ROLES, messages.invalidSearch).optional(),
  ),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** A user on the admin pages (admin-spec §3); `createdAt` an ISO time. */
export const adminUserDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  preferences: z.object({ notifications: notificationPreferencesSchema }),
});
export type AdminUserDto = z.infer<typeof adminUserDtoSchema>;

/** Newest first; deleted users are not listed. */
export const adminUserListSchema = z.object({
  users: z.array(adminUserDtoSchema),
  ...pageAnswer,
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** GET /api/admin/users/stats: accounts not deleted. */
export const userStatsSchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  totalAdmins: z.number().int().nonnegative(),
  totalClients: z.number().int().nonnegative(),
  position: positionField,
});
export type UserStats = z.infer<typeof userStatsSchema>;

/* ------------------------------------------------------------------- sales */

/** GET /api/admin/sales: `search` matches the client's name; `source` online or physical. */
export const adminSalesQuerySchema = z.object({
  ...pageFields,
  search: searchField,
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

/** A sale (admin-spec §3): `date` the ISO time it happened, `amount` in reais. */
export const saleDtoSchema = z.object({
  id: z.string(),
  date: z.string(),
  clientName: z.string(),
  amount: z.number(),
  source: z.enum(SALE_SOURCE_WIRE),
});
export type SaleDto = z.infer<typeof saleDtoSchema>;

/** Newest first (by the sale's date); deleted sales are not listed. */
export const saleListSchema = z.object({
  sales: z.array(saleDtoSchema),
  ...pageAnswer,
});
export type SaleList = z.infer<typeof saleListSchema>;

/**
 * GET /api/admin/sales/stats: totalSales, monthlyRevenue and averageTicket over
 * the current month (shop's calendar), the lifetime figures over every sale;
 * online and physical sales alike, deleted ones never.
 */
export const salesStatsSchema = z.object({
  totalSales: z.number().int().nonnegative(),
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
 * month's online sales — physical sales carry no items.
 */
export const monthlyReportSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  totalRevenue: z.number(),
  totalSales: z.number().int().nonnegative(),
  averageTicket: z.number(),
  bestDay: z.object({ date: z.string(), revenue: z.number(), sales: z.number().int() }).nullable(),
  growthComparison: z.object({
    previousMonth: z.object({ totalRevenue: z.number(), totalSales: z.number().int() }),
    growthPercentage: z.object({ revenue: z.number(), sales: z.number() }),
  }),
  dailyBreakdown: z.array(z.object({ day: z.number().int(), revenue: z.number() })),
  weekdayAnalysis: z.array(z.object({ weekday: z.enum(WEEKDAY_LABELS), avgRevenue: z.number() })),
  topProducts: z.array(
    z.object({ productName: z.string(), quantity: z.number().int(), revenue: z.number() }),
  ),
  position: positionField,
});
export type MonthlyReport = z.infer<typeof monthlyReportSchema>;

/* --------------------------------------------------------------- dashboard */

/** `limit` of recent-orders and top-selling-products. */
export const dashboardLimitQuerySchema = z.object({
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(DASHBOARD_MAX_LIST_LIMIT, messages.invalidSearch)
      .default(DASHBOARD_LIST_LIMIT),
  ),
});

/** GET /api/admin/dashboard/recent-orders: a list, newest first, deleted orders left out. */
export const recentOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  total: z.number(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;
export const recentOrdersSchema = z.array(recentOrderSchema);

/**
 * GET /api/admin/dashboard/top-selling-products: a list, most units first (then
 * revenue), over every online sale ever (paid orders, deleted orders included;
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

/** GET /api/admin/dashboard/orders-today: orders placed today (shop's calendar), deleted ones not counted. */
export const ordersTodaySchema = z.object({
  count: z.number().int().nonnegative(),
  position: positionField,
});
export type OrdersToday = z.infer<typeof ordersTodaySchema>;

/** GET /api/admin/dashboard/sales-today and /sales-month: online + physical sales, in reais. */
export const salesTotalSchema = z.object({ total: z.number(), position: positionField });
export type SalesTotal = z.infer<typeof salesTotalSchema>;

/** GET /api/admin/dashboard/daily-sales: a list, every day of the current month up to today. */
export const dailySalesPointSchema = z.object({ date: z.string(), total: z.number() });
export type DailySalesPoint = z.infer<typeof dailySalesPointSchema>;
export const dailySalesSchema = z.array(dailySalesPointSchema);
