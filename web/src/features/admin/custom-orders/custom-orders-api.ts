import { adminCustomOrderListSchema, type AdminCustomOrderList } from '@quitute/contracts';
import { adminQuery, adminQueryApi } from '../api/admin-base';

/** The custom orders sent from /encomendas (query-api), newest first. */
export const adminCustomOrdersApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminCustomOrders: build.query<AdminCustomOrderList, { page: number }>(
      adminQuery(
        ({ page }) => ({ url: '/api/admin/custom-orders', params: { page: String(page) } }),
        adminCustomOrderListSchema,
        [],
      ),
    ),
  }),
});

export const { useGetAdminCustomOrdersQuery } = adminCustomOrdersApi;
