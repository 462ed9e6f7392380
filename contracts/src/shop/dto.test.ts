import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from './constants';
import { deliveryQuote, deliveryZoneFor } from './delivery';
import {
  shopSettingsBodySchema,
  shopSettingsDtoSchema,
  shopSettingsToAdminFields,
  shopSettingsToDto,
  type ShopSettingsBodyInput,
} from './dto';
import { changedShopSettingsFields, shopSettingsChangedSchema } from './events';
import { shopMessages } from './messages';
import { DEFAULT_DAILY_SUMMARY_TIME } from '../notifications/constants';
import { notificationMessages } from '../notifications/messages';

const body = (): ShopSettingsBodyInput =>
  shopSettingsToAdminFields(structuredClone(DEFAULT_SHOP_SETTINGS));

const centro = {
  name: 'Centro',
  zipCodeFrom: '01000-000',
  zipCodeTo: '05999999',
  fee: 15,
  minimumOrder: 100,
};

function issuesOf(input: unknown) {
  const result = shopSettingsBodySchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('shopSettingsBodySchema', () => {
  it('given the seeded settings as the admin GETs them, when they are PUT back, then they parse to the same document', () => {
    expect(shopSettingsBodySchema.parse(body())).toEqual({
      ...DEFAULT_SHOP_SETTINGS,
      dailySummaryTime: DEFAULT_DAILY_SUMMARY_TIME,
    });
  });

  it('given a daily summary hour, when parsed, then HH:MM is kept and anything else is refused with its message', () => {
    expect(
      shopSettingsBodySchema.parse({ ...body(), dailySummaryTime: '07:30' }).dailySummaryTime,
    ).toBe('07:30');
    for (const dailySummaryTime of ['7:30', '24:00', '18:60', '', 18]) {
      expect(issuesOf({ ...body(), dailySummaryTime })).toContain(
        `dailySummaryTime: ${notificationMessages.dailySummaryTimeInvalid}`,
      );
    }
  });

  it('given phones typed with punctuation and a CEP with a dash, when parsed, then digits are kept and reais become centavos', () => {
    const parsed = shopSettingsBodySchema.parse({
      ...body(),
      whatsapp: '+55 (21) 99876-5432',
      phone: '(11) 3456-7890',
      deliveryZones: [centro],
    });
    expect(parsed.whatsapp).toBe('21998765432');
    expect(parsed.phone).toBe('1134567890');
    expect(parsed.deliveryZones).toEqual([
      {
        name: 'Centro',
        zipCodeFrom: '01000000',
        zipCodeTo: '05999999',
        feeCents: 1500,
        minimumOrderCents: 10000,
      },
    ]);
  });

  it.each([
    ['123', shopMessages.whatsappInvalid],
    ['00987654321', shopMessages.whatsappInvalid],
    ['+1 415 555 0100', shopMessages.whatsappInvalid],
  ])(
    'given the WhatsApp number %s, when parsed, then it is refused in pt-BR',
    (whatsapp, message) => {
      expect(issuesOf({ ...body(), whatsapp })).toEqual([`whatsapp: ${message}`]);
    },
  );

  it('given a zone without a minimum order, when parsed, then it has none (0)', () => {
    const { minimumOrder: _none, ...zone } = centro;
    expect(
      shopSettingsBodySchema.parse({ ...body(), deliveryZones: [zone] }).deliveryZones[0]
        ?.minimumOrderCents,
    ).toBe(0);
  });

  it.each([
    [{ ...centro, fee: -1 }, `deliveryZones.0.fee: ${shopMessages.zoneFeeInvalid}`],
    [{ ...centro, fee: 15.005 }, `deliveryZones.0.fee: ${shopMessages.zoneFeeInvalid}`],
    [
      { ...centro, zipCodeFrom: '0100' },
      `deliveryZones.0.zipCodeFrom: ${shopMessages.zoneFromInvalid}`,
    ],
    [
      { ...centro, zipCodeFrom: '06000000' },
      `deliveryZones.0.zipCodeTo: ${shopMessages.zoneRangeReversed}`,
    ],
    [{ ...centro, name: ' ' }, `deliveryZones.0.name: ${shopMessages.zoneNameRequired}`],
  ])('given the zone %j, when parsed, then it is refused with its message', (zone, issue) => {
    expect(issuesOf({ ...body(), deliveryZones: [zone] })).toEqual([issue]);
  });

  it('given two zones sharing a CEP, when parsed, then the overlap is refused naming both', () => {
    const sul = { name: 'Sul', zipCodeFrom: '05999999', zipCodeTo: '08999999', fee: 20 };
    expect(issuesOf({ ...body(), deliveryZones: [sul, centro] })).toEqual([
      'deliveryZones: As zonas "Centro" e "Sul" têm CEPs em comum.',
    ]);
  });

  it('given social links elsewhere than the network, or over http, when parsed, then they are refused; blank means none', () => {
    expect(
      issuesOf({
        ...body(),
        social: { instagram: 'https://evil.example/quitute', facebook: 'http://facebook.com/q' },
      }),
    ).toEqual([
      `social.instagram: ${shopMessages.instagramInvalid}`,
      `social.facebook: ${shopMessages.facebookInvalid}`,
    ]);
    expect(
      shopSettingsBodySchema.parse({ ...body(), social: { instagram: '', facebook: '' } }).social,
    ).toEqual({ instagram: '', facebook: '' });
  });

  it('given an unknown field, when parsed, then the document is refused', () => {
    expect(issuesOf({ ...body(), role: 'admin' })).not.toEqual([]);
  });
});

describe('the retired opening hours (issue 40: the kitchen’s calendar tells them)', () => {
  const hours = 'segunda a sábado, das 9h às 18h';

  it('given a body with openingHoursText, when parsed, then it is refused like any unknown field', () => {
    expect(issuesOf({ ...body(), openingHoursText: hours })).not.toEqual([]);
  });

  it('given an event recorded before issue 40 with the hours, when read back, then it still parses', () => {
    const recorded = {
      settings: { ...structuredClone(DEFAULT_SHOP_SETTINGS), openingHoursText: hours },
      changedFields: ['openingHoursText'],
    };
    expect(shopSettingsChangedSchema.parse(recorded).settings.openingHoursText).toBe(hours);
  });

  it('given settings recorded with the hours, when saved without them, then no change is listed; a real change names only itself', () => {
    const before = { ...structuredClone(DEFAULT_SHOP_SETTINGS), openingHoursText: hours };
    expect(changedShopSettingsFields(before, DEFAULT_SHOP_SETTINGS)).toEqual([]);
    expect(
      changedShopSettingsFields(before, { ...DEFAULT_SHOP_SETTINGS, whatsapp: '21998765432' }),
    ).toEqual(['whatsapp']);
  });

  it('given the settings and the calendar’s hours, then the public DTO tells the calendar’s, whatever an old event said', () => {
    const dto = shopSettingsToDto(
      { ...structuredClone(DEFAULT_SHOP_SETTINGS), openingHoursText: 'todos os dias' },
      hours,
    );
    expect(shopSettingsDtoSchema.parse(dto).openingHoursText).toBe(hours);
    expect(shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS)).not.toHaveProperty('openingHoursText');
  });
});

describe('delivery zones', () => {
  const zones = shopSettingsBodySchema.parse({ ...body(), deliveryZones: [centro] }).deliveryZones;

  it('given the Centro zone, when CEP 01310-100 is quoted, then R$ 15,00 and the minimum R$ 100,00', () => {
    expect(deliveryQuote(zones, '01310100')).toEqual({
      available: true,
      zone: 'Centro',
      fee: 15,
      minimumOrder: 100,
    });
  });

  it('given the Centro zone, when a CEP at either end is looked up, then both ends are in it', () => {
    expect(deliveryZoneFor(zones, '01000000')?.name).toBe('Centro');
    expect(deliveryZoneFor(zones, '05999999')?.name).toBe('Centro');
    expect(deliveryZoneFor(zones, '06000000')).toBeNull();
  });

  it('given the Centro zone, when CEP 20040-020 is quoted, then delivery is unavailable with the pt-BR message', () => {
    expect(deliveryQuote(zones, '20040020')).toEqual({
      available: false,
      zone: null,
      fee: null,
      minimumOrder: null,
      message: shopMessages.outsideZones,
    });
  });
});
