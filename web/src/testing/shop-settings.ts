import {
  DEFAULT_SHOP_SETTINGS,
  shopSettingsToDto,
  type AdminShopSettingsDto,
  type ShopSettingsDto,
} from '@quitute/contracts';

/** GET /api/shop's answer: the settings the first start records (today's values), with `overrides`. */
export function shopSettingsDto(overrides: Partial<ShopSettingsDto> = {}): ShopSettingsDto {
  return { ...shopSettingsToDto(structuredClone(DEFAULT_SHOP_SETTINGS)), ...overrides };
}

/** GET /api/admin/shop's answer: the same, and when, by whom and at which position it was saved. */
export function adminShopSettingsDto(
  overrides: Partial<AdminShopSettingsDto> = {},
): AdminShopSettingsDto {
  return {
    ...shopSettingsDto(),
    updatedAt: '2030-11-20T13:05:00.000Z',
    updatedBy: 'system',
    position: 1,
    ...overrides,
  };
}

/**
 * The shop's settings as every fake backend here serves them (GET /api/shop,
 * which the layout reads on every page); undefined for any other request.
 */
export function shopSettingsAnswer(
  url: URL,
  settings: ShopSettingsDto = shopSettingsDto(),
): Response | undefined {
  // Built here rather than with fetch-stub's json(), which imports this module.
  return url.pathname === '/api/shop'
    ? new Response(JSON.stringify(settings), { headers: { 'Content-Type': 'application/json' } })
    : undefined;
}
