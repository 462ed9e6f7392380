import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogMessages, productStreamName } from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import type { CommandContext } from '../shared/handle-command';
import {
  addProduct,
  deleteProduct,
  productNameReservations,
  productNameStreamName,
  readProduct,
  runProductCommand,
  updateProduct,
  type NewProduct,
} from './products';

const context = (): CommandContext => ({
  commandId: randomUUID(),
  correlationId: 'test',
  actorId: 'c1f0e7a2-3b4d-4c5e-8f6a-7b8c9d0e1f2a',
  actorRole: 'admin',
  occurredAt: '2026-11-21T12:00:00.000Z',
});

const brigadeiro: NewProduct = {
  name: 'Brigadeiro Gourmet',
  priceCents: 250,
  category: 'Doces Finos',
  stock: 100,
};

function givenCatalog() {
  const stores = { eventStore: createMemoryEventStore() };
  const names = productNameReservations(stores);
  const add = (input: Partial<NewProduct> = {}, productId?: string) =>
    addProduct(stores, { ...brigadeiro, ...input }, context(), productId);
  const idOf = (result: Awaited<ReturnType<typeof add>>) => {
    if (result.state.status !== 'listed') throw new Error('expected a listed product');
    return result.state.productId;
  };
  return { stores, names, add, idOf };
}

