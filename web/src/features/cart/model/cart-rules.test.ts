import { describe, expect, it } from 'vitest';
import { product } from '../../../testing/products';
import {
  applyIntent,
  cartProductFromDto,
  cartTotal,
  decideAdd,
  decideQuantityChange,
  decideRemove,
  isBelowMinimum,
  isValidCart,
  itemRef,
  limitBroken,
  lineTotal,
  linesFromDto,
  mergeCarts,
  mergeLine,
  sameContents,
} from './cart-rules';
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

const brigadeiro: CartProduct = {
  id: 'brigadeiro',
  nome: 'Brigadeiro',
  preco: 0.7,
  categoria: 'Doces Tradicionais',
  quantidade: 0,
  descricao: 'O clássico.',
  imageUrl: null,
};

describe('mergeCarts (spec §4)', () => {
  it('given the same item on both sides, then the local quantity wins with the server snapshot', () => {
    const server = [line({ ...coxinha, preco: 0.65 }, 50)];

    expect(mergeCarts([line(coxinha, 30)], server)).toEqual([
      line({ ...coxinha, preco: 0.65 }, 30),
    ]);
  });

  it('given server lines the local cart lacks, then they are appended after the local ones', () => {
    const merged = mergeCarts([line(kit, 1)], [line(brigadeiro, 40), line(coxinha, 20)]);

    expect(merged).toEqual([line(kit, 1), line(brigadeiro, 40), line(coxinha, 20)]);
  });

  it('given the same name under another id (an older menu slug), then one line', () => {
    const local = [line({ ...coxinha, id: 'coxinha-slug' }, 25)];

    expect(mergeCarts(local, [line(coxinha, 20)])).toEqual([line(coxinha, 25)]);
  });

  it('given an empty server cart, then the local cart', () => {
    expect(mergeCarts([line(coxinha, 20)], [])).toEqual([line(coxinha, 20)]);
  });
});

describe('sameContents', () => {
  it('given the same products and quantities in another order, then the same', () => {
    expect(sameContents([line(kit, 1), line(coxinha, 20)], [line(coxinha, 20), line(kit, 1)])).toBe(
      true,
    );
  });

  it('given another quantity or another line, then different', () => {
    expect(sameContents([line(coxinha, 20)], [line(coxinha, 21)])).toBe(false);
    expect(sameContents([line(coxinha, 20)], [line(coxinha, 20), line(kit, 1)])).toBe(false);
  });
});

describe('applyIntent (re-applied on a cart another tab changed)', () => {
  it('given a quantity set, then only that line changes and the other tab’s line stays', () => {
    const otherTab = [line(coxinha, 20), line(brigadeiro, 30)];

    const wanted = applyIntent(otherTab, { type: 'set-quantity', line: line(coxinha, 25) });

    expect(wanted).toEqual([line(coxinha, 25), line(brigadeiro, 30)]);
  });

  it('given a quantity set on a line the other tab removed, then the line comes back', () => {
    const wanted = applyIntent([line(brigadeiro, 30)], {
      type: 'set-quantity',
      line: line(coxinha, 25),
    });

    expect(wanted).toEqual([line(brigadeiro, 30), line(coxinha, 25)]);
  });

  it('given a removal, then that product goes and the rest stays', () => {
    const wanted = applyIntent([line(coxinha, 20), line(brigadeiro, 30)], {
      type: 'remove',
      item: coxinha,
    });

    expect(wanted).toEqual([line(brigadeiro, 30)]);
  });

  it('given a removal of a line already gone, then nothing changes', () => {
    expect(applyIntent([line(brigadeiro, 30)], { type: 'remove', item: coxinha })).toEqual([
      line(brigadeiro, 30),
    ]);
  });
});

describe('decideQuantityChange (spec §5)', () => {
  const cart = [line(coxinha, 20), line(kit, 1)];

  it('given a new quantity, then a quantity intent with its whole part', () => {
    expect(decideQuantityChange(cart, 0, 35.7)).toEqual({
      ok: true,
      intent: { type: 'set-quantity', line: line(coxinha, 35) },
    });
  });

  it('given 0, then the line is removed', () => {
    expect(decideQuantityChange(cart, 1, 0)).toEqual({
      ok: true,
      intent: { type: 'remove', item: line(kit, 1).item },
    });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])(
    'given quantity %s, then the quantity message',
    (quantidade) => {
      expect(decideQuantityChange(cart, 0, quantidade)).toEqual({
        ok: false,
        message: 'Quantidade deve ser um número maior ou igual a zero.',
      });
    },
  );

  it.each([-1, 2, 0.5])('given index %s, then the index message', (index) => {
    expect(decideQuantityChange(cart, index, 20)).toEqual({
      ok: false,
      message: 'Índice de item inválido.',
    });
    expect(decideRemove(cart, index)).toEqual({ ok: false, message: 'Índice de item inválido.' });
  });

  it('given more than 9,999 units, then the contracts’ limit text', () => {
    expect(decideQuantityChange(cart, 0, 10_000)).toEqual({
      ok: false,
      message: 'A quantidade máxima para cada item é de 9.999 unidades.',
    });
  });

  it('given a removal of an existing line, then a removal intent', () => {
    expect(decideRemove(cart, 0)).toEqual({
      ok: true,
      intent: { type: 'remove', item: line(coxinha, 20).item },
    });
  });
});

describe('limitBroken', () => {
  it('given a cart inside the limits, then null', () => {
    expect(limitBroken([line(coxinha, 9_999)])).toBeNull();
  });

  it('given a line over 9,999 units or more than 100 lines, then the limit text', () => {
    expect(limitBroken([line(coxinha, 10_000)])).toBe(
      'A quantidade máxima para cada item é de 9.999 unidades.',
    );
    const many = Array.from({ length: 101 }, (_, n) =>
      line({ ...coxinha, id: `p${n}`, nome: `P${n}` }, 20),
    );
    expect(limitBroken(many)).toBe('O carrinho pode ter no máximo 100 itens.');
  });
});

describe('isBelowMinimum', () => {
  it('given a regular line of 19, then not yet orderable; 20 is', () => {
    expect(isBelowMinimum(line(coxinha, 19))).toBe(true);
    expect(isBelowMinimum(line(coxinha, 20))).toBe(false);
  });

  it('given a single kit, then orderable', () => {
    expect(isBelowMinimum(line(kit, 1))).toBe(false);
  });
});

describe('linesFromDto and itemRef', () => {
  it('given a server cart, then local lines whose snapshot repeats the quantity', () => {
    expect(
      linesFromDto({
        userId: 'u',
        itens: [
          {
            item: {
              id: 'kit-festa-1',
              nome: 'Kit Festa 1',
              preco: 145,
              categoria: 'Kits Festa',
              descricao: 'Para festas de até 15 pessoas.',
              itens: ['50 doces', '50 salgados', '1 bolo de 15 fatias'],
              imageUrl: null,
            },
            quantidade: 2,
          },
        ],
      }),
    ).toEqual([line(kit, 2)]);
  });

  it('given a line, then the request names the product by id, name and price only', () => {
    expect(itemRef(coxinha)).toEqual({
      id: 'coxinha-de-frango',
      nome: 'Coxinha de Frango',
      preco: 0.6,
    });
    expect(itemRef({ ...coxinha, id: '' })).toEqual({ nome: 'Coxinha de Frango', preco: 0.6 });
  });
});

describe('lineTotal', () => {
  it('given 30 units at R$ 0,70, then R$ 21,00 exactly', () => {
    expect(lineTotal(line(brigadeiro, 30))).toBe(21);
  });
});
