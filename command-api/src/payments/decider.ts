import { v5 as uuidv5 } from 'uuid';
import {
  parseEvent,
  paymentEventSchemas,
  paymentMessages,
  type PaymentEvent,
  type PaymentStatus,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { ProviderPayment } from '@quitute/infra/payment-gateway';
import type { Decider } from '../shared/decider';

export type PaymentRequest = Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'];

/** What the decider needs of the provider's report of its payment. */
export type ProviderReport = Pick<
  ProviderPayment,
  'id' | 'status' | 'statusDetail' | 'amountCents' | 'expiresAt' | 'pix' | 'boleto'
>;

/** The detail of an approval whose amount is not the order's: held for a person to look at. */
export const AMOUNT_MISMATCH = 'amount_mismatch';

/** 'requested' until the provider reported a status; then the shop's status of the last one. */
export type PaymentStage = 'requested' | PaymentStatus;

export type PaymentState =
  | { request: null }
  | {
      request: PaymentRequest;
      stage: PaymentStage;
      providerPaymentId: string | null;
      statusDetail: string;
      expiresAt: string | null;
      pix: { qrCode: string; ticketUrl?: string | undefined } | null;
      boleto: { url: string; digitableLine: string; barcode: string } | null;
      refundRequested: boolean;
      /** The provider's payments of earlier, declined attempts: their late reports change nothing. */
      declinedProviderPaymentIds: readonly string[];
    };
export type RequestedPayment = Exclude<PaymentState, { request: null }>;

/** The request's attempt: 1, or 2, 3… for another card after a declined one. */
export const attemptOf = (request: PaymentRequest): number => request.attempt ?? 1;

/**
 * Another card may pay the order (issue 36) once the provider declined this
 * attempt's card (a refusal of the request itself, without a payment at the
 * provider, is no decline).
 */
export function acceptsAnotherCard(payment: RequestedPayment): boolean {
  return (
    payment.stage === 'rejected' &&
    payment.providerPaymentId !== null &&
    (payment.request.method === 'credit_card' || payment.request.method === 'debit_card')
  );
}

export type ShopCancelReason = 'customer' | 'expired' | 'failed';

export type PaymentCommand =
  | { type: 'RequestPayment'; request: PaymentRequest }
  /** What the provider says of its payment now (its answer to create, a webhook, a reconciliation). */
  | { type: 'RecordProviderPayment'; report: ProviderReport }
  /** The provider refused to create the payment at all (a bad card token…). */
  | { type: 'RecordRequestRefused'; statusDetail: string }
  /**
   * The shop cancelled: `report` is the provider's answer to the cancel (customer,
   * expired); without one (failed) the provider never answered the request.
   */
  | { type: 'CancelPayment'; reason: ShopCancelReason; report: ProviderReport | null }
  /** Approved after its order was cancelled: the money goes back (once). */
  | { type: 'RequestRefund' };

/**
 * Which statuses may follow which. Nothing goes back (an approved payment is
 * never pending again, whatever order notifications arrive in) and each status
 * is recorded once per provider payment, which its event id relies on. A
 * payment approved while it was being cancelled is still recorded: the money
 * was taken, and the process manager gives it back.
 */
const NEXT: Record<PaymentStage, readonly PaymentStatus[]> = {
  requested: [
    'pending',
    'approved',
    'in_review',
    'rejected',
    'cancelled',
    'refunded',
    'charged_back',
  ],
  pending: ['approved', 'in_review', 'rejected', 'cancelled', 'refunded', 'charged_back'],
  in_review: ['approved', 'rejected', 'cancelled', 'refunded', 'charged_back'],
  approved: ['refunded', 'charged_back'],
  cancelled: ['approved'],
  rejected: [],
  refunded: [],
  charged_back: [],
};

/** The shop's payment status for a provider status (issue 10). */
export function shopPaymentStatus(status: ProviderPayment['status']): PaymentStatus {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'approved':
      return 'approved';
    case 'in_process':
    case 'in_mediation':
    case 'authorized':
      return 'in_review';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    default:
      return assertNever(status);
  }
}

