import {
  adminShopSettingsDtoSchema,
  type AdminShopSettingsDto,
  type CepLookup,
} from '@quitute/contracts';
import { commandApi } from '../../../api/command-api';
import { cepLookupResponseSchema } from '../../../api/response-schemas';
import { shopApi } from '../../../api/shop-api';
import { adminQuery, adminQueryApi, invalidResponse, recordWrite } from '../api/admin-base';
import type { ShopSettingsDraft } from './shop-settings-form';

/**
 * The shop's settings as the admin edits them (issue 37): GET /api/admin/shop
 * (query-api) and the address of a CEP for the form, as the checkout looks it up.
 */
export const shopSettingsQueryApi = adminQueryApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminShopSettings: build.query<AdminShopSettingsDto, undefined>(
      adminQuery(() => ({ url: '/api/admin/shop' }), adminShopSettingsDtoSchema, []),
    ),
    /** The checkout's lookup is its feature's; the admin's form has its own (features stay apart). */
    lookupShopCep: build.query<CepLookup, string>({
      query: (digits) => `/api/cep/${digits}`,
      rawResponseSchema: cepLookupResponseSchema,
      catchSchemaFailure: invalidResponse,
    }),
  }),
});

/**
 * PUT /api/admin/shop (command-api): the whole document. Its answer is the
 * saved document: it replaces both the admin's copy and the site's (GET
 * /api/shop), so every page of this visit shows the new values at once — a
 * refetch could reach the projection before it has applied the save — and
 * its position makes the admin's next reads wait for it.
 */
export const shopSettingsCommandApi = commandApi.injectEndpoints({
  endpoints: (build) => ({
    saveShopSettings: build.mutation<AdminShopSettingsDto, ShopSettingsDraft>({
      queryFn: async (body, api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/api/admin/shop', method: 'PUT', body });
        if (result.error) return { error: result.error };
        const saved = adminShopSettingsDtoSchema.safeParse(result.data);
        if (!saved.success) return { error: invalidResponse() };
        recordWrite(api, saved.data.position);
        const { updatedAt: _at, updatedBy: _by, position: _position, ...settings } = saved.data;
        // The public settings keep their hours (the calendar's): only the admin's fields change.
        api.dispatch(
          shopApi.util.updateQueryData('getShopSettings', undefined, (shop) => {
            Object.assign(shop, settings);
          }),
        );
        api.dispatch(
          shopSettingsQueryApi.util.upsertQueryData('getAdminShopSettings', undefined, saved.data),
        );
        return { data: saved.data };
      },
    }),
  }),
});

export const { useGetAdminShopSettingsQuery, useLazyLookupShopCepQuery } = shopSettingsQueryApi;
export const { useSaveShopSettingsMutation } = shopSettingsCommandApi;
