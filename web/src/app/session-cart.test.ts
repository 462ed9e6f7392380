import { describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api/auth-api';
import { loggedOut } from '../features/auth/auth-slice';
import { lineAdded } from '../features/cart/cart-slice';
import { CART_STORAGE_KEY } from '../features/cart/cart-storage';
import type { CartLine } from '../features/cart/model/cart-types';
import { json, stubFetch } from '../testing/fetch-stub';
import { MemoryStorage } from '../testing/memory-storage';
import '../testing/render';
import { admin, customer, loginBody, profileBody, storageWithSession } from '../testing/session';
import { USER_ID_KEY } from './session-cart';
import { makeStore } from './store';

const kibe: CartLine = {
  item: {
    id: 'kibe',
    nome: 'Kibe',
    preco: 0.6,
    categoria: 'Salgados Fritos',
    quantidade: 20,
    descricao: 'Kibe frito.',
    imageUrl: null,
  },
  quantidade: 20,
};

const credentials = { email: 'x@example.com', password: 'Segura1', recaptchaToken: 'p' };

function storageWithCart(userId: string | null): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(CART_STORAGE_KEY, JSON.stringify([kibe]));
  if (userId) storage.setItem(USER_ID_KEY, userId);
  return storage;
}

describe('the session and the local cart (spec §4)', () => {
  it('given a stored cart of another user, when someone logs in, then the local cart is cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => json(loginBody(customer)));
    const storage = storageWithCart(admin.id);
    const store = makeStore({ storage });
    expect(store.getState().cart.itens).toHaveLength(1);

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().cart.itens).toEqual([]);
    expect(storage.getItem(USER_ID_KEY)).toBe(customer.id);
    await vi.advanceTimersByTimeAsync(500);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('given a stored cart of the same user, when they log in, then the cart stays', async () => {
    stubFetch(() => json(loginBody(customer)));
    const store = makeStore({ storage: storageWithCart(customer.id) });

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().cart.itens).toEqual([kibe]);
  });

  it('given a visitor cart with no stored user id, when they log in, then the cart stays and is now theirs', async () => {
    stubFetch(() => json(loginBody(customer)));
    const storage = storageWithCart(null);
    const store = makeStore({ storage });

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().cart.itens).toEqual([kibe]);
    expect(storage.getItem(USER_ID_KEY)).toBe(customer.id);
  });

  it('given a logged-in user with a cart, when they log out, then cart, userId and token are wiped', async () => {
    stubFetch(() => json(profileBody(customer)));
    const storage = storageWithSession(customer);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([kibe]));
    const store = makeStore({ storage });
    await vi.waitFor(() => expect(storage.getItem(USER_ID_KEY)).toBe(customer.id));
    store.dispatch(lineAdded(kibe));

    store.dispatch(loggedOut());

    expect(store.getState().cart.itens).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(USER_ID_KEY)).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