/** The provider's word for a shop status, where an answer is rebuilt from the events. */
export function providerStatusOf(stage: PaymentStage): string {
  if (stage === 'requested') return 'pending';
  return stage === 'in_review' ? 'in_process' : stage;
}

const PAYMENT_EVENT_NAMESPACE = '5d8e3f0a-9b1c-4e27-a6d4-2f7c8b1e0a93';

/**
 * A payment event's id names the fact: `${provider}:${providerPaymentId}:${type}`
 * (before the provider answered, the request stands for its id), so the same
 * notification delivered twice, or a reconciliation racing a webhook, appends
 * nothing the second time.
 */
export function paymentStatusEventId(provider: string, event: PaymentEvent): string {
  const providerPaymentId = 'providerPaymentId' in event.data ? event.data.providerPaymentId : '';
  // A later attempt's request is a fact of its own (the first keeps the ids already in the log).
  const attempt = event.type === 'PaymentRequested' ? (event.data.attempt ?? 1) : 1;
  const request =
    attempt > 1 ? `request-${event.data.paymentId}-${attempt}` : `request-${event.data.paymentId}`;
  const subject = providerPaymentId || request;
  return uuidv5(`${provider}:${subject}:${event.type}`, PAYMENT_EVENT_NAMESPACE);
}

const stageOf = (event: PaymentEvent): PaymentStatus | null => {
  switch (event.type) {
    case 'PaymentPending':
      return 'pending';
    case 'PaymentApproved':
      return 'approved';
    case 'PaymentInReview':
      return 'in_review';
    case 'PaymentRejected':
      return 'rejected';
    case 'PaymentCancelled':
      return 'cancelled';
    case 'PaymentRefunded':
      return 'refunded';
    case 'PaymentChargedBack':
      return 'charged_back';
    case 'PaymentRequested':
    case 'PaymentRefundRequested':
      return null;
    default:
      return assertNever(event);
  }
};

/** The event recording a provider's report, or null when it says nothing new. */
function statusEvent(
  payment: RequestedPayment,
  report: ProviderReport,
  cancelReason: 'customer' | 'expired' | undefined,
): PaymentEvent | null {
  if (payment.providerPaymentId !== null && payment.providerPaymentId !== report.id) return null;
  if (payment.declinedProviderPaymentIds.includes(report.id)) return null;
  // An approval of another amount than the order's is never taken as payment.
  const status =
    report.status === 'approved' && report.amountCents !== payment.request.amountCents
      ? 'in_review'
      : shopPaymentStatus(report.status);
  if (!NEXT[payment.stage].includes(status)) return null;
  const ids = {
    paymentId: payment.request.paymentId,
    orderId: payment.request.orderId,
    providerPaymentId: report.id,
    statusDetail:
      status === 'in_review' && report.status === 'approved'
        ? AMOUNT_MISMATCH
        : report.statusDetail,
  };
  switch (status) {
    case 'pending':
      return {
        type: 'PaymentPending',
        data: {
          ...ids,
          ...(report.expiresAt ? { expiresAt: report.expiresAt } : {}),
          ...(report.pix
            ? {
                pix: {
                  qrCode: report.pix.qrCode,
                  ...(report.pix.ticketUrl ? { ticketUrl: report.pix.ticketUrl } : {}),
                },
              }
            : {}),
          ...(report.boleto ? { boleto: { ...report.boleto } } : {}),
        },
      };
    case 'approved':
      return { type: 'PaymentApproved', data: ids };
    case 'in_review':
      return { type: 'PaymentInReview', data: ids };
    case 'rejected':
      return { type: 'PaymentRejected', data: ids };
    case 'cancelled':
      return {
        type: 'PaymentCancelled',
        data: {
          ...ids,
          reason: cancelReason ?? (report.statusDetail === 'expired' ? 'expired' : 'provider'),
        },
      };
    case 'refunded':
      return {
        type: 'PaymentRefunded',
        data: { ...ids, reason: payment.refundRequested ? 'approved_after_cancel' : 'provider' },
      };
    case 'charged_back':
      return { type: 'PaymentChargedBack', data: ids };
    default:
      return assertNever(status);
  }
}

