import { describe, expect, it } from 'vitest';
import {
  MAX_UNPAID_UNITS,
  tooManyUnpaidUnitsMessage,
  type UnpaidOrderEvent,
} from '@quitute/contracts';
import { deciderSpec, refusal } from '../shared/decider-testing';
import { unpaidOrdersDecider, UnpaidOrdersFull, UnpaidUnitsFull } from './unpaid-orders';

const userId = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const orderIds = [
  '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  '3d4e5f6a-7b8c-4d9e-8f1a-2b3c4d5e6f7a',
  '4e5f6a7b-8c9d-4e0f-9a2b-3c4d5e6f7a8b',
] as const;
const at = '2026-11-21T12:00:00.000Z';

const opened = (orderId: string, checkoutAttempt = 'attempt-1', units = 20): UnpaidOrderEvent => ({
  type: 'UnpaidOrderOpened',
  data: { userId, orderId, checkoutAttempt, openedAt: at, units },
});
const open = (orderId: string, checkoutAttempt = 'attempt-1', units = 20) =>
  ({ type: 'OpenUnpaidOrder', userId, orderId, checkoutAttempt, at, units }) as const;

const given = deciderSpec(unpaidOrdersDecider);

describe('unpaid orders of an account (issue 38)', () => {
  it('given 2 open, when a third checkout opens its order, then UnpaidOrderOpened', () => {
    expect(given([opened(orderIds[0]), opened(orderIds[1])]).when(open(orderIds[2]))()).toEqual([
      opened(orderIds[2]),
    ]);
  });

  it('given 2 open holding 500 units, when a third asks for 101 more, then 409 naming the units held and the cap (one boleto held the whole menu); 100 more fit', () => {
    const events = [opened(orderIds[0], 'attempt-1', 300), opened(orderIds[1], 'attempt-1', 200)];
    const error = refusal(given(events).when(open(orderIds[2], 'attempt-1', 101)));
    expect(error).toBeInstanceOf(UnpaidUnitsFull);
    expect(error).toMatchObject({
      code: 'conflict',
      message: tooManyUnpaidUnitsMessage(500, MAX_UNPAID_UNITS),
    });
    expect(given(events).when(open(orderIds[2], 'attempt-1', 100))()).toEqual([
      opened(orderIds[2], 'attempt-1', 100),
    ]);
  });

  it('given a slot opened before the units cap (no units), when another opens, then it counts as 0 units', () => {
    const older: UnpaidOrderEvent = {
      type: 'UnpaidOrderOpened',
      data: { userId, orderId: orderIds[0], checkoutAttempt: 'attempt-1', openedAt: at },
    };
    expect(given([older]).when(open(orderIds[1], 'attempt-1', 600))()).toEqual([
      opened(orderIds[1], 'attempt-1', 600),
    ]);
  });

  it('given 3 open, when a fourth opens, then 409 naming the open ones', () => {
    const error = refusal(
      given([opened(orderIds[0]), opened(orderIds[1]), opened(orderIds[2])]).when(
        open(orderIds[3]),
      ),
    );
    expect(error).toBeInstanceOf(UnpaidOrdersFull);
    expect(error).toMatchObject({ code: 'conflict' });
    expect(error instanceof UnpaidOrdersFull && error.openOrderIds).toEqual(orderIds.slice(0, 3));
  });

  it('given 3 open, when one of them is opened again by another request under its key, then nothing (one slot per order, kept by the first)', () => {
    expect(
      given([opened(orderIds[0]), opened(orderIds[1]), opened(orderIds[2])]).when(
        open(orderIds[2], 'attempt-2'),
      )(),
    ).toEqual([]);
  });

  it('given one open, when the same attempt opens it again, then nothing', () => {
    expect(given([opened(orderIds[0])]).when(open(orderIds[0]))()).toEqual([]);
  });

  it('given 3 open and one closed, when a fourth opens, then it is opened (a closed order stops counting)', () => {
    const closed: UnpaidOrderEvent = {
      type: 'UnpaidOrderClosed',
      data: { userId, orderId: orderIds[1], reason: 'paid' },
    };
    expect(
      given([opened(orderIds[0]), opened(orderIds[1]), opened(orderIds[2]), closed]).when(
        open(orderIds[3]),
      )(),
    ).toEqual([opened(orderIds[3])]);
  });

  it('given a slot taken over by a retried checkout, when the first attempt closes it, then nothing; closed without an attempt, then closed', () => {
    const events = [opened(orderIds[0]), opened(orderIds[0], 'attempt-2')];
    const close = {
      type: 'CloseUnpaidOrder',
      userId,
      orderId: orderIds[0],
      reason: 'checkout_lapsed',
    } as const;
    expect(given(events).when({ ...close, checkoutAttempt: 'attempt-1' })()).toEqual([]);
    expect(given(events).when({ ...close, reason: 'cancelled' })()).toEqual([
      { type: 'UnpaidOrderClosed', data: { userId, orderId: orderIds[0], reason: 'cancelled' } },
    ]);
    expect(given([]).when(close)()).toEqual([]);
  });
});
