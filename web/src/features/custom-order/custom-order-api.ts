import type { CustomOrderBodyInput, CustomOrderResponse } from '@quitute/contracts';
import { commandApi } from '../../api/command-api';

/** POST /api/custom-orders (command-api): the request recorded in the shop before WhatsApp opens. */
export const customOrderApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    sendCustomOrder: build.mutation<CustomOrderResponse, CustomOrderBodyInput>({
      query: (body) => ({ url: '/api/custom-orders', method: 'POST', body }),
    }),
  }),
});

export const { useSendCustomOrderMutation } = customOrderApi;
