import {
  ADMIN_PAGE_SIZE,
  adminOrderDtoSchema,
  adminOrderListSchema,
  adminProductListSchema,
  adminUserDtoSchema,
  adminUserListSchema,
  ALL_CATEGORIES,
  DASHBOARD_LIST_LIMIT,
  dailyChartSchema,
  dailySalesSchema,
  eventLogPageSchema,
  eventStreamSchema,
  monthlyReportSchema,
  orderHistorySchema,
  orderStatsSchema,
  ordersTodaySchema,
  productStatsSchema,
  recentOrdersSchema,
  salesStatsSchema,
  salesTotalSchema,
  type SaleDto,
  type SaleList,
  saleListSchema,
  topSellingProductsSchema,
  userStatsSchema,
  type AdminOrderDto,
  type AdminOrderList,
  type AdminOrderSort,
  type AdminProductList,
  type AdminUserDto,
  type AdminUserList,
  type DailyChartPoint,
  type DailySalesPoint,
  type EventLogPage,
  type EventStreamPage,
  type MonthlyReport,
  type OrderHistory,
  type OrderStats,
  type OrderStatus,
  type OrdersToday,
  type ProductStats,
  type RecentOrder,
  type Role,
  type SaleSource,
  type SalesStats,
  type SalesTotal,
  type TopProductsRanking,
  type TopSellingProduct,
  type UserStats,
} from '@quitute/contracts';
import { ADMIN_TAGS, adminQuery, adminQueryApi, adminRead, params, path } from './admin-base';

/**
 * A row of the sales list (issue 38): a sale, or money of an online sale
 * that went back on its day (`kind` 'refund', a negative amount) and, when
 * the server names it, the order it belongs to. Read leniently: a server
 * that does not say `kind` lists sales only.
 */
/** A row of the sales list: a sale, or (issue 38) a refund of an online one ('Estorno'). */
export type SaleRow = SaleDto;
export type SaleRows = SaleList;
const saleRowsSchema = saleListSchema;

/** What the products list asks for (admin-spec §7): `category` 'Todas' is omitted. */
export interface ProductsArgs {
  page: number;
  search: string;
  category: string;
}

export interface OrdersArgs {
  page: number;
  search: string;
  orderStatus: OrderStatus | '';
  /** Issue 40: the shop's day the orders are for, `YYYY-MM-DD` ('' all). */
  deliveryDate: string;
  sort: AdminOrderSort;
}

/** The filters of GET /api/admin/orders (and its CSV): the default sort is left out. */
export function orderFilters({
  search,
  orderStatus,
  deliveryDate,
  sort,
}: Omit<OrdersArgs, 'page'>): Record<string, string> {
  return params({
    search: search.trim(),
    orderStatus,
    deliveryDate,
    sort: sort === 'createdAt_desc' ? undefined : sort,
  });
}

/** The filters of GET /api/admin/sales (and its CSV). */
export function saleFilters({ search, source }: Omit<SalesArgs, 'page'>): Record<string, string> {
  return params({ search: search.trim(), source });
}

export interface UsersArgs {
  page: number;
  search: string;
  role: Role | '';
}

export interface SalesArgs {
  page: number;
  search: string;
  source: SaleSource | '';
}

export interface MonthArgs {
  year: number;
  month: number;
}

/**
 * An order's history (issue 13): all of it, or up to `asOf` (an ISO time with
 * its offset) or up to a global `position` (at most one of the two).
 */
export interface OrderHistoryArgs {
  orderId: string;
  asOf: string | null;
  position: number | null;
}

/**
 * A page of the global event log (contracts' eventLogQuerySchema): `from` is
 * the previous page's `next`; since/until are ISO times with their offset.
 */
export interface EventLogArgs {
  from?: number;
  stream?: string;
  category?: string;
  type?: string;
  actorId?: string;
  since?: string;
  until?: string;
}

/** One page of a stream: from its start, or from the revision a page's `next` named. */
export interface EventStreamArgs {
  stream: string;
  from?: number;
}

