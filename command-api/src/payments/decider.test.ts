import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '@quitute/contracts';
import type { ProviderPayment } from '@quitute/infra/payment-gateway';
import { fold } from '../shared/decider';
import { deciderSpec } from '../shared/decider-testing';
import {
  AMOUNT_MISMATCH,
  NO_PROVIDER_ANSWER,
  paymentDecider,
  paymentStatusEventId,
  refundedRestId,
  shopPaymentStatus,
  type PaymentCommand,
  type PaymentRequest,
  type ProviderReport,
} from './decider';

const paymentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const orderId = '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
const request: PaymentRequest = {
  paymentId,
  orderId,
  userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
  method: 'pix',
  amountCents: 1200,
  provider: 'simulator',
  paymentMethodId: 'pix',
};
const ids = { paymentId, orderId, providerPaymentId: '12345678901' };

const requested: PaymentEvent = { type: 'PaymentRequested', data: request };
const report = (
  status: ProviderPayment['status'],
  statusDetail: string,
  extra: Partial<ProviderReport> = {},
): ProviderReport => ({
  id: ids.providerPaymentId,
  status,
  statusDetail,
  amountCents: request.amountCents,
  ...extra,
});
const pending: PaymentEvent = {
  type: 'PaymentPending',
  data: {
    ...ids,
    statusDetail: 'pending_waiting_transfer',
    expiresAt: '2026-11-21T12:30:00.000Z',
    pix: { qrCode: '000201…', ticketUrl: 'http://loja.test/simulator/payments/12345678901' },
  },
};
const approved: PaymentEvent = {
  type: 'PaymentApproved',
  data: { ...ids, statusDetail: 'accredited' },
};
const record = (reported: ProviderReport): PaymentCommand => ({
  type: 'RecordProviderPayment',
  report: reported,
});

const given = deciderSpec(paymentDecider);

describe('payment decider: RequestPayment', () => {
  it('given nothing, when requested, then PaymentRequested; requested again, then nothing', () => {
    expect(given([]).when({ type: 'RequestPayment', request })()).toEqual([requested]);
    expect(given([requested]).when({ type: 'RequestPayment', request })()).toEqual([]);
  });
});

describe('payment decider: another card after a declined one (issue 36)', () => {
  const cardRequest: PaymentRequest = {
    ...request,
    method: 'credit_card',
    paymentMethodId: 'visa',
    installments: 1,
  };
  const secondCard: PaymentRequest = { ...cardRequest, paymentMethodId: 'master', attempt: 2 };
  const cardRequested: PaymentEvent = { type: 'PaymentRequested', data: cardRequest };
  const declined: PaymentEvent = {
    type: 'PaymentRejected',
    data: { ...ids, statusDetail: 'cc_rejected_other_reason' },
  };
  const refused: PaymentEvent = {
    type: 'PaymentRejected',
    data: { paymentId, orderId, statusDetail: 'Token de cartão inválido.' },
  };

  it('given a card the provider declined, when the next attempt is requested, then PaymentRequested again; the same attempt twice, then nothing', () => {
    expect(
      given([cardRequested, declined]).when({ type: 'RequestPayment', request: secondCard })(),
    ).toEqual([{ type: 'PaymentRequested', data: secondCard }]);
    expect(
      given([cardRequested, declined, { type: 'PaymentRequested', data: secondCard }]).when({
        type: 'RequestPayment',
        request: secondCard,
      })(),
    ).toEqual([]);
  });

  it('given a card approved, pending, or refused before reaching the provider, when another attempt is requested, then nothing', () => {
    const approvedCard: PaymentEvent = {
      type: 'PaymentApproved',
      data: { ...ids, statusDetail: 'accredited' },
    };
    for (const history of [
      [cardRequested, approvedCard],
      [cardRequested],
      [cardRequested, refused],
    ]) {
      expect(given(history).when({ type: 'RequestPayment', request: secondCard })()).toEqual([]);
    }
  });

  it('given the second attempt, then its request is a fact of its own (another event id), and a late report on the declined card records nothing', () => {
    const again: PaymentEvent = { type: 'PaymentRequested', data: secondCard };
    expect(paymentStatusEventId('simulator', again)).not.toBe(
      paymentStatusEventId('simulator', cardRequested),
    );
    const state = fold(paymentDecider, [cardRequested, declined, again]);
    expect(state).toMatchObject({ stage: 'requested', providerPaymentId: null });
    expect(
      given([cardRequested, declined, again]).when(
        record(report('rejected', 'cc_rejected_other_reason')),
      )(),
    ).toEqual([]);
    expect(
      given([cardRequested, declined, again]).when(
        record(report('approved', 'accredited', { id: 'second-card' })),
      )(),
    ).toEqual([
      {
        type: 'PaymentApproved',
        data: { paymentId, orderId, providerPaymentId: 'second-card', statusDetail: 'accredited' },
      },
    ]);
  });
});

