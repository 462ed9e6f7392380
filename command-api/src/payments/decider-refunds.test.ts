import { describe, expect, it } from 'vitest';
import { checkoutMessages, refundMessages, type PaymentEvent } from '@quitute/contracts';
import type { ProviderRefund } from '@quitute/infra/payment-gateway';
import { fold } from '../shared/decider';
import { deciderSpec, rejectsWith } from '../shared/decider-testing';
import {
  paymentDecider,
  paymentStatusEventId,
  providerRefundId,
  refundableCents,
  type PaymentCommand,
  type PaymentRequest,
  type ProviderReport,
  type RequestedPayment,
} from './decider';

/** Issue 38: the refund ledger of a payment, decided on its events. */

const paymentId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const orderId = '5b1e7c2a-3d4f-4a6b-8c9d-0e1f2a3b4c5d';
const refundA = '11111111-1111-4111-8111-111111111111';
const refundB = '22222222-2222-4222-8222-222222222222';
const request: PaymentRequest = {
  paymentId,
  orderId,
  userId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
  method: 'pix',
  amountCents: 12000,
  provider: 'simulator',
  paymentMethodId: 'pix',
};
const ids = { paymentId, orderId, providerPaymentId: '12345678901' };
const requested: PaymentEvent = { type: 'PaymentRequested', data: request };
const pending: PaymentEvent = {
  type: 'PaymentPending',
  data: { ...ids, statusDetail: 'pending_waiting_transfer' },
};
const approved: PaymentEvent = {
  type: 'PaymentApproved',
  data: { ...ids, statusDetail: 'accredited' },
};
const paid = [requested, approved];
const at = '2026-11-25T10:00:00.000Z';

const refund = (
  refundId: string,
  amountCents: number | 'rest',
  note = 'Item em falta',
): PaymentCommand => ({
  type: 'RequestPaymentRefund',
  refundId,
  amountCents,
  reason: 'admin',
  note,
});
const requestedRefund = (refundId: string, amountCents: number, note = 'Item em falta') =>
  ({
    type: 'PaymentRefundRequested',
    data: { ...ids, reason: 'admin', refundId, amountCents, note },
  }) satisfies PaymentEvent;
const completed = (refundId: string, amountCents: number, providerRefund = `p-${refundId}`) =>
  ({
    type: 'PaymentRefundCompleted',
    data: {
      ...ids,
      refundId,
      amountCents,
      reason: 'admin',
      note: 'Item em falta',
      providerRefundId: providerRefund,
      refundedAt: at,
    },
  }) satisfies PaymentEvent;
const failed = (refundId: string, amountCents: number) =>
  ({
    type: 'PaymentRefundFailed',
    data: { paymentId, orderId, refundId, amountCents, detail: 'no answer' },
  }) satisfies PaymentEvent;
const answer = (
  refundId: string,
  status: ProviderRefund['status'],
  amountCents = 2000,
): PaymentCommand => ({
  type: 'RecordRefundAnswer',
  refundId,
  refund: { id: `p-${refundId}`, amountCents, status, createdAt: at },
});
const report = (extra: Partial<ProviderReport>): PaymentCommand => ({
  type: 'RecordProviderPayment',
  report: {
    id: ids.providerPaymentId,
    status: 'approved',
    statusDetail: 'partially_refunded',
    amountCents: request.amountCents,
    updatedAt: at,
    ...extra,
  },
});

const given = deciderSpec(paymentDecider);
const stateOf = (events: PaymentEvent[]) => fold(paymentDecider, events) as RequestedPayment;

