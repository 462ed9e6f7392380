import { createTokenVerifier } from '@quitute/infra/auth';
import { createAltchaCaptcha } from '@quitute/infra/captcha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foldForSearch,
  MENU_PROJECTION,
  menuImagePath,
  PRODUCTS_COLLECTION,
  STATIC_MENU,
  type ProductDocument,
} from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { pollCheckpoints, writeCheckpoint } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';

/** Given the menu read model as projections leave it, when the menu is queried over HTTP. */
const readStore = createMemoryReadStore();
const menu: ProductDocument[] = STATIC_MENU.map((item, index) => ({
  _id: item.slug,
  name: item.name,
  priceCents: item.priceCents,
  category: item.category,
  description: item.description,
  imageUrl: menuImagePath(item.slug),
  stock: 10,
  itens: item.itens,
  isActive: true,
  isDeleted: false,
  searchText: foldForSearch(`${item.name} ${item.description}`),
  addedAt: index + 1,
}));
const [coxinha] = menu;
if (!coxinha) throw new Error('the static menu is empty');
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

beforeAll(async () => {
  await readStore.collection(PRODUCTS_COLLECTION).putMany([
    ...menu,
    { ...coxinha, _id: 'inactive', name: 'Coxinha Antiga', isActive: false, addedAt: 100 },
    { ...coxinha, _id: 'deleted', name: 'Coxinha Removida', isDeleted: true, addedAt: 101 },
    {
      ...coxinha,
      _id: 'sold-out',
      name: 'Empadinha Esgotada',
      searchText: 'empadinha esgotada',
      stock: 0,
      addedAt: 102,
    },
  ]);
  server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async () => true,
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens: createTokenVerifier({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
      captcha: createAltchaCaptcha({ hmacKey: 'a-test-hmac-key-that-is-long-enough-0123456' }),
    }),
  );
});
afterAll(() => server.close());

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

async function names(path: string): Promise<string[]> {
  const { status, body } = await get(path);
  expect(status).toBe(200);
  if (!Array.isArray(body)) throw new Error('expected a list');
  return body.map((product: { name: string }) => product.name);
}

