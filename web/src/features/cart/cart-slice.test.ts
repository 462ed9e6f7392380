import { describe, expect, it } from 'vitest';
import {
  cartReducer,
  cartReset,
  clearedLocally,
  clearedOnServer,
  initialCartState,
  lineAddedLocally,
  linesSetLocally,
  noticeDismissed,
  noticeShown,
  selectCartLineCount,
  serverCartReceived,
} from './cart-slice';
import type { CartLine, CartState } from './model/cart-types';

const brigadeiro: CartLine = {
  item: {
    id: 'brigadeiro',
    nome: 'Brigadeiro',
    preco: 0.7,
    categoria: 'Doces Tradicionais',
    quantidade: 25,
    descricao: 'O clássico.',
    imageUrl: null,
  },
  quantidade: 25,
};

const synced: CartState = {
  ...initialCartState,
  itens: [brigadeiro],
  revision: 4,
  position: 40,
};

describe('cart reducer', () => {
  it('given an empty cart, when a line is added locally twice, then one line with the summed quantity, waiting to sync', () => {
    let state = cartReducer(undefined, lineAddedLocally(brigadeiro));
    state = cartReducer(state, lineAddedLocally(brigadeiro));

    expect(state.itens).toHaveLength(1);
    expect(state.itens[0]?.quantidade).toBe(50);
    expect(state.itens[0]?.item.quantidade).toBe(50);
    expect(state.pendingSync).toBe(true);
    expect(selectCartLineCount({ cart: state })).toBe(1);
  });

  it('given local lines, when the server cart arrives, then it replaces them, nothing is pending, the revision is kept', () => {
    const local = cartReducer(undefined, lineAddedLocally(brigadeiro));

    const state = cartReducer(local, serverCartReceived({ itens: [], revision: 7, position: 70 }));

    expect(state).toMatchObject({ itens: [], revision: 7, position: 70, pendingSync: false });
  });

  it('given a higher position seen before, when an answer carries a lower one, then the higher stays', () => {
    const state = cartReducer(
      synced,
      serverCartReceived({ itens: [brigadeiro], revision: 5, position: 12 }),
    );
    expect(state.position).toBe(40);
  });

  it('given a cart, when lines are set locally, then they wait to sync', () => {
    const state = cartReducer(synced, linesSetLocally([]));
    expect(state).toMatchObject({ itens: [], pendingSync: true, revision: 4 });
  });

  it('given a cart, when cleared locally, then empty, waiting to sync, and the clear-cart flag set', () => {
    const state = cartReducer(synced, clearedLocally());
    expect(state).toMatchObject({ itens: [], pendingSync: true, cleared: true });
  });

  it('given a cart, when the server cleared it, then empty, in sync, the flag set and the new revision', () => {
    const state = cartReducer(synced, clearedOnServer({ revision: 5, position: 41 }));
    expect(state).toMatchObject({
      itens: [],
      pendingSync: false,
      cleared: true,
      revision: 5,
      position: 41,
    });
  });

  it('given a used cart, when reset, then nothing of it stays', () => {
    const used = cartReducer(
      cartReducer(synced, clearedLocally()),
      noticeShown('info', 'Carrinho limpo offline. Será sincronizado quando o servidor voltar.'),
    );

    const state = cartReducer(used, cartReset());

    expect(state).toEqual({ ...initialCartState, noticeSeq: used.noticeSeq });
  });
});

describe('cart notices', () => {
  it('given the same text twice, then two notices with their own ids', () => {
    const once = cartReducer(undefined, noticeShown('error', 'x'));
    const twice = cartReducer(once, noticeShown('error', 'x'));

    expect(once.notice).toEqual({ id: 1, tone: 'error', text: 'x', ttlMs: 5_000 });
    expect(twice.notice?.id).toBe(2);
  });

  it('given a newer notice, when the older one is dismissed, then the newer stays', () => {
    const state = cartReducer(
      cartReducer(undefined, noticeShown('info', 'a')),
      noticeShown('success', 'b', 3_000),
    );

    expect(cartReducer(state, noticeDismissed(1)).notice?.text).toBe('b');
    expect(cartReducer(state, noticeDismissed(2)).notice).toBeNull();
  });
});
