import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { productStreamName, STATIC_MENU, type CatalogEvent } from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import {
  expectPassedPagesFoldAsFollowing,
  recordingSubscriptionStarts,
} from '@quitute/infra/testing';
import { createCatalogView, type CatalogView } from './catalog-view';
import type { ProductFields } from './decider';
import { menuProductId, seedMenu } from './seed';

const coxinhaId = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';
const kitId = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
const coxinha: ProductFields = {
  name: 'Coxinha de Frango',
  priceCents: 60,
  category: 'Salgados Fritos',
  description: 'Frango desfiado.',
  imageUrl: '/images/cardapio/coxinha-de-frango.svg',
  stock: 500,
  itens: [],
};
const kit: ProductFields = {
  name: 'Kit Festa 1',
  priceCents: 14_500,
  category: 'Kits Festa',
  description: 'Para 20 pessoas.',
  imageUrl: null,
  stock: 10,
  itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
};

async function append(store: EventStore, events: CatalogEvent[]): Promise<void> {
  for (const event of events) {
    await store.appendToStream(productStreamName(event.data.productId), [
      {
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          correlationId: 'seed',
          causationId: 'seed',
          actorId: 'admin-1',
          actorRole: 'admin',
          occurredAt: '2026-11-21T12:00:00.000Z',
        },
      },
    ]);
  }
}

const productAdded = (productId: string, fields: ProductFields, isActive = true): CatalogEvent => ({
  type: 'ProductAdded',
  data: { productId, ...fields, isActive },
});

const views: CatalogView[] = [];
afterEach(async () => {
  await Promise.all(views.splice(0).map((view) => view.stop()));
});

async function given(events: CatalogEvent[], store: EventStore = createMemoryEventStore()) {
  await append(store, events);
  const view = createCatalogView({ eventStore: store, logger: silentLogger });
  views.push(view);
  await view.start();
  return { view, store };
}

