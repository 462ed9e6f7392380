import { paymentMessages, type PaymentStatusDto } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { ProviderPayment } from '@quitute/infra/payment-gateway';
import { readOrder } from '../ordering/orders';
import {
  cancelKey,
  isRefusal,
  providerPayment,
  providerUnavailable,
  readPayment,
  requestedPayment,
  runPaymentCommand,
  UUID,
  withPaymentLane,
  type PaymentWork,
} from '../payments/payments';
import type { CommandContext } from '../shared/handle-command';
import { cancelResult } from './payment-result';

/**
 * POST /payments/cancel-payment: the customer cancels one of their own
 * payments. The provider's payment is read first and the order it names must
 * be the caller's; then, in the payment's lane, it is cancelled at the
 * provider while still open and what the provider answers is recorded. 409
 * when it can no longer be cancelled (its status recorded all the same).
 */
export async function cancelPayment(
  work: PaymentWork,
  input: { providerPaymentId: string; userId: string; context: CommandContext },
): Promise<{ answer: PaymentStatusDto; position: number }> {
  const { providerPaymentId, context } = input;
  const notFound = new AppError('not_found', paymentMessages.paymentNotFound);
  const current = await providerPayment(work, providerPaymentId);
  if (!current || !UUID.test(current.externalReference)) throw notFound;
  const { placed } = (await readOrder(work.stores, current.externalReference)).state;
  // Another customer's payment is answered exactly like one that does not exist.
  if (placed === null || placed.customer.userId !== input.userId) throw notFound;

  const cancelled = await withPaymentLane(work.stores, placed.paymentId, async () => {
    const payment = requestedPayment((await readPayment(work.stores, placed.paymentId)).state);
    if (!payment || (payment.providerPaymentId ?? providerPaymentId) !== providerPaymentId) {
      throw notFound;
    }
    const record = (report: ProviderPayment, reason?: 'customer') =>
      runPaymentCommand(
        work,
        placed.paymentId,
        reason
          ? { type: 'CancelPayment', reason, report }
          : { type: 'RecordProviderPayment', report },
        context,
      );
    // Cancelled already (it expired, say): recorded as it is, and the cancel holds.
    if (current.status === 'cancelled') return { report: current, result: await record(current) };
    const cannotCancel = async (report: ProviderPayment) => {
      await record(report);
      return new AppError('conflict', paymentMessages.cannotCancel);
    };
    if (!isOpen(current)) throw await cannotCancel(current);
    let report: ProviderPayment;
    try {
      report = await work.gateway.cancel(providerPaymentId, cancelKey(placed.paymentId));
    } catch (error) {
      if (!isRefusal(error)) throw providerUnavailable(work.logger, error, 'cancel');
      // Approved (or otherwise settled) between the read and the cancel.
      throw await cannotCancel((await providerPayment(work, providerPaymentId)) ?? current);
    }
    return { report, result: await record(report, 'customer') };
  });

  const payment = requestedPayment(cancelled.result.state);
  return {
    answer: cancelResult(placed, providerPaymentId, payment, cancelled.report),
    position: cancelled.result.position,
  };
}

/** What the shop may still cancel: not yet approved, rejected or settled. */
function isOpen(payment: ProviderPayment): boolean {
  return ['pending', 'in_process', 'authorized'].includes(payment.status);
}
