import type { ShopSettingsDto } from '@quitute/contracts';
import { shopApi } from '../api/shop-api';

/**
 * The shop's settings (GET /api/shop), or undefined while they load or when
 * they could not be read: a page then shows a quiet placeholder (Pending) or
 * leaves the detail out, never a value that may be out of date.
 */
export function useShopSettings(): ShopSettingsDto | undefined {
  return shopApi.useGetShopSettingsQuery(undefined).data;
}
