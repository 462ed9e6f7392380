import { paymentMessages, paymentStreamName, type PaymentEvent } from '@quitute/contracts';
import { v5 as uuidv5 } from 'uuid';
import { AppError } from '@quitute/infra/errors';
import { storeLanes } from '../shared/store-lanes';
import type { Logger } from '@quitute/infra/logging';
import {
  PaymentGatewayError,
  type PaymentGateway,
  type ProviderPayment,
} from '@quitute/infra/payment-gateway';
import { namingFacts, retryOnConflict, startingFrom } from '../shared/command-wrappers';
import {
  commandStream,
  readAggregate,
  type CommandContext,
  type CommandResult,
  type CommandStores,
  type LoadedAggregate,
} from '../shared/handle-command';
import type { ShopSettingsReader } from '../shop/settings-reader';
import {
  parsePaymentEvent,
  paymentDecider,
  paymentStatusEventId,
  type PaymentCommand,
  type PaymentState,
  type RequestedPayment,
} from './decider';

/** What every payment flow works with: the stores and the provider (the notifier tells the customer, issue 41). */
export interface PaymentWork {
  stores: CommandStores;
  gateway: PaymentGateway;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The shop's settings: its e-mails name the shop as they say now; the checkout prices delivery with them. */
  shopSettings: ShopSettingsReader;
}

/** Names what a checkout makes (order, payment, steps): ids already in the log depend on it. */
export const CHECKOUT_NAMESPACE = '8c1f4b2e-7d3a-4f6e-9b0c-5a2d1e8f7c64';

/**
 * The order's one payment: named after the order, so a retried checkout asks
 * the provider under the same key, and a provider's report (which names the
 * order) finds its payment without reading the order.
 */
export function orderPaymentId(orderId: string): string {
  return uuidv5(`payment:${orderId}`, CHECKOUT_NAMESPACE);
}

/** The provider's idempotency keys of the shop's cancel (the customer's, or an expiry) and refund. */
export const cancelKey = (paymentId: string) => `cancel-${paymentId}`;
export const refundKey = (paymentId: string) => `refund-${paymentId}`;

/** Payment commands decide on the payment as it stands, so a conflict is retried. */
export const PAYMENT_CONFLICT_RETRIES = 10;

/** A payment stream stays short (a request and a few statuses): read whole, no snapshots. */
function paymentStream(stores: CommandStores, paymentId: string) {
  return commandStream(
    stores.eventStore,
    paymentStreamName(paymentId),
    paymentDecider,
    parsePaymentEvent,
  );
}

export function readPayment(
  stores: CommandStores,
  paymentId: string,
): Promise<LoadedAggregate<PaymentState>> {
  return readAggregate(paymentStream(stores, paymentId));
}

export interface PaymentCommandResult extends CommandResult<PaymentState> {
  /** What this run appended (nothing when the stream already held it). */
  appended: PaymentEvent[];
}

/**
 * Runs a payment command; event ids name the facts (paymentStatusEventId). Whoever
 * appends the refund of a payment approved after its order was cancelled
 * tells the customer by e-mail: one writer appends it, so one e-mail is sent
 * (a failed send is logged, not retried: the order's details say it too).
 */
export async function runPaymentCommand(
  work: PaymentWork,
  paymentId: string,
  command: PaymentCommand,
  context: CommandContext,
  /** The payment as the caller just read or appended to it, in its lane: see startingFrom. */
  loaded?: CommandResult<PaymentState>,
): Promise<PaymentCommandResult> {
  // The events of the run that appended: the pipeline decides last on the state it appends to.
  let decided: PaymentEvent[] = [];
  let decidedOn: PaymentState = paymentDecider.initialState;
  const decide = (toDecide: PaymentCommand, state: PaymentState) => {
    decidedOn = state;
    return (decided = paymentDecider.decide(toDecide, state));
  };
  const recording = {
    ...paymentStream(work.stores, paymentId),
    decider: { ...paymentDecider, decide },
  };
  const stream = namingFacts(startingFrom(recording, loaded), (event) =>
    paymentStatusEventId(work.gateway.provider, event, decidedOn),
  );
  const result = await retryOnConflict(PAYMENT_CONFLICT_RETRIES, stream, command, context);
  return { ...result, appended: decided };
}

/**
 * Work on one payment runs one at a time in this process (the checkout, the
 * webhook, a cancel, the process manager): a webhook announcing the shop's
 * own cancel then finds it recorded with its reason. Other processes are met
 * by the event ids and expected revisions.
 */
const paymentLanes = storeLanes();

export function withPaymentLane<T>(
  stores: CommandStores,
  paymentId: string,
  work: () => Promise<T>,
): Promise<T> {
  return paymentLanes(stores.eventStore).run(paymentId, work);
}

/** The provider refused the request itself (bad card token, bad data): retrying the same cannot help. */
export function isRefusal(error: unknown): error is PaymentGatewayError {
  return (
    error instanceof PaymentGatewayError &&
    !error.retryable &&
    error.status >= 400 &&
    error.status < 500
  );
}

/** The provider could not be reached or failed: 503, try again later. */
export function providerUnavailable(
  logger: Pick<Logger, 'warn'>,
  error: unknown,
  operation: string,
): AppError {
  logger.warn({ err: error, operation }, 'payment provider unavailable');
  return new AppError('unavailable', paymentMessages.providerUnavailable);
}

/** Reads a payment from the provider; null when it does not know it; 503 when it cannot answer. */
export async function providerPayment(
  work: PaymentWork,
  providerPaymentId: string,
): Promise<ProviderPayment | null> {
  try {
    return await work.gateway.get(providerPaymentId);
  } catch (error) {
    throw providerUnavailable(work.logger, error, 'get');
  }
}

export type SyncOutcome =
  | { kind: 'unknown'; reason: string }
  | { kind: 'recorded'; paymentId: string; result: PaymentCommandResult };

/**
 * Records what the provider says of one of its payments now (a webhook, a
 * reconciliation): its external reference is our order, whose payment stream
 * gets the status event. A payment that is none of ours changes nothing.
 */
export async function recordProviderPayment(
  work: PaymentWork,
  report: ProviderPayment,
  context: CommandContext,
): Promise<SyncOutcome> {
  const orderId = report.externalReference;
  if (!UUID.test(orderId)) return { kind: 'unknown', reason: 'external reference is no order' };
  const paymentId = orderPaymentId(orderId);
  return withPaymentLane(work.stores, paymentId, async () => {
    const loaded = await readPayment(work.stores, paymentId);
    const payment = requestedPayment(loaded.state);
    if (payment?.request.orderId !== orderId) {
      return { kind: 'unknown', reason: 'no payment requested for such an order' };
    }
    if (payment.providerPaymentId !== null && payment.providerPaymentId !== report.id) {
      return { kind: 'unknown', reason: 'another provider payment of the order' };
    }
    const result = await runPaymentCommand(
      work,
      paymentId,
      { type: 'RecordProviderPayment', report },
      context,
      loaded,
    );
    return { kind: 'recorded', paymentId, result };
  });
}

export function requestedPayment(state: PaymentState): RequestedPayment | null {
  return state.request === null ? null : state;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
