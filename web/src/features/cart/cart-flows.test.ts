import {
  combineReducers,
  configureStore,
  createSlice,
  isAction,
  type Middleware,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { commandApi } from '../../api/command-api';
import { queryApi } from '../../api/query-api';
import { cartCalls, fakeCartServer, menuLine, namesAndQuantities } from '../../testing/cart-server';
import { json } from '../../testing/fetch-stub';
import '../../testing/render';
import { customer } from '../../testing/session';
import { cartFlowsMiddleware } from './cart-flows';
import {
  addRequested,
  cartReducer,
  clearRequested,
  initialCartState,
  quantityChangeRequested,
  removeRequested,
  serverSyncRequested,
} from './cart-slice';
import type { CartLine, CartSession, CartState } from './model/cart-types';

const visitorOnline: CartSession = { userId: null, online: true };

const session = createSlice({
  name: 'session',
  initialState: visitorOnline,
  reducers: {
    sessionSet: (_state, action: PayloadAction<CartSession>) => action.payload,
  },
});
const { sessionSet } = session.actions;

const rootReducer = combineReducers({
  [queryApi.reducerPath]: queryApi.reducer,
  [commandApi.reducerPath]: commandApi.reducer,
  cart: cartReducer,
  session: session.reducer,
});
type TestState = ReturnType<typeof rootReducer>;

function cartStore({
  userId = customer.id,
  online = true,
  cart = {},
}: { userId?: string | null; online?: boolean; cart?: Partial<CartState> } = {}) {
  const dispatched: string[] = [];
  const record: Middleware = () => (next) => (action) => {
    if (isAction(action)) dispatched.push(action.type);
    return next(action);
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      cart: { ...initialCartState, ...cart },
      session: { userId, online },
    },
    middleware: (getDefault) =>
      getDefault()
        .prepend(
          record,
          cartFlowsMiddleware<TestState>({ selectSession: (state) => state.session }),
        )
        .concat(queryApi.middleware, commandApi.middleware),
  });
  return Object.assign(store, { dispatched });
}
type TestStore = ReturnType<typeof cartStore>;

/** Dispatches a request and waits until the flows have answered it. */
async function request(store: TestStore, action: Parameters<TestStore['dispatch']>[0]) {
  const before = store.getState().cart.noticeSeq;
  const beforeItens = store.getState().cart.itens;
  const beforeRevision = store.getState().cart.revision;
  store.dispatch(action);
  await vi.waitFor(() => {
    const { cart } = store.getState();
    expect(
      !cart.busy &&
        (cart.noticeSeq !== before ||
          cart.itens !== beforeItens ||
          cart.revision !== beforeRevision),
    ).toBe(true);
  });
}

function notice(store: TestStore): string | undefined {
  return store.getState().cart.notice?.text;
}

const coxinha = menuLine('Coxinha de Frango', 20);
const brigadeiro = menuLine('Brigadeiro', 40);
const kit = menuLine('Kit Festa 1', 1);

/** A store whose cart agrees with the server's: `lines` written there first. */
async function syncedWith(server: ReturnType<typeof fakeCartServer>, lines: [string, number][]) {
  server.writeElsewhere(lines);
  const store = cartStore();
  await request(store, serverSyncRequested());
  return store;
}

