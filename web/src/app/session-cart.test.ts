import { describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api/auth-api';
import { loggedOut } from '../features/auth/auth-slice';
import { addRequested, clearRequested } from '../features/cart/cart-slice';
import { CART_STORAGE_KEY, OFFLINE_CART_KEY, USER_ID_KEY } from '../features/cart/cart-storage';
import { connectivityChanged } from '../features/connectivity/connectivity-slice';
import { cartCalls, fakeCartServer, menuLine, namesAndQuantities } from '../testing/cart-server';
import { json } from '../testing/fetch-stub';
import { MemoryStorage } from '../testing/memory-storage';
import '../testing/render';
import { admin, customer, loginBody, storageWithSession } from '../testing/session';
import { makeStore, type AppStore } from './store';

const kibe = menuLine('Kibe', 20);
const credentials = { email: 'x@example.com', password: 'Segura1', recaptchaToken: 'p' };
const SYNCED = 'Dados sincronizados com o servidor com sucesso!';

function withLogin(url: URL): Response | undefined {
  return url.pathname === '/api/auth/login' ? json(loginBody(customer)) : undefined;
}

function storageWithCart(userId: string | null, key = CART_STORAGE_KEY): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(key, JSON.stringify([kibe]));
  if (userId) storage.setItem(USER_ID_KEY, userId);
  return storage;
}

async function idle(store: AppStore) {
  await vi.waitFor(() => expect(store.getState().cart.busy).toBe(false));
}

describe('login and the cart (spec §4)', () => {
  it('given a visitor cart, when they log in, then 500 ms later the server cart is loaded, merged, synced and the message shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeCartServer({ user: customer, answer: withLogin });
    server.writeElsewhere([
      ['Kibe', 50],
      ['Brigadeiro', 40],
    ]);
    const storage = storageWithCart(null);
    const store = makeStore({ storage });
    expect(store.getState().cart.pendingSync).toBe(true);

    await store.dispatch(authApi.endpoints.login.initiate(credentials));
    await vi.advanceTimersByTimeAsync(400);
    expect(cartCalls(server.requests)).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);

    await vi.waitFor(() => expect(store.getState().cart.notice?.text).toBe(SYNCED));
    expect(cartCalls(server.requests)).toEqual([
      `GET /carrinho/${customer.id}`,
      'POST /carrinho/sync',
    ]);
    expect(server.contents()).toEqual([
      ['Kibe', 20],
      ['Brigadeiro', 40],
    ]);
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual(server.contents());
    expect(storage.getItem(USER_ID_KEY)).toBe(customer.id);
    await vi.advanceTimersByTimeAsync(500);
    expect(storage.getItem(OFFLINE_CART_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.getState().cart.notice).toBeNull();
  });

  it('given a stored cart of another user, when someone logs in, then the local cart is cleared and theirs is loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeCartServer({ user: customer, answer: withLogin });
    server.writeElsewhere([['Brigadeiro', 40]]);
    const storage = storageWithCart(admin.id);
    const store = makeStore({ storage });
    expect(store.getState().cart.itens).toHaveLength(1);

    await store.dispatch(authApi.endpoints.login.initiate(credentials));

    expect(store.getState().cart.itens).toEqual([]);
    expect(storage.getItem(USER_ID_KEY)).toBe(customer.id);
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() =>
      expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Brigadeiro', 40]]),
    );
    expect(cartCalls(server.requests)).toEqual([`GET /carrinho/${customer.id}`]);
    expect(store.getState().cart.notice).toBeNull();
  });

  it('given a stored session and a synced cart, then after the session check the server cart is adopted without a sync', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeCartServer({ user: customer });
    server.writeElsewhere([['Brigadeiro', 40]]);
    const storage = storageWithSession(customer);
    storage.setItem(USER_ID_KEY, customer.id);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([kibe]));
    const store = makeStore({ storage });

    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() =>
      expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Brigadeiro', 40]]),
    );
    expect(cartCalls(server.requests)).toEqual([`GET /carrinho/${customer.id}`]);
    expect(server.requests.at(-1)?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('given the server is unreachable at login, then the local cart stays, offline, with the offline-data message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname.startsWith('/carrinho')) throw new TypeError('Failed to fetch');
        return withLogin(url);
      },
    });
    const store = makeStore({ storage: storageWithCart(null) });

    await store.dispatch(authApi.endpoints.login.initiate(credentials));
    await vi.advanceTimersByTimeAsync(500);

    await vi.waitFor(() =>
      expect(store.getState().cart.notice?.text).toBe(
        'Não foi possível conectar ao servidor. Usando dados offline.',
      ),
    );
    expect(store.getState().cart.itens).toEqual([kibe]);
    expect(store.getState().connectivity.online).toBe(false);
  });
});

