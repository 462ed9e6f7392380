import { describe, expect, it } from 'vitest';
import { saleStreamName, type SaleEvent } from '@quitute/contracts';
import { recordedAt } from '@quitute/infra/testing';
import { onlineSalesByMonthProjection } from './online-sales-by-month';

const coxinha = '11111111-1111-4111-8111-111111111111';
const quibe = '22222222-2222-4222-8222-222222222222';

let seq = 0;
const saleId = () => `7d2e1f0a-3b4c-4d5e-8f6a-${String((seq += 1)).padStart(12, '0')}`;

/** An online sale of these lines (R$ 0,60 a unit); with a delivery fee, the amount holds it too. */
const online = (
  soldAt: string,
  amountCents: number,
  items: { productId: string; name: string; quantity: number }[],
  deliveryFeeCents?: number,
): SaleEvent => {
  const id = saleId();
  return {
    type: 'SaleRecorded',
    data: {
      saleId: id,
      source: 'online',
      amountCents,
      clientName: 'Ana',
      soldAt,
      orderId: id,
      orderNumber: 1000 + seq,
      items: items.map((line) => ({ ...line, revenueCents: line.quantity * 60 })),
      ...(deliveryFeeCents === undefined ? {} : { deliveryFeeCents }),
    },
  };
};

/** The payment of an online sale was given back: what it had added (its fee too) is taken back. */
const reversed = (sale: SaleEvent, reason: 'refunded' | 'charged_back' = 'refunded'): SaleEvent => {
  if (sale.type !== 'SaleRecorded') throw new Error('only a recorded sale is reversed');
  const { saleId: id, soldAt, amountCents, deliveryFeeCents, items = [] } = sale.data;
  return {
    type: 'OnlineSaleReversed',
    data: {
      saleId: id,
      orderId: id,
      reason,
      soldAt,
      amountCents,
      items,
      ...(deliveryFeeCents === undefined ? {} : { deliveryFeeCents }),
    },
  };
};

/**
 * Issue 38: `amountCents` of a recorded sale went back at `refundedAt`, split
 * over its lines (fee first, then the lines in order), units only when `final`.
 */
const refund = (
  sale: SaleEvent,
  refundedAt: string,
  split: { feeCents?: number; lines: number[] },
  final = false,
): SaleEvent => {
  if (sale.type !== 'SaleRecorded') throw new Error('only a recorded sale is refunded');
  const { saleId: id, items = [] } = sale.data;
  const feeCents = split.feeCents ?? 0;
  return {
    type: 'OnlineSaleRefunded',
    data: {
      saleId: id,
      orderId: id,
      refundId: saleId(),
      reason: 'refunded',
      refundedAt,
      clientName: 'Ana',
      amountCents: feeCents + split.lines.reduce((total, cents) => total + cents, 0),
      deliveryFeeCents: feeCents,
      items: items.map((line, index) => ({
        productId: line.productId,
        name: line.name,
        quantity: final ? line.quantity : 0,
        revenueCents: split.lines[index] ?? 0,
      })),
      final,
    },
  };
};

/** Given these sales (each of its own stream), then the document of `month`. */
function given(events: SaleEvent[], month: string) {
  return events.reduce<ReturnType<ReturnType<typeof onlineSalesByMonthProjection.route>['evolve']>>(
    (document, event, index) => {
      const routed = onlineSalesByMonthProjection.route(
        recordedAt(event, index + 1, saleStreamName(event.data.saleId)),
      );
      return routed.documentId === month ? routed.evolve(document) : document;
    },
    null,
  );
}

