import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProductListSchema,
  foldForSearch,
  MENU_PROJECTION,
  messages,
  PRODUCTS_COLLECTION,
  productStatsSchema,
  type Category,
  type ProductDocument,
} from '@quitute/contracts';
import { openAdminReads, type AdminReads } from '../admin/test-shop';

let added = 0;
/** A menu read-model document, added after the previous one. */
const product = (
  name: string,
  category: Category,
  fields: Partial<ProductDocument> = {},
): ProductDocument => {
  added += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(added).padStart(12, '0')}`,
    name,
    priceCents: 450,
    category,
    description: `${name} da casa`,
    imageUrl: null,
    stock: 50,
    itens: [],
    isActive: true,
    isDeleted: false,
    searchText: foldForSearch(`${name} ${name} da casa`),
    addedAt: added,
    ...fields,
  };
};

const coxinha = product('Coxinha', 'Salgados Fritos', { priceCents: 6_050, stock: 9 });
const pastel = product('Pastel', 'Salgados Fritos', { isActive: false, stock: 0 });
const empada = product('Empada', 'Salgados Assados', { stock: 10 });
const brigadeiro = product('Brigadeiro', 'Doces Tradicionais');
const removed = product('Quibe', 'Salgados Fritos', { isDeleted: true, stock: 1 });
const pao = product('Pão de Queijo', 'Salgados Assados');
// Enough for a second page of the default 10.
const kits = Array.from({ length: 8 }, (_, index) => product(`Kit ${index + 1}`, 'Kits Festa'));

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({ projections: [MENU_PROJECTION], position: 77 });
  await shop.readStore
    .collection(PRODUCTS_COLLECTION)
    .putMany([coxinha, pastel, empada, brigadeiro, removed, pao, ...kits]);
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const { body, position } = await shop.read(`/api/admin/products${query}`);
  return { ...adminProductListSchema.parse(body), header: position };
};

describe('GET /api/admin/products', () => {
  it('given no filter, then the first 10 live products, newest first, at the menu checkpoint', async () => {
    const answer = await list('?page=1&limit=10&isDeleted=false');

    expect(answer.products.map((p) => p.name)).toEqual([
      ...kits.map((k) => k.name).reverse(),
      'Pão de Queijo',
      'Brigadeiro',
    ]);
    expect(answer).toMatchObject({ totalPages: 2, total: 13, page: 1, position: 77, header: 77 });
  });

  it('given page 2, then the rest', async () => {
    expect((await list('?page=2')).products.map((p) => p.name)).toEqual([
      'Empada',
      'Pastel',
      'Coxinha',
    ]);
  });

  it('given a product, then the admin shape: price in reais, stock, status from isActive', async () => {
    const { products } = await list('?category=Salgados%20Fritos');

    expect(products).toEqual([
      {
        _id: pastel._id,
        name: 'Pastel',
        category: 'Salgados Fritos',
        price: 4.5,
        stock: 0,
        status: 'Inativo',
        isActive: false,
        imageUrl: null,
        description: 'Pastel da casa',
        isDeleted: false,
      },
      expect.objectContaining({ name: 'Coxinha', price: 60.5, status: 'Ativo', stock: 9 }),
    ]);
  });

  it("given category 'Todas' and a search without accents, then every category matched by name", async () => {
    expect((await list('?category=Todas&search=pao')).products.map((p) => p.name)).toEqual([
      'Pão de Queijo',
    ]);
  });

  it('given isDeleted=true, then only the deleted ones', async () => {
    expect((await list('?isDeleted=true')).products.map((p) => p.name)).toEqual(['Quibe']);
  });

  it('given nothing matches, then no products and one page', async () => {
    expect(await list('?search=lasanha')).toMatchObject({ products: [], totalPages: 1, total: 0 });
  });

  it('given an unknown category or a page that is not a number, then 400 in pt-BR', async () => {
    for (const query of ['?category=Bebidas', '?page=abc', '?limit=0', '?limit=1000']) {
      const response = await shop.get(`/api/admin/products${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
    }
  });
});

describe('GET /api/admin/products/stats', () => {
  it('given live, inactive, low-stock and deleted products, then the four figures (low stock: below 10, live only)', async () => {
    const { body, position } = await shop.read('/api/admin/products/stats');

    expect(productStatsSchema.parse(body)).toEqual({
      totalProducts: 13,
      activeProducts: 12,
      lowStockProducts: 2,
      deletedProducts: 1,
      position: 77,
    });
    expect(position).toBe(77);
  });

  it('given LOW_STOCK_THRESHOLD 11, then a product with 10 is low too', async () => {
    const other = await openAdminReads({ deps: { lowStockThreshold: 11 } });
    await other.readStore.collection(PRODUCTS_COLLECTION).putMany([coxinha, pastel, empada]);
    const { body } = await other.read('/api/admin/products/stats');
    await other.close();

    expect(productStatsSchema.parse(body)).toMatchObject({ lowStockProducts: 3, position: 0 });
  });
});
