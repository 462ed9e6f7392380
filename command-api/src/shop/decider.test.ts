import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_SETTINGS,
  SHOP_SETTINGS_FIELDS,
  type ShopSettings,
  type ShopSettingsEvent,
} from '@quitute/contracts';
import { deciderSpec } from '../shared/decider-testing';
import { shopSettingsDecider } from './decider';

const seededSettings: ShopSettings = DEFAULT_SHOP_SETTINGS;
const seeded: ShopSettingsEvent = {
  type: 'ShopSettingsSeeded',
  data: { settings: seededSettings },
};
const centro = {
  name: 'Centro',
  zipCodeFrom: '01000000',
  zipCodeTo: '05999999',
  feeCents: 1500,
  minimumOrderCents: 10_000,
};
const withNewWhatsapp: ShopSettings = {
  ...seededSettings,
  whatsapp: '11912345678',
  deliveryZones: [centro],
};

const given = deciderSpec(shopSettingsDecider);

describe('shop settings decider', () => {
  it('given an empty stream, when the first start seeds, then ShopSettingsSeeded with the settings', () => {
    expect(given([]).when({ type: 'SeedShopSettings', settings: seededSettings })()).toEqual([
      seeded,
    ]);
  });

  it('given seeded settings, when a start seeds again (other default settings), then nothing: the owner’s settings stay', () => {
    const other = { ...seededSettings, name: 'Outra loja' };
    expect(given([seeded]).when({ type: 'SeedShopSettings', settings: other })()).toEqual([]);
  });

  it('given seeded settings, when an admin changes the WhatsApp and the zones, then ShopSettingsChanged with the whole document and those two fields', () => {
    expect(
      given([seeded]).when({ type: 'ChangeShopSettings', settings: withNewWhatsapp })(),
    ).toEqual([
      {
        type: 'ShopSettingsChanged',
        data: { settings: withNewWhatsapp, changedFields: ['whatsapp', 'deliveryZones'] },
      },
    ]);
  });

  it('given changed settings, when the same document is saved again, then nothing', () => {
    const changed: ShopSettingsEvent = {
      type: 'ShopSettingsChanged',
      data: { settings: withNewWhatsapp, changedFields: ['whatsapp', 'deliveryZones'] },
    };
    expect(
      given([seeded, changed]).when({
        type: 'ChangeShopSettings',
        settings: structuredClone(withNewWhatsapp),
      })(),
    ).toEqual([]);
  });

  it('given a stream nothing was recorded in, when an admin saves, then every field is recorded as set by her', () => {
    expect(given([]).when({ type: 'ChangeShopSettings', settings: seededSettings })()).toEqual([
      {
        type: 'ShopSettingsChanged',
        data: { settings: seededSettings, changedFields: [...SHOP_SETTINGS_FIELDS] },
      },
    ]);
  });
});
