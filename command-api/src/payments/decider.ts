import { v5 as uuidv5 } from 'uuid';
import {
  centsToReais,
  checkoutMessages,
  formatBRL,
  parseEvent,
  paymentEventSchemas,
  paymentMessages,
  refundMessages,
  type PaymentEvent,
  type PaymentRefundReason,
  type PaymentStatus,
  type RefundStatus,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { ProviderPayment, ProviderRefund } from '@quitute/infra/payment-gateway';
import type { Decider } from '../shared/decider';

export type PaymentRequest = Extract<PaymentEvent, { type: 'PaymentRequested' }>['data'];

/** What the decider needs of the provider's report of its payment. */
export type ProviderReport = Pick<
  ProviderPayment,
  'id' | 'status' | 'statusDetail' | 'amountCents' | 'expiresAt' | 'pix' | 'boleto' | 'refunds'
> &
  /** The provider's last change: when a whole refund it lists no parts of happened. */
  Partial<Pick<ProviderPayment, 'updatedAt'>>;

/** One refund of the payment as the shop follows it (issue 38), by its refundId. */
export interface RefundEntry {
  refundId: string;
  amountCents: number;
  status: RefundStatus;
  reason: PaymentRefundReason;
  note: string | undefined;
  /** The provider's id of the refund once it named it. */
  providerRefundId: string | undefined;
  /** Why it failed last (the provider's word, or that it did not answer); null otherwise. */
  detail: string | null;
  /** How many times it failed: each new request of it is another fact (its event id counts them). */
  failures: number;
}

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
      /** A refund of the payment approved after its order was cancelled was asked (issue 10). */
      refundRequested: boolean;
      /** The provider's payments of earlier, declined attempts: their late reports change nothing. */
      declinedProviderPaymentIds: readonly string[];
      /** Every refund asked or reported, in the order they came (issue 38). */
      refunds: readonly RefundEntry[];
      /** What went back to the payer: the completed refunds. */
      refundedCents: number;
      /** What the provider took back in a chargeback (0 without one). */
      chargedBackCents: number;
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
  /** Approved after its order was cancelled: the whole payment goes back (once), refundId = the payment's id. */
  | { type: 'RequestRefund' }
  /**
   * The shop gives money back (issue 38): part, or "the rest" (all that is
   * left). The same refundId again decides nothing, unless it failed: then it
   * is asked again (retried, same amount, same key at the provider).
   */
  | {
      type: 'RequestPaymentRefund';
      refundId: string;
      amountCents: number | 'rest';
      reason: Extract<PaymentRefundReason, 'admin' | 'order_cancelled'>;
      note?: string | undefined;
    }
  /** The admin retries a failed refund under its refundId: 404 unknown, 409 not failed. */
  | { type: 'RetryRefund'; refundId: string }
  /** The provider's answer to a refund the shop asked (approved, in process, rejected, cancelled). */
  | { type: 'RecordRefundAnswer'; refundId: string; refund: ProviderRefund }
  /** The provider could not be reached, or refused the request itself: nothing moved. */
  | { type: 'RecordRefundFailure'; refundId: string; detail: string };

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
 * nothing the second time. A refund's events (issue 38) name their refund
 * too, and its request and failure the attempt (`state`: the payment the
 * event was decided on; a failed refund asked again is a new fact); its
 * completion happens once whatever the attempt.
 */
export function paymentStatusEventId(
  provider: string,
  event: PaymentEvent,
  state?: PaymentState,
): string {
  if (
    event.type === 'PaymentRefundRequested' ||
    event.type === 'PaymentRefundCompleted' ||
    event.type === 'PaymentRefundFailed'
  ) {
    const refundId = event.data.refundId ?? event.data.paymentId;
    const entry = state?.request ? refundOf(state, refundId) : undefined;
    const attempt = event.type === 'PaymentRefundCompleted' ? '' : `:${entry?.failures ?? 0}`;
    return uuidv5(
      `${provider}:refund-${refundId}:${event.type}${attempt}`,
      PAYMENT_EVENT_NAMESPACE,
    );
  }
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
    case 'PaymentRefundCompleted':
    case 'PaymentRefundFailed':
      return null;
    default:
      return assertNever(event);
  }
};

/** The refund `refundId` of the payment, if it was asked or reported. */
export function refundOf(payment: RequestedPayment, refundId: string): RefundEntry | undefined {
  return payment.refunds.find((refund) => refund.refundId === refundId);
}

/** A refund asked and not yet answered by the provider (one at a time per payment). */
export function pendingRefund(payment: RequestedPayment): RefundEntry | undefined {
  return payment.refunds.find((refund) => refund.status === 'pending');
}

