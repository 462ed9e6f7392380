import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, SHOP_SETTINGS_STREAM } from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { changeShopSettings, initialShopSettings, seedShopSettings } from './shop-settings';

const now = () => new Date('2026-11-28T12:00:00.000Z');

describe('seeding the shop settings on a start', () => {
  it('given an empty store, when the shop starts, then today’s values are recorded once, by the system', async () => {
    const eventStore = createMemoryEventStore();

    expect(await seedShopSettings(eventStore, initialShopSettings(), now)).toBe(true);

    const events = await eventStore.readStream(SHOP_SETTINGS_STREAM);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['ShopSettingsSeeded', { settings: DEFAULT_SHOP_SETTINGS }],
    ]);
    expect(events[0]?.metadata).toMatchObject({
      actorId: 'system',
      actorRole: 'system',
      occurredAt: now().toISOString(),
    });
  });

  it('given the first start, then the settings record no opening hours (the kitchen’s calendar tells them since issue 40)', async () => {
    const eventStore = createMemoryEventStore();

    await seedShopSettings(eventStore, initialShopSettings(), now);

    const [seeded] = await eventStore.readStream(SHOP_SETTINGS_STREAM);
    expect(seeded?.data).toHaveProperty('settings');
    expect(seeded?.data).not.toHaveProperty('settings.openingHoursText');
  });

  it('given settings an admin changed, when the shop starts again, then nothing is recorded and hers stay', async () => {
    const eventStore = createMemoryEventStore();
    await seedShopSettings(eventStore, initialShopSettings(), now);
    await changeShopSettings(
      eventStore,
      { ...DEFAULT_SHOP_SETTINGS, whatsapp: '21998765432' },
      {
        commandId: 'change-1',
        correlationId: 'change-1',
        actorId: 'admin-1',
        actorRole: 'admin',
        occurredAt: now().toISOString(),
      },
    );

    expect(await seedShopSettings(eventStore, initialShopSettings(), now)).toBe(false);

    const events = await eventStore.readStream(SHOP_SETTINGS_STREAM);
    expect(events.map((event) => event.type)).toEqual([
      'ShopSettingsSeeded',
      'ShopSettingsChanged',
    ]);
  });
});
