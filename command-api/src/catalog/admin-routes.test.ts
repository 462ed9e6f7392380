import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import {
  adminMessages,
  adminProductResultSchema,
  cartMessages,
  catalogMessages,
  messages,
  productStreamName,
  STATIC_MENU,
  moneyInputMessages,
} from '@quitute/contracts';
import { createPostgresStores } from '@quitute/infra/snapshot-store';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { closeShops, kit, openShop } from '../payments/testing';

const productAnswer = z.object({ product: adminProductResultSchema });

/** The admin's product commands over real HTTP, on the seeded menu. */

afterEach(closeShops);

const trufa = {
  name: 'Trufa de Limão',
  price: 3.5,
  category: 'Doces Finos',
  stock: 40,
  description: 'Chocolate branco e raspas de limão.',
  imageUrl: 'https://cdn.example.com/trufa.png',
  isActive: true,
};

async function adminShop() {
  const shop = await openShop();
  const admin = await shop.admin();
  const as = (method: string, route: string, body?: unknown) =>
    shop.call(method, route, { token: admin.token, ...(body === undefined ? {} : { body }) });
  const create = async (body: unknown = trufa) => {
    const answer = await as('POST', '/api/admin/products', body);
    expect(answer.status).toBe(201);
    return productAnswer.parse(answer.body).product;
  };
  return { shop, admin, as, create };
}

describe('POST /api/admin/products', () => {
  it('given a valid product, then 201 with it (price in reais, a new id), ProductAdded in centavos by the admin', async () => {
    const { shop, admin, as } = await adminShop();

    const answer = await as('POST', '/api/admin/products', trufa);

    expect(answer).toMatchObject({
      status: 201,
      body: {
        message: adminMessages.productAdded,
        product: { ...trufa, isDeleted: false, itens: [] },
      },
    });
    const { product } = productAnswer.parse(answer.body);
    const [added] = await shop.eventStore.readStream(productStreamName(product._id));
    expect(added).toMatchObject({
      type: 'ProductAdded',
      data: { productId: product._id, name: 'Trufa de Limão', priceCents: 350, stock: 40 },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
  });

  it('given only the required fields, then no description, no image and active', async () => {
    const { create } = await adminShop();
    const product = await create({
      name: 'Pão de Mel',
      price: 0,
      category: 'Doces Tradicionais',
      stock: 0,
    });
    expect(product).toMatchObject({ description: '', imageUrl: null, isActive: true, price: 0 });
  });

  it('given a name a menu item has, in other case and without accents, then 409', async () => {
    const { as } = await adminShop();
    const answer = await as('POST', '/api/admin/products', { ...trufa, name: 'pao de QUEIJO' });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: catalogMessages.productNameTaken },
    });
  });

  it.each([
    ['no name', { name: undefined }, 'name', adminMessages.productNameRequired],
    ['a blank name', { name: '   ' }, 'name', adminMessages.productNameRequired],
    ['no price', { price: undefined }, 'price', adminMessages.priceRequired],
    // Issue 38: text typed the Brazilian way is read ('3,50' is R$ 3,50); an ambiguous one is refused.
    ['a price as ambiguous text', { price: '3.500' }, 'price', moneyInputMessages.ambiguous],
    ['a price as words', { price: 'três reais' }, 'price', moneyInputMessages.invalid],
    ['a negative price', { price: -1 }, 'price', adminMessages.priceNegative],
    ['three decimals', { price: 3.505 }, 'price', adminMessages.priceDecimals],
    ['no category', { category: undefined }, 'category', adminMessages.categoryRequired],
    ['an unknown category', { category: 'Bolos' }, 'category', adminMessages.categoryInvalid],
    ['no stock', { stock: undefined }, 'stock', adminMessages.stockRequired],
    ['a fractional stock', { stock: 1.5 }, 'stock', adminMessages.stockInteger],
    ['a negative stock', { stock: -2 }, 'stock', adminMessages.stockNegative],
    [
      'a script URL',
      { imageUrl: 'javascript:alert(1)' },
      'imageUrl',
      adminMessages.imageUrlInvalid,
    ],
    [
      'a protocol-relative URL',
      { imageUrl: '//evil.example/x.png' },
      'imageUrl',
      adminMessages.imageUrlInvalid,
    ],
    [
      'a plain http URL (the cloud metadata address)',
      { imageUrl: 'http://169.254.169.254/latest/meta-data/' },
      'imageUrl',
      adminMessages.imageUrlInvalid,
    ],
    [
      'an https URL with credentials',
      { imageUrl: 'https://user:secret@cdn.example.com/x.png' },
      'imageUrl',
      adminMessages.imageUrlInvalid,
    ],
    [
      'a path of the shop that is no image',
      { imageUrl: '/api/admin/users' },
      'imageUrl',
      adminMessages.imageUrlInvalid,
    ],
    ['isActive as text', { isActive: 'sim' }, 'isActive', adminMessages.isActiveInvalid],
  ])(
    'given %s, then 400 with its pt-BR message on the field',
    async (_case, change, field, message) => {
      const { shop, as } = await adminShop();
      const before = (await shop.eventStore.readAll()).length;
      const answer = await as('POST', '/api/admin/products', { ...trufa, ...change });
      expect(answer).toMatchObject({
        status: 400,
        body: { message, fields: { [field]: message } },
      });
      expect(await shop.eventStore.readAll()).toHaveLength(before);
    },
  );

  it.each([['status'], ['isDeleted'], ['_id'], ['itens']])(
    'given an unknown key %s, then 400 (never assigned)',
    async (key) => {
      const { as } = await adminShop();
      const answer = await as('POST', '/api/admin/products', { ...trufa, [key]: 'x' });
      expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
    },
  );
});

