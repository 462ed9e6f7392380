import { describe, expect, it } from 'vitest';
import { salesMessages, type SaleEvent } from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import { saleDecider, splitInProportion } from './decider';

const saleId = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const order = aPlacedOrder();
const { orderId } = order;
const figures = {
  amountCents: 15_050,
  clientName: 'Dona Rosa',
  soldAt: '2026-11-20T15:00:00.000Z',
};
const recorded: SaleEvent = {
  type: 'SaleRecorded',
  data: { saleId, source: 'physical', ...figures },
};
type SaleRecordedData = Extract<SaleEvent, { type: 'SaleRecorded' }>['data'];
const onlineSale: SaleRecordedData = {
  saleId: orderId,
  source: 'online',
  amountCents: 1200,
  clientName: 'Maria da Silva',
  soldAt: '2026-11-21T12:00:00.000Z',
  orderId,
  orderNumber: 1001,
  items: [
    {
      productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
      name: 'Coxinha de Frango',
      quantity: 20,
      revenueCents: 1200,
    },
  ],
  deliveryFeeCents: 0,
};
const online: SaleEvent = { type: 'SaleRecorded', data: onlineSale };

const given = deciderSpec(saleDecider);

describe('sale decider: physical sales', () => {
  it('given no sale, when an admin records one, then SaleRecorded with source physical', () => {
    expect(given([]).when({ type: 'RecordPhysicalSale', saleId, ...figures })()).toEqual([
      recorded,
    ]);
  });

  it('given a sale, when recorded again under its id, then 409', () => {
    rejectsWith(
      given([recorded]).when({ type: 'RecordPhysicalSale', saleId, ...figures }),
      'conflict',
      salesMessages.saleExists,
    );
  });

  it('given a physical sale, when amended, then SaleAmended with the new figures and the sale has them', () => {
    const amend = {
      type: 'AmendSale',
      saleId,
      amountCents: 9_990,
      clientName: 'Seu Jorge',
      soldAt: '2026-11-19T15:00:00.000Z',
    } as const;
    const events = given([recorded]).when(amend)();
    expect(events).toEqual([
      {
        type: 'SaleAmended',
        data: {
          saleId,
          amountCents: 9_990,
          clientName: 'Seu Jorge',
          soldAt: '2026-11-19T15:00:00.000Z',
        },
      },
    ]);
    expect(fold(saleDecider, [recorded, ...events])).toMatchObject({
      status: 'recorded',
      source: 'physical',
      amountCents: 9_990,
      clientName: 'Seu Jorge',
    });
  });

  it('given a physical sale, when amended with the same figures, then nothing', () => {
    expect(given([recorded]).when({ type: 'AmendSale', saleId, ...figures })()).toEqual([]);
  });

  it('given a physical sale, when deleted, then SaleDeleted; then it can be neither amended nor deleted (404)', () => {
    const deleted: SaleEvent = { type: 'SaleDeleted', data: { saleId } };
    expect(given([recorded]).when({ type: 'DeleteSale', saleId })()).toEqual([deleted]);
    rejectsWith(
      given([recorded, deleted]).when({ type: 'AmendSale', saleId, ...figures }),
      'not_found',
      salesMessages.saleNotFound,
    );
    rejectsWith(
      given([recorded, deleted]).when({ type: 'DeleteSale', saleId }),
      'not_found',
      salesMessages.saleNotFound,
    );
  });

  it('given no sale, when amended or deleted, then 404', () => {
    rejectsWith(
      given([]).when({ type: 'AmendSale', saleId, ...figures }),
      'not_found',
      salesMessages.saleNotFound,
    );
    rejectsWith(
      given([]).when({ type: 'DeleteSale', saleId }),
      'not_found',
      salesMessages.saleNotFound,
    );
  });
});