describe('payment decider: RecordProviderPayment', () => {
  it('given a request, when the provider reports a pending Pix, then PaymentPending with its code, link and expiry (no image)', () => {
    const events = given([requested]).when(
      record(
        report('pending', 'pending_waiting_transfer', {
          expiresAt: '2026-11-21T12:30:00.000Z',
          pix: {
            qrCode: '000201…',
            qrCodeBase64: 'iVBORw0…',
            ticketUrl: 'http://loja.test/simulator/payments/12345678901',
          },
        }),
      ),
    )();
    expect(events).toEqual([pending]);
  });

  it.each([
    ['approved', 'accredited', 'PaymentApproved'],
    ['in_process', 'pending_contingency', 'PaymentInReview'],
    ['in_mediation', 'x', 'PaymentInReview'],
    ['authorized', 'pending_capture', 'PaymentInReview'],
    ['rejected', 'cc_rejected_other_reason', 'PaymentRejected'],
    ['charged_back', 'x', 'PaymentChargedBack'],
  ] as const)(
    'given a request, when the provider reports %s, then %s',
    (status, statusDetail, type) => {
      // A chargeback says what it took back (issue 38): what was left of the payment.
      const taken = type === 'PaymentChargedBack' ? { amountCents: request.amountCents } : {};
      expect(given([requested]).when(record(report(status, statusDetail)))()).toEqual([
        { type, data: { ...ids, statusDetail, ...taken } },
      ]);
    },
  );

  it('given a pending payment, when the provider reports it cancelled as expired, then PaymentCancelled reason expired; otherwise reason provider', () => {
    expect(given([requested, pending]).when(record(report('cancelled', 'expired')))()).toEqual([
      { type: 'PaymentCancelled', data: { ...ids, statusDetail: 'expired', reason: 'expired' } },
    ]);
    expect(given([requested, pending]).when(record(report('cancelled', 'by_collector')))()).toEqual(
      [
        {
          type: 'PaymentCancelled',
          data: { ...ids, statusDetail: 'by_collector', reason: 'provider' },
        },
      ],
    );
  });

  it('given an approved payment, when a late notification reports it pending or in review, then nothing (never backwards)', () => {
    const events = [requested, pending, approved];
    expect(given(events).when(record(report('pending', 'pending_waiting_transfer')))()).toEqual([]);
    expect(given(events).when(record(report('in_process', 'pending_contingency')))()).toEqual([]);
    expect(given(events).when(record(report('rejected', 'x')))()).toEqual([]);
  });

  it('given a status recorded, when the same status is reported again, then nothing', () => {
    expect(given([requested, pending]).when(record(report('pending', 'other_detail')))()).toEqual(
      [],
    );
    expect(given([requested, approved]).when(record(report('approved', 'accredited')))()).toEqual(
      [],
    );
  });

  it('given a payment in review, when reported pending, then nothing', () => {
    const inReview: PaymentEvent = {
      type: 'PaymentInReview',
      data: { ...ids, statusDetail: 'pending_contingency' },
    };
    expect(given([requested, inReview]).when(record(report('pending', 'x')))()).toEqual([]);
  });

  it('given an approved payment, when the provider reports a refund of its own, then the whole amount completed (reason provider) and PaymentRefunded reason provider', () => {
    expect(
      given([requested, approved]).when(
        record(report('refunded', 'refunded', { updatedAt: '2026-11-25T10:00:00.000Z' })),
      )(),
    ).toEqual([
      {
        type: 'PaymentRefundCompleted',
        data: {
          ...ids,
          refundId: refundedRestId(paymentId),
          amountCents: 1200,
          reason: 'provider',
          refundedAt: '2026-11-25T10:00:00.000Z',
        },
      },
      { type: 'PaymentRefunded', data: { ...ids, statusDetail: 'refunded', reason: 'provider' } },
    ]);
  });

  it('given a cancelled payment, when the provider reports it approved after all, then PaymentApproved (the money was taken)', () => {
    const cancelled: PaymentEvent = {
      type: 'PaymentCancelled',
      data: { ...ids, statusDetail: 'expired', reason: 'expired' },
    };
    expect(
      given([requested, pending, cancelled]).when(record(report('approved', 'accredited')))(),
    ).toEqual([approved]);
  });

  it('given a rejected payment, when anything else is reported, then nothing', () => {
    const rejected: PaymentEvent = {
      type: 'PaymentRejected',
      data: { ...ids, statusDetail: 'cc_rejected_other_reason' },
    };
    expect(given([requested, rejected]).when(record(report('approved', 'accredited')))()).toEqual(
      [],
    );
  });

  it('given a payment the provider knows under one id, when another provider payment is reported, then nothing', () => {
    expect(
      given([requested, pending]).when(
        record({ ...report('approved', 'accredited'), id: '99999999999' }),
      )(),
    ).toEqual([]);
  });

  it('given no request, when a status is recorded, then 404', () => {
    expect(given([]).when(record(report('approved', 'accredited')))).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});

describe('payment decider: RecordRequestRefused', () => {
  const refused: PaymentCommand = {
    type: 'RecordRequestRefused',
    statusDetail: 'Token do cartão inválido, expirado ou já usado.',
  };

  it('given a request the provider never answered, when the provider refuses it, then PaymentRejected without a provider id', () => {
    expect(given([requested]).when(refused)()).toEqual([
      {
        type: 'PaymentRejected',
        data: {
          paymentId,
          orderId,
          statusDetail: 'Token do cartão inválido, expirado ou já usado.',
        },
      },
    ]);
  });

  it('given a payment the provider answered, when a refusal comes, then nothing', () => {
    expect(given([requested, pending]).when(refused)()).toEqual([]);
  });
});

describe('payment decider: CancelPayment', () => {
  it('given a pending payment, when the customer cancels and the provider confirms, then PaymentCancelled reason customer', () => {
    expect(
      given([requested, pending]).when({
        type: 'CancelPayment',
        reason: 'customer',
        report: report('cancelled', 'by_collector'),
      })(),
    ).toEqual([
      {
        type: 'PaymentCancelled',
        data: { ...ids, statusDetail: 'by_collector', reason: 'customer' },
      },
    ]);
  });

  it('given a pending Pix, when the shop expires it and the provider confirms, then PaymentCancelled reason expired', () => {
    expect(
      given([requested, pending]).when({
        type: 'CancelPayment',
        reason: 'expired',
        report: report('cancelled', 'by_collector'),
      })(),
    ).toEqual([
      {
        type: 'PaymentCancelled',
        data: { ...ids, statusDetail: 'by_collector', reason: 'expired' },
      },
    ]);
  });

  it('given a pending Pix, when the shop cancels but the provider says it was just approved, then PaymentApproved', () => {
    expect(
      given([requested, pending]).when({
        type: 'CancelPayment',
        reason: 'expired',
        report: report('approved', 'accredited'),
      })(),
    ).toEqual([approved]);
  });

  it('given a request the provider never answered, when it fails, then PaymentCancelled reason failed without a provider id; once', () => {
    const failed: PaymentCommand = { type: 'CancelPayment', reason: 'failed', report: null };
    const events = given([requested]).when(failed)();
    expect(events).toEqual([
      {
        type: 'PaymentCancelled',
        data: { paymentId, orderId, statusDetail: NO_PROVIDER_ANSWER, reason: 'failed' },
      },
    ]);
    expect(given([requested, ...events]).when(failed)()).toEqual([]);
    expect(given([requested, pending]).when(failed)()).toEqual([]);
  });
});

describe('payment decider: RequestRefund', () => {
  it('given an approved payment, when a refund is requested, then PaymentRefundRequested once; the refund then reads approved_after_cancel', () => {
    const events = given([requested, approved]).when({ type: 'RequestRefund' })();
    expect(events).toEqual([
      {
        type: 'PaymentRefundRequested',
        data: { ...ids, reason: 'approved_after_cancel', refundId: paymentId, amountCents: 1200 },
      },
    ]);
    const afterRequest = [requested, approved, ...events];
    expect(given(afterRequest).when({ type: 'RequestRefund' })()).toEqual([]);
    const refundedAt = '2026-11-25T10:00:00.000Z';
    expect(
      given(afterRequest).when(
        record(
          report('refunded', 'refunded', {
            refunds: [{ id: '777', amountCents: 1200, status: 'approved', createdAt: refundedAt }],
          }),
        ),
      )(),
    ).toEqual([
      {
        type: 'PaymentRefundCompleted',
        data: {
          ...ids,
          refundId: paymentId,
          amountCents: 1200,
          reason: 'approved_after_cancel',
          providerRefundId: '777',
          refundedAt,
        },
      },
      {
        type: 'PaymentRefunded',
        data: { ...ids, statusDetail: 'refunded', reason: 'approved_after_cancel' },
      },
    ]);
  });

  it('given a payment not approved, when a refund is requested, then nothing', () => {
    expect(given([requested, pending]).when({ type: 'RequestRefund' })()).toEqual([]);
  });
});

describe('payment decider: evolve and ids', () => {
  it('given a request, a pending Pix and an approval, then the state keeps the provider id, the Pix and the last status', () => {
    expect(fold(paymentDecider, [requested, pending, approved])).toEqual({
      request,
      stage: 'approved',
      providerPaymentId: ids.providerPaymentId,
      statusDetail: 'accredited',
      expiresAt: '2026-11-21T12:30:00.000Z',
      pix: pending.type === 'PaymentPending' ? pending.data.pix : null,
      boleto: null,
      refundRequested: false,
      declinedProviderPaymentIds: [],
      refunds: [],
      refundedCents: 0,
      chargedBackCents: 0,
    });
  });

  it('given a status event, then its id is the same for the same provider payment and type, and differs otherwise', () => {
    expect(paymentStatusEventId('simulator', approved)).toBe(
      paymentStatusEventId('simulator', { ...approved }),
    );
    expect(paymentStatusEventId('simulator', approved)).not.toBe(
      paymentStatusEventId('simulator', pending),
    );
    expect(paymentStatusEventId('simulator', approved)).not.toBe(
      paymentStatusEventId('mercadopago', approved),
    );
  });

  it('maps every provider status to the shop status of the issue', () => {
    expect(
      (
        [
          'pending',
          'approved',
          'authorized',
          'in_process',
          'in_mediation',
          'rejected',
          'cancelled',
          'refunded',
          'charged_back',
        ] as const
      ).map(shopPaymentStatus),
    ).toEqual([
      'pending',
      'approved',
      'in_review',
      'in_review',
      'in_review',
      'rejected',
      'cancelled',
      'refunded',
      'charged_back',
    ]);
  });
});

describe('payment decider: the amount paid', () => {
  it('given a pending payment of R$ 12,00, when the provider reports it approved for another amount, then it is held in review (amount_mismatch), never approved', () => {
    expect(
      given([requested, pending]).when(
        record(report('approved', 'accredited', { amountCents: 1 })),
      )(),
    ).toEqual([{ type: 'PaymentInReview', data: { ...ids, statusDetail: AMOUNT_MISMATCH } }]);
  });

  it('given a pending payment, when approved for its own amount, then PaymentApproved', () => {
    expect(given([requested, pending]).when(record(report('approved', 'accredited')))()).toEqual([
      approved,
    ]);
  });
});
