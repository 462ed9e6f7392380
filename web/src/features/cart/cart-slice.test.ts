import { describe, expect, it } from 'vitest';
import { cartCleared, cartReducer, lineAdded, selectCartLineCount } from './cart-slice';
import type { CartLine } from './model/cart-types';

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

describe('cart reducer', () => {
  it('given an empty cart, when a line is added twice, then one line with the summed quantity', () => {
    let state = cartReducer(undefined, lineAdded(brigadeiro));
    state = cartReducer(state, lineAdded(brigadeiro));

    expect(state.itens).toHaveLength(1);
    expect(state.itens[0]?.quantidade).toBe(50);
    expect(state.itens[0]?.item.quantidade).toBe(50);
    expect(selectCartLineCount({ cart: state })).toBe(1);
  });

  it('given a cart, when cleared, then empty', () => {
    const state = cartReducer({ itens: [brigadeiro] }, cartCleared());
    expect(state.itens).toEqual([]);
  });
});
