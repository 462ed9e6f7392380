import { describe, expect, it } from 'vitest';
import { orderStreamName, type OrderEvent } from '@quitute/contracts';
import type { JsonObject } from '@quitute/infra/event-store';
import { project } from '../testing';
import { ordersProjection } from './orders';

const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const placed = {
  type: 'OrderPlaced' as const,
  data: {
    orderId,
    orderNumber: 1001,
    paymentId: '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    paymentMethod: 'pix',
    customer: {
      userId: '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
      name: 'Ana Souza',
      email: 'ana@example.com',
      cpf: '52998224725',
    },
    items: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        name: 'Coxinha',
        category: 'Salgados',
        unitPriceCents: 60,
        quantity: 50,
      },
    ],
    totalCents: 3_000,
    deliveryType: 'pickup',
    deliveryDate: '2026-11-25T14:30:00-03:00',
    linesFrom: 'cart',
    requestFingerprint: 'f1',
  },
} satisfies OrderEvent;

const given = (event: { type: string; data: JsonObject }) =>
  project(ordersProjection, [event], { streamName: orderStreamName(orderId), documentId: orderId });

describe('orders projection over an OrderPlaced of version 1', () => {
  it('given an order stored before the request fingerprint was recorded, then the same document as for a current one', () => {
    const { requestFingerprint: _absentInV1, ...v1 } = placed.data;

    expect(given({ type: 'OrderPlaced', data: v1 })).toEqual(given(placed));
  });
});
