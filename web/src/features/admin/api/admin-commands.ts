import type {
  AdminProductInput,
  AdminSaleBody,
  AdminUserInput,
  OrderStatus,
} from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { adminWrite } from './admin-base';

/** POST/PUT /api/admin/products body (admin-spec §7): price in reais, stock an integer. */
export type ProductBody = Required<AdminProductInput>;

/** POST/PUT /api/admin/users body (admin-spec §7). */
export type UserBody = Required<AdminUserInput>;

/** POST/PUT /api/admin/sales body (admin-spec §7): amount in reais, date `YYYY-MM-DD`. */
export type SaleBody = AdminSaleBody;

function path(prefix: string, id: string): string {
  return `${prefix}/${encodeURIComponent(id)}`;
}

/** Every admin mutation (command-api, admin-spec §7); each refreshes the reads it changes. */
export const adminCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    createProduct: build.mutation<null, ProductBody>({
      queryFn: (body, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: '/api/admin/products', method: 'POST', body }, [
          'AdminProducts',
          'AdminDashboard',
          'Product',
        ]),
    }),
    updateProduct: build.mutation<null, { id: string; body: ProductBody }>({
      queryFn: ({ id, body }, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/products', id), method: 'PUT', body }, [
          'AdminProducts',
          'AdminDashboard',
          'Product',
        ]),
    }),
    deleteProduct: build.mutation<null, string>({
      queryFn: (id, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/products', id), method: 'DELETE' }, [
          'AdminProducts',
          'AdminDashboard',
          'Product',
        ]),
    }),

    updateOrderStatus: build.mutation<null, { id: string; orderStatus: OrderStatus }>({
      queryFn: ({ id, orderStatus }, api, _extra, baseQuery) =>
        adminWrite(
          api,
          baseQuery,
          {
            url: `${path('/api/admin/orders', id)}/status`,
            method: 'PUT',
            body: { orderStatus },
          },
          ['AdminOrders', 'AdminDashboard'],
        ),
    }),
    deleteOrder: build.mutation<null, string>({
      queryFn: (id, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/orders', id), method: 'DELETE' }, [
          'AdminOrders',
          'AdminDashboard',
          'AdminSales',
        ]),
    }),

    createUser: build.mutation<null, UserBody>({
      queryFn: (body, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: '/api/admin/users', method: 'POST', body }, [
          'AdminUsers',
        ]),
    }),
    updateUser: build.mutation<null, { id: string; body: UserBody }>({
      queryFn: ({ id, body }, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/users', id), method: 'PUT', body }, [
          'AdminUsers',
        ]),
    }),
    deleteUser: build.mutation<null, string>({
      queryFn: (id, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/users', id), method: 'DELETE' }, [
          'AdminUsers',
        ]),
    }),

    createSale: build.mutation<null, SaleBody>({
      queryFn: (body, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: '/api/admin/sales', method: 'POST', body }, [
          'AdminSales',
          'AdminDashboard',
        ]),
    }),
    updateSale: build.mutation<null, { id: string; body: SaleBody }>({
      queryFn: ({ id, body }, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/sales', id), method: 'PUT', body }, [
          'AdminSales',
          'AdminDashboard',
        ]),
    }),
    deleteSale: build.mutation<null, string>({
      queryFn: (id, api, _extra, baseQuery) =>
        adminWrite(api, baseQuery, { url: path('/api/admin/sales', id), method: 'DELETE' }, [
          'AdminSales',
          'AdminDashboard',
        ]),
    }),
  }),
});

export const {
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUpdateOrderStatusMutation,
  useDeleteOrderMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useCreateSaleMutation,
  useUpdateSaleMutation,
  useDeleteSaleMutation,
} = adminCommandApi;