describe('catalogue view for commands', () => {
  it('given a product, when resolved by id, by nome (other case, no accents) or by nome with spaces, then it answers with the catalogue price', async () => {
    const { view } = await given([productAdded(coxinhaId, coxinha)]);
    const expected = {
      productId: coxinhaId,
      nome: 'Coxinha de Frango',
      unitPriceCents: 60,
      isKit: false,
    };

    expect(await view.resolve({ id: coxinhaId, nome: 'qualquer' })).toEqual(expected);
    expect(await view.resolve({ nome: 'COXINHA DE FRANGO' })).toEqual(expected);
    expect(await view.resolve({ nome: '  cóxinha de frango ' })).toEqual(expected);
    expect(await view.resolve({ id: 7, nome: 'Coxinha de Frango' })).toEqual(expected);
  });

  it('given the seeded menu, when resolved by a menu slug, then the menu item', async () => {
    const store = createMemoryEventStore();
    await seedMenu(store, () => new Date('2026-11-21T12:00:00.000Z'));
    const { view } = await given([], store);
    const [first] = STATIC_MENU;

    expect(await view.resolve({ id: first?.slug, nome: 'outro nome' })).toMatchObject({
      productId: menuProductId(first?.slug ?? ''),
      nome: first?.name,
      unitPriceCents: first?.priceCents,
    });
  });

  it('given a kit, then it resolves as a kit and its details carry its contents in reais', async () => {
    const { view } = await given([productAdded(kitId, kit), productAdded(coxinhaId, coxinha)]);

    expect(await view.resolve({ nome: 'kit festa 1' })).toMatchObject({
      isKit: true,
      unitPriceCents: 14_500,
    });
    expect(view.details(kitId)).toEqual({
      id: kitId,
      nome: 'Kit Festa 1',
      preco: 145,
      categoria: 'Kits Festa',
      descricao: 'Para 20 pessoas.',
      itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
      imageUrl: null,
    });
    expect(view.details(coxinhaId)).toEqual({
      id: coxinhaId,
      nome: 'Coxinha de Frango',
      preco: 0.6,
      categoria: 'Salgados Fritos',
      descricao: 'Frango desfiado.',
      imageUrl: '/images/cardapio/coxinha-de-frango.svg',
    });
  });

  it('given a product deactivated, or deleted, then it is unavailable by id and by nome and has no details', async () => {
    const { view } = await given([
      productAdded(coxinhaId, coxinha),
      productAdded(kitId, kit),
      { type: 'ProductDeactivated', data: { productId: coxinhaId } },
      { type: 'ProductDeleted', data: { productId: kitId } },
    ]);

    for (const ref of [
      { id: coxinhaId, nome: 'x' },
      { nome: 'Coxinha de Frango' },
      { id: kitId, nome: 'x' },
      { nome: 'Kit Festa 1' },
    ]) {
      expect(await view.resolve(ref)).toEqual({ error: 'unavailable' });
    }
    expect(view.details(coxinhaId)).toBeNull();
    expect(view.details(kitId)).toBeNull();
  });

  it('given a product added inactive then activated, then it resolves', async () => {
    const { view } = await given([
      productAdded(coxinhaId, coxinha, false),
      { type: 'ProductActivated', data: { productId: coxinhaId } },
    ]);

    expect(await view.resolve({ nome: 'Coxinha de Frango' })).toMatchObject({
      productId: coxinhaId,
    });
  });

  it('given a deleted product and an active one of the same name, when resolved by nome, then the active one', async () => {
    const { view } = await given([
      productAdded(coxinhaId, coxinha),
      { type: 'ProductDeleted', data: { productId: coxinhaId } },
      productAdded(kitId, { ...coxinha, priceCents: 65 }),
    ]);

    expect(await view.resolve({ nome: 'coxinha de frango' })).toMatchObject({
      productId: kitId,
      unitPriceCents: 65,
    });
  });

  it('given a product renamed and repriced, then the new name resolves to the new price and the old name is not found', async () => {
    const { view } = await given([
      productAdded(coxinhaId, coxinha),
      {
        type: 'ProductUpdated',
        data: { productId: coxinhaId, ...coxinha, name: 'Coxinha Cremosa', priceCents: 75 },
      },
    ]);

    expect(await view.resolve({ nome: 'Coxinha Cremosa' })).toMatchObject({
      productId: coxinhaId,
      unitPriceCents: 75,
    });
    expect(await view.resolve({ nome: 'Coxinha de Frango' })).toEqual({ error: 'not_found' });
  });

  it('given an unknown id and nome, then not_found; an unknown id with a known nome resolves by nome', async () => {
    const { view } = await given([productAdded(coxinhaId, coxinha)]);

    expect(await view.resolve({ id: randomUUID(), nome: 'Empada' })).toEqual({
      error: 'not_found',
    });
    expect(await view.resolve({ id: 'slug-que-nao-existe', nome: 'Coxinha de Frango' })).toEqual(
      expect.objectContaining({ productId: coxinhaId }),
    );
  });

  it('given a product added after the view started and a subscription that lags, then it is found by nome and by id', async () => {
    const store = createMemoryEventStore();
    await append(store, [productAdded(coxinhaId, coxinha)]);
    let lagMs = 0;
    // Live delivery that trails the append, as a NOTIFY crossing the network does.
    const lagging: EventStore = {
      ...store,
      subscribeToAll: (options) =>
        store.subscribeToAll({
          ...options,
          onEvent: async (event) => {
            await new Promise((resolve) => setTimeout(resolve, lagMs));
            await options.onEvent(event);
          },
        }),
    };
    const { view } = await given([], lagging);
    lagMs = 100;

    await append(store, [productAdded(kitId, kit)]);

    expect(await view.resolve({ nome: 'Kit Festa 1' })).toMatchObject({ productId: kitId });
    expect(await view.resolve({ id: kitId, nome: 'x' })).toMatchObject({ productId: kitId });
  });

  it('given a store whose head the view cannot reach in time, when a name misses, then not_found after the bounded wait', async () => {
    const store = createMemoryEventStore();
    const stuck: EventStore = { ...store, headPosition: async () => 1_000 };
    const view = createCatalogView({ eventStore: stuck, catchUpTimeoutMs: 50 });
    views.push(view);
    await view.start();

    const started = Date.now();
    expect(await view.resolve({ nome: 'Empada' })).toEqual({ error: 'not_found' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('given several unknown names resolved together, then they share one look at the store’s head and answer in order', async () => {
    const store = createMemoryEventStore();
    await append(store, [productAdded(coxinhaId, coxinha)]);
    let heads = 0;
    const counting: EventStore = {
      ...store,
      headPosition: async () => {
        heads += 1;
        return store.headPosition();
      },
    };
    const view = createCatalogView({ eventStore: counting });
    views.push(view);
    await view.start();

    const answers = await view.resolveAll([
      { nome: 'Empada' },
      { nome: 'Coxinha de Frango' },
      { nome: 'Quibe' },
    ]);

    expect(heads).toBe(1);
    expect(answers).toEqual([
      { error: 'not_found' },
      expect.objectContaining({ productId: coxinhaId }),
      { error: 'not_found' },
    ]);
  });

  it('given a known product, when resolved, then the store is not asked for its head', async () => {
    const store = createMemoryEventStore();
    await append(store, [productAdded(coxinhaId, coxinha)]);
    let heads = 0;
    const counting: EventStore = {
      ...store,
      headPosition: async () => {
        heads += 1;
        return store.headPosition();
      },
    };
    const view = createCatalogView({ eventStore: counting });
    views.push(view);
    await view.start();

    await view.resolve({ nome: 'Coxinha de Frango' });
    await view.resolve({ id: coxinhaId, nome: 'x' });

    expect(heads).toBe(0);
  });

  it('given products changed among other streams, when a view takes the log as pages read by someone else and then starts, then it holds what a view that followed the log holds and follows it from the last page', async () => {
    const store = createMemoryEventStore();
    await append(store, [productAdded(coxinhaId, coxinha), productAdded(kitId, kit)]);
    await store.appendToStream('user-1', [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: { userId: 'user-1' },
        metadata: {
          correlationId: 'seed',
          causationId: 'seed',
          actorId: 'user-1',
          actorRole: 'user',
          occurredAt: '2026-11-21T12:00:00.000Z',
        },
      },
    ]);
    await append(store, [
      { type: 'ProductDeactivated', data: { productId: coxinhaId } },
      { type: 'ProductDeleted', data: { productId: kitId } },
    ]);

    await expectPassedPagesFoldAsFollowing(store, (eventStore) => {
      const view = createCatalogView({ eventStore, logger: silentLogger });
      views.push(view);
      return view;
    });
  });

  it('given a view saved after a product and another product added since, when a new view is restored from the save and started, then it follows the log from the saved position and resolves both', async () => {
    const { view, store } = await given([productAdded(coxinhaId, coxinha)]);
    const saved = view.capture();
    await append(store, [productAdded(kitId, kit)]);
    const { store: watching, starts: from } = recordingSubscriptionStarts(store);
    const restored = createCatalogView({ eventStore: watching, logger: silentLogger });
    views.push(restored);

    restored.restore(saved.position, JSON.parse(JSON.stringify(saved.entries)));
    await restored.start();

    expect(from).toEqual([saved.position]);
    expect(restored.reached()).toBe(await store.headPosition());
    expect(await restored.resolve({ nome: 'coxinha de frango' })).toMatchObject({
      productId: coxinhaId,
    });
    expect(await restored.resolve({ id: kitId, nome: 'x' })).toMatchObject({ productId: kitId });
  });
});
