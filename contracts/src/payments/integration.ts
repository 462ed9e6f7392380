import { z } from 'zod';

/**
 * Integration events the relay publishes on the bus (Kafka when distributed,
 * in-process embedded). `eventId` is the source event's id: consumers
 * de-duplicate by it (ARCHITECTURE §4).
 */
export const PAYMENTS_TOPIC = 'quitute.payments';

export const paymentApprovedMessageSchema = z.object({
  type: z.literal('PaymentApproved'),
  eventId: z.string(),
  userId: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** The provider's payment id. */
  paymentId: z.string().nullable(),
  occurredAt: z.string(),
});
export type PaymentApprovedMessage = z.infer<typeof paymentApprovedMessageSchema>;
