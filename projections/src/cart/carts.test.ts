import { describe, expect, it } from 'vitest';
import type { CartEvent } from '@quitute/contracts';
import { project } from '../testing';
import { cartsProjection } from './carts';

const userId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const coxinha = '11111111-1111-4111-8111-111111111111';
const kit = '33333333-3333-4333-8333-333333333333';

/** Given these events of one cart stream, then this document. */
const given = (events: CartEvent[]) =>
  project(cartsProjection, events, { streamName: `cart-${userId}`, documentId: userId });

describe('carts projection', () => {
  it('given items added and one removed, then the remaining lines and the last revision', () => {
    expect(
      given([
        {
          type: 'CartItemAdded',
          data: { userId, productId: coxinha, quantidade: 20, unitPriceCents: 60 },
        },
        {
          type: 'CartItemAdded',
          data: { userId, productId: kit, quantidade: 1, unitPriceCents: 14_500 },
        },
        { type: 'CartItemRemoved', data: { userId, productId: coxinha } },
      ]),
    ).toEqual({ _id: userId, lines: [{ productId: kit, quantidade: 1 }], revision: 2 });
  });

  it('given a cleared cart, then the document stays with no lines (a read after a clear shows it empty)', () => {
    expect(
      given([
        {
          type: 'CartItemAdded',
          data: { userId, productId: kit, quantidade: 1, unitPriceCents: 14_500 },
        },
        { type: 'CartCleared', data: { userId } },
      ]),
    ).toEqual({ _id: userId, lines: [], revision: 1 });
  });

  it('given an order paid after more was added, then only its units leave the document', () => {
    const orderId = '44444444-4444-4444-8444-444444444444';
    expect(
      given([
        {
          type: 'CartItemAdded',
          data: { userId, productId: coxinha, quantidade: 20, unitPriceCents: 60 },
        },
        {
          type: 'CartItemAdded',
          data: { userId, productId: kit, quantidade: 1, unitPriceCents: 14_500 },
        },
        {
          type: 'CartCheckedOut',
          data: { userId, orderId, lines: [{ productId: coxinha, quantidade: 20 }] },
        },
      ]),
    ).toEqual({ _id: userId, lines: [{ productId: kit, quantidade: 1 }], revision: 2 });
  });
});
