import { describe, expect, it } from 'vitest';
import type { CartEvent, CartLineRecord } from './events';
import { applyCartEvent } from './lines';

const userId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const coxinha = '11111111-1111-4111-8111-111111111111';
const kibe = '22222222-2222-4222-8222-222222222222';
const kit = '33333333-3333-4333-8333-333333333333';

const given = (events: CartEvent[]): CartLineRecord[] => events.reduce(applyCartEvent, []);
const added = (productId: string, quantidade: number): CartEvent => ({
  type: 'CartItemAdded',
  data: { userId, productId, quantidade, unitPriceCents: 60 },
});

describe('applyCartEvent', () => {
  it('given items added, then one line per product in the order first added, quantities summed', () => {
    expect(given([added(coxinha, 20), added(kibe, 30), added(coxinha, 25)])).toEqual([
      { productId: coxinha, quantidade: 45 },
      { productId: kibe, quantidade: 30 },
    ]);
  });

  it('given a quantity change and a removal, then only those lines change', () => {
    expect(
      given([
        added(coxinha, 20),
        added(kibe, 30),
        added(kit, 1),
        { type: 'CartItemQuantityChanged', data: { userId, productId: kibe, quantidade: 19 } },
        { type: 'CartItemRemoved', data: { userId, productId: coxinha } },
      ]),
    ).toEqual([
      { productId: kibe, quantidade: 19 },
      { productId: kit, quantidade: 1 },
    ]);
  });

  it('given a replacement, then exactly its lines; given a clear, then none', () => {
    const replaced: CartEvent = {
      type: 'CartReplaced',
      data: { userId, lines: [{ productId: kit, quantidade: 2 }] },
    };
    expect(given([added(coxinha, 20), replaced])).toEqual([{ productId: kit, quantidade: 2 }]);
    expect(given([added(coxinha, 20), { type: 'CartCleared', data: { userId } }])).toEqual([]);
  });

  it('given an order paid for some of the cart, when it checks out, then only its units leave', () => {
    const orderId = '44444444-4444-4444-8444-444444444444';
    const checkedOut: CartEvent = {
      type: 'CartCheckedOut',
      data: {
        userId,
        orderId,
        lines: [
          { productId: coxinha, quantidade: 20 },
          { productId: kibe, quantidade: 30 },
        ],
      },
    };
    // Ordered 20 coxinhas and 30 kibes; since then 25 more coxinhas and a kit were added.
    expect(
      given([added(coxinha, 20), added(kibe, 30), added(coxinha, 25), added(kit, 1), checkedOut]),
    ).toEqual([
      { productId: coxinha, quantidade: 25 },
      { productId: kit, quantidade: 1 },
    ]);
    // The customer took kibes out meanwhile: a line never goes below nothing.
    expect(
      given([
        added(kibe, 30),
        { type: 'CartItemQuantityChanged', data: { userId, productId: kibe, quantidade: 20 } },
        checkedOut,
      ]),
    ).toEqual([]);
  });

  it('given a check-out recorded before it named its lines, then the whole cart leaves', () => {
    expect(
      given([
        added(coxinha, 20),
        added(kit, 1),
        {
          type: 'CartCheckedOut',
          data: { userId, orderId: '44444444-4444-4444-8444-444444444444' },
        },
      ]),
    ).toEqual([]);
  });
});
