import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../testing/memory-storage';
import '../../testing/render';
import { cartCleared, cartReducer, lineAdded } from './cart-slice';
import { CART_STORAGE_KEY, cartPersistenceMiddleware, loadCart } from './cart-storage';
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

function storeWith(storage: Storage) {
  return configureStore({
    reducer: { cart: cartReducer },
    preloadedState: { cart: { itens: loadCart(storage) } },
    middleware: (getDefault) => getDefault().prepend(cartPersistenceMiddleware(storage)),
  });
}

describe('cart persistence', () => {
  it("given changes, then the cart is saved under 'carrinho' 500 ms after the last one", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const store = storeWith(storage);

    store.dispatch(lineAdded(pastel));
    await vi.advanceTimersByTimeAsync(400);
    store.dispatch(lineAdded(pastel));
    await vi.advanceTimersByTimeAsync(499);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();

    await vi.advanceTimersByTimeAsync(1);
    const saved: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null');
    expect(saved).toEqual([
      { ...pastel, item: { ...pastel.item, quantidade: 40 }, quantidade: 40 },
    ]);
  });

  it('given a valid stored cart, then a new store starts with it', () => {
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([pastel]));

    expect(storeWith(storage).getState().cart.itens).toEqual([pastel]);
  });

  it.each([
    ['not JSON', '{carrinho'],
    ['not a list', JSON.stringify({ userId: 'u', itens: [pastel] })],
    ['a line with quantity 0', JSON.stringify([{ ...pastel, quantidade: 0 }])],
    ['a line without a price', JSON.stringify([{ item: { nome: 'x' }, quantidade: 1 }])],
  ])('given a stored cart that is %s, then it is discarded', (_label, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, raw);

    expect(loadCart(storage)).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('given storage that throws, then an empty cart and no crash', () => {
    const storage = new MemoryStorage();
    vi.spyOn(storage, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    expect(loadCart(storage)).toEqual([]);
  });
});

describe('an emptied cart', () => {
  it("given a saved cart, when it is cleared, then nothing stays under 'carrinho'", async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([pastel]));
    const store = storeWith(storage);

    store.dispatch(cartCleared());
    await vi.advanceTimersByTimeAsync(500);

    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