describe('add to cart, online and logged in', () => {
  it('given the server answers, then POST /carrinho names the product, the cart shown is the answer and the note says so', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore();

    await request(store, addRequested(coxinha));

    const post = server.requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({
      userId: customer.id,
      item: { id: coxinha.item.id, nome: 'Coxinha de Frango', preco: 0.6 },
      quantidade: 20,
    });
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Coxinha de Frango', 20]]);
    expect(store.getState().cart).toMatchObject({
      revision: 0,
      position: 101,
      pendingSync: false,
    });
    expect(notice(store)).toBe('Coxinha de Frango (20 unidades) adicionado ao carrinho!');
  });

  it('given the server prices the item differently, then the catalogue price is shown', async () => {
    fakeCartServer({ user: customer });
    const store = cartStore();

    await request(store, addRequested({ ...coxinha, item: { ...coxinha.item, preco: 0.01 } }));

    expect(store.getState().cart.itens[0]?.item.preco).toBe(0.6);
  });

  it('given the network fails, then the item is added offline, the server is unreachable and the message says so', async () => {
    const server = fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname === '/carrinho') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const store = cartStore();

    await request(store, addRequested(coxinha));

    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Coxinha de Frango', 20]]);
    expect(store.getState().cart.pendingSync).toBe(true);
    expect(notice(store)).toBe(
      'Não foi possível conectar ao servidor. O item foi adicionado offline e será sincronizado quando o servidor voltar.',
    );
    expect(server.contents()).toEqual([]);
    expect(store.dispatched).toContain('cart/serverUnreachable');
  });

  it("given 'Usuário não autenticado', then the login hint and nothing added", async () => {
    fakeCartServer({
      user: customer,
      answer: (url) =>
        url.pathname === '/carrinho'
          ? json({ message: 'Usuário não autenticado' }, { status: 401 })
          : undefined,
    });
    const store = cartStore();

    await request(store, addRequested(coxinha));

    expect(notice(store)).toBe(
      'Você precisa estar logado para adicionar itens ao carrinho online. Faça login ou continue offline.',
    );
    expect(store.getState().cart.itens).toEqual([]);
  });

  it("given the server refuses the item, then 'Erro ao adicionar item ao carrinho: {message}'", async () => {
    fakeCartServer({
      user: customer,
      answer: (url) =>
        url.pathname === '/carrinho'
          ? json({ message: 'Produto indisponível no momento.' }, { status: 400 })
          : undefined,
    });
    const store = cartStore();

    await request(store, addRequested(coxinha));

    expect(notice(store)).toBe(
      'Erro ao adicionar item ao carrinho: Produto indisponível no momento.',
    );
    expect(store.getState().cart.notice?.tone).toBe('error');
  });

  it('given an answer that is not a cart, then the shape error', async () => {
    fakeCartServer({
      user: customer,
      answer: (url) => (url.pathname === '/carrinho' ? json({ userId: 1, itens: 'x' }) : undefined),
    });
    const store = cartStore();

    await request(store, addRequested(coxinha));

    expect(notice(store)).toBe(
      'Erro ao adicionar item ao carrinho: Formato de dados inválido do servidor',
    );
  });

  it('given 9,999 units already, then more are refused before asking the server', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore({ cart: { itens: [menuLine('Coxinha de Frango', 9_990)] } });

    await request(store, addRequested(coxinha));

    expect(notice(store)).toBe(
      'Erro ao adicionar item ao carrinho: A quantidade máxima para cada item é de 9.999 unidades.',
    );
    expect(cartCalls(server.requests)).toEqual([]);
  });
});

describe('a visitor or offline', () => {
  it.each([
    ['a visitor', { userId: null, online: true }],
    ['offline', { userId: customer.id, online: false }],
  ])(
    'given %s, when an item is added, then it stays local with the offline message and no call',
    async (_label, who) => {
      const server = fakeCartServer({ user: customer });
      const store = cartStore(who);

      await request(store, addRequested(kit));

      expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Kit Festa 1', 1]]);
      expect(store.getState().cart.pendingSync).toBe(true);
      expect(notice(store)).toBe(
        'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.',
      );
      expect(cartCalls(server.requests)).toEqual([]);
    },
  );

  it('given offline, when a quantity changes, a line is removed and the cart cleared, then each offline message', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore({ online: false, cart: { itens: [coxinha, brigadeiro] } });

    await request(store, quantityChangeRequested({ index: 0, quantidade: 30 }));
    expect(notice(store)).toBe(
      'Quantidade atualizada offline. Será sincronizada quando o servidor voltar.',
    );
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([
      ['Coxinha de Frango', 30],
      ['Brigadeiro', 40],
    ]);

    await request(store, removeRequested({ index: 1 }));
    expect(notice(store)).toBe(
      'Item removido offline. Será sincronizado quando o servidor voltar.',
    );
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Coxinha de Frango', 30]]);

    await request(store, clearRequested());
    expect(notice(store)).toBe(
      'Carrinho limpo offline. Será sincronizado quando o servidor voltar.',
    );
    expect(store.getState().cart).toMatchObject({ itens: [], pendingSync: true, cleared: true });
    expect(cartCalls(server.requests)).toEqual([]);
  });
});

