import { describe, expect, it } from 'vitest';
import { checkoutMessages, type CatalogEvent } from '@quitute/contracts';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import {
  holdOf,
  productDecider,
  productNameReservationDecider,
  type ProductFields,
} from './decider';

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

describe('catalog decider: stock held by orders (issue 38)', () => {
  const orderId = '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b';
  const reserved = (
    quantity: number,
    stock: number,
    checkoutAttempt = 'attempt-1',
  ): CatalogEvent => ({
    type: 'ProductStockReserved',
    data: { productId, orderId, quantity, checkoutAttempt, stock },
  });
  const reserve = (quantity: number, checkoutAttempt = 'attempt-1') =>
    ({ type: 'ReserveStock', productId, orderId, quantity, checkoutAttempt }) as const;

  it('given 500 units, when an order reserves 20, then ProductStockReserved leaving 480', () => {
    expect(given([added]).when(reserve(20))()).toEqual([reserved(20, 480)]);
  });

  it('given 12 units left, when an order asks 20, then 409 naming the product and what is left', () => {
    const twelveLeft: CatalogEvent = {
      type: 'ProductUpdated',
      data: { productId, ...fields, stock: 12 },
    };
    rejectsWith(
      given([added, twelveLeft]).when(reserve(20)),
      'conflict',
      'Só restam 12 unidades de Coxinha de Frango. Ajuste a quantidade no carrinho.',
    );
  });

  it('given no unit left, when an order asks any, then 409 "… está esgotado."', () => {
    rejectsWith(
      given([added, reserved(500, 0, 'other')]).when({ ...reserve(20), orderId: productId }),
      'conflict',
      'Coxinha de Frango está esgotado.',
    );
  });

  it('given the order reserved under this attempt, when the attempt asks again, then nothing', () => {
    expect(given([added, reserved(20, 480)]).when(reserve(20))()).toEqual([]);
  });

  it('given the order reserved under an attempt, when the same attempt (a retried request) asks again, then nothing more is taken', () => {
    expect(given([added, reserved(20, 480)]).when(reserve(20))()).toEqual([]);
  });

  it('given the order reserved under an attempt, when another request under its key asks, then 409 idempotencyKeyReused and the hold stays (the attack pass oversold by replacing it)', () => {
    rejectsWith(
      given([added, reserved(20, 480)]).when(reserve(100, 'attempt-2')),
      'conflict',
      checkoutMessages.idempotencyKeyReused,
    );
  });

  it('given the order holds 20, when its stock is released, then the 20 go back', () => {
    expect(
      given([added, reserved(20, 480)]).when({
        type: 'ReleaseStock',
        productId,
        orderId,
        reason: 'order_cancelled',
      })(),
    ).toEqual([
      {
        type: 'ProductStockReleased',
        data: { productId, orderId, quantity: 20, reason: 'order_cancelled', stock: 500 },
      },
    ]);
  });

  it('given the units released, or taken over by another attempt, when released again or for the old attempt, then nothing', () => {
    const released: CatalogEvent = {
      type: 'ProductStockReleased',
      data: { productId, orderId, quantity: 20, reason: 'order_cancelled', stock: 500 },
    };
    const release = {
      type: 'ReleaseStock',
      productId,
      orderId,
      reason: 'order_cancelled',
    } as const;
    expect(given([added, reserved(20, 480), released]).when(release)()).toEqual([]);
    expect(
      given([added, reserved(20, 480), reserved(20, 480, 'attempt-2')]).when({
        ...release,
        reason: 'checkout_lapsed',
        checkoutAttempt: 'attempt-1',
      })(),
    ).toEqual([]);
  });

  it('given units held, when the admin saves a stock, then the stock is what she typed and the holds stay', () => {
    const state = fold(productDecider, [
      added,
      reserved(20, 480),
      { type: 'ProductUpdated', data: { productId, ...fields, stock: 35 } },
    ]);
    expect(state).toMatchObject({ fields: { stock: 35 } });
    expect(state.status === 'listed' && holdOf(state.holds, orderId)).toMatchObject({
      quantity: 20,
    });
  });
});
