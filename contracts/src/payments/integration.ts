import { z } from 'zod';
import { DELIVERY_TYPES } from '../ordering/constants';

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
  /**
   * Issue 41, for the admins' `newOrder` (from the order's OrderPlaced); absent
   * on messages published before, which the gateway tells no admin about.
   */
  totalCents: z.number().int().nonnegative().optional(),
  customerName: z.string().optional(),
  deliveryType: z.enum(DELIVERY_TYPES).optional(),
  deliveryDate: z.string().optional(),
});
export type PaymentApprovedMessage = z.infer<typeof paymentApprovedMessageSchema>;