describe('quantity rules on the cart screen (spec §5)', () => {
  it('given a bad quantity or a bad index, then the spec message and no call', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore({ cart: { itens: [coxinha] } });

    await request(store, quantityChangeRequested({ index: 0, quantidade: Number.NaN }));
    expect(notice(store)).toBe('Quantidade deve ser um número maior ou igual a zero.');

    await request(store, quantityChangeRequested({ index: 3, quantidade: 25 }));
    expect(notice(store)).toBe('Índice de item inválido.');

    await request(store, removeRequested({ index: -1 }));
    expect(notice(store)).toBe('Índice de item inválido.');
    expect(cartCalls(server.requests)).toEqual([]);
  });

  it('given quantity 0, then the line is removed on the server', async () => {
    const server = fakeCartServer({ user: customer });
    const store = await syncedWith(server, [
      ['Coxinha de Frango', 20],
      ['Brigadeiro', 40],
    ]);

    await request(store, quantityChangeRequested({ index: 0, quantidade: 0 }));

    expect(server.contents()).toEqual([['Brigadeiro', 40]]);
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Brigadeiro', 40]]);
  });
});

describe('two tabs editing one cart (If-Match and 412)', () => {
  it("given another tab added a line, when this tab changes a quantity, then the sync retries on the returned cart and the other tab's line stays", async () => {
    const server = fakeCartServer({ user: customer });
    const store = await syncedWith(server, [['Coxinha de Frango', 20]]);
    const shownRevision = store.getState().cart.revision;
    server.writeElsewhere([
      ['Coxinha de Frango', 20],
      ['Brigadeiro', 40],
    ]);

    await request(store, quantityChangeRequested({ index: 0, quantidade: 25 }));

    const syncs = server.requests.filter((r) => r.url.endsWith('/carrinho/sync'));
    expect(syncs.map((r) => r.headers.get('If-Match'))).toEqual([
      `"${shownRevision}"`,
      `"${server.revision - 1}"`,
    ]);
    expect(server.contents()).toEqual([
      ['Coxinha de Frango', 25],
      ['Brigadeiro', 40],
    ]);
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual(server.contents());
    expect(store.getState().cart.revision).toBe(server.revision);
  });

  it('given another tab changed the cart, when this tab removes a line, then only that line goes', async () => {
    const server = fakeCartServer({ user: customer });
    const store = await syncedWith(server, [
      ['Coxinha de Frango', 20],
      ['Brigadeiro', 40],
    ]);
    server.writeElsewhere([
      ['Coxinha de Frango', 20],
      ['Brigadeiro', 60],
      ['Kit Festa 1', 1],
    ]);

    await request(store, removeRequested({ index: 0 }));

    expect(server.contents()).toEqual([
      ['Brigadeiro', 60],
      ['Kit Festa 1', 1],
    ]);
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual(server.contents());
  });

  it('given the cart keeps changing elsewhere, then after 3 tries the current cart is shown with the error', async () => {
    let elsewhere = 0;
    const server = fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname === '/carrinho/sync') {
          elsewhere += 1;
          server.writeElsewhere([
            ['Coxinha de Frango', 20],
            ['Brigadeiro', 20 + elsewhere],
          ]);
        }
        return undefined;
      },
    });
    const store = cartStore({ cart: { itens: [coxinha], revision: -1 } });

    await request(store, quantityChangeRequested({ index: 0, quantidade: 30 }));

    expect(elsewhere).toBe(3);
    expect(notice(store)).toBe(
      'Erro ao atualizar quantidade: Seu carrinho foi alterado em outra aba ou dispositivo. Confira os itens e tente novamente.',
    );
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([
      ['Coxinha de Frango', 20],
      ['Brigadeiro', 23],
    ]);
  });

  it('given a network failure on a change, then it is kept locally with the offline message', async () => {
    const server = fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname === '/carrinho/sync') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const store = cartStore({ cart: { itens: [coxinha], revision: 0 } });

    await request(store, removeRequested({ index: 0 }));

    expect(store.getState().cart).toMatchObject({ itens: [], pendingSync: true });
    expect(notice(store)).toBe(
      'Item removido offline. Será sincronizado quando o servidor voltar.',
    );
    expect(server.contents()).toEqual([]);
  });

  it("given the server refuses a change, then 'Erro ao remover item: {message}'", async () => {
    fakeCartServer({
      user: customer,
      answer: (url) =>
        url.pathname === '/carrinho/sync'
          ? json({ message: 'Serviço indisponível.' }, { status: 503 })
          : undefined,
    });
    const store = cartStore({ cart: { itens: [coxinha], revision: 0 } });

    await request(store, removeRequested({ index: 0 }));

    expect(notice(store)).toBe('Erro ao remover item: Serviço indisponível.');
  });
});

