import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, SHOP_SETTINGS_STREAM } from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { initialShopSettings, seedShopSettings, changeShopSettings } from './shop-settings';
import { createShopSettingsReader } from './settings-reader';

const now = () => new Date('2026-11-28T12:00:00.000Z');
const byAdmin = (commandId: string) => ({
  commandId,
  correlationId: commandId,
  actorId: 'admin-1',
  actorRole: 'admin' as const,
  occurredAt: now().toISOString(),
});

/** The event store, with every read of the settings stream noted (its fromRevision). */
function countingReads(inner: EventStore) {
  const reads: (number | undefined)[] = [];
  const eventStore: EventStore = {
    ...inner,
    readStream: (name, options) => {
      if (name === SHOP_SETTINGS_STREAM) reads.push(options?.fromRevision);
      return inner.readStream(name, options);
    },
  };
  return { eventStore, reads };
}

describe('the command side’s reader of the shop settings', () => {
  it('given nothing recorded yet, then the defaults (what the shop shows before its first start)', async () => {
    const reader = createShopSettingsReader(createMemoryEventStore());
    expect(await reader.current()).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it('given seeded settings, when an admin saves new ones, then the next read has them, reading only the events after the last it read', async () => {
    const { eventStore, reads } = countingReads(createMemoryEventStore());
    await seedShopSettings(eventStore, initialShopSettings(), now);
    const reader = createShopSettingsReader(eventStore);
    expect((await reader.current()).whatsapp).toBe('11987654321');

    const whatsapp = '11912345678';
    await changeShopSettings(
      eventStore,
      { ...DEFAULT_SHOP_SETTINGS, whatsapp },
      byAdmin('change-1'),
    );
    reads.length = 0;

    expect((await reader.current()).whatsapp).toBe(whatsapp);
    expect(await reader.current()).toMatchObject({ whatsapp });
    // Revision 0 (the seed) and 1 (the change) were read already: each read starts after them.
    expect(reads).toEqual([1, 2]);
  });

  it('given another instance’s reader, when an admin saves on this one, then that reader sees it at its next read', async () => {
    const eventStore = createMemoryEventStore();
    await seedShopSettings(eventStore, initialShopSettings(), now);
    const here = createShopSettingsReader(eventStore);
    const there = createShopSettingsReader(eventStore);
    await here.current();
    await there.current();

    await changeShopSettings(
      eventStore,
      { ...DEFAULT_SHOP_SETTINGS, name: 'Padaria da Rosa' },
      byAdmin('change-1'),
    );

    expect((await there.current()).name).toBe('Padaria da Rosa');
  });
});
