import { z } from 'zod';
import { ORDER_CANCEL_REASONS, type OrderCancelReason } from '../ordering/events';
import { SALE_REVERSAL_REASONS, type SaleReversalReason } from '../sales/events';
import { eventMetadataSchema, type EventMetadata } from '../shared/metadata';

/** The event a reaction answers: its id becomes the causation of what the reaction appends. */
export interface CausingEvent {
  id: string;
  metadata: EventMetadata;
}

/**
 * What the payment process manager (projections/) asks of the command side
 * (command-api/ implements it; the embedded server and the projections
 * service wire them). Each command is idempotent: run again for the same
 * cause, it appends nothing and does not throw. `cause` null: a timer's own
 * initiative (reconciliation).
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

const id = z.string().min(1);

/** The causing event on the wire: its id and envelope, nothing else of it. */
export const causingEventSchema = z.strictObject({
  id,
  metadata: eventMetadataSchema.strict(),
});

const request = <Input extends z.ZodType, Cause extends z.ZodType>(input: Input, cause: Cause) =>
  z.strictObject({ input, cause });

/**
 * PaymentProcessCommands over HTTP (distributed topology): the body of
 * `POST /internal/payment-process/{command}` on command-api, which the
 * projections service's process manager calls. Strict: a key the command does
 * not take is refused, not dropped.
 */
export const paymentProcessRequestSchemas = {
  markOrderPaid: request(
    z.strictObject({ orderId: id, paymentId: id, amountCents: z.number().int().min(0) }),
    causingEventSchema,
  ),
  cancelOrder: request(
    z.strictObject({ orderId: id, reason: z.enum(ORDER_CANCEL_REASONS) }),
    causingEventSchema,
  ),
  checkOutCart: request(z.strictObject({ userId: id, orderId: id }), causingEventSchema),
  recordOnlineSale: request(z.strictObject({ orderId: id }), causingEventSchema),
  reverseOnlineSale: request(
    z.strictObject({ orderId: id, reason: z.enum(SALE_REVERSAL_REASONS) }),
    causingEventSchema,
  ),
  refundApprovedPayment: request(z.strictObject({ paymentId: id }), causingEventSchema),
  expirePayment: request(
    z.strictObject({ paymentId: id, reason: z.enum(['expired', 'failed']) }),
    causingEventSchema,
  ),
  syncPaymentFromProvider: request(
    z.strictObject({ paymentId: id }),
    causingEventSchema.nullable(),
  ),
} satisfies {
  [Name in keyof PaymentProcessCommands]: z.ZodType<{
    input: Parameters<PaymentProcessCommands[Name]>[0];
    cause: Parameters<PaymentProcessCommands[Name]>[1];
  }>;
};

export type PaymentProcessCommandName = keyof PaymentProcessCommands;

/** Whether a path segment names one of the process commands. */
export const isPaymentProcessCommandName = (name: string): name is PaymentProcessCommandName =>
  Object.hasOwn(paymentProcessRequestSchemas, name);

/** Where command-api serves each process command to the projections service. */
export const paymentProcessPath = (name: PaymentProcessCommandName) =>
  `/internal/payment-process/${name}`;
