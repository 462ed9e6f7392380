import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  cartResponseSchema,
  orderListResponseSchema,
  productResponseSchema,
} from './response-schemas';

const order = {
  _id: 'o1',
  orderNumber: 7,
  items: [
    { item: { name: 'Coxinha', price: 1.5, category: 'Salgados', productId: 'p1' }, quantity: 25 },
  ],
  total: 37.5,
  orderStatus: 'pending',
  paymentStatus: 'pending',
  deliveryType: 'pickup',
  deliveryDate: '2026-12-01T15:00:00-03:00',
  customerName: 'Ana',
  customerEmail: 'ana@example.com',
  customerPhone: '11987654321',
  customerCpf: '52998224725',
  deliveryFee: 0,
  customerAddress: null,
  createdAt: '2026-11-25T10:00:00-03:00',
  paymentMethod: 'pix',
  paymentId: null,
  externalReference: 'ref-1',
  details: '',
  refundedTotal: 20,
  refunds: [{ amount: 20, at: '2026-11-26T10:00:00-03:00', reason: 'Item em falta' }],
  chargeback: null,
};

describe('response schemas', () => {
  it('given an order list as query-api sends it, then it parses, unknown fields dropped', () => {
    const parsed = v.safeParse(orderListResponseSchema, [{ ...order, extra: true }]);

    expect(parsed.success).toBe(true);
    expect(parsed.output).toEqual([order]);
  });

  it('given an order with a status the shop does not know or a fractional number, then it is refused', () => {
    expect(
      v.safeParse(orderListResponseSchema, [{ ...order, orderStatus: 'Perdido' }]).success,
    ).toBe(false);
    expect(v.safeParse(orderListResponseSchema, [{ ...order, orderNumber: 7.5 }]).success).toBe(
      false,
    );
  });

  it('given a product without image, then it parses; given one with a price in text, then it is refused', () => {
    const product = {
      _id: 'p1',
      name: 'Coxinha',
      price: 1.5,
      category: 'Salgados',
      description: '',
      imageUrl: null,
      isActive: true,
      isDeleted: false,
      soldOut: false,
    };

    expect(v.safeParse(productResponseSchema, product).success).toBe(true);
    expect(v.safeParse(productResponseSchema, { ...product, price: '1,50' }).success).toBe(false);
  });

  it('given a cart line with zero units, then the cart is refused', () => {
    const line = {
      item: {
        id: 'p1',
        nome: 'Coxinha',
        preco: 1.5,
        categoria: 'Salgados',
        descricao: '',
        imageUrl: null,
      },
      quantidade: 25,
    };

    expect(v.safeParse(cartResponseSchema, { userId: 'u1', itens: [line] }).success).toBe(true);
    expect(
      v.safeParse(cartResponseSchema, { userId: 'u1', itens: [{ ...line, quantidade: 0 }] })
        .success,
    ).toBe(false);
  });
});