describe('payment decider: asking for a refund (issue 38)', () => {
  it('given a paid payment, when R$ 20,00 is refunded, then PaymentRefundRequested with its id, amount and note', () => {
    expect(given(paid).when(refund(refundA, 2000))()).toEqual([requestedRefund(refundA, 2000)]);
  });

  it('given a paid payment, when "the rest" is refunded, then the whole amount is asked', () => {
    expect(given(paid).when(refund(refundA, 'rest'))()).toEqual([requestedRefund(refundA, 12000)]);
  });

  it('given a refund of R$ 20,00 completed, when the rest is refunded, then R$ 100,00 is asked', () => {
    const events = [...paid, requestedRefund(refundA, 2000), completed(refundA, 2000)];
    expect(given(events).when(refund(refundB, 'rest', 'Cancelado'))()).toEqual([
      requestedRefund(refundB, 10000, 'Cancelado'),
    ]);
  });

  it('given a payment never paid, when refunded, then 409 notPaid', () => {
    rejectsWith(
      given([requested, pending]).when(refund(refundA, 2000)),
      'conflict',
      refundMessages.notPaid,
    );
    rejectsWith(given([]).when(refund(refundA, 2000)), 'conflict', refundMessages.notPaid);
  });

  it('given a charged back payment, when refunded, then 409 chargedBack', () => {
    const chargedBack: PaymentEvent = {
      type: 'PaymentChargedBack',
      data: { ...ids, statusDetail: 'settled', amountCents: 12000 },
    };
    rejectsWith(
      given([...paid, chargedBack]).when(refund(refundA, 2000)),
      'conflict',
      refundMessages.chargedBack,
    );
  });

  it('given a payment refunded in full, when refunded again, then 409 nothingLeft', () => {
    const events = [...paid, requestedRefund(refundA, 12000), completed(refundA, 12000)];
    rejectsWith(
      given(events).when(refund(refundB, 'rest')),
      'conflict',
      refundMessages.nothingLeft,
    );
  });

  it('given R$ 100,00 left, when R$ 100,01 is refunded, then 409 exceedsRemaining naming R$ 100,00', () => {
    const events = [...paid, requestedRefund(refundA, 2000), completed(refundA, 2000)];
    rejectsWith(
      given(events).when(refund(refundB, 10001)),
      'conflict',
      refundMessages.exceedsRemaining('R$ 100,00'),
    );
  });

  it.each([0, 0.5, -100, Number.NaN])(
    'given a paid payment, when %d centavos are refunded, then 400 amountZero and nothing decided (no event its readers cannot read)',
    (amountCents) => {
      rejectsWith(
        given(paid).when(refund(refundA, amountCents)),
        'validation',
        refundMessages.amountZero,
      );
    },
  );

  it('given a refund pending, when another is asked, then 409 inProgress', () => {
    rejectsWith(
      given([...paid, requestedRefund(refundA, 2000)]).when(refund(refundB, 1000)),
      'conflict',
      refundMessages.inProgress,
    );
  });

  it('given a refund asked, pending or completed, when the same refundId is asked again, then nothing', () => {
    const asked = [...paid, requestedRefund(refundA, 2000)];
    expect(given(asked).when(refund(refundA, 2000))()).toEqual([]);
    expect(given([...asked, completed(refundA, 2000)]).when(refund(refundA, 2000))()).toEqual([]);
  });

  it('given a refund asked, when its refundId comes with another amount or note, then 409 idempotencyKeyReused', () => {
    const asked = [...paid, requestedRefund(refundA, 2000)];
    rejectsWith(
      given(asked).when(refund(refundA, 3000)),
      'conflict',
      checkoutMessages.idempotencyKeyReused,
    );
    rejectsWith(
      given(asked).when(refund(refundA, 2000, 'Outro motivo')),
      'conflict',
      checkoutMessages.idempotencyKeyReused,
    );
  });

  it('given a failed refund, when asked again under its refundId, then it is pending again with the same amount', () => {
    const events = [...paid, requestedRefund(refundA, 2000), failed(refundA, 2000)];
    expect(given(events).when(refund(refundA, 2000))()).toEqual([requestedRefund(refundA, 2000)]);
    expect(given(events).when({ type: 'RetryRefund', refundId: refundA })()).toEqual([
      requestedRefund(refundA, 2000),
    ]);
  });

  it('given a refund not failed or unknown, when retried, then 409 notFailed or 404 refundNotFound', () => {
    rejectsWith(
      given([...paid, requestedRefund(refundA, 2000)]).when({
        type: 'RetryRefund',
        refundId: refundA,
      }),
      'conflict',
      refundMessages.notFailed,
    );
    rejectsWith(
      given(paid).when({ type: 'RetryRefund', refundId: refundA }),
      'not_found',
      refundMessages.refundNotFound,
    );
  });

  it('given the whole-payment refund of issue 10 (approved after cancel), then it is a refund of the whole amount under the payment id', () => {
    expect(given(paid).when({ type: 'RequestRefund' })()).toEqual([
      {
        type: 'PaymentRefundRequested',
        data: { ...ids, reason: 'approved_after_cancel', refundId: paymentId, amountCents: 12000 },
      },
    ]);
  });

  it('given an older refund request without id or amount, then it reads as the whole payment under the payment id', () => {
    const older: PaymentEvent = {
      type: 'PaymentRefundRequested',
      data: { ...ids, reason: 'approved_after_cancel' },
    };
    expect(stateOf([...paid, older]).refunds).toEqual([
      expect.objectContaining({ refundId: paymentId, amountCents: 12000, status: 'pending' }),
    ]);
  });
});

