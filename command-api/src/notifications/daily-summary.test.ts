import { describe, expect, it } from 'vitest';
import { aPlacedOrder } from '@quitute/contracts/testing';
import type { OrderState } from '../ordering/decider';
import {
  dailySummaryDate,
  dailySummaryDue,
  dailySummaryOf,
  dailySummarySourceId,
} from './daily-summary';

const saoPaulo = (text: string) => new Date(`${text}-03:00`);

describe('the daily summary’s hour', () => {
  it('given the default hour (18:00 in São Paulo), then before it nothing is due; from it, tomorrow’s', () => {
    expect(dailySummaryDue(saoPaulo('2026-11-21T17:59:59'), {})).toBeNull();
    expect(dailySummaryDue(saoPaulo('2026-11-21T18:00:00'), {})).toBe('2026-11-22');
    expect(dailySummaryDue(saoPaulo('2026-11-21T23:59:00'), {})).toBe('2026-11-22');
  });

  it('given an hour the admin set, then that hour; past midnight it is the next day’s hour that counts', () => {
    expect(dailySummaryDue(saoPaulo('2026-11-21T06:59'), { dailySummaryTime: '07:00' })).toBeNull();
    expect(dailySummaryDue(saoPaulo('2026-11-21T07:00'), { dailySummaryTime: '07:00' })).toBe(
      '2026-11-22',
    );
    // 01:00 UTC of the 22nd is still the 21st in São Paulo (22:00).
    expect(dailySummaryDue(new Date('2026-11-22T01:00:00Z'), {})).toBe('2026-11-22');
    expect(dailySummaryDue(saoPaulo('2026-11-22T00:30'), {})).toBeNull();
  });

  it('given its source id, then the day it names; anything else names none', () => {
    expect(dailySummaryDate(dailySummarySourceId('2026-12-05'))).toBe('2026-12-05');
    expect(dailySummaryDate('daily-summary:tomorrow')).toBeNull();
    expect(dailySummaryDate('9b2f4c1e-7a3d-4e5f-8a6b-1c2d3e4f5a6b')).toBeNull();
  });
});

describe('the daily summary’s content', () => {
  const line = (name: string, quantity: number) => ({
    productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
    name,
    category: 'Doces',
    unitPriceCents: 100,
    quantity,
  });
  const standing = (
    orderNumber: number,
    deliveryDate: string,
    items: ReturnType<typeof line>[],
    state: Partial<Exclude<OrderState, { placed: null }>> = {},
  ): OrderState => ({
    placed: aPlacedOrder({ orderNumber, deliveryDate, items }),
    status: 'processing',
    paid: true,
    deleted: false,
    ...state,
  });

  it('given the day’s orders, then the cancelled and deleted ones are left out, totals are per product, orders by time, the unpaid ones said so', () => {
    const summary = dailySummaryOf('2026-12-05', [
      standing(1003, '2026-12-05T16:00:00-03:00', [line('Brigadeiro', 50), line('Beijinho', 30)]),
      standing(1001, '2026-12-05T09:30:00-03:00', [line('Brigadeiro', 20)], {
        paid: false,
        status: 'pending',
      }),
      standing(1002, '2026-12-05T10:00:00-03:00', [line('Brigadeiro', 999)], {
        status: 'cancelled',
      }),
      standing(1004, '2026-12-05T11:00:00-03:00', [line('Brigadeiro', 999)], { deleted: true }),
      { placed: null },
    ]);
    expect(summary.totals).toEqual([
      { name: 'Beijinho', quantity: 30 },
      { name: 'Brigadeiro', quantity: 70 },
    ]);
    expect(summary.orders.map(({ orderNumber, paid }) => [orderNumber, paid])).toEqual([
      [1001, false],
      [1003, true],
    ]);
  });

  it('given no orders, then an empty summary of that day', () => {
    expect(dailySummaryOf('2026-12-05', [])).toEqual({
      kind: 'shop_daily_summary',
      date: '2026-12-05',
      totals: [],
      orders: [],
    });
  });
});