describe('connectivity and the cart', () => {
  async function loggedIn() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeCartServer({ user: customer });
    const storage = storageWithSession(customer);
    storage.setItem(USER_ID_KEY, customer.id);
    const store = makeStore({ storage });
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(cartCalls(server.requests)).toHaveLength(1));
    await idle(store);
    return { server, store, storage };
  }

  it('given a network error on add, then the item is added offline and the connection marked offline', async () => {
    const { server, store } = await loggedIn();
    server.requests.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    store.dispatch(addRequested(kibe));

    await vi.waitFor(() => expect(store.getState().connectivity.online).toBe(false));
    expect(store.getState().cart).toMatchObject({ itens: [kibe], pendingSync: true });
    expect(store.getState().cart.notice?.text).toBe(
      'Não foi possível conectar ao servidor. O item foi adicionado offline e será sincronizado quando o servidor voltar.',
    );
  });

  it('given changes made offline, when the connection comes back, then merged, synced and the message shown', async () => {
    const { server, store } = await loggedIn();
    store.dispatch(connectivityChanged(false));
    store.dispatch(addRequested(kibe));
    await vi.waitFor(() => expect(store.getState().cart.itens).toHaveLength(1));
    server.writeElsewhere([['Brigadeiro', 40]]);

    store.dispatch(connectivityChanged(true));

    await vi.waitFor(() => expect(store.getState().cart.notice?.text).toBe(SYNCED));
    expect(server.contents()).toEqual([
      ['Kibe', 20],
      ['Brigadeiro', 40],
    ]);
    expect(store.getState().cart.pendingSync).toBe(false);
  });

  it('given the cart was cleared, when the connection comes back, then the server cart is not reloaded', async () => {
    const { server, store } = await loggedIn();
    store.dispatch(clearRequested());
    await vi.waitFor(() =>
      expect(cartCalls(server.requests)).toContain(`DELETE /carrinho/${customer.id}`),
    );
    await idle(store);
    server.writeElsewhere([['Brigadeiro', 40]]);
    const before = server.requests.length;

    store.dispatch(connectivityChanged(false));
    store.dispatch(connectivityChanged(true));
    await vi.advanceTimersByTimeAsync(100);

    expect(cartCalls(server.requests.slice(before))).toEqual([]);
    expect(store.getState().cart.itens).toEqual([]);
  });
});

describe('logout and the cart', () => {
  it('given a logged-in user with a cart, when they log out, then cart, offline cart, userId and token are wiped and the cart state reset', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeCartServer({ user: customer });
    const storage = storageWithSession(customer);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([kibe]));
    storage.setItem(OFFLINE_CART_KEY, JSON.stringify([kibe]));
    const store = makeStore({ storage });
    await vi.waitFor(() => expect(storage.getItem(USER_ID_KEY)).toBe(customer.id));
    store.dispatch(clearRequested());
    await vi.waitFor(() => expect(store.getState().cart.cleared).toBe(true));
    await idle(store);

    store.dispatch(loggedOut());

    expect(store.getState().cart).toMatchObject({
      itens: [],
      revision: null,
      position: null,
      pendingSync: false,
      cleared: false,
    });
    for (const key of [CART_STORAGE_KEY, OFFLINE_CART_KEY, USER_ID_KEY, 'token']) {
      expect(storage.getItem(key)).toBeNull();
    }
    await vi.advanceTimersByTimeAsync(600);
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(OFFLINE_CART_KEY)).toBeNull();
  });
});

describe('a stored cart that cannot be read', () => {
  it("given garbage under 'carrinho', then an empty cart and 'Erro ao carregar os dados iniciais do carrinho.'", () => {
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, '{carrinho');

    const store = makeStore({ storage });

    expect(store.getState().cart.itens).toEqual([]);
    expect(store.getState().cart.notice?.text).toBe(
      'Erro ao carregar os dados iniciais do carrinho.',
    );
  });
});
