import { describe, expect, it } from 'vitest';
import { orderStreamName, type OrderEvent } from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import type { JsonObject } from '@quitute/infra/event-store';
import { project } from '../testing';
import { ordersProjection } from './orders';

const placed = { type: 'OrderPlaced' as const, data: aPlacedOrder() } satisfies OrderEvent;
const { orderId } = placed.data;

const given = (event: { type: string; data: JsonObject }) =>
  project(ordersProjection, [event], { streamName: orderStreamName(orderId), documentId: orderId });

describe('orders projection over an OrderPlaced of version 1', () => {
  it('given an order stored before the request fingerprint was recorded, then the same document as for a current one', () => {
    const { requestFingerprint: _absentInV1, ...v1 } = placed.data;

    expect(given({ type: 'OrderPlaced', data: v1 })).toEqual(given(placed));
  });
});
