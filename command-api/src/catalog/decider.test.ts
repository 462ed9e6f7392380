import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '@quitute/contracts';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { productDecider, productNameReservationDecider, type ProductFields } from './decider';

const productId = '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11';
const fields: ProductFields = {
  name: 'Coxinha de Frango',
  priceCents: 60,
  category: 'Salgados Fritos',
  description: 'Frango desfiado.',
  imageUrl: '/images/cardapio/coxinha-de-frango.svg',
  stock: 500,
  itens: [],
};
const added: CatalogEvent = {
  type: 'ProductAdded',
  data: { productId, ...fields, isActive: true },
};

const given = deciderSpec(productDecider);

describe('catalog decider', () => {
  it('given no product, when AddProduct, then ProductAdded with every field', () => {
    const events = given([]).when({ type: 'AddProduct', productId, fields, isActive: true })();
    expect(events).toEqual([added]);
  });

  it('given a product, when AddProduct again, then 409 "Produto já existe."', () => {
    rejectsWith(
      given([added]).when({ type: 'AddProduct', productId, fields, isActive: true }),
      'conflict',
      'Produto já existe.',
    );
  });

  it('given a product, when UpdateProduct with a new price, then ProductUpdated only', () => {
    const events = given([added]).when({
      type: 'UpdateProduct',
      productId,
      fields: { ...fields, priceCents: 65 },
      isActive: true,
    })();
    expect(events).toEqual([
      { type: 'ProductUpdated', data: { productId, ...fields, priceCents: 65 } },
    ]);
  });

  it('given a product, when UpdateProduct deactivates it, then ProductDeactivated only', () => {
    const events = given([added]).when({
      type: 'UpdateProduct',
      productId,
      fields,
      isActive: false,
    })();
    expect(events).toEqual([{ type: 'ProductDeactivated', data: { productId } }]);
  });

  it('given a deactivated product, when UpdateProduct activates and renames, then both events', () => {
    const events = given([added, { type: 'ProductDeactivated', data: { productId } }]).when({
      type: 'UpdateProduct',
      productId,
      fields: { ...fields, name: 'Coxinha' },
      isActive: true,
    })();
    expect(events.map((event) => event.type)).toEqual(['ProductUpdated', 'ProductActivated']);
  });

  it('given a product, when UpdateProduct changes nothing, then no event', () => {
    expect(
      given([added]).when({ type: 'UpdateProduct', productId, fields, isActive: true })(),
    ).toEqual([]);
  });

  it('given no product, when UpdateProduct, then 404 "Produto não encontrado."', () => {
    rejectsWith(
      given([]).when({ type: 'UpdateProduct', productId, fields, isActive: true }),
      'not_found',
      'Produto não encontrado.',
    );
  });

  it('given a product, when DeleteProduct, then ProductDeleted; and a second delete is 404', () => {
    const deleted = given([added]).when({ type: 'DeleteProduct', productId })();
    expect(deleted).toEqual([{ type: 'ProductDeleted', data: { productId } }]);
    rejectsWith(
      given([added, ...deleted]).when({ type: 'DeleteProduct', productId }),
      'not_found',
      'Produto não encontrado.',
    );
  });

  it('given a deleted product, when UpdateProduct or AddProduct, then it stays deleted', () => {
    const history: CatalogEvent[] = [added, { type: 'ProductDeleted', data: { productId } }];
    rejectsWith(
      given(history).when({ type: 'UpdateProduct', productId, fields, isActive: true }),
      'not_found',
      'Produto não encontrado.',
    );
    rejectsWith(
      given(history).when({ type: 'AddProduct', productId, fields, isActive: true }),
      'conflict',
      'Produto já existe.',
    );
  });

  it('given an inactive kit, when UpdateProduct names only price and stock, then the rest (its itens, image, inactive) stays', () => {
    const kitFields: ProductFields = {
      ...fields,
      name: 'Kit Festa 1',
      category: 'Kits Festa',
      itens: ['50 doces', '50 salgados'],
    };
    const kit: CatalogEvent = {
      type: 'ProductAdded',
      data: { productId, ...kitFields, isActive: false },
    };
    const events = given([kit]).when({
      type: 'UpdateProduct',
      productId,
      fields: { priceCents: 15_000, stock: 8 },
    })();
    expect(events).toEqual([
      {
        type: 'ProductUpdated',
        data: { productId, ...kitFields, priceCents: 15_000, stock: 8 },
      },
    ]);
  });

  it('given a product with an image, when UpdateProduct sets imageUrl null, then the image is removed', () => {
    const events = given([added]).when({
      type: 'UpdateProduct',
      productId,
      fields: { imageUrl: null },
    })();
    expect(events).toEqual([
      { type: 'ProductUpdated', data: { productId, ...fields, imageUrl: null } },
    ]);
  });
});

describe('product name reservation decider', () => {
  const otherId = '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d';
  const reserve = { type: 'Reserve', value: 'Coxinha', holderId: productId } as const;

  it('given a free name, when reserved, then ProductNameReserved; by another product, 409; released by its holder, free again', () => {
    const events = productNameReservationDecider.decide(
      reserve,
      productNameReservationDecider.initialState,
    );
    expect(events).toEqual([{ type: 'ProductNameReserved', data: { name: 'Coxinha', productId } }]);
    const reserved = fold(productNameReservationDecider, events);
    rejectsWith(
      () => productNameReservationDecider.decide({ ...reserve, holderId: otherId }, reserved),
      'conflict',
      'Já existe um produto com este nome.',
    );
    const released = productNameReservationDecider.decide(
      { type: 'Release', value: 'Coxinha', holderId: productId },
      reserved,
    );
    expect(released).toEqual([
      { type: 'ProductNameReleased', data: { name: 'Coxinha', productId } },
    ]);
    expect(fold(productNameReservationDecider, [...events, ...released])).toEqual({
      status: 'free',
    });
  });
});
