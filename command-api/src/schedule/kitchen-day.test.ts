import { describe, expect, it } from 'vitest';
import { checkoutMessages, type KitchenDayEvent } from '@quitute/contracts';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { kitchenDayDecider, type KitchenDayCommand } from './kitchen-day';

const date = '2026-12-05';
const orderA = '9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b';
const orderB = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const reserve = (
  orderId: string,
  units: number,
  capacityUnits: number | null = 1000,
  checkoutAttempt = 'attempt-1',
): KitchenDayCommand => ({
  type: 'ReserveDayUnits',
  date,
  orderId,
  units,
  checkoutAttempt,
  capacityUnits,
});
const reserved = (
  orderId: string,
  units: number,
  reservedUnits: number,
  checkoutAttempt = 'attempt-1',
): KitchenDayEvent => ({
  type: 'KitchenDayUnitsReserved',
  data: { date, orderId, units, checkoutAttempt, reservedUnits, capacityUnits: 1000 },
});

const given = deciderSpec(kitchenDayDecider);

describe('kitchen day decider (the day’s capacity)', () => {
  it('given 900 of 1,000 units held, when an order asks for 100, then it holds them and the day is full', () => {
    expect(given([reserved(orderB, 900, 900)]).when(reserve(orderA, 100))()).toEqual([
      reserved(orderA, 100, 1000),
    ]);
  });

  it('given 960 of 1,000 units held, when an order asks for 100, then 409 saying 40 are left', () => {
    rejectsWith(
      given([reserved(orderB, 960, 960)]).when(reserve(orderA, 100)),
      'conflict',
      'Agenda cheia em 05/12/2026: restam 40 unidades para esse dia. Escolha outra data ou diminua o pedido.',
    );
  });

  it('given a capacity lowered under what is held, when an order asks, then 409 with the day full', () => {
    rejectsWith(
      given([reserved(orderB, 900, 900)]).when(reserve(orderA, 1, 500)),
      'conflict',
      'Agenda cheia em 05/12/2026. Escolha outra data.',
    );
  });

  it('given no capacity set, when an order asks for 5,000 units, then they are recorded still (the day’s total stays known)', () => {
    expect(given([]).when(reserve(orderA, 5000, null))()).toEqual([
      {
        type: 'KitchenDayUnitsReserved',
        data: {
          date,
          orderId: orderA,
          units: 5000,
          checkoutAttempt: 'attempt-1',
          reservedUnits: 5000,
          capacityUnits: null,
        },
      },
    ]);
  });

  it('given the order holds its units, when the same attempt asks again, then nothing', () => {
    expect(given([reserved(orderA, 100, 100)]).when(reserve(orderA, 100))()).toEqual([]);
  });

  it('given the order holds 100 of the last 100, when the same attempt asks for them again with other units, then what it held counts as its own', () => {
    expect(given([reserved(orderA, 100, 1000)]).when(reserve(orderA, 80))()).toEqual([
      reserved(orderA, 80, 980),
    ]);
  });

  it('given another request under the order’s key holds its units, when this attempt asks, then 409 and nothing', () => {
    rejectsWith(
      given([reserved(orderA, 100, 100, 'attempt-1')]).when(
        reserve(orderA, 100, 1000, 'attempt-2'),
      ),
      'conflict',
      checkoutMessages.idempotencyKeyReused,
    );
  });

  it('given an order holding 100, when released, then they go back; again, nothing', () => {
    const released: KitchenDayEvent = {
      type: 'KitchenDayUnitsReleased',
      data: { date, orderId: orderA, units: 100, reason: 'order_cancelled', reservedUnits: 900 },
    };
    const history = [reserved(orderB, 900, 900), reserved(orderA, 100, 1000)];
    const release: KitchenDayCommand = {
      type: 'ReleaseDayUnits',
      date,
      orderId: orderA,
      reason: 'order_cancelled',
    };
    expect(given(history).when(release)()).toEqual([released]);
    expect(given([...history, released]).when(release)()).toEqual([]);
  });

  it('given units another attempt took over, when the first attempt’s backstop releases, then nothing', () => {
    expect(
      given([reserved(orderA, 100, 100, 'attempt-2')]).when({
        type: 'ReleaseDayUnits',
        date,
        orderId: orderA,
        reason: 'checkout_lapsed',
        checkoutAttempt: 'attempt-1',
      })(),
    ).toEqual([]);
  });
});