describe('GET /api/products', () => {
  it('without filters lists the 24 active, not deleted products in menu order', async () => {
    const listed = await names('/api/products');
    expect(listed).toHaveLength(25);
    expect(listed[0]).toBe('Coxinha de Frango');
    expect(listed).not.toContain('Coxinha Antiga');
    expect(listed).not.toContain('Coxinha Removida');
  });

  it('given a product with no unit left, then it is listed soldOut (the menu says Esgotado), the others not', async () => {
    expect((await get('/api/products?busca=esgotada')).body).toEqual([
      expect.objectContaining({ name: 'Empadinha Esgotada', soldOut: true }),
    ]);
    expect((await get('/api/products?busca=coxinha')).body).toEqual([
      expect.objectContaining({ name: 'Coxinha de Frango', soldOut: false }),
    ]);
  });

  it('answers the spec fields with the price in reais and kit contents', async () => {
    const { body } = await get('/api/products?category=Kits%20Festa');
    expect(body).toEqual([
      {
        _id: 'kit-festa-1',
        name: 'Kit Festa 1',
        price: 145,
        category: 'Kits Festa',
        description: 'Para festas de até 15 pessoas.',
        imageUrl: '/images/cardapio/kit-festa-1.svg',
        isActive: true,
        isDeleted: false,
        soldOut: false,
        itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
      },
      expect.objectContaining({ name: 'Kit Festa 2', price: 260 }),
      expect.objectContaining({ name: 'Kit Festa 3', price: 420 }),
    ]);
    const coxinha = await get('/api/products?busca=coxinha');
    expect(coxinha.body).toEqual([expect.objectContaining({ price: 0.6 })]);
    expect(coxinha.body).toEqual([expect.not.objectContaining({ itens: expect.anything() })]);
  });

  it('?category=Doces Finos lists the 4 fine sweets; Todas lists all', async () => {
    expect(await names('/api/products?category=Doces%20Finos')).toHaveLength(4);
    expect(await names('/api/products?category=Todas')).toHaveLength(25);
  });

  it('?busca=pao finds Pão de Queijo (accent- and case-insensitive)', async () => {
    expect(await names('/api/products?busca=pao')).toEqual(['Pão de Queijo']);
    expect(await names('/api/products?busca=%20MARACUJA%20')).toEqual(['Trufa de Maracujá']);
  });

  it('search text is literal, not a pattern', async () => {
    expect(await names('/api/products?busca=.*')).toEqual([]);
  });

  it('combines search and category; the search covers descriptions too', async () => {
    expect(await names('/api/products?busca=brigadeiro&category=Doces%20Finos')).toEqual([
      'Brigadeiro de Pistache',
      'Bombom de Uva',
    ]);
  });

  it('an unknown category is an empty list, never a 500', async () => {
    expect(await names('/api/products?category=Bebidas')).toEqual([]);
  });

  it('a search longer than 100 characters is a 400 with a pt-BR message', async () => {
    const { status, body } = await get(`/api/products?busca=${'a'.repeat(101)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: 'Parâmetros de busca inválidos.', code: 'validation' });
  });

  it('a repeated parameter is a 400, not a crash', async () => {
    const { status } = await get('/api/products?busca=a&busca=b');
    expect(status).toBe(400);
  });

  it('an invalid X-Min-Position is a 400', async () => {
    const response = await fetch(`${server.url}/api/products`, {
      headers: { 'X-Min-Position': 'soon' },
    });
    expect(response.status).toBe(400);
  });

  it('an unknown API path is a JSON 404', async () => {
    const { status, body } = await get('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toMatchObject({ message: 'Recurso não encontrado.' });
  });
});

describe('GET /health', () => {
  it('answers 200 while projections run', async () => {
    expect((await get('/health')).status).toBe(200);
  });
});

describe('GET /api/products while the menu projection moves on (the answer is cached per checkpoint)', () => {
  /** Given the menu at checkpoint 24 and query-api waiting on checkpoints as in the distributed topology. */
  async function given() {
    const store = createMemoryReadStore();
    const products = store.collection(PRODUCTS_COLLECTION);
    await products.putMany(menu);
    await writeCheckpoint(store, MENU_PROJECTION, 24);
    const served = await listenOnFreePort(
      createQueryApp({
        readStore: store,
        waitForPosition: pollCheckpoints(store, [MENU_PROJECTION], 5),
        health: () => ({ status: 'ok' }),
        logger: silentLogger,
        tokens: createTokenVerifier({ secret: 'a-test-secret-that-is-long-enough-0123456789' }),
        captcha: createAltchaCaptcha({ hmacKey: 'a-test-hmac-key-that-is-long-enough-0123456' }),
      }),
    );
    const firstName = async (init?: RequestInit) => {
      const response = await fetch(`${served.url}/api/products?busca=frango`, init);
      const body = (await response.json()) as { name: string }[];
      return body[0]?.name;
    };
    const [first] = menu;
    if (!first) throw new Error('the static menu is empty');
    /** What the menu projection does: documents first, then the checkpoint. */
    const project = async (name: string, position: number) => {
      await products.put({ ...first, name, searchText: foldForSearch(`${name} frango`) });
      await writeCheckpoint(store, MENU_PROJECTION, position);
    };
    return { served, products, first, firstName, project };
  }

  it('given a cached answer, when a product changes and the checkpoint follows, then the next read shows the change', async () => {
    const { served, firstName, project } = await given();
    expect(await firstName()).toBe('Coxinha de Frango');
    await project('Coxinha de Frango Cremosa', 25);
    expect(await firstName()).toBe('Coxinha de Frango Cremosa');
    await served.close();
  });

  it('given a cached answer, when a writer asks for its position before the projection applied it, then the answer waits and includes the write', async () => {
    const { served, firstName, project } = await given();
    expect(await firstName()).toBe('Coxinha de Frango');
    const reading = firstName({ headers: { 'X-Min-Position': '26' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await project('Coxinha de Frango com Catupiry', 26);
    expect(await reading).toBe('Coxinha de Frango com Catupiry');
    await served.close();
  });

  it('given a cached answer, then it is JSON with an ETag that answers 304 until the menu changes', async () => {
    const { served, project } = await given();
    const path = `${served.url}/api/products?busca=frango`;
    const first = await fetch(path);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    // fetch would add Cache-Control: no-cache to a conditional request; a browser revalidating sends this.
    const revalidate = { 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0' };
    const again = await fetch(path, { headers: revalidate });
    expect(again.status).toBe(304);
    await project('Coxinha de Frango Cremosa', 25);
    const changed = await fetch(path, { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.json()).toContainEqual(
      expect.objectContaining({ name: 'Coxinha de Frango Cremosa' }),
    );
    await served.close();
  });

  it('given a cached answer, when documents change but the checkpoint has not moved, then the cached answer is served', async () => {
    const { served, products, first, firstName } = await given();
    expect(await firstName()).toBe('Coxinha de Frango');
    await products.put({ ...first, name: 'Coxinha de Frango Nova' });
    expect(await firstName()).toBe('Coxinha de Frango');
    await served.close();
  });
});