function requested(state: PaymentState): RequestedPayment {
  if (state.request === null) throw new AppError('not_found', paymentMessages.paymentNotFound);
  return state;
}

/** Detail of a payment the shop cancelled because the provider never answered its request. */
export const NO_PROVIDER_ANSWER = 'no_provider_answer';

/**
 * One payment of one order (stream payment-<paymentId>): requested by the
 * shop, then whatever the provider reports of it, in an order that only moves
 * forward, except that a card the provider declined may be followed by
 * another card: the payment is requested again (attempt 2, 3…) and starts
 * afresh. Every command may come again (a retried checkout, a repeated
 * webhook, the process manager after a restart) and then decides nothing.
 */
export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: { request: null },

  evolve(state, event) {
    if (event.type === 'PaymentRequested') {
      const declined =
        state.request !== null && state.providerPaymentId !== null
          ? [...state.declinedProviderPaymentIds, state.providerPaymentId]
          : [];
      return {
        request: event.data,
        stage: 'requested',
        providerPaymentId: null,
        statusDetail: '',
        expiresAt: null,
        pix: null,
        boleto: null,
        refundRequested: false,
        declinedProviderPaymentIds: declined,
      };
    }
    if (state.request === null) return state;
    if (event.type === 'PaymentRefundRequested') return { ...state, refundRequested: true };
    const stage = stageOf(event) ?? state.stage;
    const next: RequestedPayment = { ...state, stage, statusDetail: event.data.statusDetail };
    const providerPaymentId = event.data.providerPaymentId;
    if (providerPaymentId) next.providerPaymentId = providerPaymentId;
    if (event.type === 'PaymentPending') {
      next.expiresAt = event.data.expiresAt ?? null;
      next.pix = event.data.pix ?? null;
      next.boleto = event.data.boleto ?? null;
    }
    return next;
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestPayment': {
        const requestedAgain =
          state.request !== null &&
          acceptsAnotherCard(state) &&
          attemptOf(command.request) === attemptOf(state.request) + 1;
        return state.request === null || requestedAgain
          ? [{ type: 'PaymentRequested', data: command.request }]
          : [];
      }
      case 'RecordProviderPayment': {
        const event = statusEvent(requested(state), command.report, undefined);
        return event ? [event] : [];
      }
      case 'RecordRequestRefused': {
        const payment = requested(state);
        if (payment.stage !== 'requested') return [];
        return [
          {
            type: 'PaymentRejected',
            data: {
              paymentId: payment.request.paymentId,
              orderId: payment.request.orderId,
              statusDetail: command.statusDetail,
            },
          },
        ];
      }
      case 'CancelPayment': {
        const payment = requested(state);
        if (command.report) {
          const reason = command.reason === 'failed' ? undefined : command.reason;
          const event = statusEvent(payment, command.report, reason);
          return event ? [event] : [];
        }
        if (payment.stage !== 'requested') return [];
        return [
          {
            type: 'PaymentCancelled',
            data: {
              paymentId: payment.request.paymentId,
              orderId: payment.request.orderId,
              statusDetail: NO_PROVIDER_ANSWER,
              reason: command.reason,
            },
          },
        ];
      }
      case 'RequestRefund': {
        const payment = requested(state);
        if (payment.stage !== 'approved' || payment.refundRequested) return [];
        if (payment.providerPaymentId === null) return [];
        return [
          {
            type: 'PaymentRefundRequested',
            data: {
              paymentId: payment.request.paymentId,
              orderId: payment.request.orderId,
              providerPaymentId: payment.providerPaymentId,
              reason: 'approved_after_cancel',
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parsePaymentEvent(recorded: RecordedEvent): PaymentEvent | null {
  return parseEvent(paymentEventSchemas, recorded);
}
