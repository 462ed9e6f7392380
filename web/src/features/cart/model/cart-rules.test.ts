import { describe, expect, it } from 'vitest';
import { product } from '../../../testing/products';
import { cartProductFromDto, cartTotal, decideAdd, isValidCart, mergeLine } from './cart-rules';
import type { CartLine, CartProduct } from './cart-types';

const coxinha: CartProduct = {
  id: 'coxinha-de-frango',
  nome: 'Coxinha de Frango',
  preco: 0.6,
  categoria: 'Salgados Fritos',
  quantidade: 0,
  descricao: 'Frita na hora.',
  imageUrl: '/images/cardapio/coxinha-de-frango.svg',
};

const kit: CartProduct = {
  id: 'kit-festa-1',
  nome: 'Kit Festa 1',
  preco: 145,
  categoria: 'Kits Festa',
  quantidade: 0,
  descricao: 'Para festas de até 15 pessoas.',
  itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
  imageUrl: null,
};

const line = (item: CartProduct, quantidade: number): CartLine => ({
  item: { ...item, quantidade },
  quantidade,
});

describe('decideAdd', () => {
  it('given a regular item with 20 units, then it is added with 20', () => {
    expect(decideAdd(coxinha, 20)).toEqual({ ok: true, line: line(coxinha, 20) });
  });

  it('given a regular item with 19 units, then the minimum is not met', () => {
    expect(decideAdd(coxinha, 19)).toEqual({ ok: false, reason: 'below-minimum' });
    expect(decideAdd(coxinha, 1)).toEqual({ ok: false, reason: 'below-minimum' });
  });

  it('given a kit, then it goes in with quantity 1 without the minimum check', () => {
    expect(decideAdd(kit, 1)).toEqual({ ok: true, line: line(kit, 1) });
    expect(decideAdd(kit, 5)).toEqual({ ok: true, line: line(kit, 1) });
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY])(
    'given quantity %s, then the item is invalid',
    (quantidade) => {
      expect(decideAdd(coxinha, quantidade)).toEqual({ ok: false, reason: 'invalid' });
      expect(decideAdd(kit, quantidade)).toEqual({ ok: false, reason: 'invalid' });
    },
  );

  it('given an item without a name or a price, then it is invalid', () => {
    expect(decideAdd({ ...coxinha, nome: '' }, 20)).toEqual({ ok: false, reason: 'invalid' });
    expect(decideAdd({ ...coxinha, preco: Number.NaN }, 20)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});

describe('mergeLine', () => {
  it('given an empty cart, then the line is appended', () => {
    expect(mergeLine([], line(coxinha, 20))).toEqual([line(coxinha, 20)]);
  });

  it('given the item is already in the cart, then its quantity grows', () => {
    const cart = [line(kit, 1), line(coxinha, 20)];

    const merged = mergeLine(cart, line(coxinha, 30));

    expect(merged).toEqual([line(kit, 1), line(coxinha, 50)]);
    expect(cart[1]?.quantidade).toBe(20);
  });

  it('given another item, then it is appended after the others', () => {
    expect(mergeLine([line(coxinha, 20)], line(kit, 1))).toEqual([line(coxinha, 20), line(kit, 1)]);
  });
});

describe('isValidCart', () => {
  it('given well-formed lines, then valid', () => {
    expect(isValidCart([line(coxinha, 20), line(kit, 1)])).toBe(true);
    expect(isValidCart([])).toBe(true);
  });

  it.each([
    ['not a list', { itens: [] }],
    ['a line without item', [{ quantidade: 2 }]],
    ['a name that is not text', [{ item: { nome: 1, preco: 1 }, quantidade: 2 }]],
    ['a price that is text', [{ item: { nome: 'x', preco: '1' }, quantidade: 2 }]],
    ['quantity zero', [{ item: { nome: 'x', preco: 1 }, quantidade: 0 }]],
    ['negative quantity', [{ item: { nome: 'x', preco: 1 }, quantidade: -1 }]],
  ])('given %s, then invalid', (_label, value) => {
    expect(isValidCart(value)).toBe(false);
  });
});

describe('cartProductFromDto', () => {
  it('given a menu kit, then the cart snapshot in Portuguese field names with its contents', () => {
    const dto = product({
      _id: 'kit-festa-2',
      name: 'Kit Festa 2',
      price: 260,
      category: 'Kits Festa',
      description: 'Para festas de até 30 pessoas.',
      imageUrl: null,
      itens: ['100 doces'],
    });
    expect(cartProductFromDto(dto)).toEqual({
      id: 'kit-festa-2',
      nome: 'Kit Festa 2',
      preco: 260,
      categoria: 'Kits Festa',
      quantidade: 0,
      descricao: 'Para festas de até 30 pessoas.',
      itens: ['100 doces'],
      imageUrl: null,
    });
  });

  it('given a regular item, then no itens field', () => {
    expect(cartProductFromDto(product())).not.toHaveProperty('itens');
  });
});

describe('cartTotal', () => {
  it('given lines, then the sum in reais without floating-point noise', () => {
    expect(
      cartTotal([line(coxinha, 30), { ...line(coxinha, 7), item: { ...coxinha, preco: 0.7 } }]),
    ).toBe(22.9);
  });
});
