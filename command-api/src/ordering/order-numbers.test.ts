import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIRST_ORDER_NUMBER, type OrderNumberEvent } from '@quitute/contracts';
import { fold } from '../shared/decider';
import { orderNumberOf, orderNumbersDecider } from './order-numbers';

const orderA = '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
const orderB = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const assigned = (orderId: string, orderNumber: number): OrderNumberEvent => ({
  type: 'OrderNumberAssigned',
  data: { orderId, orderNumber },
});
const assign = (...orderIds: string[]) => ({ type: 'AssignOrderNumbers' as const, orderIds });

describe('order numbers decider', () => {
  it('given no number taken, when an order asks, then it gets FIRST_ORDER_NUMBER', () => {
    expect(orderNumbersDecider.decide(assign(orderA), orderNumbersDecider.initialState)).toEqual([
      assigned(orderA, FIRST_ORDER_NUMBER),
    ]);
  });

  it('given numbers taken, when another order asks, then it gets the next one', () => {
    const state = fold(orderNumbersDecider, [assigned(orderA, 1001)]);
    expect(orderNumbersDecider.decide(assign(orderB), state)).toEqual([assigned(orderB, 1002)]);
  });

  it('given an order that holds a number, when it asks again, then nothing and it keeps its number', () => {
    const state = fold(orderNumbersDecider, [assigned(orderA, 1001), assigned(orderB, 1002)]);
    expect(orderNumbersDecider.decide(assign(orderA), state)).toEqual([]);
    expect(orderNumbersDecider.decide(assign(orderA.toUpperCase()), state)).toEqual([]);
    expect(orderNumberOf(state, orderA)).toBe(1001);
    expect(orderNumberOf(state, orderB)).toBe(1002);
  });

  it('given orders asking together, when decided, then they get consecutive numbers in the order they asked', () => {
    const state = fold(orderNumbersDecider, [assigned(orderA, 1001)]);
    const orderC = randomUUID();
    expect(orderNumbersDecider.decide(assign(orderB, orderC), state)).toEqual([
      assigned(orderB, 1002),
      assigned(orderC, 1003),
    ]);
  });

  it('given a batch naming one order twice and one that holds a number, when decided, then only the new order gets one number', () => {
    const state = fold(orderNumbersDecider, [assigned(orderA, 1001)]);
    expect(orderNumbersDecider.decide(assign(orderB, orderA, orderB.toUpperCase()), state)).toEqual(
      [assigned(orderB, 1002)],
    );
  });

  it('given an order without a number, when looked up, then null', () => {
    const state = fold(orderNumbersDecider, [assigned(orderA, 1001)]);
    expect(orderNumberOf(state, orderB)).toBeNull();
  });

  it('given an order whose id ends another order’s id, when each is looked up, then each finds its own number', () => {
    const ids = Array.from({ length: 600 }, (_, n) => `pedido-${n}`);
    const state = fold(orderNumbersDecider, [
      ...ids.map((orderId, index) => assigned(`x${orderId}`, FIRST_ORDER_NUMBER + index)),
      ...ids.map((orderId, index) => assigned(orderId, FIRST_ORDER_NUMBER + 600 + index)),
    ]);
    expect(ids.map((orderId) => orderNumberOf(state, orderId))).toEqual(
      ids.map((_, index) => FIRST_ORDER_NUMBER + 600 + index),
    );
    expect(orderNumberOf(state, 'edido-1')).toBeNull();
  });

  it('given 20 000 numbers taken, when folded, then each order is found with its number', () => {
    const orderIds = Array.from({ length: 20_000 }, () => randomUUID());
    const state = fold(
      orderNumbersDecider,
      orderIds.map((orderId, index) => assigned(orderId, FIRST_ORDER_NUMBER + index)),
    );
    expect(state.next).toBe(FIRST_ORDER_NUMBER + 20_000);
    expect(orderNumberOf(state, orderIds[0] ?? '')).toBe(FIRST_ORDER_NUMBER);
    expect(orderNumberOf(state, orderIds[12_345] ?? '')).toBe(FIRST_ORDER_NUMBER + 12_345);
    expect(orderNumberOf(state, orderIds[19_999] ?? '')).toBe(FIRST_ORDER_NUMBER + 19_999);
  });
});
