import type { OrderDto, OrdersQuery } from '@quitute/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { queryApi } from '../../../api/query-api';
import { orderListResponseSchema, orderResponseSchema } from '../../../api/response-schemas';
import { orderTexts } from '../model/order-texts';

/** spec §7: the answer must be an array of orders; anything else is 'Resposta inválida do servidor.' */
function invalidResponse(): FetchBaseQueryError {
  return {
    status: 'CUSTOM_ERROR',
    error: orderTexts.invalidResponse,
    data: { message: orderTexts.invalidResponse },
  };
}

/** Query string of GET /api/orders (spec §7): only the filters chosen. */
export function ordersParams({
  limit,
  orderStatus,
  dateFilter,
}: OrdersQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (limit !== undefined) params['limit'] = String(limit);
  if (orderStatus !== undefined) params['orderStatus'] = orderStatus;
  if (dateFilter !== undefined) params['dateFilter'] = String(dateFilter);
  return params;
}

/** The customer's own orders (query-api): the list, newest first, and one order. */
export const ordersApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<OrderDto[], OrdersQuery>({
      query: (filters) => ({ url: '/api/orders', params: ordersParams(filters) }),
      rawResponseSchema: orderListResponseSchema,
      catchSchemaFailure: invalidResponse,
      keepUnusedDataFor: 30,
    }),
    getOrder: build.query<OrderDto, string>({
      query: (orderId) => `/api/orders/${encodeURIComponent(orderId)}`,
      rawResponseSchema: orderResponseSchema,
      catchSchemaFailure: invalidResponse,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery } = ordersApi;