describe('PUT /api/admin/products/{id}', () => {
  it('given a product, when renamed, repriced and deactivated, then ProductUpdated and ProductDeactivated; its old name is free again', async () => {
    const { shop, as, create } = await adminShop();
    const product = await create();

    const answer = await as('PUT', `/api/admin/products/${product._id}`, {
      ...trufa,
      name: 'Trufa de Maracujá Especial',
      price: 4,
      isActive: false,
    });

    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.productUpdated,
        product: {
          _id: product._id,
          name: 'Trufa de Maracujá Especial',
          price: 4,
          isActive: false,
        },
      },
    });
    const events = await shop.eventStore.readStream(productStreamName(product._id));
    expect(events.map((event) => event.type)).toEqual([
      'ProductAdded',
      'ProductUpdated',
      'ProductDeactivated',
    ]);
    await create();
  });

  it('given a kit, when edited with the form fields, then it keeps its itens', async () => {
    const { as } = await adminShop();
    const answer = await as('PUT', `/api/admin/products/${kit.productId}`, {
      name: kit.name,
      price: 150,
      category: kit.category,
      stock: 5,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { product: { price: 150, stock: 5, itens: kit.itens, description: kit.description } },
    });
  });

  it('given another product’s name, then 409 and nothing changes', async () => {
    const { shop, as, create } = await adminShop();
    const product = await create();
    const answer = await as('PUT', `/api/admin/products/${product._id}`, {
      ...trufa,
      name: 'Kit Festa 1',
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { message: catalogMessages.productNameTaken },
    });
    expect(await shop.eventStore.readStream(productStreamName(product._id))).toHaveLength(1);
  });

  it('given an unknown or malformed id, then 404', async () => {
    const { as } = await adminShop();
    for (const id of ['0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a', 'kibe']) {
      expect(await as('PUT', `/api/admin/products/${id}`, trufa)).toMatchObject({
        status: 404,
        body: { message: catalogMessages.productNotFound },
      });
    }
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('given a product, when deleted, then ProductDeleted by the admin; then 404 on it, and its name may be used again', async () => {
    const { shop, admin, as, create } = await adminShop();
    const product = await create();

    const answer = await as('DELETE', `/api/admin/products/${product._id}`);

    expect(answer).toMatchObject({
      status: 200,
      body: { message: adminMessages.productDeleted, _id: product._id, isDeleted: true },
    });
    const events = await shop.eventStore.readStream(productStreamName(product._id));
    expect(events.at(-1)).toMatchObject({
      type: 'ProductDeleted',
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
    expect((await as('DELETE', `/api/admin/products/${product._id}`)).status).toBe(404);
    expect((await as('PUT', `/api/admin/products/${product._id}`, trufa)).status).toBe(404);
    await create();
  });

  it('given a deleted menu item, when a customer adds it to the cart, then it is unavailable', async () => {
    const { shop, as } = await adminShop();
    await as('DELETE', `/api/admin/products/${kit.productId}`);
    const maria = await shop.customer();
    const answer = await shop.call('POST', '/carrinho', {
      token: maria.token,
      body: {
        userId: maria.userId,
        item: { id: kit.slug, nome: kit.name, preco: 145 },
        quantidade: 1,
      },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: cartMessages.productUnavailable },
    });
  });
});

await describeWithPostgres('admin product and user commands on PostgreSQL', (url) => {
  const { schema, drop } = throwawaySchema(url);
  afterAll(drop);

  it('given five creations of one name and five invitations of one e-mail at once, then one product and one account, the others 409', async () => {
    const stores = await createPostgresStores({ url, schema });
    onTestFinished(async () => {
      await closeShops();
      await stores.snapshotStore.close();
      await stores.eventStore.close();
    });
    const shop = await openShop(stores);
    const admin = await shop.admin();
    const products = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call('POST', '/api/admin/products', { token: admin.token, body: trufa }),
      ),
    );
    const users = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call('POST', '/api/admin/users', {
          token: admin.token,
          body: { name: 'Bia Costa', email: 'bia@example.com' },
        }),
      ),
    );
    for (const answers of [products, users]) {
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    }
    const events = await stores.eventStore.readAll();
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect(count('ProductAdded')).toBe(24 + 1);
    expect(count('UserInvited')).toBe(1);
  });
});