describe("payment decider: the provider's answer to a refund", () => {
  const asked = [...paid, requestedRefund(refundA, 2000)];

  it('given a refund pending, when approved, then PaymentRefundCompleted at the provider time; again, nothing', () => {
    const events = given(asked).when(answer(refundA, 'approved'))();
    expect(events).toEqual([completed(refundA, 2000)]);
    expect(given([...asked, ...events]).when(answer(refundA, 'approved'))()).toEqual([]);
    expect(refundableCents(stateOf([...asked, ...events]))).toBe(10000);
  });

  it('given a refund pending, when in process, then nothing yet', () => {
    expect(given(asked).when(answer(refundA, 'in_process'))()).toEqual([]);
  });

  it.each(['rejected', 'cancelled'] as const)(
    'given a refund pending, when %s, then PaymentRefundFailed',
    (status) => {
      expect(given(asked).when(answer(refundA, status))()).toEqual([
        {
          type: 'PaymentRefundFailed',
          data: {
            paymentId,
            orderId,
            refundId: refundA,
            amountCents: 2000,
            detail: `provider: ${status}`,
          },
        },
      ]);
    },
  );

  it('given a refund pending, when the provider could not be reached, then PaymentRefundFailed; nothing moved', () => {
    const events = given(asked).when({
      type: 'RecordRefundFailure',
      refundId: refundA,
      detail: 'no answer',
    })();
    expect(events).toEqual([failed(refundA, 2000)]);
    const state = stateOf([...asked, ...events]);
    expect(refundableCents(state)).toBe(12000);
    expect(state.refunds[0]).toMatchObject({ status: 'failed', detail: 'no answer', failures: 1 });
  });

  it('given a retried refund, then each attempt has its own request and failure ids, and one completion id', () => {
    const once = stateOf(asked);
    const twice = stateOf([...asked, failed(refundA, 2000), requestedRefund(refundA, 2000)]);
    const ask = requestedRefund(refundA, 2000);
    expect(paymentStatusEventId('simulator', ask, stateOf(paid))).not.toBe(
      paymentStatusEventId('simulator', ask, twice),
    );
    expect(paymentStatusEventId('simulator', completed(refundA, 2000), once)).toBe(
      paymentStatusEventId('simulator', completed(refundA, 2000), twice),
    );
  });
});

describe("payment decider: the provider's report of refunds and chargebacks", () => {
  it('given a paid payment, when the provider lists a refund made there, then PaymentRefundCompleted reason provider under an id from its refund; again, nothing', () => {
    const listed = report({
      refunds: [{ id: '555', amountCents: 3000, status: 'approved', createdAt: at }],
    });
    const events = given(paid).when(listed)();
    expect(events).toEqual([
      {
        type: 'PaymentRefundCompleted',
        data: {
          ...ids,
          refundId: providerRefundId(paymentId, '555'),
          amountCents: 3000,
          reason: 'provider',
          providerRefundId: '555',
          refundedAt: at,
        },
      },
    ]);
    expect(given([...paid, ...events]).when(listed)()).toEqual([]);
  });

  it('given a shop refund pending, when the provider lists a refund of that amount, then it completes the shop refund', () => {
    const asked = [...paid, requestedRefund(refundA, 2000)];
    expect(
      given(asked).when(
        report({
          refunds: [{ id: 'p-' + refundA, amountCents: 2000, status: 'approved', createdAt: at }],
        }),
      )(),
    ).toEqual([completed(refundA, 2000)]);
  });

  it('given R$ 20,00 refunded, when the provider says refunded, then the rest (R$ 100,00) completes and PaymentRefunded', () => {
    const events = [...paid, requestedRefund(refundA, 2000), completed(refundA, 2000)];
    const decided = given(events).when(
      report({
        status: 'refunded',
        statusDetail: 'refunded',
        refunds: [{ id: 'p-' + refundA, amountCents: 2000, status: 'approved', createdAt: at }],
      }),
    )();
    expect(
      decided.map((event) => [
        event.type,
        'amountCents' in event.data ? event.data.amountCents : null,
      ]),
    ).toEqual([
      ['PaymentRefundCompleted', 10000],
      ['PaymentRefunded', null],
    ]);
    expect(refundableCents(stateOf([...events, ...decided]))).toBe(0);
  });

  it('given R$ 20,00 refunded, when charged back, then PaymentChargedBack of R$ 100,00; reported again, nothing', () => {
    const events = [...paid, requestedRefund(refundA, 2000), completed(refundA, 2000)];
    const chargeback = report({ status: 'charged_back', statusDetail: 'settled' });
    const decided = given(events).when(chargeback)();
    expect(decided).toEqual([
      { type: 'PaymentChargedBack', data: { ...ids, statusDetail: 'settled', amountCents: 10000 } },
    ]);
    expect(given([...events, ...decided]).when(chargeback)()).toEqual([]);
  });

  it('given a pending payment, when the provider reports it approved with a refund already, then PaymentApproved then the refund', () => {
    const decided = given([requested, pending]).when(
      report({ refunds: [{ id: '9', amountCents: 500, status: 'approved', createdAt: at }] }),
    )();
    expect(decided.map((event) => event.type)).toEqual([
      'PaymentApproved',
      'PaymentRefundCompleted',
    ]);
  });
});
