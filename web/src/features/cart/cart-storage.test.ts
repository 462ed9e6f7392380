import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage';
import '../../testing/render';
import {
  cartReducer,
  clearedLocally,
  initialCartState,
  lineAddedLocally,
  serverCartReceived,
} from './cart-slice';
import {
  CART_STORAGE_KEY,
  cartPersistenceMiddleware,
  loadCart,
  OFFLINE_CART_KEY,
  USER_ID_KEY,
} from './cart-storage';
import type { CartLine } from './model/cart-types';

const pastel: CartLine = {
  item: {
    id: 'pastel-de-queijo',
    nome: 'Pastel de Queijo',
    preco: 0.6,
    categoria: 'Salgados Fritos',
    quantidade: 20,
    descricao: 'Pastelzinho.',
    imageUrl: '/images/cardapio/pastel-de-queijo.svg',
  },
  quantidade: 20,
};

function storeWith(storage: Storage, page: EventTarget = new EventTarget()) {
  const { invalid: _invalid, ...stored } = loadCart(storage);
  return configureStore({
    reducer: { cart: cartReducer },
    preloadedState: { cart: { ...initialCartState, ...stored } },
    middleware: (getDefault) =>
      getDefault().prepend(cartPersistenceMiddleware(storage, undefined, page)),
  });
}

function stored(storage: Storage, key: string): unknown {
  return JSON.parse(storage.getItem(key) ?? 'null');
}

describe('cart persistence', () => {
  it("given local changes, then the cart is saved under 'carrinho' and 'offlineCart' 500 ms after the last one", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const store = storeWith(storage);

    store.dispatch(lineAddedLocally(pastel));
    await vi.advanceTimersByTimeAsync(400);
    store.dispatch(lineAddedLocally(pastel));
    await vi.advanceTimersByTimeAsync(499);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();

    await vi.advanceTimersByTimeAsync(1);
    const expected = [{ ...pastel, item: { ...pastel.item, quantidade: 40 }, quantidade: 40 }];
    expect(stored(storage, CART_STORAGE_KEY)).toEqual(expected);
    expect(stored(storage, OFFLINE_CART_KEY)).toEqual(expected);
  });

  it('given a change still waiting to be saved, when the page goes away, then it is saved at once, and only once', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const page = new EventTarget();
    const store = storeWith(storage, page);
    const writes = vi.spyOn(storage, 'setItem');

    store.dispatch(lineAddedLocally(pastel));
    await vi.advanceTimersByTimeAsync(100);
    page.dispatchEvent(new Event('pagehide'));

    expect(stored(storage, CART_STORAGE_KEY)).toEqual([pastel]);
    const writesAtPagehide = writes.mock.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    expect(writes.mock.calls.length).toBe(writesAtPagehide);
  });

  it("given the server's cart, then 'carrinho' holds it and 'offlineCart' is gone", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.setItem(OFFLINE_CART_KEY, JSON.stringify([pastel]));
    const store = storeWith(storage);

    store.dispatch(serverCartReceived({ itens: [pastel], revision: 3, position: 9 }));
    await vi.advanceTimersByTimeAsync(500);

    expect(stored(storage, CART_STORAGE_KEY)).toEqual([pastel]);
    expect(storage.getItem(OFFLINE_CART_KEY)).toBeNull();
  });

  it("given a stored 'offlineCart', then a new store starts with it, waiting to sync", () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_ID_KEY, 'u-1');
    storage.setItem(OFFLINE_CART_KEY, JSON.stringify([pastel]));

    expect(loadCart(storage)).toEqual({
      itens: [pastel],
      pendingSync: true,
      cleared: false,
      invalid: false,
    });
  });

  it("given a user's synced cart, then a new store starts with it and nothing to sync", () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_ID_KEY, 'u-1');
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([pastel]));

    expect(loadCart(storage)).toMatchObject({ itens: [pastel], pendingSync: false });
  });

  it('given a visitor cart (no stored user id), then it waits to sync: the server never saw it', () => {
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([pastel]));

    expect(loadCart(storage)).toMatchObject({ itens: [pastel], pendingSync: true });
  });

  it("given a cart cleared offline (an empty 'offlineCart'), then the clear-cart flag is back", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.setItem(USER_ID_KEY, 'u-1');
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([pastel]));
    const store = storeWith(storage);

    store.dispatch(clearedLocally());
    await vi.advanceTimersByTimeAsync(500);

    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(stored(storage, OFFLINE_CART_KEY)).toEqual([]);
    expect(loadCart(storage)).toEqual({
      itens: [],
      pendingSync: true,
      cleared: true,
      invalid: false,
    });
  });

  it.each([
    ['not JSON', '{carrinho'],
    ['not a list', JSON.stringify({ userId: 'u', itens: [pastel] })],
    ['a line with quantity 0', JSON.stringify([{ ...pastel, quantidade: 0 }])],
    ['a line without a price', JSON.stringify([{ item: { nome: 'x' }, quantidade: 1 }])],
  ])('given a stored cart that is %s, then it is discarded and said so', (_label, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, raw);
    storage.setItem(OFFLINE_CART_KEY, raw);

    expect(loadCart(storage)).toEqual({
      itens: [],
      pendingSync: false,
      cleared: false,
      invalid: true,
    });
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(OFFLINE_CART_KEY)).toBeNull();
  });

  it('given storage that throws, then an empty cart and no crash', () => {
    const storage = new MemoryStorage();
    vi.spyOn(storage, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(loadCart(storage).itens).toEqual([]);
  });
});
