import { describe, expect, it } from 'vitest';
import { parseProducts, productsParams } from './products-api';

describe('productsParams', () => {
  it('given busca with spaces and a category, then busca trimmed and category sent', () => {
    expect(productsParams({ busca: '  coxinha ', category: 'Salgados Fritos' })).toEqual({
      busca: 'coxinha',
      category: 'Salgados Fritos',
    });
  });

  it("given an empty search and 'Todas', then neither is sent", () => {
    expect(productsParams({ busca: '   ', category: 'Todas' })).toEqual({});
    expect(productsParams({})).toEqual({});
  });
});

describe('parseProducts', () => {
  it('given the API shape, then the products as they are', () => {
    const body = [
      {
        _id: 'kit-festa-1',
        name: 'Kit Festa 1',
        price: 145,
        category: 'Kits Festa',
        description: 'Para festas de até 15 pessoas.',
        imageUrl: null,
        isActive: true,
        isDeleted: false,
        itens: ['50 doces'],
        soldOut: true,
      },
    ];
    expect(parseProducts(body)).toEqual(body);
  });

  it('given a server that says nothing of stock (before issue 38), then the product can be ordered', () => {
    const [parsed] = parseProducts([
      {
        _id: 'x',
        name: 'Beijinho',
        price: 0.7,
        category: 'Doces Tradicionais',
        description: '',
        imageUrl: null,
        isActive: true,
        isDeleted: false,
      },
    ]);
    expect(parsed?.soldOut).toBe(false);
  });

  it('given Portuguese field names and no description or image, then they are normalised', () => {
    const [parsed] = parseProducts([
      {
        id: 'x',
        nome: 'Beijinho',
        preco: 0.7,
        categoria: 'Doces Tradicionais',
        isActive: true,
        isDeleted: false,
      },
    ]);
    expect(parsed).toMatchObject({
      _id: 'x',
      name: 'Beijinho',
      price: 0.7,
      category: 'Doces Tradicionais',
      description: '',
      imageUrl: null,
    });
  });

  it('given entries that are not products, then they are skipped', () => {
    expect(parseProducts([null, 'x', { name: 'Sem preço' }])).toEqual([]);
  });

  it('given a body that is not a list, then it fails', () => {
    expect(() => parseProducts({ message: 'oops' })).toThrow();
  });
});
