import {
  adminRefundResultSchema,
  productPhotoResultSchema,
  type AdminRefundResult,
  type AdminProductInput,
  type AdminSaleBody,
  type AdminUserInput,
  type OrderStatus,
  type ProductPhotoResult,
} from '@quitute/contracts';
import { z } from 'zod';
import { commandApi } from '../../../api/command-api';
import type { BaseQueryApi, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import {
  adminCommand,
  adminCommandReading,
  adminQueryApi,
  invalidResponse,
  path,
  recordWrite,
  type AdminTag,
} from './admin-base';

/** POST/PUT /api/admin/products body (admin-spec §7): price in reais, stock an integer. */
export type ProductBody = Required<AdminProductInput>;

/** POST/PUT /api/admin/users body (admin-spec §7). */
export type UserBody = Required<AdminUserInput>;

/** POST/PUT /api/admin/sales body (admin-spec §7): amount in reais, date `YYYY-MM-DD`. */
export type SaleBody = AdminSaleBody;

const productReads = ['AdminProducts', 'AdminDashboard', 'Product'] as const;
const saleReads = ['AdminSales', 'AdminDashboard'] as const;
/** A refund moves an order's money: its page, the lists, every revenue figure. */
const refundReads: readonly AdminTag[] = ['AdminOrders', 'AdminDashboard', 'AdminSales'];

/** The part of a status change's answer (contracts' adminOrderResultSchema) the page shows. */
/** PUT …/status answers the order as the command left it; a paid order cancelled says how its refund went. */
const statusAnswerSchema = z.object({
  order: z.object({ refund: adminRefundResultSchema.optional() }),
});

/** POST /api/admin/orders/{id}/refund (issue 38): the amount in reais (absent: all that is left). */
export interface RefundArgs {
  orderId: string;
  amount?: number;
  reason: string;
  /** One per submission of the refund dialog, the same when that submission is sent again. */
  idempotencyKey: string;
}

/**
 * A refund command's answer: 201/202 answer the refund (completed/pending); a
 * 502 answers a refund recorded as failed, with its message; a 409 or 400
 * moves nothing. Once a refund is recorded, the orders and revenue reads refresh.
 */
function refundAnswer(
  api: Pick<BaseQueryApi, 'dispatch' | 'getState'>,
  result: { data?: unknown; error?: FetchBaseQueryError },
): { data: AdminRefundResult } | { error: FetchBaseQueryError } {
  const recorded = (answer: unknown) => {
    const parsed = adminRefundResultSchema.safeParse(answer);
    if (!parsed.success) return null;
    recordWrite(api, parsed.data.position);
    api.dispatch(adminQueryApi.util.invalidateTags([...refundReads]));
    return parsed.data;
  };
  if (result.error) {
    // 502: the provider did not confirm it; the refund is recorded as failed, to retry.
    if (result.error.status === 502) recorded(result.error.data);
    return { error: result.error };
  }
  const done = recorded(result.data);
  return done ? { data: done } : { error: invalidResponse() };
}

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

    /** Answers how the refund went when it cancelled a paid order (issue 38), else null. */
    updateOrderStatus: build.mutation<
      AdminRefundResult | null,
      { id: string; orderStatus: OrderStatus }
    >(
      adminCommandReading(
        ({ id, orderStatus }: { id: string; orderStatus: OrderStatus }) => ({
          url: `${path('/api/admin/orders', id)}/status`,
          method: 'PUT',
          body: { orderStatus },
        }),
        refundReads,
        (answer) => statusAnswerSchema.safeParse(answer).data?.order.refund ?? null,
      ),
    ),
    deleteOrder: build.mutation<null, string>(
      adminCommand(
        (id) => ({ url: path('/api/admin/orders', id), method: 'DELETE' }),
        ['AdminOrders', 'AdminDashboard', 'AdminSales'],
      ),
    ),

    refundOrder: build.mutation<AdminRefundResult, RefundArgs>({
      queryFn: async ({ orderId, amount, reason, idempotencyKey }, api, _extra, baseQuery) =>
        refundAnswer(
          api,
          await baseQuery({
            url: `${path('/api/admin/orders', orderId)}/refund`,
            method: 'POST',
            body: amount === undefined ? { reason } : { amount, reason },
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
        ),
    }),
    /** POST /api/admin/orders/{id}/refunds/{refundId}/retry: a failed refund asked again. */
    retryRefund: build.mutation<AdminRefundResult, { orderId: string; refundId: string }>({
      queryFn: async ({ orderId, refundId }, api, _extra, baseQuery) =>
        refundAnswer(
          api,
          await baseQuery({
            url: `${path('/api/admin/orders', orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
            method: 'POST',
          }),
        ),
    }),

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
  useRefundOrderMutation,
  useRetryRefundMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useCreateSaleMutation,
  useUpdateSaleMutation,
  useDeleteSaleMutation,
} = adminCommandApi;
