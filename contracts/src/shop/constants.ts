import type { ShopSettings } from './events';

/**
 * The shop's own settings (issue 37): one aggregate, stream SHOP_SETTINGS_STREAM,
 * owned by the admin. Limits keep a settings document small (it is read on
 * every checkout and every page's footer).
 */
export const SHOP_SETTINGS_STREAM = 'shopsettings-main';

export const SHOP_NAME_MAX_LENGTH = 100;
/** The retired openingHoursText's limit (issue 37); the calendar tells the hours since issue 40. */
export const ZONE_NAME_MAX_LENGTH = 60;
export const MAX_DELIVERY_ZONES = 50;
/** R$ 1.000,00: a delivery fee above it is a typo. */
export const MAX_DELIVERY_FEE_CENTS = 100_000;
/** R$ 100.000,00 */
export const MAX_MINIMUM_ORDER_CENTS = 10_000_000;

/** The shop settings read model: one document, `_id` SHOP_SETTINGS_DOCUMENT_ID. */
export const SHOP_SETTINGS_COLLECTION = 'shop_settings_v1';
export const SHOP_SETTINGS_PROJECTION = 'shop_settings_v1';
export const SHOP_SETTINGS_DOCUMENT_ID = 'shop';

/**
 * What the shop said before the owner could edit it (web/src/config/shop.ts
 * and the chatbot's default hours until issue 37): the first start records
 * these, so nothing a visitor sees changes until the owner edits them. One
 * zone covering every CEP at no fee keeps delivery as it was (anywhere, free),
 * and shows the owner where to set her own.
 */
export const DEFAULT_SHOP_SETTINGS: Readonly<ShopSettings> = {
  name: 'Quitute',
  whatsapp: '11987654321',
  phone: '11987654321',
  email: 'contato@quitute.com.br',
  address: {
    zipCode: '05407002',
    streetName: 'Rua Cardeal Arcoverde',
    streetNumber: '1200',
    complement: '',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    federalUnit: 'SP',
  },
  location: { latitude: -23.5614, longitude: -46.6829 },
  social: {
    instagram: 'https://www.instagram.com/quitute',
    facebook: 'https://www.facebook.com/quitute',
  },
  deliveryZones: [
    {
      name: 'Todo o Brasil',
      zipCodeFrom: '01000000',
      zipCodeTo: '99999999',
      feeCents: 0,
      minimumOrderCents: 0,
    },
  ],
};
