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
  saleListSchema,
  topSellingProductsSchema,
  userStatsSchema,
  type AdminOrderDto,
  type AdminOrderList,
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
  type SaleList,
  type SaleSource,
  type SalesStats,
  type SalesTotal,
  type TopSellingProduct,
  type UserStats,
} from '@quitute/contracts';
import { ADMIN_TAGS, adminQueryApi, adminRead, params } from './admin-base';

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

function path(prefix: string, id: string): string {
  return `${prefix}/${encodeURIComponent(id)}`;
}

/**
 * Every admin GET (query-api, admin-spec §7). Cached only while a page shows
 * it: leaving the admin area (a logout) drops the admin data at once.
 */
export const adminApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getRecentOrders: build.query<RecentOrder[], undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/dashboard/recent-orders',
            params: params({ limit: DASHBOARD_LIST_LIMIT }),
          },
          recentOrdersSchema,
        ),
      providesTags: ['AdminDashboard', 'AdminOrders'],
      keepUnusedDataFor: 0,
    }),
    getTopSellingProducts: build.query<TopSellingProduct[], undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/dashboard/top-selling-products',
            params: params({ limit: DASHBOARD_LIST_LIMIT }),
          },
          topSellingProductsSchema,
        ),
      providesTags: ['AdminDashboard', 'AdminProducts'],
      keepUnusedDataFor: 0,
    }),
    getOrdersToday: build.query<OrdersToday, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/dashboard/orders-today' }, ordersTodaySchema),
      providesTags: ['AdminDashboard', 'AdminOrders'],
      keepUnusedDataFor: 0,
    }),
    getSalesToday: build.query<SalesTotal, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/dashboard/sales-today' }, salesTotalSchema),
      providesTags: ['AdminDashboard', 'AdminSales'],
      keepUnusedDataFor: 0,
    }),
    getSalesMonth: build.query<SalesTotal, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/dashboard/sales-month' }, salesTotalSchema),
      providesTags: ['AdminDashboard', 'AdminSales'],
      keepUnusedDataFor: 0,
    }),
    getDailySales: build.query<DailySalesPoint[], undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/dashboard/daily-sales' }, dailySalesSchema),
      providesTags: ['AdminDashboard', 'AdminSales'],
      keepUnusedDataFor: 0,
    }),

    getAdminProducts: build.query<AdminProductList, ProductsArgs>({
      queryFn: ({ page, search, category }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/products',
            params: params({
              page,
              limit: ADMIN_PAGE_SIZE,
              search: search.trim(),
              category: category === ALL_CATEGORIES ? undefined : category,
              isDeleted: 'false',
            }),
          },
          adminProductListSchema,
        ),
      providesTags: ['AdminProducts'],
      keepUnusedDataFor: 0,
    }),
    getProductStats: build.query<ProductStats, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/products/stats' }, productStatsSchema),
      providesTags: ['AdminProducts'],
      keepUnusedDataFor: 0,
    }),

    getAdminOrders: build.query<AdminOrderList, OrdersArgs>({
      queryFn: ({ page, search, orderStatus }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/orders',
            params: params({ page, limit: ADMIN_PAGE_SIZE, search: search.trim(), orderStatus }),
          },
          adminOrderListSchema,
        ),
      providesTags: ['AdminOrders'],
      keepUnusedDataFor: 0,
    }),
    getOrderStats: build.query<OrderStats, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/orders/stats' }, orderStatsSchema),
      providesTags: ['AdminOrders'],
      keepUnusedDataFor: 0,
    }),
    getAdminOrder: build.query<AdminOrderDto, string>({
      queryFn: (orderId, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: path('/api/admin/orders', orderId) }, adminOrderDtoSchema),
      providesTags: ['AdminOrders'],
      keepUnusedDataFor: 0,
    }),
    getOrderHistory: build.query<OrderHistory, OrderHistoryArgs>({
      queryFn: ({ orderId, asOf, position }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: `${path('/api/admin/orders', orderId)}/history`,
            params: params({ asOf: asOf ?? undefined, position: position ?? undefined }),
          },
          orderHistorySchema,
        ),
      providesTags: ['AdminOrders'],
      keepUnusedDataFor: 0,
    }),

    // The event log reads the event store: any admin write may add to it.
    getEventLog: build.query<EventLogPage, EventLogArgs>({
      queryFn: (args, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          { url: '/api/admin/events', params: params({ ...args }) },
          eventLogPageSchema,
        ),
      providesTags: [...ADMIN_TAGS],
      keepUnusedDataFor: 0,
    }),
    getEventStream: build.query<EventStreamPage, EventStreamArgs>({
      queryFn: ({ stream, from }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          { url: path('/api/admin/events/streams', stream), params: params({ from }) },
          eventStreamSchema,
        ),
      providesTags: [...ADMIN_TAGS],
      keepUnusedDataFor: 0,
    }),

    getAdminUsers: build.query<AdminUserList, UsersArgs>({
      queryFn: ({ page, search, role }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/users',
            params: params({ page, limit: ADMIN_PAGE_SIZE, search: search.trim(), role }),
          },
          adminUserListSchema,
        ),
      providesTags: ['AdminUsers'],
      keepUnusedDataFor: 0,
    }),
    getUserStats: build.query<UserStats, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/users/stats' }, userStatsSchema),
      providesTags: ['AdminUsers'],
      keepUnusedDataFor: 0,
    }),
    getAdminUser: build.query<AdminUserDto, string>({
      queryFn: (id, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: path('/api/admin/users', id) }, adminUserDtoSchema),
      providesTags: ['AdminUsers'],
      keepUnusedDataFor: 0,
    }),

    getSales: build.query<SaleList, SalesArgs>({
      queryFn: ({ page, search, source }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          {
            url: '/api/admin/sales',
            params: params({ page, limit: ADMIN_PAGE_SIZE, search: search.trim(), source }),
          },
          saleListSchema,
        ),
      providesTags: ['AdminSales'],
      keepUnusedDataFor: 0,
    }),
    getSalesStats: build.query<SalesStats, undefined>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        adminRead(api, baseQuery, { url: '/api/admin/sales/stats' }, salesStatsSchema),
      providesTags: ['AdminSales'],
      keepUnusedDataFor: 0,
    }),
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
    getMonthlyReport: build.query<MonthlyReport, MonthArgs>({
      queryFn: ({ year, month }, api, _extra, baseQuery) =>
        adminRead(
          api,
          baseQuery,
          { url: '/api/admin/sales/monthly-report', params: params({ year, month }) },
          monthlyReportSchema,
        ),
      providesTags: ['AdminSales'],
      keepUnusedDataFor: 0,
    }),
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
