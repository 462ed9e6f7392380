import {
  productPhotoResultSchema,
  type AdminProductInput,
  type AdminSaleBody,
  type AdminUserInput,
  type OrderStatus,
  type ProductPhotoResult,
} from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { adminCommand, invalidResponse, path } from './admin-base';

/** POST/PUT /api/admin/products body (admin-spec §7): price in reais, stock an integer. */
export type ProductBody = Required<AdminProductInput>;

/** POST/PUT /api/admin/users body (admin-spec §7). */
export type UserBody = Required<AdminUserInput>;

/** POST/PUT /api/admin/sales body (admin-spec §7): amount in reais, date `YYYY-MM-DD`. */
export type SaleBody = AdminSaleBody;

const productReads = ['AdminProducts', 'AdminDashboard', 'Product'] as const;
const saleReads = ['AdminSales', 'AdminDashboard'] as const;

/** Every admin mutation (command-api, admin-spec §7); each refreshes the reads it changes. */
export const adminCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    createProduct: build.mutation<null, ProductBody>(
      adminCommand((body) => ({ url: '/api/admin/products', method: 'POST', body }), productReads),
    ),
    updateProduct: build.mutation<null, { id: string; body: ProductBody }>(
      adminCommand(
        ({ id, body }) => ({ url: path('/api/admin/products', id), method: 'PUT', body }),
        productReads,
      ),
    ),
    /** The file itself as the body (its type in Content-Type); answers where the stored photo is served. */
    uploadProductPhoto: build.mutation<ProductPhotoResult, File>({
      queryFn: async (file, _api, _extra, baseQuery) => {
        const result = await baseQuery({
          url: '/api/admin/products/photos',
          method: 'POST',
          body: file,
          headers: { 'content-type': file.type },
        });
        if (result.error) return { error: result.error };
        const answer = productPhotoResultSchema.safeParse(result.data);
        return answer.success ? { data: answer.data } : { error: invalidResponse() };
      },
    }),
    deleteProduct: build.mutation<null, string>(
      adminCommand(
        (id) => ({ url: path('/api/admin/products', id), method: 'DELETE' }),
        productReads,
      ),
    ),

    updateOrderStatus: build.mutation<null, { id: string; orderStatus: OrderStatus }>(
      adminCommand(
        ({ id, orderStatus }) => ({
          url: `${path('/api/admin/orders', id)}/status`,
          method: 'PUT',
          body: { orderStatus },
        }),
        ['AdminOrders', 'AdminDashboard'],
      ),
    ),
    deleteOrder: build.mutation<null, string>(
      adminCommand(
        (id) => ({ url: path('/api/admin/orders', id), method: 'DELETE' }),
        ['AdminOrders', 'AdminDashboard', 'AdminSales'],
      ),
    ),

    createUser: build.mutation<null, UserBody>(
      adminCommand((body) => ({ url: '/api/admin/users', method: 'POST', body }), ['AdminUsers']),
    ),
    updateUser: build.mutation<null, { id: string; body: UserBody }>(
      adminCommand(
        ({ id, body }) => ({ url: path('/api/admin/users', id), method: 'PUT', body }),
        ['AdminUsers'],
      ),
    ),
    deleteUser: build.mutation<null, string>(
      adminCommand(
        (id) => ({ url: path('/api/admin/users', id), method: 'DELETE' }),
        ['AdminUsers'],
      ),
    ),

    createSale: build.mutation<null, SaleBody>(
      adminCommand((body) => ({ url: '/api/admin/sales', method: 'POST', body }), saleReads),
    ),
    updateSale: build.mutation<null, { id: string; body: SaleBody }>(
      adminCommand(
        ({ id, body }) => ({ url: path('/api/admin/sales', id), method: 'PUT', body }),
        saleReads,
      ),
    ),
    deleteSale: build.mutation<null, string>(
      adminCommand((id) => ({ url: path('/api/admin/sales', id), method: 'DELETE' }), saleReads),
    ),
  }),
});

export const {
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUploadProductPhotoMutation,
  useUpdateOrderStatusMutation,
  useDeleteOrderMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useCreateSaleMutation,
  useUpdateSaleMutation,
  useDeleteSaleMutation,
} = adminCommandApi;
