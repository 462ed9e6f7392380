import { describe, expect, it } from 'vitest';
import { menuProducts, product } from '../../../testing/products';
import {
  defaultQuantity,
  descriptionText,
  groupByCategory,
  parseQuantityInput,
  priceLabel,
  sectionId,
} from './menu-model';

describe('groupByCategory', () => {
  it('given the 24-item menu, then five sections in menu order with 7, 5, 5, 4 and 3 items', () => {
    const sections = groupByCategory(menuProducts);

    expect(sections.map((s) => [s.category, s.products.length])).toEqual([
      ['Salgados Fritos', 7],
      ['Salgados Assados', 5],
      ['Doces Tradicionais', 5],
      ['Doces Finos', 4],
      ['Kits Festa', 3],
    ]);
  });

  it('given products listed out of order, then sections still follow the category order and keep item order', () => {
    const sections = groupByCategory([
      product({ _id: 'k', name: 'Kit Festa 1', category: 'Kits Festa', price: 145 }),
      product({ _id: 'b', name: 'Brigadeiro', category: 'Doces Tradicionais', price: 0.7 }),
      product({ _id: 'c', name: 'Coxinha', category: 'Salgados Fritos' }),
      product({ _id: 'k2', name: 'Bolinha', category: 'Salgados Fritos' }),
    ]);

    expect(sections.map((s) => s.category)).toEqual([
      'Salgados Fritos',
      'Doces Tradicionais',
      'Kits Festa',
    ]);
    expect(sections[0]?.products.map((p) => p.name)).toEqual(['Coxinha', 'Bolinha']);
  });

  it('given inactive, deleted and unknown-category products, then they are left out and empty sections hidden', () => {
    const sections = groupByCategory([
      product({ _id: '1', name: 'Visível' }),
      product({ _id: '2', name: 'Inativo', isActive: false }),
      product({ _id: '3', name: 'Apagado', isDeleted: true }),
      product({ _id: '4', name: 'Só doce apagado', category: 'Doces Finos', isDeleted: true }),
      product({ _id: '5', name: 'Outra coisa', category: 'Bebidas' }),
    ]);

    expect(sections).toHaveLength(1);
    expect(sections[0]?.category).toBe('Salgados Fritos');
    expect(sections[0]?.products.map((p) => p.name)).toEqual(['Visível']);
  });

  it('given nothing, then no sections', () => {
    expect(groupByCategory([])).toEqual([]);
  });
});

describe('priceLabel', () => {
  it('given a regular item, then the price is per unit', () => {
    const { price, unit } = priceLabel(product({ price: 0.6 }));
    expect(`${price}${unit}`).toBe('R$ 0,60/un');
  });

  it('given a kit, then the price has no /un', () => {
    const { price, unit } = priceLabel(product({ category: 'Kits Festa', price: 145 }));
    expect(`${price}${unit}`).toBe('R$ 145,00');
  });

  it('given a price above a thousand, then it uses the Brazilian separators', () => {
    const { price } = priceLabel(product({ category: 'Kits Festa', price: 1234.56 }));
    expect(price).toBe('R$ 1.234,56');
  });
});

describe('descriptionText', () => {
  it('given a description, then it is shown', () => {
    expect(descriptionText(product({ description: 'Crocante.' }))).toBe('Crocante.');
  });

  it.each(['', '   '])('given %j, then the fallback text', (description) => {
    expect(descriptionText(product({ description }))).toBe('Sem descrição disponível');
  });
});

describe('quantity input', () => {
  it('given a regular item, then it starts at 20; given a kit, at 1', () => {
    expect(defaultQuantity(product())).toBe(20);
    expect(defaultQuantity(product({ category: 'Kits Festa' }))).toBe(1);
  });

  it.each([
    ['', 0],
    ['  ', 0],
    ['25', 25],
    ['20.7', 20],
    ['abc', 0],
  ])('given %j, then %d', (text, expected) => {
    expect(parseQuantityInput(text)).toBe(expected);
  });
});

describe('sectionId', () => {
  it('given a category, then an ASCII id', () => {
    expect(sectionId('Doces Tradicionais')).toBe('categoria-doces-tradicionais');
  });
});
