import type { ShopSettingsDto } from '@quitute/contracts';
import { queryApi } from './query-api';
import { shopSettingsResponseSchema } from './response-schemas';

/** A read that got no answer (network, 5xx) is tried again after 1 s, 2 s and 3 s. */
const SHOP_SETTINGS_MAX_RETRIES = 3;

/**
 * GET /api/shop (issue 37): the shop's name, contacts, address, map, social
 * links, hours and delivery zones, read at run time so that the owner's
 * changes show without a rebuild. Tagged 'Shop': the admin's save replaces it.
 */
export const shopApi = queryApi.injectEndpoints({
  endpoints: (build) => ({
    getShopSettings: build.query<ShopSettingsDto, undefined>({
      query: () => '/api/shop',
      rawResponseSchema: shopSettingsResponseSchema,
      extraOptions: { maxRetries: SHOP_SETTINGS_MAX_RETRIES },
      providesTags: ['Shop'],
    }),
  }),
});