describe('POST /api/admin/products/sync', () => {
  const menuAsTheReviewsPageSendsIt = STATIC_MENU.map((item) => ({
    name: item.name,
    price: item.priceCents / 100,
    description: item.description,
    category: item.category,
    id: item.slug,
  }));
  const palmito = {
    name: 'Empadinha de Palmito',
    price: 0.85,
    description: 'Massa podre e palmito.',
    category: 'Salgados Assados',
  };

  it('given the seeded menu and one new name, when synced twice, then the new name is added once and nothing else is touched', async () => {
    const { shop, admin, as } = await adminShop();
    const before = await shop.eventStore.headPosition();

    const first = await as('POST', '/api/admin/products/sync', {
      items: [...menuAsTheReviewsPageSendsIt, palmito],
    });
    const afterFirst = await shop.eventStore.headPosition();
    const second = await as('POST', '/api/admin/products/sync', {
      items: [...menuAsTheReviewsPageSendsIt, palmito],
    });

    expect(first).toMatchObject({
      status: 200,
      body: { message: adminMessages.productsSynced, added: ['Empadinha de Palmito'] },
    });
    expect(z.object({ kept: z.array(z.string()) }).parse(first.body).kept).toHaveLength(
      STATIC_MENU.length,
    );
    expect(second).toMatchObject({ status: 200, body: { added: [], position: 0 } });
    expect(await shop.eventStore.headPosition()).toBe(afterFirst);
    const added = (await shop.eventStore.readAll({ fromPosition: before })).filter(
      (event) => event.type === 'ProductAdded',
    );
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      data: { name: 'Empadinha de Palmito', priceCents: 85, stock: 500 },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
  });

  it('given a menu item an admin deleted, when the menu is synced, then it stays deleted', async () => {
    const { shop, as } = await adminShop();
    await as('DELETE', `/api/admin/products/${kit.productId}`);

    const answer = await as('POST', '/api/admin/products/sync', {
      items: menuAsTheReviewsPageSendsIt,
    });

    expect(answer).toMatchObject({ status: 200, body: { added: [] } });
    const events = await shop.eventStore.readStream(productStreamName(kit.productId));
    expect(events.at(-1)?.type).toBe('ProductDeleted');
  });

  it('given no items, a bad price or a customer, then 400, 400 and 403, nothing appended', async () => {
    const { shop, as } = await adminShop();
    const maria = await shop.customer();
    const before = await shop.eventStore.headPosition();

    expect(await as('POST', '/api/admin/products/sync', { items: [] })).toMatchObject({
      status: 400,
      body: { message: adminMessages.syncItemsRequired },
    });
    expect(
      await as('POST', '/api/admin/products/sync', { items: [{ ...palmito, price: -1 }] }),
    ).toMatchObject({ status: 400, body: { message: adminMessages.priceNegative } });
    expect(
      (
        await shop.call('POST', '/api/admin/products/sync', {
          token: maria.token,
          body: { items: [palmito] },
        })
      ).status,
    ).toBe(403);
    expect(await shop.eventStore.headPosition()).toBe(before);
  });
});