/** The payment took the money: approved, and maybe given back since. */
export function wasPaid(payment: RequestedPayment): boolean {
  return (
    payment.stage === 'approved' || payment.stage === 'refunded' || payment.stage === 'charged_back'
  );
}

/**
 * What may still go back (centavos): paid, less the completed refunds and a
 * chargeback; 0 for a payment never paid, and for one the provider reports
 * refunded in full (older logs recorded that without the refunds' amounts).
 */
export function refundableCents(payment: RequestedPayment): number {
  if (!wasPaid(payment) || payment.stage === 'refunded') return 0;
  return Math.max(
    0,
    payment.request.amountCents - payment.refundedCents - payment.chargedBackCents,
  );
}

/** The refundId of the whole refund of a payment approved after its order was cancelled: the payment's own id. */
export const approvedAfterCancelRefundId = (paymentId: string): string => paymentId;

/** A refund made at the provider, named after the provider's refund: reported again, it is the same. */
export const providerRefundId = (paymentId: string, providerRefund: string): string =>
  uuidv5(`${paymentId}:provider-refund:${providerRefund}`, PAYMENT_EVENT_NAMESPACE);

/** What the provider refunded beyond the refunds it listed, when it says the whole payment is refunded. */
export const refundedRestId = (paymentId: string): string =>
  uuidv5(`${paymentId}:refunded-rest`, PAYMENT_EVENT_NAMESPACE);

function withRefund(payment: RequestedPayment, entry: RefundEntry): RequestedPayment {
  const others = payment.refunds.filter((refund) => refund.refundId !== entry.refundId);
  const at = payment.refunds.findIndex((refund) => refund.refundId === entry.refundId);
  const refunds =
    at < 0 ? [...others, entry] : [...others.slice(0, at), entry, ...others.slice(at)];
  return { ...payment, refunds };
}

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
        data: {
          ...ids,
          reason: payment.refundRequested
            ? 'approved_after_cancel'
            : (payment.refunds.findLast((refund) => refund.status === 'completed')?.reason ??
              'provider'),
        },
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

const conflict = (message: string) => new AppError('conflict', message);

/** Why no money can go back now, if so (checked before any refund is asked; issue 38). */
function refusalOfRefund(payment: RequestedPayment, amountCents: number | 'rest'): AppError | null {
  // Whole centavos, at least one: the route's field says so, and the decider never trusts a caller.
  if (amountCents !== 'rest' && !(Number.isSafeInteger(amountCents) && amountCents >= 1)) {
    return new AppError('validation', refundMessages.amountZero);
  }
  if (payment.stage === 'charged_back' || payment.chargedBackCents > 0) {
    return conflict(refundMessages.chargedBack);
  }
  if (!wasPaid(payment)) return conflict(refundMessages.notPaid);
  if (pendingRefund(payment)) return conflict(refundMessages.inProgress);
  const left = refundableCents(payment);
  if (left === 0) return conflict(refundMessages.nothingLeft);
  if (amountCents !== 'rest' && amountCents > left) {
    return conflict(refundMessages.exceedsRemaining(formatBRL(centsToReais(left))));
  }
  return null;
}

function requestPaymentRefund(
  state: PaymentState,
  command: Extract<PaymentCommand, { type: 'RequestPaymentRefund' }>,
): PaymentEvent[] {
  if (state.request === null) throw conflict(refundMessages.notPaid);
  const payment = state;
  const earlier = refundOf(payment, command.refundId);
  if (earlier) {
    // The same request again (a retried Idempotency-Key, a repeated cancel): as it stands.
    const sameRequest =
      earlier.reason === command.reason &&
      (earlier.note ?? '') === (command.note ?? '') &&
      (command.amountCents === 'rest' || command.amountCents === earlier.amountCents);
    if (!sameRequest) throw conflict(checkoutMessages.idempotencyKeyReused);
    return earlier.status === 'failed' ? askRefund(payment, earlier) : [];
  }
  return askRefund(payment, command);
}

/**
 * A refund asked, new or a failed one again (same id, amount and key at the
 * provider): refused as refusalOfRefund says, else PaymentRefundRequested.
 */
function askRefund(
  payment: RequestedPayment,
  refund: {
    refundId: string;
    amountCents: number | 'rest';
    reason: PaymentRefundReason;
    note?: string | undefined;
  },
): PaymentEvent[] {
  const refusal = refusalOfRefund(payment, refund.amountCents);
  if (refusal) throw refusal;
  const { providerPaymentId } = payment;
  if (providerPaymentId === null) throw conflict(refundMessages.notPaid);
  return [
    {
      type: 'PaymentRefundRequested',
      data: {
        paymentId: payment.request.paymentId,
        orderId: payment.request.orderId,
        providerPaymentId,
        reason: refund.reason,
        refundId: refund.refundId,
        amountCents: refund.amountCents === 'rest' ? refundableCents(payment) : refund.amountCents,
        ...(refund.note ? { note: refund.note } : {}),
      },
    },
  ];
}