describe('clear the cart', () => {
  it('given the server clears it (200), then empty, the clear-cart flag set, and a later sync does not reload the server cart', async () => {
    const server = fakeCartServer({ user: customer });
    const store = await syncedWith(server, [['Coxinha de Frango', 20]]);

    await request(store, clearRequested());
    expect(store.getState().cart).toMatchObject({ itens: [], cleared: true, pendingSync: false });
    expect(server.contents()).toEqual([]);

    server.writeElsewhere([['Brigadeiro', 40]]);
    const before = server.requests.length;
    store.dispatch(serverSyncRequested());
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(cartCalls(server.requests.slice(before))).toEqual([]);
    expect(store.getState().cart.itens).toEqual([]);
  });

  it("given the server fails, then 'Erro ao limpar o carrinho: {message}' and the cart is emptied locally anyway", async () => {
    fakeCartServer({
      user: customer,
      answer: (_url, req) =>
        req.method === 'DELETE'
          ? json({ message: 'Falha no servidor.' }, { status: 500 })
          : undefined,
    });
    const store = cartStore({ cart: { itens: [coxinha], revision: 0 } });

    await request(store, clearRequested());

    expect(notice(store)).toBe('Erro ao limpar o carrinho: Falha no servidor.');
    expect(store.getState().cart).toMatchObject({ itens: [], pendingSync: true, cleared: true });
  });

  it('given a cart cleared offline, when the server is back, then the empty cart is pushed without reloading', async () => {
    const server = fakeCartServer({ user: customer });
    server.writeElsewhere([['Brigadeiro', 40]]);
    const store = cartStore({ cart: { itens: [], pendingSync: true, cleared: true } });

    await request(store, serverSyncRequested());

    expect(cartCalls(server.requests)).toEqual(['POST /carrinho/sync']);
    expect(server.requests[0]?.headers.get('If-Match')).toBeNull();
    expect(server.contents()).toEqual([]);
    expect(notice(store)).toBe('Dados sincronizados com o servidor com sucesso!');
  });
});