describe('online sales by month projection', () => {
  it('given online sales of a month, then per shop day how many and how much, per product units and revenue', () => {
    expect(
      given(
        [
          online('2026-11-02T15:00:00.000Z', 3_000, [
            { productId: coxinha, name: 'Coxinha', quantity: 50 },
          ]),
          online('2026-11-02T18:00:00.000Z', 1_200, [
            { productId: coxinha, name: 'Coxinha de Frango', quantity: 10 },
            { productId: quibe, name: 'Quibe', quantity: 10 },
          ]),
          // 01:30 UTC on 1 December is 30 November in São Paulo.
          online('2026-12-01T01:30:00.000Z', 600, [
            { productId: quibe, name: 'Quibe', quantity: 10 },
          ]),
        ],
        '2026-11',
      ),
    ).toEqual({
      _id: '2026-11',
      days: {
        '2026-11-02': { count: 2, amountCents: 4_200, deliveryFeeCents: 0 },
        '2026-11-30': { count: 1, amountCents: 600, deliveryFeeCents: 0 },
      },
      products: {
        [coxinha]: { name: 'Coxinha de Frango', quantity: 60, revenueCents: 3_600 },
        [quibe]: { name: 'Quibe', quantity: 20, revenueCents: 1_200 },
      },
      position: 3,
    });
  });

  it('given two online sales of a month, when one is refunded, then the month counts only the other: its day, units and revenue; a day or product left with nothing is gone', () => {
    const kept = online('2026-11-02T15:00:00.000Z', 3_000, [
      { productId: coxinha, name: 'Coxinha', quantity: 50 },
    ]);
    const refunded = online('2026-11-05T18:00:00.000Z', 1_200, [
      { productId: coxinha, name: 'Coxinha', quantity: 10 },
      { productId: quibe, name: 'Quibe', quantity: 10 },
    ]);

    expect(given([kept, refunded, reversed(refunded)], '2026-11')).toEqual({
      _id: '2026-11',
      days: { '2026-11-02': { count: 1, amountCents: 3_000, deliveryFeeCents: 0 } },
      products: { [coxinha]: { name: 'Coxinha', quantity: 50, revenueCents: 3_000 } },
      position: 3,
    });
  });

  it('given an online sale of October charged back in November, then October no longer counts it and November is untouched', () => {
    const october = online('2026-10-20T15:00:00.000Z', 600, [
      { productId: quibe, name: 'Quibe', quantity: 10 },
    ]);
    const november = online('2026-11-03T15:00:00.000Z', 1_200, [
      { productId: coxinha, name: 'Coxinha', quantity: 20 },
    ]);
    const events = [october, november, reversed(october, 'charged_back')];

    expect(
      onlineSalesByMonthProjection.route(
        recordedAt(events[2] as SaleEvent, 3, saleStreamName(october.data.saleId)),
      ).documentId,
    ).toBe('2026-10');
    expect(given(events, '2026-10')).toEqual({
      _id: '2026-10',
      days: {},
      products: {},
      position: 3,
    });
    expect(given(events, '2026-11')).toEqual({
      _id: '2026-11',
      days: { '2026-11-03': { count: 1, amountCents: 1_200, deliveryFeeCents: 0 } },
      products: { [coxinha]: { name: 'Coxinha', quantity: 20, revenueCents: 1_200 } },
      position: 2,
    });
  });

  it('given deliveries with fees (issue 37), then each day keeps its fees inside its amount, the products only their items; a reversal takes its fee back', () => {
    const first = online(
      '2026-11-02T15:00:00.000Z',
      4_500,
      [{ productId: coxinha, name: 'Coxinha', quantity: 50 }],
      1_500,
    );
    const second = online(
      '2026-11-02T18:00:00.000Z',
      2_000,
      [{ productId: quibe, name: 'Quibe', quantity: 20 }],
      800,
    );
    const pickup = online('2026-11-02T19:00:00.000Z', 600, [
      { productId: coxinha, name: 'Coxinha', quantity: 10 },
    ]);

    expect(given([first, second, pickup], '2026-11')).toMatchObject({
      days: { '2026-11-02': { count: 3, amountCents: 7_100, deliveryFeeCents: 2_300 } },
      products: {
        [coxinha]: { quantity: 60, revenueCents: 3_600 },
        [quibe]: { quantity: 20, revenueCents: 1_200 },
      },
    });
    expect(given([first, second, pickup, reversed(second)], '2026-11')).toEqual({
      _id: '2026-11',
      days: { '2026-11-02': { count: 2, amountCents: 5_100, deliveryFeeCents: 1_500 } },
      products: { [coxinha]: { name: 'Coxinha', quantity: 60, revenueCents: 3_600 } },
      position: 4,
    });
  });

  it('given R$ 6,00 of a November sale refunded in December, then November keeps the sale whole and December loses 6,00 on that day: revenue off the product, no unit, no sale off the count', () => {
    const sale = online('2026-11-10T15:00:00.000Z', 3_000, [
      { productId: coxinha, name: 'Coxinha', quantity: 50 },
    ]);
    const partial = refund(sale, '2026-12-03T15:00:00.000Z', { lines: [600] });

    expect(given([sale, partial], '2026-11')).toMatchObject({
      days: { '2026-11-10': { count: 1, amountCents: 3_000, deliveryFeeCents: 0 } },
      products: { [coxinha]: { quantity: 50, revenueCents: 3_000 } },
    });
    expect(given([sale, partial], '2026-12')).toEqual({
      _id: '2026-12',
      days: { '2026-12-03': { count: 0, amountCents: -600, deliveryFeeCents: 0 } },
      products: { [coxinha]: { name: 'Coxinha', quantity: 0, revenueCents: -600 } },
      position: 2,
    });
  });

  it('given a delivery refunded in part and then in full the same day (final), then that day nets to nothing: the sale, its fee, its units and its count all gone', () => {
    const sale = online(
      '2026-11-10T15:00:00.000Z',
      4_500,
      [
        { productId: coxinha, name: 'Coxinha', quantity: 30 },
        { productId: quibe, name: 'Quibe', quantity: 20 },
      ],
      1_500,
    );
    const part = refund(sale, '2026-11-10T16:00:00.000Z', { lines: [600, 400] });
    const rest = refund(
      sale,
      '2026-11-10T17:00:00.000Z',
      { feeCents: 1_500, lines: [1_200, 800] },
      true,
    );

    expect(given([sale, part], '2026-11')).toMatchObject({
      days: { '2026-11-10': { count: 1, amountCents: 3_500, deliveryFeeCents: 1_500 } },
      products: {
        [coxinha]: { quantity: 30, revenueCents: 1_200 },
        [quibe]: { quantity: 20, revenueCents: 800 },
      },
    });
    expect(given([sale, part, rest], '2026-11')).toEqual({
      _id: '2026-11',
      days: {},
      products: {},
      position: 3,
    });
  });

  it('given a sale refunded in full in the next month (final), then that month loses the money, the units and one sale, the sale’s month keeps it', () => {
    const sale = online('2026-11-29T15:00:00.000Z', 600, [
      { productId: quibe, name: 'Quibe', quantity: 10 },
    ]);
    const other = online('2026-12-02T15:00:00.000Z', 1_200, [
      { productId: quibe, name: 'Quibe', quantity: 20 },
    ]);
    const whole = refund(sale, '2026-12-02T18:00:00.000Z', { lines: [600] }, true);

    expect(given([sale, other, whole], '2026-12')).toMatchObject({
      days: { '2026-12-02': { count: 0, amountCents: 600, deliveryFeeCents: 0 } },
      products: { [quibe]: { quantity: 10, revenueCents: 600 } },
    });
    expect(given([sale, other, whole], '2026-11')).toMatchObject({
      days: { '2026-11-29': { count: 1, amountCents: 600 } },
    });
  });

  it('given a physical sale, then nothing (it may be amended or deleted: the reports count it from the sales read model)', () => {
    const physical: SaleEvent = {
      type: 'SaleRecorded',
      data: {
        saleId: saleId(),
        source: 'physical',
        amountCents: 5_000,
        clientName: 'Balcão',
        soldAt: '2026-11-10',
      },
    };
    expect(given([physical], '2026-11')).toBeNull();
    expect(onlineSalesByMonthProjection.handles('SaleAmended')).toBe(false);
    expect(onlineSalesByMonthProjection.handles('SaleDeleted')).toBe(false);
  });
});
