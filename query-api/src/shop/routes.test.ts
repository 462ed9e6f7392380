import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminShopSettingsDtoSchema,
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  deliveryQuoteSchema,
  shopMessages,
  SCHEDULE_COLLECTION,
  SHOP_SETTINGS_COLLECTION,
  SHOP_SETTINGS_PROJECTION,
  shopSettingsDtoSchema,
  type ShopSettings,
  type ShopSettingsDocument,
} from '@quitute/contracts';
import { ADMIN_ID, openAdminReads, type AdminReads } from '../admin/test-shop';
import { shopSettingsMessages } from './settings';

/**
 * GET /api/shop, GET /api/admin/shop and GET /api/delivery/quote over real
 * HTTP, on the shop_settings_v1 document as the projection writes it: first
 * the seed, then an admin's change.
 */

const centro = {
  name: 'Centro',
  zipCodeFrom: '01000000',
  zipCodeTo: '05999999',
  feeCents: 1500,
  minimumOrderCents: 10_000,
};

const seeded: ShopSettingsDocument = {
  _id: 'shop',
  settings: structuredClone(DEFAULT_SHOP_SETTINGS),
  updatedAt: '2026-11-20T12:00:00.000Z',
  updatedBy: 'system',
  position: 3,
};

const changedSettings: ShopSettings = {
  ...structuredClone(DEFAULT_SHOP_SETTINGS),
  whatsapp: '21998765432',
  deliveryZones: [centro],
};
const changed: ShopSettingsDocument = {
  _id: 'shop',
  settings: changedSettings,
  updatedAt: '2026-11-27T15:30:00.000Z',
  updatedBy: ADMIN_ID,
  position: 41,
};

let shop: AdminReads;
const settings = () => shop.readStore.collection(SHOP_SETTINGS_COLLECTION);

beforeAll(async () => {
  shop = await openAdminReads({ projections: [SHOP_SETTINGS_PROJECTION], position: 3 });
  await settings().put(seeded);
});
afterAll(() => shop?.close());

/** As a visitor: no token. */
const visit = (path: string, headers: Record<string, string> = {}) =>
  shop.get(path, { token: null, headers });

describe('GET /api/shop', () => {
  it('given the seeded settings, then a visitor gets them (money in reais), to revalidate on every page', async () => {
    const response = await visit('/api/shop');

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('etag')).toBeTruthy();
    const body = shopSettingsDtoSchema.parse(await response.json());
    expect(body).toMatchObject({ name: 'Quitute', whatsapp: '11987654321' });
    expect(body.deliveryZones).toEqual([
      {
        name: 'Todo o Brasil',
        zipCodeFrom: '01000000',
        zipCodeTo: '99999999',
        fee: 0,
        minimumOrder: 0,
      },
    ]);
    expect(body).not.toHaveProperty('updatedBy');
  });

  it('given the admin changed the WhatsApp number, then the visitor’s next read has the new one; her cached copy no longer matches', async () => {
    const before = await visit('/api/shop');
    await before.arrayBuffer();
    // As a browser revalidates (fetch would add Cache-Control: no-cache to a conditional request).
    const revalidate = {
      'If-None-Match': before.headers.get('etag') ?? '',
      'Cache-Control': 'max-age=0',
    };
    expect((await visit('/api/shop', revalidate)).status).toBe(304);

    await settings().put(changed);
    try {
      const after = await visit('/api/shop', revalidate);

      expect(after.status).toBe(200);
      const body = shopSettingsDtoSchema.parse(await after.json());
      expect(body.whatsapp).toBe('21998765432');
      expect(body.deliveryZones).toEqual([
        {
          name: 'Centro',
          zipCodeFrom: '01000000',
          zipCodeTo: '05999999',
          fee: 15,
          minimumOrder: 100,
        },
      ]);
    } finally {
      await settings().put(seeded);
    }
  });

  it('given settings recorded with their own hours before issue 40, then every page tells the kitchen calendar’s hours: the default, then the ones the admin saved', async () => {
    await settings().put({
      ...seeded,
      settings: { ...seeded.settings, openingHoursText: 'terça a domingo, das 10h às 19h' },
    });
    const schedule = shop.readStore.collection(SCHEDULE_COLLECTION);
    try {
      const before = shopSettingsDtoSchema.parse(await (await visit('/api/shop')).json());
      expect(before.openingHoursText).toBe('segunda a sábado, das 9h às 18h');

      const week = DEFAULT_KITCHEN_SCHEDULE.weekly.pickup;
      await schedule.put({
        _id: 'schedule',
        schedule: {
          ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
          weekly: {
            pickup: { ...week, sat: [{ open: '08:00', close: '12:00' }] },
            delivery: week,
          },
        },
        updatedAt: '2026-11-27T15:30:00.000Z',
        updatedBy: ADMIN_ID,
        position: 42,
      });
      const after = shopSettingsDtoSchema.parse(await (await visit('/api/shop')).json());
      expect(after.openingHoursText).toBe(
        'retirada: segunda a sexta, das 9h às 18h; sábado, das 8h às 12h; entregas: segunda a sábado, das 9h às 18h',
      );
    } finally {
      await schedule.delete('schedule');
      await settings().put(seeded);
    }
  });

  it('given X-Min-Position from the admin’s save, then the read waits for it first', async () => {
    shop.waits.length = 0;
    await visit('/api/shop', { 'X-Min-Position': '41' });
    expect(shop.waits).toEqual([41]);
  });

  it('given the settings are not projected yet, then 503 in pt-BR with Retry-After', async () => {
    await settings().delete('shop');
    try {
      const response = await visit('/api/shop');

      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBeTruthy();
      expect(await response.json()).toEqual({
        message: shopSettingsMessages.notReady,
        code: 'unavailable',
      });
    } finally {
      await settings().put(seeded);
    }
  });
});

