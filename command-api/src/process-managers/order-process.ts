import {
  orderProcessEventSchemas,
  orderStatusAfterPayment,
  parseEvent,
  PAYMENT_STATUS_OF,
  paymentStatusAfter,
  type CartLineRecord,
  type OrderCancelReason,
  type OrderProcessEvent,
  type OrderStatus,
  type PAYMENT_CANCEL_REASONS,
  type PaymentMethod,
  type PaymentRefundReason,
  type PaymentStatus,
  type PaymentStatusEventType,
  type RefundStatus,
  type SaleReversalReason,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { v5 as uuidv5 } from 'uuid';
import { orderCancelledRefundId, REFUND_NAMESPACE } from '../payments/refunds';
import type { PaymentProcessCommands } from './payment-process-commands';

/**
 * The payment process of one order, folded from the log: what has happened and
 * so what is left to do (pure; the process manager does the I/O). Causes are kept
 * as recorded events because the commands name them in the events they append.
 */

export interface PaymentProcess {
  paymentId: string;
  method: PaymentMethod;
  amountCents: number;
  /** PaymentRequested, once appended. */
  requested: RecordedEvent | null;
  /** The provider's last word that counts (see paymentStatusAfter); null before it answered. */
  report: PaymentReport | null;
  providerPaymentId: string | null;
  /** When an unpaid Pix or boleto stops being payable (ISO). */
  expiresAt: string | null;
  /** PaymentApproved, if the provider ever approved it. */
  approval: RecordedEvent | null;
  /** The shop asked for the money back of a payment approved after its order was cancelled. */
  refundRequested: boolean;
  /** Every refund asked or reported (issue 38), in the order they came. */
  refunds: readonly ProcessRefund[];
  /** PaymentChargedBack and what it took (centavos), once the provider reported one. */
  chargeback: { event: RecordedEvent; amountCents: number } | null;
}

/** One refund as the process follows it: the event asking it last, and its completion. */
export interface ProcessRefund {
  refundId: string;
  amountCents: number;
  status: RefundStatus;
  reason: PaymentRefundReason;
  /** The last PaymentRefundRequested of it; null for a refund made at the provider. */
  requested: RecordedEvent | null;
  /** PaymentRefundCompleted, once the money went back. */
  completed: RecordedEvent | null;
  /** When the money went back (ISO): the sale's refund counts on that day. */
  refundedAt: string | null;
}

export interface PaymentReport {
  status: PaymentStatus;
  event: RecordedEvent;
  /** What the order's cancellation says when this report cancels it (rejected, cancelled). */
  cancelReason: OrderCancelReason | null;
}

export interface OrderProcess {
  orderId: string;
  userId: string;
  placed: RecordedEvent;
  orderStatus: OrderStatus;
  /** OrderPaid, once appended. */
  paid: RecordedEvent | null;
  payment: PaymentProcess;
  cartCheckedOut: boolean;
  saleRecorded: boolean;
  /** OnlineSaleReversed: the sale stopped counting, its payment given back (before issue 38). */
  saleReversed: boolean;
  /** The refunds (and chargeback) already taken from the sale (OnlineSaleRefunded), by refundId. */
  saleRefunds: readonly string[];
  /** OrderStatusChanged to cancelled on a paid order (an admin's): what is left must go back. */
  cancelledWhilePaid: RecordedEvent | null;
  /** What this process manager has run for the order, by stepKey (not in the log). */
  progress: Readonly<Record<string, StepProgress>>;
}

export interface StepProgress {
  running: boolean;
  succeeded: boolean;
  failures: number;
  /** Not before this time (ms) after a failure. */
  retryAt: number;
}

type Input<K extends keyof PaymentProcessCommands> = Parameters<PaymentProcessCommands[K]>[0];

/** One command the process owes, with the event that makes it due. */
export type Step =
  | { kind: 'markOrderPaid'; input: Input<'markOrderPaid'>; cause: RecordedEvent }
  | { kind: 'cancelOrder'; input: Input<'cancelOrder'>; cause: RecordedEvent }
  | { kind: 'checkOutCart'; input: Input<'checkOutCart'>; cause: RecordedEvent }
  | { kind: 'recordOnlineSale'; input: Input<'recordOnlineSale'>; cause: RecordedEvent }
  | { kind: 'reverseOnlineSale'; input: Input<'reverseOnlineSale'>; cause: RecordedEvent }
  | { kind: 'refundApprovedPayment'; input: Input<'refundApprovedPayment'>; cause: RecordedEvent }
  | { kind: 'expirePayment'; input: Input<'expirePayment'>; cause: RecordedEvent }
  | { kind: 'refundOnlineSale'; input: Input<'refundOnlineSale'>; cause: RecordedEvent }
  | { kind: 'refundCancelledOrder'; input: Input<'refundCancelledOrder'>; cause: RecordedEvent }
  | { kind: 'resendRefund'; input: Input<'resendRefund'>; cause: RecordedEvent };

export interface ProcessRules {
  /** A payment still without a provider answer this long after it was requested has failed. */
  requestTimeoutMs: number;
  /** How long an order whose card was declined waits for another card before it is cancelled. */
  anotherCardMs: number;
  /**
   * Issue 38: how long a refund asked may wait for the provider's answer
   * before it is sent again (same key: the provider refunds once); the
   * request or the answer was lost in a crash.
   */
  refundAnswerTimeoutMs?: number;
  /**
   * How long after an admin cancelled a paid order its refund is left to the
   * admin's own request before the process asks it (the backstop).
   */
  cancelRefundGraceMs?: number;
  /**
   * Cancellations older than this are not refunded by the backstop: paid
   * orders cancelled before issue 38 (when a cancellation refunded nothing)
   * are not refunded behind the shop's back years later.
   */
  cancelRefundWindowMs?: number;
}

export const DEFAULT_REFUND_ANSWER_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_CANCEL_REFUND_GRACE_MS = 2 * 60_000;
export const DEFAULT_CANCEL_REFUND_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** A chargeback's refundId on the sale: one per order. */
export const chargebackRefundId = (orderId: string): string =>
  uuidv5(`${orderId}:chargeback`, REFUND_NAMESPACE);

export const DEFAULT_REQUEST_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_ANOTHER_CARD_MS = 30 * 60_000;
export const DEFAULT_PROCESS_RULES: ProcessRules = {
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  anotherCardMs: DEFAULT_ANOTHER_CARD_MS,
};

/** Identifies a step for its progress: the same command for another reason is another step. */
export function stepKey(step: Step): string {
  switch (step.kind) {
    case 'cancelOrder':
    case 'expirePayment':
      return `${step.kind}:${step.input.reason}`;
    case 'refundOnlineSale':
    case 'resendRefund':
      return `${step.kind}:${step.input.refundId}`;
    default:
      return step.kind;
  }
}

const CANCEL_REASON_OF_PAYMENT_CANCEL: Record<
  (typeof PAYMENT_CANCEL_REASONS)[number],
  OrderCancelReason
> = {
  customer: 'payment_cancelled',
  provider: 'payment_cancelled',
  expired: 'payment_expired',
  failed: 'payment_failed',
};

/** The order's process after one event; null for an event of an order never placed. */
export function evolveOrderProcess(
  state: OrderProcess | null,
  event: OrderProcessEvent,
  recorded: RecordedEvent,
): OrderProcess | null {
  if (event.type === 'OrderPlaced') {
    const placed = event.data;
    return (
      state ?? {
        orderId: placed.orderId,
        userId: placed.customer.userId,
        placed: recorded,
        orderStatus: 'pending',
        paid: null,
        payment: {
          paymentId: placed.paymentId,
          method: placed.paymentMethod,
          amountCents: placed.totalCents,
          requested: null,
          report: null,
          providerPaymentId: null,
          expiresAt: null,
          approval: null,
          refundRequested: false,
          refunds: [],
          chargeback: null,
        },
        cartCheckedOut: false,
        saleRecorded: false,
        saleReversed: false,
        saleRefunds: [],
        cancelledWhilePaid: null,
        progress: {},
      }
    );
  }
  if (!state) return null;
  switch (event.type) {
    case 'OrderPaid':
      return { ...state, orderStatus: orderStatusAfterPayment(state.orderStatus), paid: recorded };
    case 'OrderStatusChanged':
      return {
        ...state,
        orderStatus: event.data.to,
        cancelledWhilePaid:
          event.data.to === 'cancelled' && state.paid ? recorded : state.cancelledWhilePaid,
      };
    case 'OrderCancelled':
      return { ...state, orderStatus: 'cancelled' };
    case 'SaleRecorded':
      return { ...state, saleRecorded: true };
    case 'OnlineSaleReversed':
      return { ...state, saleReversed: true };
    case 'OnlineSaleRefunded':
      return { ...state, saleRefunds: [...state.saleRefunds, event.data.refundId] };
    case 'CartCheckedOut':
      return { ...state, cartCheckedOut: true };
    case 'PaymentRequested':
      // Another card after a declined one starts the payment afresh (issue 36).
      return withPayment(state, event.data.paymentId, {
        requested: recorded,
        method: event.data.method,
        amountCents: event.data.amountCents,
        ...(state.payment.requested
          ? { report: null, providerPaymentId: null, expiresAt: null, approval: null }
          : {}),
      });
    case 'PaymentRefundRequested': {
      const refundId = event.data.refundId ?? event.data.paymentId;
      const earlier = state.payment.refunds.find((refund) => refund.refundId === refundId);
      return withPayment(state, event.data.paymentId, {
        ...(event.data.reason === 'approved_after_cancel' ? { refundRequested: true } : {}),
        refunds: withProcessRefund(state.payment.refunds, {
          refundId,
          amountCents: event.data.amountCents ?? state.payment.amountCents,
          status: 'pending',
          reason: event.data.reason,
          requested: recorded,
          completed: earlier?.completed ?? null,
          refundedAt: null,
        }),
      });
    }
    case 'PaymentRefundCompleted': {
      const earlier = state.payment.refunds.find(
        (refund) => refund.refundId === event.data.refundId,
      );
      if (earlier?.status === 'completed') return state;
      return withPayment(state, event.data.paymentId, {
        refunds: withProcessRefund(state.payment.refunds, {
          refundId: event.data.refundId,
          amountCents: event.data.amountCents,
          status: 'completed',
          reason: event.data.reason,
          requested: earlier?.requested ?? null,
          completed: recorded,
          refundedAt: event.data.refundedAt || recorded.metadata.occurredAt,
        }),
      });
    }
    case 'PaymentRefundFailed': {
      const earlier = state.payment.refunds.find(
        (refund) => refund.refundId === event.data.refundId,
      );
      if (earlier?.status !== 'pending') return state;
      return withPayment(state, event.data.paymentId, {
        refunds: withProcessRefund(state.payment.refunds, { ...earlier, status: 'failed' }),
      });
    }
    case 'PaymentPending':
    case 'PaymentApproved':
    case 'PaymentRejected':
    case 'PaymentInReview':
    case 'PaymentCancelled':
    case 'PaymentRefunded':
    case 'PaymentChargedBack': {
      const charged =
        event.type === 'PaymentChargedBack' && !state.payment.chargeback
          ? withPayment(state, event.data.paymentId, {
              chargeback: {
                event: recorded,
                amountCents: event.data.amountCents ?? Math.max(0, leftToRefund(state.payment)),
              },
            })
          : state;
      const payment = charged.payment;
      const reported = PAYMENT_STATUS_OF[event.type];
      if (paymentStatusAfter(payment.report?.status ?? null, reported) !== reported) return charged;
      return withPayment(charged, event.data.paymentId, {
        report: { status: reported, event: recorded, cancelReason: cancelReasonOf(event) },
        providerPaymentId: event.data.providerPaymentId ?? payment.providerPaymentId,
        expiresAt:
          event.type === 'PaymentPending'
            ? (event.data.expiresAt ?? payment.expiresAt)
            : payment.expiresAt,
        approval: event.type === 'PaymentApproved' ? recorded : payment.approval,
      });
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

function withProcessRefund(
  refunds: readonly ProcessRefund[],
  refund: ProcessRefund,
): readonly ProcessRefund[] {
  const at = refunds.findIndex((earlier) => earlier.refundId === refund.refundId);
  return at < 0 ? [...refunds, refund] : refunds.map((earlier, i) => (i === at ? refund : earlier));
}

/** What the payment still holds (centavos): paid, less completed refunds and a chargeback. */
export function leftToRefund(payment: PaymentProcess): number {
  const refunded = payment.refunds
    .filter((refund) => refund.status === 'completed')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return payment.amountCents - refunded - (payment.chargeback?.amountCents ?? 0);
}

/** One payment per order: an event of another payment changes nothing. */
function withPayment(
  state: OrderProcess,
  paymentId: string,
  changes: Partial<PaymentProcess>,
): OrderProcess {
  if (paymentId !== state.payment.paymentId) return state;
  return { ...state, payment: { ...state.payment, ...changes } };
}

function cancelReasonOf(
  event: Extract<OrderProcessEvent, { type: PaymentStatusEventType }>,
): OrderCancelReason | null {
  switch (event.type) {
    case 'PaymentRejected':
      return 'payment_rejected';
    case 'PaymentCancelled':
      return CANCEL_REASON_OF_PAYMENT_CANCEL[event.data.reason];
    default:
      return null;
  }
}

/**
 * What the process owes now (issue 10's rules), leaving out a step already
 * running, one that succeeded in this process, and one waiting to be retried.
 * - approved, order neither paid nor cancelled ⇒ mark it paid;
 * - order paid ⇒ check the cart out and record the online sale;
 * - the payment of a recorded sale refunded or charged back ⇒ reverse the sale,
 *   once (given back before its sale was recorded: recorded, then reversed — the
 *   log alone cannot tell that no SaleRecorded is on its way);
 * - rejected or cancelled while the order is pending ⇒ cancel the order; a card the
 *   provider declined first leaves `anotherCardMs` for another card on the same order;
 * - approved after the order was cancelled (never paid) ⇒ refund, once;
 * - a pending Pix past its expiry ⇒ expire the payment (expired);
 * - no provider answer `requestTimeoutMs` after the request ⇒ expire it (failed);
 *   no payment requested at all that long after the order ⇒ cancel the order (failed).
 */
export function nextSteps(
  state: OrderProcess,
  now: number,
  rules: ProcessRules = DEFAULT_PROCESS_RULES,
): Step[] {
  const { orderId, payment } = state;
  const { paymentId } = payment;
  const status = payment.report?.status ?? null;
  const steps: Step[] = [];

  if (status === 'approved' && payment.approval) {
    if (!state.paid && state.orderStatus !== 'cancelled') {
      steps.push({
        kind: 'markOrderPaid',
        input: { orderId, paymentId, amountCents: payment.amountCents },
        cause: payment.approval,
      });
    }
    if (!state.paid && state.orderStatus === 'cancelled' && !payment.refundRequested) {
      steps.push({ kind: 'refundApprovedPayment', input: { paymentId }, cause: payment.approval });
    }
  }
  if (state.paid) {
    if (!state.cartCheckedOut) {
      steps.push({
        kind: 'checkOutCart',
        input: { userId: state.userId, orderId, lines: orderedLines(state.placed) },
        cause: state.paid,
      });
    }
    if (!state.saleRecorded) {
      steps.push({ kind: 'recordOnlineSale', input: { orderId }, cause: state.paid });
    }
  }
  const reversal = givenBack(payment);
  if (
    state.saleRecorded &&
    !state.saleReversed &&
    reversal !== null &&
    payment.report &&
    isOlderGivingBack(payment)
  ) {
    steps.push({
      kind: 'reverseOnlineSale',
      input: { orderId, reason: reversal },
      cause: payment.report.event,
    });
  }
  if (state.saleRecorded && !state.saleReversed && !isOlderGivingBack(payment)) {
    steps.push(...saleRefundSteps(state));
  }
  steps.push(...refundBackstopSteps(state, now, rules));
  const report = payment.report;
  const waitsForCard = anotherCardDeadline(state, rules);
  if (
    report?.cancelReason &&
    state.orderStatus === 'pending' &&
    (waitsForCard === null || now >= waitsForCard)
  ) {
    steps.push({
      kind: 'cancelOrder',
      input: { orderId, reason: report.cancelReason },
      cause: report.event,
    });
  }
  const expiry = pixExpiry(state);
  if (report && expiry !== null && now >= expiry) {
    steps.push({
      kind: 'expirePayment',
      input: { paymentId, reason: 'expired' },
      cause: report.event,
    });
  }
  const timeout = requestTimeout(state, rules);
  if (timeout !== null && now >= timeout) {
    steps.push(
      payment.requested
        ? {
            kind: 'expirePayment',
            input: { paymentId, reason: 'failed' },
            cause: payment.requested,
          }
        : {
            kind: 'cancelOrder',
            input: { orderId, reason: 'payment_failed' },
            cause: state.placed,
          },
    );
  }
  return steps.filter((step) => {
    const progress = state.progress[stepKey(step)];
    return !progress || (!progress.running && !progress.succeeded && progress.retryAt <= now);
  });
}

/**
 * A payment given back before issue 38: PaymentRefunded with no refund's
 * amount recorded, or a chargeback without its amount. Its sale is reversed
 * whole (OnlineSaleReversed), as then; since issue 38 every refund and
 * chargeback has its amount and the sale is refunded by each instead.
 */
function isOlderGivingBack(payment: PaymentProcess): boolean {
  const status = payment.report?.status;
  if (status === 'refunded') return !payment.refunds.some((refund) => refund.completed);
  if (status === 'charged_back') {
    const event = payment.chargeback?.event;
    return !event || typeof event.data['amountCents'] !== 'number';
  }
  return false;
}

/** Each completed refund and the chargeback, once, on the sale (OnlineSaleRefunded). */
function saleRefundSteps(state: OrderProcess): Step[] {
  const { orderId, payment } = state;
  const steps: Step[] = [];
  for (const refund of payment.refunds) {
    if (!refund.completed || state.saleRefunds.includes(refund.refundId)) continue;
    steps.push({
      kind: 'refundOnlineSale',
      input: {
        orderId,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        reason: 'refunded',
        refundedAt: refund.refundedAt ?? refund.completed.metadata.occurredAt,
      },
      cause: refund.completed,
    });
  }
  const chargeback = payment.chargeback;
  const chargebackId = chargebackRefundId(orderId);
  if (chargeback && chargeback.amountCents > 0 && !state.saleRefunds.includes(chargebackId)) {
    steps.push({
      kind: 'refundOnlineSale',
      input: {
        orderId,
        refundId: chargebackId,
        amountCents: chargeback.amountCents,
        reason: 'charged_back',
        refundedAt: chargeback.event.metadata.occurredAt,
      },
      cause: chargeback.event,
    });
  }
  return steps;
}

const refundRules = (rules: ProcessRules) => ({
  answerTimeoutMs: rules.refundAnswerTimeoutMs ?? DEFAULT_REFUND_ANSWER_TIMEOUT_MS,
  graceMs: rules.cancelRefundGraceMs ?? DEFAULT_CANCEL_REFUND_GRACE_MS,
  windowMs: rules.cancelRefundWindowMs ?? DEFAULT_CANCEL_REFUND_WINDOW_MS,
});

/** When a refund asked and unanswered is sent again; null when none waits. */
function refundResendAt(refund: ProcessRefund, rules: ProcessRules): number | null {
  if (refund.status !== 'pending' || !refund.requested) return null;
  return Date.parse(refund.requested.metadata.occurredAt) + refundRules(rules).answerTimeoutMs;
}

/**
 * When the backstop refunds a paid order an admin cancelled, if it must: money
 * left, no refund in progress, none of its cancellation asked, cancelled
 * within the window; null otherwise.
 */
function cancelRefundAt(state: OrderProcess, rules: ProcessRules, now: number): number | null {
  const cancelled = state.cancelledWhilePaid;
  if (!cancelled || !state.paid || state.orderStatus !== 'cancelled') return null;
  const { payment } = state;
  if (leftToRefund(payment) <= 0) return null;
  if (payment.refunds.some((refund) => refund.status === 'pending')) return null;
  const refundId = orderCancelledRefundId(state.orderId);
  if (payment.refunds.some((refund) => refund.refundId === refundId)) return null;
  const status = payment.report?.status;
  if (status === 'refunded' || status === 'charged_back') return null;
  const { graceMs, windowMs } = refundRules(rules);
  const at = Date.parse(cancelled.metadata.occurredAt);
  return now > at + windowMs ? null : at + graceMs;
}

/** Issue 38's backstop: nothing the shop asked to give back is lost in a crash. */
function refundBackstopSteps(state: OrderProcess, now: number, rules: ProcessRules): Step[] {
  const steps: Step[] = [];
  const { orderId, payment } = state;
  for (const refund of payment.refunds) {
    const resendAt = refundResendAt(refund, rules);
    if (resendAt !== null && now >= resendAt && refund.requested) {
      steps.push({
        kind: 'resendRefund',
        input: { paymentId: payment.paymentId, refundId: refund.refundId },
        cause: refund.requested,
      });
    }
  }
  const cancelAt = cancelRefundAt(state, rules, now);
  const cancelled = state.cancelledWhilePaid;
  if (cancelAt !== null && now >= cancelAt && cancelled) {
    steps.push({
      kind: 'refundCancelledOrder',
      input: { orderId, paymentId: payment.paymentId },
      cause: cancelled,
    });
  }
  return steps;
}

/** Refunds waiting on the clock: a resend, a cancelled order's backstop. */
function refundDeadlines(state: OrderProcess, rules: ProcessRules, now: number): (number | null)[] {
  return [
    ...state.payment.refunds.map((refund) => refundResendAt(refund, rules)),
    cancelRefundAt(state, rules, now),
  ];
}

/**
 * What the order took out of the cart (issue 38): its lines, as the cart counts
 * them. Read from OrderPlaced as folded (parseEvent keeps the parse it made).
 */
function orderedLines(placed: RecordedEvent): CartLineRecord[] {
  const event = parseEvent(orderProcessEventSchemas, placed);
  if (event?.type !== 'OrderPlaced') throw new Error(`event ${placed.id} is not OrderPlaced`);
  return event.data.items.map(({ productId, quantity }) => ({ productId, quantidade: quantity }));
}

/**
 * The next time (ms, after `now`) something may become due without a new event:
 * a Pix expiry, a request timeout, a retry. Null when nothing waits on the clock.
 */
export function nextDeadline(
  state: OrderProcess,
  now: number,
  rules: ProcessRules = DEFAULT_PROCESS_RULES,
): number | null {
  const retries = Object.values(state.progress)
    .filter((progress) => !progress.running && !progress.succeeded && progress.failures > 0)
    .map((progress) => progress.retryAt);
  const future = [
    pixExpiry(state),
    requestTimeout(state, rules),
    anotherCardDeadline(state, rules),
    ...refundDeadlines(state, rules, now),
    ...retries,
  ].filter((time): time is number => time !== null && time > now);
  return future.length > 0 ? Math.min(...future) : null;
}

/**
 * Until when an order whose card the provider declined waits for another card
 * (issue 36) before it is cancelled; null for any other order.
 */
function anotherCardDeadline(state: OrderProcess, rules: ProcessRules): number | null {
  const { payment } = state;
  const card = payment.method === 'credit_card' || payment.method === 'debit_card';
  if (!card || payment.report?.status !== 'rejected' || payment.providerPaymentId === null) {
    return null;
  }
  if (state.orderStatus !== 'pending') return null;
  const declinedAt = Date.parse(payment.report.event.metadata.occurredAt);
  return declinedAt + rules.anotherCardMs;
}

/** When a pending Pix stops being payable; null for anything else. */
function pixExpiry({ payment }: OrderProcess): number | null {
  if (payment.method !== 'pix' || payment.report?.status !== 'pending') return null;
  return payment.expiresAt === null ? null : Date.parse(payment.expiresAt);
}

/**
 * When a payment the provider never answered counts as failed: from its request,
 * or, if it was never even requested (the checkout stopped after placing the
 * order), from the order while it is pending.
 */
function requestTimeout(state: OrderProcess, rules: ProcessRules): number | null {
  const { payment } = state;
  if (payment.report) return null;
  if (payment.requested) {
    return Date.parse(payment.requested.metadata.occurredAt) + rules.requestTimeoutMs;
  }
  if (state.orderStatus !== 'pending') return null;
  return Date.parse(state.placed.metadata.occurredAt) + rules.requestTimeoutMs;
}

/** Why a paid order's sale stops counting: its payment refunded or charged back; null while it stands. */
function givenBack(payment: PaymentProcess): SaleReversalReason | null {
  const status = payment.report?.status;
  return status === 'refunded' || status === 'charged_back' ? status : null;
}

/**
 * Nothing can be due for this order any more, whatever comes: paid with its cart
 * checked out and its sale reversed (its payment given back, before issue 38),
 * or given back in full (refunded, charged back) with every refund taken from
 * its sale; refunded after a cancellation, or cancelled after a rejection
 * (final at the provider). The process manager forgets it.
 */
export function isFinished(state: OrderProcess): boolean {
  if (state.paid) {
    if (!state.cartCheckedOut || !state.saleRecorded) return false;
    if (state.saleReversed) return true;
    const { payment } = state;
    return (
      givenBack(payment) !== null &&
      leftToRefund(payment) <= 0 &&
      !isOlderGivingBack(payment) &&
      !payment.refunds.some((refund) => refund.status === 'pending') &&
      saleRefundSteps(state).length === 0
    );
  }
  if (state.orderStatus !== 'cancelled') return false;
  return state.payment.refundRequested || state.payment.report?.status === 'rejected';
}

/**
 * Paid, its cart checked out and its sale recorded, the payment standing, and
 * no refund waiting (none unanswered, none owed to the sale, none owed to an
 * admin's cancellation): nothing is due now, but a refund or a chargeback
 * (weeks later, maybe) will make the sale's refund due.
 */
export function isSettled(
  state: OrderProcess,
  now = 0,
  rules: ProcessRules = DEFAULT_PROCESS_RULES,
): boolean {
  return (
    state.paid !== null &&
    state.cartCheckedOut &&
    state.saleRecorded &&
    !state.saleReversed &&
    givenBack(state.payment) === null &&
    !state.payment.refunds.some((refund) => refund.status === 'pending') &&
    saleRefundSteps(state).length === 0 &&
    cancelRefundAt(state, rules, now) === null
  );
}

/**
 * Why an order that is not finished may still be let go of for now: settled
 * (its payment may yet be given back), or cancelled unpaid (its payment may
 * yet be approved, late, and must then be refunded).
 */
export type Dormancy = 'settled' | 'cancelled';

/**
 * Whether nothing is due for the order, nothing waits on the clock and its
 * payment has a final answer from the provider, so that only a new event of the
 * order can make a step due: the process manager then keeps just its id and folds it again from
 * the log when such an event comes. Judged on the log alone (progress left
 * out): a step that succeeded but whose event is not in yet keeps it awake.
 */
export function dormancyOf(
  state: OrderProcess,
  now: number,
  rules: ProcessRules = DEFAULT_PROCESS_RULES,
): Dormancy | null {
  if (isSettled(state, now, rules)) return 'settled';
  if (state.paid || state.orderStatus !== 'cancelled') return null;
  // Unanswered, its payment may still be requested or answered any moment; pending
  // or in review, reconciliation still re-reads it.
  const status = state.payment.report?.status;
  if (status === undefined || status === 'pending' || status === 'in_review') return null;
  const fromLog = { ...state, progress: {} };
  if (nextSteps(fromLog, now, rules).length > 0) return null;
  return nextDeadline(fromLog, now, rules) === null ? 'cancelled' : null;
}

/**
 * Whether an event of a dormant order can change what is due for it. A settled
 * order's status (delivered, say) changes none of its steps, and it is the one
 * event every settled order gets; everything else wakes the order up.
 */
export function wakes(dormancy: Dormancy, event: OrderProcessEvent): boolean {
  // An admin cancelling a paid order makes its refund due (issue 38): that status wakes it.
  return !(
    dormancy === 'settled' &&
    event.type === 'OrderStatusChanged' &&
    event.data.to !== 'cancelled'
  );
}

/** The state with one step's progress replaced. */
export function withProgress(
  state: OrderProcess,
  key: string,
  progress: StepProgress,
): OrderProcess {
  return { ...state, progress: { ...state.progress, [key]: progress } };
}
