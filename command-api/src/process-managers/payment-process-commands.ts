import type { EventMetadata, OrderCancelReason, SaleReversalReason } from '@quitute/contracts';

/** The event a reaction answers: its id becomes the causation of what the reaction appends. */
export interface CausingEvent {
  id: string;
  metadata: EventMetadata;
}

/**
 * What the payment process manager asks of the command handlers, in process
 * (payments/process-commands.ts implements it). Each command is idempotent:
 * run again for the same cause, it appends nothing and does not throw.
 * `cause` null: a timer's own initiative (reconciliation).
 */
export interface PaymentProcessCommands {
  markOrderPaid(
    input: { orderId: string; paymentId: string; amountCents: number },
    cause: CausingEvent,
  ): Promise<void>;
  cancelOrder(
    input: { orderId: string; reason: OrderCancelReason },
    cause: CausingEvent,
  ): Promise<void>;
  checkOutCart(input: { userId: string; orderId: string }, cause: CausingEvent): Promise<void>;
  recordOnlineSale(input: { orderId: string }, cause: CausingEvent): Promise<void>;
  /** The order's recorded online sale stops counting: its payment was refunded or charged back. */
  reverseOnlineSale(
    input: { orderId: string; reason: SaleReversalReason },
    cause: CausingEvent,
  ): Promise<void>;
  refundApprovedPayment(input: { paymentId: string }, cause: CausingEvent): Promise<void>;
  expirePayment(
    input: { paymentId: string; reason: 'expired' | 'failed' },
    cause: CausingEvent,
  ): Promise<void>;
  /** Re-reads the payment from the provider and records its status if it changed (webhook and reconciliation). */
  syncPaymentFromProvider(input: { paymentId: string }, cause: CausingEvent | null): Promise<void>;
}