describe('sale decider: online sales', () => {
  it('given a paid order, when its sale is recorded, then SaleRecorded online with its lines; recorded again, nothing', () => {
    const command = {
      type: 'RecordOnlineSale',
      order,
      soldAt: '2026-11-21T12:00:00.000Z',
    } as const;
    expect(given([]).when(command)()).toEqual([online]);
    expect(given([online]).when(command)()).toEqual([]);
  });

  it('given an online sale, when an admin amends or deletes it, then 409 and nothing', () => {
    rejectsWith(
      given([online]).when({ type: 'AmendSale', saleId: orderId, ...figures }),
      'conflict',
      salesMessages.onlineSaleNotEditable,
    );
    rejectsWith(
      given([online]).when({ type: 'DeleteSale', saleId: orderId }),
      'conflict',
      salesMessages.onlineSaleNotDeletable,
    );
  });

  const reversal = (reason: 'refunded' | 'charged_back'): SaleEvent => ({
    type: 'OnlineSaleReversed',
    data: {
      saleId: orderId,
      orderId,
      reason,
      soldAt: onlineSale.soldAt,
      amountCents: 1200,
      items: onlineSale.items ?? [],
      deliveryFeeCents: 0,
    },
  });

  it.each(['refunded', 'charged_back'] as const)(
    'given an online sale, when its payment is %s and the sale reversed, then OnlineSaleReversed with what it had counted; reversed again, nothing',
    (reason) => {
      const command = { type: 'ReverseOnlineSale', saleId: orderId, reason } as const;
      expect(given([online]).when(command)()).toEqual([reversal(reason)]);
      expect(given([online, reversal(reason)]).when(command)()).toEqual([]);
      expect(
        given([online, reversal(reason)]).when({ ...command, reason: 'charged_back' })(),
      ).toEqual([]);
    },
  );

  it('given a paid delivery with a R$ 15,00 fee, when its sale is recorded, then the amount is the whole charge and the fee is apart from the lines; reversed, the fee is taken back with it', () => {
    const delivered = aPlacedOrder({
      totalCents: 2700,
      deliveryFeeCents: 1500,
      deliveryZone: 'Centro',
      deliveryType: 'delivery',
    });
    const [sale] = given([]).when({
      type: 'RecordOnlineSale',
      order: delivered,
      soldAt: '2026-11-21T12:00:00.000Z',
    })();
    expect(sale?.data).toMatchObject({
      amountCents: 2700,
      deliveryFeeCents: 1500,
      items: [{ quantity: 20, revenueCents: 1200 }],
    });
    if (!sale) throw new Error('no sale recorded');
    expect(
      given([sale]).when({ type: 'ReverseOnlineSale', saleId: orderId, reason: 'refunded' })(),
    ).toMatchObject([
      { type: 'OnlineSaleReversed', data: { amountCents: 2700, deliveryFeeCents: 1500 } },
    ]);
  });

  it('given an online sale recorded before delivery fees existed, when reversed, then it takes back no fee', () => {
    const { deliveryFeeCents: _fee, ...beforeFees } = onlineSale;
    const old: SaleEvent = { type: 'SaleRecorded', data: beforeFees };
    expect(
      given([old]).when({ type: 'ReverseOnlineSale', saleId: orderId, reason: 'refunded' })(),
    ).toEqual([reversal('refunded')]);
  });

  it('given no sale recorded, when reversed, then nothing', () => {
    expect(
      given([]).when({ type: 'ReverseOnlineSale', saleId: orderId, reason: 'refunded' })(),
    ).toEqual([]);
  });

  it('given a reversed online sale, then it is gone: an admin can neither amend nor delete it (404), and recording it again adds nothing', () => {
    const gone = [online, reversal('refunded')];
    rejectsWith(
      given(gone).when({ type: 'AmendSale', saleId: orderId, ...figures }),
      'not_found',
      salesMessages.saleNotFound,
    );
    rejectsWith(
      given(gone).when({ type: 'DeleteSale', saleId: orderId }),
      'not_found',
      salesMessages.saleNotFound,
    );
    expect(
      given(gone).when({ type: 'RecordOnlineSale', order, soldAt: online.data.soldAt })(),
    ).toEqual([]);
  });

  it('given a physical sale, when the payment process would reverse it, then 409 and nothing', () => {
    rejectsWith(
      given([recorded]).when({ type: 'ReverseOnlineSale', saleId, reason: 'refunded' }),
      'conflict',
      salesMessages.onlySaleOfPaymentReversible,
    );
  });
});