describe('product names are unique', () => {
  it('given a product, when another is added under its name in other case and accents, then 409 and no product is appended', async () => {
    const { stores, add } = givenCatalog();
    await add();
    const before = (await stores.eventStore.readAll()).length;
    await expect(add({ name: '  brigadeiro   GOURMÉT ' })).rejects.toMatchObject({
      code: 'conflict',
      message: catalogMessages.productNameTaken,
    });
    expect(await stores.eventStore.readAll()).toHaveLength(before);
  });

  it.each([
    ['a zero-width space inside', 'Brigadeiro\u200b Gourmet'],
    ['a soft hyphen and a zero-width joiner', 'Briga\u00addeiro Gour\u200dmet'],
    ['full-width letters', '\uff22rigadeiro \uff27ourmet'],
    ['a no-break space', 'Brigadeiro\u00a0Gourmet'],
  ])(
    'given a product, when another is added under its name with %s, then 409: a look-alike name is the same name',
    async (_what, lookAlike) => {
      const { stores, add } = givenCatalog();
      await add();
      const before = (await stores.eventStore.readAll()).length;
      await expect(add({ name: lookAlike })).rejects.toMatchObject({ code: 'conflict' });
      expect(await stores.eventStore.readAll()).toHaveLength(before);
    },
  );

  it('given a product renamed, then its old name may be taken by another and its new one may not', async () => {
    const { stores, add, idOf } = givenCatalog();
    const first = idOf(await add());
    await updateProduct(stores, first, { name: 'Brigadeiro de Colher' }, context());

    expect(idOf(await add())).not.toBe(first);
    await expect(add({ name: 'brigadeiro de colher' })).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('given a product renamed in case only, then it keeps its reservation and nothing is released', async () => {
    const { stores, names, add, idOf } = givenCatalog();
    const first = idOf(await add());
    await updateProduct(stores, first, { name: 'BRIGADEIRO GOURMET' }, context());
    expect(await names.holder('Brigadeiro Gourmet')).toMatchObject({ holderId: first });
    const types = (await stores.eventStore.readAll()).map((event) => event.type);
    expect(types).not.toContain('ProductNameReleased');
  });

  it('given a product deleted, then its name may be taken again', async () => {
    const { stores, add, idOf } = givenCatalog();
    const first = idOf(await add());
    await deleteProduct(stores, first, context());
    expect(idOf(await add())).not.toBe(first);
  });

  it('given a product renamed elsewhere without its old name released, when another takes the old name, then the left-over reservation is released first', async () => {
    const { stores, names, add, idOf } = givenCatalog();
    const first = idOf(await add());
    // A rename whose release never came (the writer stopped between the appends).
    await runProductCommand(
      stores,
      first,
      { type: 'UpdateProduct', productId: first, fields: { name: 'Outro Nome' } },
      context(),
    );

    const second = idOf(await add());

    expect(await names.holder(brigadeiro.name)).toMatchObject({ holderId: second });
    const reservation = await stores.eventStore.readStream(productNameStreamName(brigadeiro.name));
    expect(reservation.map((event) => [event.type, event.data['productId']])).toEqual([
      ['ProductNameReserved', first],
      ['ProductNameReleased', first],
      ['ProductNameReserved', second],
    ]);
  });

  it('given a name just reserved for a rename not yet appended, when another product wants it, then 409', async () => {
    const { stores, names, add, idOf } = givenCatalog();
    const first = idOf(await add());
    await names.claim('Bombom', first, { takeOverAbsent: false, context: context() });

    await expect(add({ name: 'Bombom' })).rejects.toMatchObject({ code: 'conflict' });
    expect((await readProduct(stores, first)).state).toMatchObject({
      fields: { name: 'Brigadeiro Gourmet' },
    });
  });

  it('given a name reserved by a creation that stopped before its product, when added again, then the product is created under that id', async () => {
    const { stores, names, add, idOf } = givenCatalog();
    const stopped = randomUUID();
    await names.claim(brigadeiro.name, stopped, { takeOverAbsent: true, context: context() });

    expect(idOf(await add())).toBe(stopped);
    expect(await stores.eventStore.readStream(productStreamName(stopped))).toHaveLength(1);
  });

  it('given a deleted product whose name was never released, when another takes it, then it is released first', async () => {
    const { stores, names, add, idOf } = givenCatalog();
    const first = idOf(await add());
    await runProductCommand(stores, first, { type: 'DeleteProduct', productId: first }, context());

    const second = idOf(await add());
    expect(await names.holder(brigadeiro.name)).toMatchObject({ holderId: second });
  });

  it('given two products added at once under one name, then exactly one is listed and the other answers 409', async () => {
    const { stores, add } = givenCatalog();
    const outcomes = await Promise.allSettled([add(), add(), add()]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toMatchObject({ code: 'conflict' });
      }
    }
    const added = (await stores.eventStore.readAll()).filter(
      (event) => event.type === 'ProductAdded',
    );
    expect(added).toHaveLength(1);
  });

  it('given an unknown product, when updated or deleted, then 404 and no reservation is made', async () => {
    const { stores, names } = givenCatalog();
    const unknown = randomUUID();
    await expect(updateProduct(stores, unknown, { name: 'Novo' }, context())).rejects.toMatchObject(
      { code: 'not_found', message: catalogMessages.productNotFound },
    );
    await expect(deleteProduct(stores, unknown, context())).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await names.holder('Novo')).toBeNull();
  });
});

describe('three creations of one name racing', () => {
  it('given creation A reserved the name and creation B continued it and appended the product first, when A’s own append then fails, then A keeps its hands off the name: a third creation gets 409', async () => {
    const store = createMemoryEventStore();
    const productA = randomUUID();
    let creationB: Promise<unknown> | undefined;
    // A's product append waits until B, arriving meanwhile, has taken over A's reservation and written the product.
    const stores = {
      eventStore: {
        ...store,
        appendToStream: async (...args: Parameters<typeof store.appendToStream>) => {
          if (args[0] === productStreamName(productA) && !creationB) {
            creationB = addProduct({ eventStore: store }, brigadeiro, context());
            await creationB;
          }
          return store.appendToStream(...args);
        },
      },
    };

    await expect(addProduct(stores, brigadeiro, context(), productA)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(creationB).resolves.toMatchObject({ state: { productId: productA } });
    await expect(addProduct(stores, brigadeiro, context())).rejects.toMatchObject({
      code: 'conflict',
      message: catalogMessages.productNameTaken,
    });
    const added = (await store.readAll()).filter((event) => event.type === 'ProductAdded');
    expect(added).toHaveLength(1);
  });
});