describe('syncing local changes with the server cart (spec §4)', () => {
  it('given local lines, then GET, merge (local quantity wins, server lines appended), sync with If-Match, and the message', async () => {
    const server = fakeCartServer({ user: customer });
    server.writeElsewhere([
      ['Coxinha de Frango', 50],
      ['Brigadeiro', 40],
    ]);
    const local: CartLine[] = [menuLine('Kit Festa 1', 1), menuLine('Coxinha de Frango', 30)];
    const store = cartStore({ cart: { itens: local, pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(cartCalls(server.requests)).toEqual([
      `GET /carrinho/${customer.id}`,
      'POST /carrinho/sync',
    ]);
    expect(server.requests[1]?.headers.get('If-Match')).toBe('"0"');
    expect(server.contents()).toEqual([
      ['Kit Festa 1', 1],
      ['Coxinha de Frango', 30],
      ['Brigadeiro', 40],
    ]);
    expect(store.getState().cart).toMatchObject({ pendingSync: false, revision: 1 });
    expect(notice(store)).toBe('Dados sincronizados com o servidor com sucesso!');
  });

  it('given nothing local to sync, then the server cart is adopted without a POST or a message', async () => {
    const server = fakeCartServer({ user: customer });
    server.writeElsewhere([['Brigadeiro', 40]]);
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: false } });

    await request(store, serverSyncRequested());

    expect(cartCalls(server.requests)).toEqual([`GET /carrinho/${customer.id}`]);
    expect(namesAndQuantities(store.getState().cart.itens)).toEqual([['Brigadeiro', 40]]);
    expect(notice(store)).toBeUndefined();
  });

  it('given local lines the server already has, then no POST and no message', async () => {
    const server = fakeCartServer({ user: customer });
    server.writeElsewhere([['Coxinha de Frango', 20]]);
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(cartCalls(server.requests)).toEqual([`GET /carrinho/${customer.id}`]);
    expect(store.getState().cart.pendingSync).toBe(false);
    expect(notice(store)).toBeUndefined();
  });

  it('given another tab wrote between the read and the sync, then the merge is redone on the returned cart', async () => {
    let first = true;
    const server = fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname === '/carrinho/sync' && first) {
          first = false;
          server.writeElsewhere([['Kit Festa 1', 1]]);
        }
        return undefined;
      },
    });
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(server.contents()).toEqual([
      ['Coxinha de Frango', 20],
      ['Kit Festa 1', 1],
    ]);
    expect(notice(store)).toBe('Dados sincronizados com o servidor com sucesso!');
  });

  it('given the server cannot be reached, then the local cart stays with the offline-data message', async () => {
    fakeCartServer({
      user: customer,
      answer: (url) => {
        if (url.pathname.startsWith('/carrinho')) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(store.getState().cart).toMatchObject({ itens: [coxinha], pendingSync: true });
    expect(notice(store)).toBe('Não foi possível conectar ao servidor. Usando dados offline.');
  });

  it("given a local line the server no longer sells, then 'Erro ao sincronizar o carrinho com o servidor: {message}'", async () => {
    fakeCartServer({
      user: customer,
      answer: (url) =>
        url.pathname === '/carrinho/sync'
          ? json({ message: 'Produto não encontrado: Coxinha de Frango.' }, { status: 400 })
          : undefined,
    });
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(notice(store)).toBe(
      'Erro ao sincronizar o carrinho com o servidor: Produto não encontrado: Coxinha de Frango.',
    );
    expect(store.getState().cart.pendingSync).toBe(true);
  });

  it("given the server cart is not a cart, then 'Erro ao buscar carrinho: Formato de dados inválido do servidor'", async () => {
    fakeCartServer({
      user: customer,
      answer: (url, req) =>
        url.pathname.startsWith('/carrinho/') && req.method === 'GET'
          ? json({ userId: customer.id, itens: [{ item: { nome: 'x' }, quantidade: -1 }] })
          : undefined,
    });
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(notice(store)).toBe('Erro ao buscar carrinho: Formato de dados inválido do servidor');
    expect(store.getState().cart.itens).toEqual([coxinha]);
  });

  it('given another user id than the token’s (403), then the authentication message', async () => {
    fakeCartServer({
      user: customer,
      answer: (url) =>
        url.pathname.startsWith('/carrinho/')
          ? json({ message: 'Você só pode acessar o seu próprio carrinho.' }, { status: 403 })
          : undefined,
    });
    const store = cartStore({ cart: { itens: [coxinha], pendingSync: true } });

    await request(store, serverSyncRequested());

    expect(notice(store)).toBe('Erro ao gerenciar autenticação. Tente recarregar a página.');
  });

  it('given a command answered with a position, then the next read sends it as X-Min-Position', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore();
    await request(store, addRequested(coxinha));

    await request(store, serverSyncRequested());

    const read = server.requests.find((r) => r.method === 'GET' && r.url.includes('/carrinho/'));
    expect(read?.headers.get('X-Min-Position')).toBe(String(server.position));
  });

  it('given local changes, when an item is added online, then they are synced first so the answer keeps them', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore({ cart: { itens: [kit], pendingSync: true } });

    await request(store, addRequested(coxinha));
    await vi.waitFor(() => expect(store.getState().cart.itens).toHaveLength(2));

    expect(cartCalls(server.requests)).toEqual([
      `GET /carrinho/${customer.id}`,
      'POST /carrinho/sync',
      'POST /carrinho',
    ]);
    expect(server.contents()).toEqual([
      ['Kit Festa 1', 1],
      ['Coxinha de Frango', 20],
    ]);
  });
});

describe('requests and the session', () => {
  it('given a request made before a logout, then it is not carried out for the visitor who follows', async () => {
    const server = fakeCartServer({ user: customer });
    const store = cartStore();

    store.dispatch(addRequested(coxinha));
    store.dispatch(sessionSet({ userId: null, online: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(store.getState().cart.itens).toEqual([]);
    expect(cartCalls(server.requests)).toEqual([]);
  });
});

describe('cart messages', () => {
  it('given an error message, then it clears itself after 5 s; an add note after 3 s', async () => {
    fakeCartServer({ user: customer });
    const store = cartStore({ userId: null });
    vi.useFakeTimers({ shouldAdvanceTime: true });

    store.dispatch(quantityChangeRequested({ index: 9, quantidade: 1 }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(notice(store)).toBe('Índice de item inválido.');
    await vi.advanceTimersByTimeAsync(1);
    expect(notice(store)).toBeUndefined();

    store.dispatch(sessionSet({ userId: customer.id, online: true }));
    await request(store, addRequested(coxinha));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(notice(store)).toBeUndefined();
  });
});
