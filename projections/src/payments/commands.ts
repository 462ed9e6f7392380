import type { RecordedEvent } from '@quitute/infra/event-store';
import type { OrderCancelReason } from '@quitute/contracts';

/**
 * The payment process manager's port to the command side (issue 10): command-api
 * implements it, and its implementation must satisfy it structurally. Each command
 * is idempotent (deterministic event ids, decided on the stream's state: marking
 * an already-paid order paid appends nothing and does not throw). `cause` is the
 * event that made the process act: the appended events name it (causationId) and
 * share its correlationId.
 */
export interface PaymentProcessCommands {
  markOrderPaid(
    input: { orderId: string; paymentId: string; amountCents: number },
    cause: RecordedEvent,
  ): Promise<void>;
  cancelOrder(
    input: { orderId: string; reason: OrderCancelReason },
    cause: RecordedEvent,
  ): Promise<void>;
  checkOutCart(input: { userId: string; orderId: string }, cause: RecordedEvent): Promise<void>;
  recordOnlineSale(input: { orderId: string }, cause: RecordedEvent): Promise<void>;
  refundApprovedPayment(input: { paymentId: string }, cause: RecordedEvent): Promise<void>;
  expirePayment(
    input: { paymentId: string; reason: 'expired' | 'failed' },
    cause: RecordedEvent,
  ): Promise<void>;
  /** Re-reads the payment from the provider and appends the status event if it changed (webhook and reconciliation). */
  syncPaymentFromProvider(input: { paymentId: string }, cause: RecordedEvent | null): Promise<void>;
}