function completion(
  payment: RequestedPayment,
  entry: Pick<RefundEntry, 'refundId' | 'amountCents' | 'reason' | 'note'>,
  refund: Pick<ProviderRefund, 'id' | 'createdAt'> | null,
  refundedAt = '',
): PaymentEvent {
  return {
    type: 'PaymentRefundCompleted',
    data: {
      paymentId: payment.request.paymentId,
      orderId: payment.request.orderId,
      providerPaymentId: payment.providerPaymentId ?? '',
      refundId: entry.refundId,
      amountCents: entry.amountCents,
      reason: entry.reason,
      ...(entry.note ? { note: entry.note } : {}),
      ...(refund ? { providerRefundId: refund.id } : {}),
      refundedAt: refund?.createdAt ?? refundedAt,
    },
  };
}

function refundFailure(
  payment: RequestedPayment,
  entry: RefundEntry,
  detail: string,
): PaymentEvent {
  return {
    type: 'PaymentRefundFailed',
    data: {
      paymentId: payment.request.paymentId,
      orderId: payment.request.orderId,
      refundId: entry.refundId,
      amountCents: entry.amountCents,
      detail,
    },
  };
}

/** A shop refund not yet completed that a provider's refund of `amountCents` may be (pending first). */
function shopRefundOfAmount(
  payment: RequestedPayment,
  amountCents: number,
): RefundEntry | undefined {
  const open = payment.refunds.filter(
    (refund) =>
      refund.status !== 'completed' &&
      refund.providerRefundId === undefined &&
      refund.amountCents === amountCents,
  );
  return open.find((refund) => refund.status === 'pending') ?? open[0];
}

/**
 * What a provider's report adds (issue 38): the refunds it lists that went
 * through and are not recorded yet (one of the shop's own of that amount,
 * asked and unanswered, or failed for want of an answer, is that one; any
 * other was made at the provider), then its status; a payment refunded in
 * full with less recorded completes the rest, and a chargeback takes what was
 * left. Each decided on the payment as the earlier ones leave it, so a
 * repeated report decides nothing.
 */
