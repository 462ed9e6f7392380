import { describe, expect, it } from 'vitest';
import { saleStreamName, type SaleEvent } from '@quitute/contracts';
import { project } from '../testing';
import { saleMoment, salesProjection } from './sales';

const saleId = '7d2e1f0a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const orderId = saleId;
const coxinha = '11111111-1111-4111-8111-111111111111';

/** Given these events of one sale, then this document. */
const given = (events: SaleEvent[]) =>
  project(salesProjection, events, { streamName: saleStreamName(saleId), documentId: saleId });

const online: SaleEvent = {
  type: 'SaleRecorded',
  data: {
    saleId,
    source: 'online',
    amountCents: 3_000,
    clientName: 'Ângela Souza',
    // 01:30 on 1 December in UTC is still 30 November in São Paulo.
    soldAt: '2026-12-01T01:30:00.000Z',
    orderId,
    orderNumber: 1001,
    items: [{ productId: coxinha, name: 'Coxinha', quantity: 50, revenueCents: 3_000 }],
  },
};

const counter: SaleEvent = {
  type: 'SaleRecorded',
  data: {
    saleId,
    source: 'physical',
    amountCents: 12_050,
    clientName: 'Balcão',
    soldAt: '2026-11-20',
  },
};

describe('sales projection', () => {
  it('given an online sale from before delivery fees, then its amount (no fee), the shop day and month it counts on', () => {
    expect(given([online])).toEqual({
      _id: saleId,
      kind: 'sale',
      source: 'online',
      amountCents: 3_000,
      deliveryFeeCents: 0,
      clientName: 'Ângela Souza',
      soldAt: '2026-12-01T01:30:00.000Z',
      at: '2026-12-01T01:30:00.000Z',
      day: '2026-11-30',
      month: '2026-11',
      orderId,
      orderNumber: 1001,
      searchText: 'angela souza',
      position: 1,
    });
  });

  it('given an online sale of a delivery (issue 37), then the fee its amount holds', () => {
    const delivered: SaleEvent = {
      type: 'SaleRecorded',
      data: { ...online.data, amountCents: 4_500, deliveryFeeCents: 1_500 },
    };

    expect(given([delivered])).toMatchObject({ amountCents: 4_500, deliveryFeeCents: 1_500 });
  });

  it('given a physical sale entered for a day, then that day, from its midnight in the shop, without lines', () => {
    expect(given([counter])).toMatchObject({
      source: 'physical',
      day: '2026-11-20',
      month: '2026-11',
      at: '2026-11-20T03:00:00.000Z',
      orderId: null,
      orderNumber: null,
    });
  });

  it('given a physical sale amended to another month, then the new client, amount, day and month', () => {
    expect(
      given([
        counter,
        {
          type: 'SaleAmended',
          data: { saleId, amountCents: 9_990, clientName: 'Dona Célia', soldAt: '2026-10-31' },
        },
      ]),
    ).toMatchObject({
      amountCents: 9_990,
      clientName: 'Dona Célia',
      searchText: 'dona celia',
      soldAt: '2026-10-31',
      day: '2026-10-31',
      month: '2026-10',
      position: 2,
    });
  });

  it('given a physical sale deleted, then no document (no report counts it)', () => {
    expect(given([counter, { type: 'SaleDeleted', data: { saleId } }])).toBeNull();
  });

  it('given an online sale whose payment was refunded, then no document (no report counts it)', () => {
    const { soldAt, amountCents, items = [] } = online.data;
    expect(
      given([
        online,
        {
          type: 'OnlineSaleReversed',
          data: { saleId, orderId, reason: 'refunded', soldAt, amountCents, items },
        },
      ]),
    ).toBeNull();
  });

  it('given a sale time that names no instant, then the event is refused (the runner stops there)', () => {
    expect(() =>
      given([{ ...counter, data: { ...counter.data, soldAt: 'ontem' } } satisfies SaleEvent]),
    ).toThrow('names no instant');
  });
});

describe('sales projection: money of an online sale going back (issue 38)', () => {
  const refundId = '9e8d7c6b-5a49-4382-9716-a5b4c3d2e1f0';
  const refunded: SaleEvent = {
    type: 'OnlineSaleRefunded',
    data: {
      saleId,
      orderId,
      orderNumber: 1001,
      refundId,
      reason: 'refunded',
      // 02:00 UTC on 1 January is still 31 December in São Paulo.
      refundedAt: '2027-01-01T02:00:00.000Z',
      clientName: 'Ângela Souza',
      amountCents: 1_000,
      deliveryFeeCents: 0,
      items: [{ productId: coxinha, name: 'Coxinha', quantity: 0, revenueCents: 1_000 }],
      final: false,
    },
  };

  it('given a sale refunded in part a month later, then a row of its own, keyed by the refund: negative, on the shop day the money moved, online', () => {
    expect(
      project(salesProjection, [refunded], {
        streamName: saleStreamName(saleId),
        documentId: refundId,
      }),
    ).toEqual({
      _id: refundId,
      kind: 'refund',
      source: 'online',
      amountCents: -1_000,
      deliveryFeeCents: 0,
      clientName: 'Ângela Souza',
      soldAt: '2027-01-01T02:00:00.000Z',
      at: '2027-01-01T02:00:00.000Z',
      day: '2026-12-31',
      month: '2026-12',
      orderId,
      orderNumber: 1001,
      searchText: 'angela souza',
      position: 1,
    });
  });
});

describe('saleMoment', () => {
  it('given a wall-clock time in the shop, an offset time or a longer fraction, then the same instant', () => {
    expect(saleMoment('2026-11-20T22:30')).toEqual({
      at: '2026-11-21T01:30:00.000Z',
      day: '2026-11-20',
      month: '2026-11',
    });
    expect(saleMoment('2026-11-20T22:30:00-03:00').day).toBe('2026-11-20');
    expect(saleMoment('2026-11-21T01:30:00.123456Z').day).toBe('2026-11-20');
  });
});