describe('sale decider: an online sale refunded on the day the money moved (issue 38)', () => {
  const pao = '4a1d0b63-9b5f-4d66-8e8f-6d2a1a1c3b22';
  const withFee: SaleEvent = {
    type: 'SaleRecorded',
    data: {
      ...onlineSale,
      amountCents: 3000,
      items: [
        {
          productId: '3f0c8a52-8a4e-4c55-9d7e-5c1f0f0b2a11',
          name: 'Coxinha de Frango',
          quantity: 20,
          revenueCents: 1200,
        },
        { productId: pao, name: 'Pão de Queijo', quantity: 10, revenueCents: 1000 },
      ],
      deliveryFeeCents: 800,
    },
  };
  const refundA = '11111111-1111-4111-8111-111111111111';
  const refundB = '22222222-2222-4222-8222-222222222222';
  const refund = (
    refundId: string,
    amountCents: number,
    reason: 'refunded' | 'charged_back' = 'refunded',
  ) =>
    ({
      type: 'RefundOnlineSale',
      saleId: orderId,
      refundId,
      amountCents,
      reason,
      refundedAt: '2026-12-02T15:00:00.000Z',
    }) as const;

  it('given a sale of R$ 30,00 (R$ 12 + R$ 10 + fee R$ 8), when R$ 10,00 goes back, then split in proportion to the centavo, not final', () => {
    const [event] = given([withFee]).when(refund(refundA, 1000))();
    expect(event).toEqual({
      type: 'OnlineSaleRefunded',
      data: {
        saleId: orderId,
        orderId,
        orderNumber: 1001,
        refundId: refundA,
        reason: 'refunded',
        refundedAt: '2026-12-02T15:00:00.000Z',
        clientName: 'Maria da Silva',
        amountCents: 1000,
        deliveryFeeCents: 267,
        items: [
          expect.objectContaining({ quantity: 0, revenueCents: 400 }),
          expect.objectContaining({ productId: pao, quantity: 0, revenueCents: 333 }),
        ],
        final: false,
      },
    });
  });

  it('given R$ 10,00 refunded, when the rest goes back, then each line and the fee give back exactly what they still counted, with their units, final', () => {
    const first = given([withFee]).when(refund(refundA, 1000))();
    const [rest] = given([withFee, ...first]).when(refund(refundB, 2000))();
    expect(rest).toMatchObject({
      data: {
        amountCents: 2000,
        deliveryFeeCents: 800 - 267,
        items: [
          { quantity: 20, revenueCents: 800 },
          { quantity: 10, revenueCents: 667 },
        ],
        final: true,
      },
    });
  });

  it('given a refund taken, when the same refundId comes again, then nothing; given nothing left, nothing', () => {
    const first = given([withFee]).when(refund(refundA, 3000))();
    expect(given([withFee, ...first]).when(refund(refundA, 3000))()).toEqual([]);
    expect(given([withFee, ...first]).when(refund(refundB, 1, 'charged_back'))()).toEqual([]);
  });

  it('given a sale reversed whole before issue 38, when a refund comes, then nothing (it no longer counts)', () => {
    const reversed = given([online]).when({
      type: 'ReverseOnlineSale',
      saleId: orderId,
      reason: 'refunded',
    })();
    expect(given([online, ...reversed]).when(refund(refundA, 1200))()).toEqual([]);
  });

  it('given a chargeback larger than what is left, then only what is left, final', () => {
    const [event] = given([online]).when(refund(refundA, 5000, 'charged_back'))();
    expect(event).toMatchObject({
      data: {
        amountCents: 1200,
        reason: 'charged_back',
        final: true,
        items: [{ quantity: 20, revenueCents: 1200 }],
      },
    });
  });

  it('given a physical sale, when refunded, then 409', () => {
    rejectsWith(
      given([recorded]).when({ ...refund(refundA, 100), saleId }),
      'conflict',
      salesMessages.onlySaleOfPaymentReversible,
    );
  });

  it('splits in proportion, largest remainder first, adding up to the amount', () => {
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(7, [0, 5, 5])).toEqual([0, 4, 3]);
    expect(splitInProportion(5, [0, 0])).toEqual([0, 0]);
  });
});
