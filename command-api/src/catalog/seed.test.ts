import { describe, expect, it } from 'vitest';
import { productStreamName, STATIC_MENU } from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { runProductCommand } from './products';
import { menuProductId, seedMenu } from './seed';

const now = () => new Date('2026-11-21T12:00:00.000Z');

describe('seedMenu', () => {
  it('given an empty store, when seeded, then 24 products, each after its name reservation, with system metadata', async () => {
    const store = createMemoryEventStore();
    const result = await seedMenu(store, now);
    const events = await store.readAll();
    expect(result.added).toBe(24);
    expect(events).toHaveLength(48);
    expect(events.slice(0, 2).map((event) => [event.type, event.data['name']])).toEqual([
      ['ProductNameReserved', 'Coxinha de Frango'],
      ['ProductAdded', 'Coxinha de Frango'],
    ]);
    expect(events.filter((event) => event.type === 'ProductAdded')).toHaveLength(24);
    expect(events[0]?.metadata).toMatchObject({
      actorId: 'system',
      actorRole: 'system',
      occurredAt: '2026-11-21T12:00:00.000Z',
    });
    const kit3 = events.find(
      (event) => event.type === 'ProductAdded' && event.data['name'] === 'Kit Festa 3',
    );
    expect(kit3?.data).toMatchObject({
      priceCents: 42_000,
      itens: ['100 doces', '200 salgados', '1 bolo de dois andares'],
    });
  });

  it('given a seeded store, when seeded again, then nothing is appended', async () => {
    const store = createMemoryEventStore();
    await seedMenu(store, now);
    const again = await seedMenu(store, now);
    expect(again.added).toBe(0);
    expect(await store.readAll()).toHaveLength(48);
  });

  it('given a store seeded before names were reserved, when seeded, then each listed item gets its current name reserved and nothing else', async () => {
    const store = createMemoryEventStore();
    await seedMenu(store, now);
    const legacy = createMemoryEventStore();
    for (const event of await store.readAll()) {
      if (event.type !== 'ProductAdded') continue;
      await legacy.appendToStream(event.streamName, [
        { id: event.id, type: event.type, data: event.data, metadata: event.metadata },
      ]);
    }
    const kibe = menuProductId('kibe');
    await runProductCommand(
      { eventStore: legacy },
      kibe,
      { type: 'UpdateProduct', productId: kibe, fields: { name: 'Quibe' } },
      {
        commandId: 'rename-kibe',
        correlationId: 'rename-kibe',
        actorId: 'admin-1',
        actorRole: 'admin',
        occurredAt: now().toISOString(),
      },
    );

    const result = await seedMenu(legacy, now);

    expect(result.added).toBe(0);
    const reserved = (await legacy.readAll()).filter(
      (event) => event.type === 'ProductNameReserved',
    );
    expect(reserved).toHaveLength(24);
    expect(reserved.find((event) => event.data['productId'] === kibe)?.data['name']).toBe('Quibe');
  });

  it('given an admin deleted a menu item, when seeded again, then it is not resurrected', async () => {
    const store = createMemoryEventStore();
    await seedMenu(store, now);
    const productId = menuProductId('kibe');
    await runProductCommand(
      { eventStore: store },
      productId,
      { type: 'DeleteProduct', productId },
      {
        commandId: 'delete-kibe',
        correlationId: 'delete-kibe',
        actorId: 'admin-1',
        actorRole: 'admin',
        occurredAt: now().toISOString(),
      },
    );
    await seedMenu(store, now);
    const kibe = await store.readStream(productStreamName(productId));
    expect(kibe.map((event) => event.type)).toEqual(['ProductAdded', 'ProductDeleted']);
  });

  it('the static menu has 7, 5, 5, 4 and 3 items and the spec prices', () => {
    const count = (category: string) =>
      STATIC_MENU.filter((item) => item.category === category).length;
    expect(
      [
        'Salgados Fritos',
        'Salgados Assados',
        'Doces Tradicionais',
        'Doces Finos',
        'Kits Festa',
      ].map(count),
    ).toEqual([7, 5, 5, 4, 3]);
    const price = (slug: string) => STATIC_MENU.find((item) => item.slug === slug)?.priceCents;
    expect(price('coxinha-de-frango')).toBe(60);
    expect(price('pao-de-queijo')).toBe(100);
    expect(price('brigadeiro')).toBe(70);
    expect(price('camafeu-de-nozes')).toBe(80);
    expect([price('kit-festa-1'), price('kit-festa-2'), price('kit-festa-3')]).toEqual([
      14_500, 26_000, 42_000,
    ]);
  });
});
