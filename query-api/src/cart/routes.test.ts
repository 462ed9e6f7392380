import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  cartMessages,
  CARTS_COLLECTION,
  PRODUCTS_COLLECTION,
  USERS_COLLECTION,
  type CartDocument,
  type ProductDocument,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createOwnWrites } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const coxinha = '11111111-1111-4111-8111-111111111111';
const kit = '33333333-3333-4333-8333-333333333333';
const retired = '44444444-4444-4444-8444-444444444444';

const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
const readStore = createMemoryReadStore();
const ownWrites = createOwnWrites();
/** The projections' progress: a wait succeeds once `applied` has reached the position. */
let applied = 0;
const waits: number[] = [];
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

const user = (id: string, name: string): UserDocument & { _id: string } => ({
  _id: id,
  email: `${name.toLowerCase()}@exemplo.com.br`,
  name,
  phone: '',
  address: '',
  notifications: { email: true, sms: false },
  role: 'user',
  isDeleted: false,
  sessionVersion: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
});

const product = (
  id: string,
  fields: Partial<ProductDocument> & Pick<ProductDocument, 'name' | 'priceCents' | 'category'>,
): ProductDocument => ({
  _id: id,
  description: `${fields.name} da casa.`,
  imageUrl: null,
  stock: 100,
  itens: [],
  isActive: true,
  isDeleted: false,
  searchText: fields.name.toLowerCase(),
  addedAt: 1,
  ...fields,
});

const tokenOf = (id: string, name: string) =>
  tokens.sign({
    userId: id,
    email: `${name}@exemplo.com.br`,
    name,
    role: 'user',
    sessionVersion: 0,
  });

const getCart = (userId: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/carrinho/${userId}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

beforeAll(async () => {
  await readStore.collection(USERS_COLLECTION).putMany([user(ana, 'Ana'), user(bia, 'Bia')]);
  await readStore.collection(PRODUCTS_COLLECTION).putMany([
    product(coxinha, { name: 'Coxinha de Frango', priceCents: 60, category: 'Salgados Fritos' }),
    product(kit, {
      name: 'Kit Festa 1',
      priceCents: 14_500,
      category: 'Kits Festa',
      itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
    }),
    product(retired, {
      name: 'Kibe',
      priceCents: 60,
      category: 'Salgados Fritos',
      isActive: false,
    }),
  ]);
  const cart: CartDocument = {
    _id: ana,
    lines: [
      { productId: coxinha, quantidade: 40 },
      { productId: retired, quantidade: 20 },
      { productId: kit, quantidade: 1 },
    ],
    revision: 4,
  };
  await readStore.collection(CARTS_COLLECTION).put(cart);
  server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async (position) => {
        waits.push(position);
        return applied >= position;
      },
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
      captcha: { challenge: async () => ({}) },
      ownWrites,
    }),
  );
});
afterAll(() => server.close());

describe('GET /carrinho/{userId}', () => {
  it("given Ana's cart, then her lines with the catalogue's details and prices in reais, the revision as ETag, a line whose product left the menu not shown", async () => {
    const response = await getCart(ana, tokenOf(ana, 'Ana'));

    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"4"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      userId: ana,
      itens: [
        {
          item: {
            id: coxinha,
            nome: 'Coxinha de Frango',
            preco: 0.6,
            categoria: 'Salgados Fritos',
            descricao: 'Coxinha de Frango da casa.',
            imageUrl: null,
          },
          quantidade: 40,
        },
        {
          item: {
            id: kit,
            nome: 'Kit Festa 1',
            preco: 145,
            categoria: 'Kits Festa',
            descricao: 'Kit Festa 1 da casa.',
            itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
            imageUrl: null,
          },
          quantidade: 1,
        },
      ],
    });
  });

  it('given a customer who never had a cart, then an empty one with ETag "-1"', async () => {
    const response = await getCart(bia, tokenOf(bia, 'Bia'));

    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"-1"');
    expect(await response.json()).toEqual({ userId: bia, itens: [] });
  });

  it("given Bia asking for Ana's cart, then 403 and nothing of Ana's", async () => {
    const response = await getCart(ana, tokenOf(bia, 'Bia'));

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: cartMessages.otherUsersCart,
      code: 'forbidden',
    });
  });

  it('given no token or a forged one, then 401', async () => {
    const forged = createTokenService({ secret: 'another-secret-that-is-long-enough-987654321' });
    const forgedToken = forged.sign({
      userId: ana,
      email: 'ana@exemplo.com.br',
      name: 'Ana',
      role: 'user',
      sessionVersion: 0,
    });

    const anonymous = await getCart(ana, null);
    const withForged = await getCart(ana, forgedToken);

    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ message: accountMessages.tokenMissing });
    expect(withForged.status).toBe(401);
  });

  it("given Ana's last write at position 90 not yet applied, when she reads without a header, then the read waits for 90 and says the read model lags", async () => {
    ownWrites.record(ana, 90);
    waits.length = 0;

    const lagging = await getCart(ana, tokenOf(ana, 'Ana'));
    applied = 90;
    const caughtUp = await getCart(ana, tokenOf(ana, 'Ana'));

    expect(waits).toEqual([90, 90]);
    expect(lagging.headers.get('x-projection-lagging')).toBe('true');
    expect(caughtUp.headers.get('x-projection-lagging')).toBeNull();
  });

  it("given Ana's write, when Bia reads her own cart, then Bia's read does not wait for Ana's write", async () => {
    ownWrites.record(ana, 120);
    waits.length = 0;

    expect((await getCart(bia, tokenOf(bia, 'Bia'))).status).toBe(200);
    expect(waits).toEqual([]);
  });

  it('given a stranger with X-Min-Position far ahead, then 401 at once: nothing waits before the token is checked', async () => {
    waits.length = 0;

    const response = await getCart(ana, null, { 'x-min-position': '999999999999999' });

    expect(response.status).toBe(401);
    expect(waits).toEqual([]);
  });

  it("given Ana's header ahead of her recorded write, then her read waits for the later of the two", async () => {
    ownWrites.record(ana, 130);
    waits.length = 0;

    await getCart(ana, tokenOf(ana, 'Ana'), { 'x-min-position': '150' });
    await getCart(ana, tokenOf(ana, 'Ana'), { 'x-min-position': '100' });

    expect(waits).toEqual([150, 130]);
  });

  it('given If-None-Match with the current ETag, then the cart is still sent (the prices may have changed under it), never 304', async () => {
    const response = await getCart(ana, tokenOf(ana, 'Ana'), { 'if-none-match': '"4"' });
    const star = await getCart(ana, tokenOf(ana, 'Ana'), { 'if-none-match': '*' });

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await response.json()).itens).toHaveLength(2);
    expect(star.status).toBe(200);
  });
});