describe('GET /api/admin/shop', () => {
  it('given the admin’s change, then the admin gets the whole document, when and by whom it was saved, and its position', async () => {
    await settings().put(changed);
    await shop.setPosition(41);
    try {
      const { body, position, response } = await shop.read('/api/admin/shop');

      expect(adminShopSettingsDtoSchema.parse(body)).toEqual({
        ...shopSettingsDtoSchema.omit({ openingHoursText: true }).parse(body),
        dailySummaryTime: '18:00',
        updatedAt: '2026-11-27T15:30:00.000Z',
        updatedBy: ADMIN_ID,
        position: 41,
      });
      expect(body).toMatchObject({ whatsapp: '21998765432' });
      // The hours are the calendar's (/admin/agenda): what the admin GETs she PUTs back.
      expect(body).not.toHaveProperty('openingHoursText');
      expect(position).toBe(41);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await settings().put(seeded);
      await shop.setPosition(3);
    }
  });

  it('given X-Min-Position from the admin’s PUT, then the read waits for it first', async () => {
    shop.waits.length = 0;
    await shop.get('/api/admin/shop', { headers: { 'X-Min-Position': '41' } });
    expect(shop.waits).toEqual([41]);
  });

  it.each([
    ['no token', null, 401],
    ['a customer’s token', 'customer', 403],
  ])('given %s, then %s and none of the settings', async (_case, who, status) => {
    const response = await shop.get('/api/admin/shop', {
      token: who === 'customer' ? shop.customerToken : null,
    });

    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('whatsapp');
  });
});

describe('GET /api/delivery/quote', () => {
  beforeAll(() => settings().put(changed));
  afterAll(() => settings().put(seeded));

  const quote = async (query: string) => {
    const response = await visit(`/api/delivery/quote${query}`);
    return { status: response.status, body: (await response.json()) as unknown, response };
  };

  it.each(['?cep=01310100', '?cep=01310-100'])(
    'given the zone Centro (fee R$ 15,00, minimum R$ 100,00), when %s is quoted, then Centro’s fee and minimum',
    async (query) => {
      const { status, body, response } = await quote(query);

      expect(status).toBe(200);
      expect(deliveryQuoteSchema.parse(body)).toEqual({
        available: true,
        zone: 'Centro',
        fee: 15,
        minimumOrder: 100,
      });
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    },
  );

  it('given no zone has CEP 20040-020, then delivery is unavailable with the pt-BR message', async () => {
    const { status, body } = await quote('?cep=20040020');

    expect(status).toBe(200);
    expect(body).toEqual({
      available: false,
      zone: null,
      fee: null,
      minimumOrder: null,
      message: shopMessages.outsideZones,
    });
  });

  it.each(['?cep=abc', '?cep=0131010', '', '?cep=01310100&cep=20040020'])(
    'given %j, then 400 CEP inválido',
    async (query) => {
      const { status, body } = await quote(query);

      expect(status).toBe(400);
      expect(body).toMatchObject({ message: 'CEP inválido', code: 'validation' });
    },
  );
});
