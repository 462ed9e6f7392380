import {
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  scheduleHoursText,
  shopSettingsToAdminFields,
  shopSettingsToDto,
  type AdminShopSettingsDto,
  type ShopSettings,
  type ShopSettingsDto,
} from '@quitute/contracts';

/** GET /api/shop's hours since issue 40: the kitchen calendar's, in words (the default calendar's here). */
export const SHOP_HOURS_TEXT = scheduleHoursText(DEFAULT_KITCHEN_SCHEDULE);

/** The settings as GET /api/shop answers them (money in reais), the hours the calendar's words. */
export function settingsToDto(
  settings: ShopSettings,
  openingHoursText: string = SHOP_HOURS_TEXT,
): ShopSettingsDto {
  return shopSettingsToDto(settings, openingHoursText);
}

/** GET /api/shop's answer: the settings the first start records (today's values), with `overrides`. */
export function shopSettingsDto(overrides: Partial<ShopSettingsDto> = {}): ShopSettingsDto {
  return { ...settingsToDto(structuredClone(DEFAULT_SHOP_SETTINGS)), ...overrides };
}

/** GET /api/admin/shop's answer: the same, and when, by whom and at which position it was saved. */
export function adminShopSettingsDto(
  overrides: Partial<AdminShopSettingsDto> = {},
): AdminShopSettingsDto {
  return {
    ...shopSettingsToAdminFields(structuredClone(DEFAULT_SHOP_SETTINGS)),
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