function providerReportEvents(payment: RequestedPayment, report: ProviderReport): PaymentEvent[] {
  const events: PaymentEvent[] = [];
  let now = payment;
  const add = (event: PaymentEvent) => {
    events.push(event);
    now = paymentDecider.evolve(now, event) as RequestedPayment;
  };
  const ours =
    (payment.providerPaymentId === null || payment.providerPaymentId === report.id) &&
    !payment.declinedProviderPaymentIds.includes(report.id);
  const status = statusEvent(payment, report, undefined);
  if (status?.type === 'PaymentApproved' || status?.type === 'PaymentInReview') add(status);
  if (ours && wasPaid(now) && now.providerPaymentId !== null) {
    for (const refund of report.refunds ?? []) {
      if (refund.status !== 'approved') continue;
      if (now.refunds.some((entry) => entry.providerRefundId === refund.id)) continue;
      const entry = shopRefundOfAmount(now, refund.amountCents) ?? {
        refundId: providerRefundId(now.request.paymentId, refund.id),
        amountCents: refund.amountCents,
        reason: 'provider' as const,
        note: undefined,
      };
      if (refundOf(now, entry.refundId)?.status === 'completed') continue;
      add(completion(now, entry, refund));
    }
  }
  const final = statusEvent(now, report, undefined);
  if (final?.type === 'PaymentRefunded') {
    const rest = now.request.amountCents - now.refundedCents - now.chargedBackCents;
    if (rest > 0 && wasPaid(now)) {
      const entry = shopRefundOfAmount(now, rest) ?? {
        refundId: refundedRestId(now.request.paymentId),
        amountCents: rest,
        reason: now.refundRequested ? ('approved_after_cancel' as const) : ('provider' as const),
        note: undefined,
      };
      const lastRefundAt = (report.refunds ?? [])
        .map((refund) => refund.createdAt)
        .sort()
        .at(-1);
      add(completion(now, entry, null, lastRefundAt ?? report.updatedAt));
    }
    add(final);
  } else if (final?.type === 'PaymentChargedBack') {
    add({
      ...final,
      data: {
        ...final.data,
        amountCents: Math.max(
          0,
          now.request.amountCents - now.refundedCents - now.chargedBackCents,
        ),
      },
    });
  } else if (final && final.type !== 'PaymentApproved' && final.type !== 'PaymentInReview') {
    add(final);
  }
  return events;
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
        refunds: [],
        refundedCents: 0,
        chargedBackCents: 0,
      };
    }
    if (state.request === null) return state;
    switch (event.type) {
      case 'PaymentRefundRequested': {
        // Before issue 38 a refund had no id or amount: the whole payment, under the payment's id.
        const refundId =
          event.data.refundId ?? approvedAfterCancelRefundId(state.request.paymentId);
        const earlier = refundOf(state, refundId);
        const next = withRefund(state, {
          refundId,
          amountCents: event.data.amountCents ?? state.request.amountCents,
          status: 'pending',
          reason: event.data.reason,
          note: event.data.note,
          providerRefundId: earlier?.providerRefundId,
          detail: null,
          failures: earlier?.failures ?? 0,
        });
        return event.data.reason === 'approved_after_cancel'
          ? { ...next, refundRequested: true }
          : next;
      }
      case 'PaymentRefundCompleted': {
        const { refundId, amountCents, reason, note, providerRefundId: provided } = event.data;
        const earlier = refundOf(state, refundId);
        if (earlier?.status === 'completed') return state;
        const next = withRefund(state, {
          refundId,
          amountCents,
          status: 'completed',
          reason,
          note: note ?? earlier?.note,
          providerRefundId: provided ?? earlier?.providerRefundId,
          detail: null,
          failures: earlier?.failures ?? 0,
        });
        return { ...next, refundedCents: state.refundedCents + amountCents };
      }
      case 'PaymentRefundFailed': {
        const earlier = refundOf(state, event.data.refundId);
        if (!earlier || earlier.status !== 'pending') return state;
        return withRefund(state, {
          ...earlier,
          status: 'failed',
          detail: event.data.detail,
          failures: earlier.failures + 1,
        });
      }
      default:
        break;
    }
    const stage = stageOf(event) ?? state.stage;
    const next: RequestedPayment = { ...state, stage, statusDetail: event.data.statusDetail };
    const providerPaymentId = event.data.providerPaymentId;
    if (providerPaymentId) next.providerPaymentId = providerPaymentId;
    if (event.type === 'PaymentPending') {
      next.expiresAt = event.data.expiresAt ?? null;
      next.pix = event.data.pix ?? null;
      next.boleto = event.data.boleto ?? null;
    }
    if (event.type === 'PaymentChargedBack') {
      // Older chargebacks carry no amount: what was left of the payment.
      next.chargedBackCents =
        event.data.amountCents ??
        Math.max(0, state.request.amountCents - state.refundedCents - state.chargedBackCents);
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
      case 'RecordProviderPayment':
        return providerReportEvents(requested(state), command.report);
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
        const refundId = approvedAfterCancelRefundId(payment.request.paymentId);
        if (refundOf(payment, refundId) || refundableCents(payment) === 0) return [];
        return [
          {
            type: 'PaymentRefundRequested',
            data: {
              paymentId: payment.request.paymentId,
              orderId: payment.request.orderId,
              providerPaymentId: payment.providerPaymentId,
              reason: 'approved_after_cancel',
              refundId,
              amountCents: refundableCents(payment),
            },
          },
        ];
      }
      case 'RequestPaymentRefund':
        return requestPaymentRefund(state, command);
      case 'RetryRefund': {
        const payment = state.request === null ? null : state;
        const entry = payment ? refundOf(payment, command.refundId) : undefined;
        if (!payment || !entry) throw new AppError('not_found', refundMessages.refundNotFound);
        if (entry.status !== 'failed') throw new AppError('conflict', refundMessages.notFailed);
        return askRefund(payment, entry);
      }
      case 'RecordRefundAnswer': {
        const payment = requested(state);
        const entry = refundOf(payment, command.refundId);
        if (entry?.status !== 'pending' || payment.providerPaymentId === null) return [];
        const { refund } = command;
        switch (refund.status) {
          case 'approved':
            return [completion(payment, entry, refund)];
          case 'in_process':
            return [];
          case 'rejected':
          case 'cancelled':
            return [refundFailure(payment, entry, `provider: ${refund.status}`)];
          default:
            return assertNever(refund.status);
        }
      }
      case 'RecordRefundFailure': {
        const payment = requested(state);
        const entry = refundOf(payment, command.refundId);
        if (entry?.status !== 'pending') return [];
        return [refundFailure(payment, entry, command.detail)];
      }
      default:
        return assertNever(command);
    }
  },
};

export function parsePaymentEvent(recorded: RecordedEvent): PaymentEvent | null {
  return parseEvent(paymentEventSchemas, recorded);
}
