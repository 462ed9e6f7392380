import { describe, expect, it } from 'vitest';
import { saleStreamName, type SaleEvent } from '@quitute/contracts';
import { onlineSalesByMonthProjection } from './online-sales-by-month';
import { recordedAt } from '../testing';

const coxinha = '11111111-1111-4111-8111-111111111111';
const quibe = '22222222-2222-4222-8222-222222222222';

let seq = 0;
const saleId = () => `7d2e1f0a-3b4c-4d5e-8f6a-${String((seq += 1)).padStart(12, '0')}`;

const online = (
  soldAt: string,
  amountCents: number,
  items: { productId: string; name: string; quantity: number }[],
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
        '2026-11-02': { count: 2, amountCents: 4_200 },
        '2026-11-30': { count: 1, amountCents: 600 },
      },
      products: {
        [coxinha]: { name: 'Coxinha de Frango', quantity: 60, revenueCents: 3_600 },
        [quibe]: { name: 'Quibe', quantity: 20, revenueCents: 1_200 },
      },
      position: 3,
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