/** A list's page (admin-spec §7): its number, its size, the search trimmed and the filters chosen. */
function listParams(
  { page, search }: { page: number; search: string },
  filters: Record<string, string | undefined>,
) {
  return params({ page, limit: ADMIN_PAGE_SIZE, search: search.trim(), ...filters });
}

/** Every admin GET (query-api, admin-spec §7), with the admin reads each one belongs to. */
export const adminApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentOrders: build.query<RecentOrder[], undefined>(
      adminQuery(
        () => ({
          url: '/api/admin/dashboard/recent-orders',
          params: params({ limit: DASHBOARD_LIST_LIMIT }),
        }),
        recentOrdersSchema,
        ['AdminDashboard', 'AdminOrders'],
      ),
    ),
    getTopSellingProducts: build.query<TopSellingProduct[], TopProductsRanking>(
      adminQuery(
        (rankBy) => ({
          url: '/api/admin/dashboard/top-selling-products',
          // The spec's call is `?limit=4`; the ranking by units is the server's default.
          params: params({
            limit: DASHBOARD_LIST_LIMIT,
            rankBy: rankBy === 'units' ? undefined : rankBy,
          }),
        }),
        topSellingProductsSchema,
        ['AdminDashboard', 'AdminProducts'],
      ),
    ),
    getOrdersToday: build.query<OrdersToday, undefined>(
      adminQuery(() => ({ url: '/api/admin/dashboard/orders-today' }), ordersTodaySchema, [
        'AdminDashboard',
        'AdminOrders',
      ]),
    ),
    getSalesToday: build.query<SalesTotal, undefined>(
      adminQuery(() => ({ url: '/api/admin/dashboard/sales-today' }), salesTotalSchema, [
        'AdminDashboard',
        'AdminSales',
      ]),
    ),
    getSalesMonth: build.query<SalesTotal, undefined>(
      adminQuery(() => ({ url: '/api/admin/dashboard/sales-month' }), salesTotalSchema, [
        'AdminDashboard',
        'AdminSales',
      ]),
    ),
    getDailySales: build.query<DailySalesPoint[], undefined>(
      adminQuery(() => ({ url: '/api/admin/dashboard/daily-sales' }), dailySalesSchema, [
        'AdminDashboard',
        'AdminSales',
      ]),
    ),

    getAdminProducts: build.query<AdminProductList, ProductsArgs>(
      adminQuery(
        ({ page, search, category }) => ({
          url: '/api/admin/products',
          params: listParams(
            { page, search },
            { category: category === ALL_CATEGORIES ? undefined : category, isDeleted: 'false' },
          ),
        }),
        adminProductListSchema,
        ['AdminProducts'],
      ),
    ),
    getProductStats: build.query<ProductStats, undefined>(
      adminQuery(() => ({ url: '/api/admin/products/stats' }), productStatsSchema, [
        'AdminProducts',
      ]),
    ),

    getAdminOrders: build.query<AdminOrderList, OrdersArgs>(
      adminQuery(
        ({ page, search, ...filters }) => ({
          url: '/api/admin/orders',
          params: listParams({ page, search }, orderFilters({ search: '', ...filters })),
        }),
        adminOrderListSchema,
        ['AdminOrders'],
      ),
    ),
    getOrderStats: build.query<OrderStats, undefined>(
      adminQuery(() => ({ url: '/api/admin/orders/stats' }), orderStatsSchema, ['AdminOrders']),
    ),
    getAdminOrder: build.query<AdminOrderDto, string>(
      adminQuery((orderId) => ({ url: path('/api/admin/orders', orderId) }), adminOrderDtoSchema, [
        'AdminOrders',
      ]),
    ),
    getOrderHistory: build.query<OrderHistory, OrderHistoryArgs>(
      adminQuery(
        ({ orderId, asOf, position }) => ({
          url: `${path('/api/admin/orders', orderId)}/history`,
          params: params({ asOf: asOf ?? undefined, position: position ?? undefined }),
        }),
        orderHistorySchema,
        ['AdminOrders'],
      ),
    ),

    // The event log reads the event store: any admin write may add to it.
    getEventLog: build.query<EventLogPage, EventLogArgs>(
      adminQuery(
        (args) => ({ url: '/api/admin/events', params: params({ ...args }) }),
        eventLogPageSchema,
        ADMIN_TAGS,
      ),
    ),
    getEventStream: build.query<EventStreamPage, EventStreamArgs>(
      adminQuery(
        ({ stream, from }) => ({
          url: path('/api/admin/events/streams', stream),
          params: params({ from }),
        }),
        eventStreamSchema,
        ADMIN_TAGS,
      ),
    ),

    getAdminUsers: build.query<AdminUserList, UsersArgs>(
      adminQuery(
        ({ page, search, role }) => ({
          url: '/api/admin/users',
          params: listParams({ page, search }, { role }),
        }),
        adminUserListSchema,
        ['AdminUsers'],
      ),
    ),
    getUserStats: build.query<UserStats, undefined>(
      adminQuery(() => ({ url: '/api/admin/users/stats' }), userStatsSchema, ['AdminUsers']),
    ),
    getAdminUser: build.query<AdminUserDto, string>(
      adminQuery((id) => ({ url: path('/api/admin/users', id) }), adminUserDtoSchema, [
        'AdminUsers',
      ]),
    ),

    getSales: build.query<SaleRows, SalesArgs>(
      adminQuery(
        ({ page, search, source }) => ({
          url: '/api/admin/sales',
          params: listParams({ page, search }, { source }),
        }),
        saleRowsSchema,
        ['AdminSales'],
      ),
    ),
    getSalesStats: build.query<SalesStats, undefined>(
      adminQuery(() => ({ url: '/api/admin/sales/stats' }), salesStatsSchema, ['AdminSales']),
    ),
    /**
     * admin-spec §7: the sales chart's own series; if that call fails, the
     * dashboard's daily totals (no split by origin: drawn as one series);
     * if both fail, an empty chart.
     */
    getSalesDailyChart: build.query<DailyChartPoint[], undefined>({
      queryFn: async (_arg, api, _extra, baseQuery) => {
        const chart = await adminRead(
          api,
          baseQuery,
          { url: '/api/admin/sales/daily-chart' },
          dailyChartSchema,
        );
        if (!chart.error) return chart;
        const daily = await adminRead(
          api,
          baseQuery,
          { url: '/api/admin/dashboard/daily-sales' },
          dailySalesSchema,
        );
        if (daily.error) return { data: [] };
        return {
          data: daily.data.map(({ date, total }) => ({
            date,
            onlineTotal: total,
            physicalTotal: 0,
          })),
        };
      },
      providesTags: ['AdminSales'],
      keepUnusedDataFor: 0,
    }),
    getMonthlyReport: build.query<MonthlyReport, MonthArgs>(
      adminQuery(
        ({ year, month }) => ({
          url: '/api/admin/sales/monthly-report',
          params: params({ year, month }),
        }),
        monthlyReportSchema,
        ['AdminSales'],
      ),
    ),
  }),
});

export const {
  useGetRecentOrdersQuery,
  useGetTopSellingProductsQuery,
  useGetOrdersTodayQuery,
  useGetSalesTodayQuery,
  useGetSalesMonthQuery,
  useGetDailySalesQuery,
  useGetAdminProductsQuery,
  useGetProductStatsQuery,
  useGetAdminOrdersQuery,
  useGetOrderStatsQuery,
  useGetAdminOrderQuery,
  useGetOrderHistoryQuery,
  useGetEventLogQuery,
  useGetEventStreamQuery,
  useGetAdminUsersQuery,
  useGetUserStatsQuery,
  useGetAdminUserQuery,
  useGetSalesQuery,
  useGetSalesStatsQuery,
  useGetSalesDailyChartQuery,
  useGetMonthlyReportQuery,
} = adminApi;
