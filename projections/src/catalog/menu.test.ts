import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '@quitute/contracts';
import { project } from '../testing';
import { menuProjection } from './menu';

const productId = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';

/** Given these events, then this document. */
const given = (events: CatalogEvent[]) =>
  project(menuProjection, events, { streamName: `product-${productId}`, documentId: productId });

const added: CatalogEvent = {
  type: 'ProductAdded',
  data: {
    productId,
    name: 'Pão de Queijo',
    priceCents: 100,
    category: 'Salgados Assados',
    description: 'Receita mineira com polvilho.',
    imageUrl: '/images/cardapio/pao-de-queijo.svg',
    stock: 500,
    itens: [],
    isActive: true,
  },
};

describe('menu projection', () => {
  it('given ProductAdded, then a listed document searchable without accents', () => {
    expect(given([added])).toEqual({
      _id: productId,
      name: 'Pão de Queijo',
      priceCents: 100,
      category: 'Salgados Assados',
      description: 'Receita mineira com polvilho.',
      imageUrl: '/images/cardapio/pao-de-queijo.svg',
      stock: 500,
      itens: [],
      isActive: true,
      isDeleted: false,
      searchText: 'pao de queijo receita mineira com polvilho.',
      addedAt: 1,
    });
  });

  it('given units reserved by orders and one order released, then the stock is what the last event left', () => {
    const orderId = '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b';
    const otherOrderId = '0c3a5d2f-8b4e-4f6a-9b7c-2d3e4f5a6b7c';
    const document = given([
      added,
      {
        type: 'ProductStockReserved',
        data: { productId, orderId, quantity: 300, checkoutAttempt: 'a', stock: 200 },
      },
      {
        type: 'ProductStockReserved',
        data: { productId, orderId: otherOrderId, quantity: 200, checkoutAttempt: 'b', stock: 0 },
      },
    ]);
    expect(document).toMatchObject({ stock: 0 });
    const released = given([
      added,
      {
        type: 'ProductStockReserved',
        data: { productId, orderId, quantity: 500, checkoutAttempt: 'a', stock: 0 },
      },
      {
        type: 'ProductStockReleased',
        data: { productId, orderId, quantity: 500, reason: 'order_cancelled', stock: 500 },
      },
    ]);
    expect(released).toMatchObject({ stock: 500 });
  });

  it('given ProductUpdated, then fields and search text change, position of addition stays', () => {
    const { productId: _id, isActive: _active, ...fields } = added.data;
    const document = given([
      added,
      { type: 'ProductUpdated', data: { productId, ...fields, name: 'Pãozinho', priceCents: 110 } },
    ]);
    expect(document).toMatchObject({
      name: 'Pãozinho',
      priceCents: 110,
      searchText: 'paozinho receita mineira com polvilho.',
      addedAt: 1,
    });
  });

  it('given deactivation, activation and deletion, then the flags follow', () => {
    expect(given([added, { type: 'ProductDeactivated', data: { productId } }])).toMatchObject({
      isActive: false,
    });
    expect(
      given([
        added,
        { type: 'ProductDeactivated', data: { productId } },
        { type: 'ProductActivated', data: { productId } },
      ]),
    ).toMatchObject({ isActive: true });
    expect(given([added, { type: 'ProductDeleted', data: { productId } }])).toMatchObject({
      isDeleted: true,
      isActive: true,
    });
  });

  it('given an event for an unknown product, then no document', () => {
    expect(given([{ type: 'ProductActivated', data: { productId } }])).toBeNull();
  });

  it('handles the five catalog events and nothing else', () => {
    expect(
      [
        'ProductAdded',
        'ProductUpdated',
        'ProductActivated',
        'ProductDeactivated',
        'ProductDeleted',
      ].every((type) => menuProjection.handles(type)),
    ).toBe(true);
    expect(menuProjection.handles('UserRegistered')).toBe(false);
  });
});
