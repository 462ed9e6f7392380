import { z } from 'zod';
import type { EventOf } from '../shared/events';

/**
 * Custom (event) orders, stream `customorder-<requestId>`: one stream per
 * request a customer or visitor sends from /encomendas. It holds the person's
 * contact, so it is the one place they are kept (ARCHITECTURE: personal data
 * stays in this stream and its read model). Append-only (STYLE rule 3).
 */
export const customOrderRequestedSchema = z.object({
  requestId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** As typed, without punctuation: an optional plus and 10 to 15 digits. */
  phone: z.string(),
  /** The event's day, `YYYY-MM-DD`. */
  eventDate: z.iso.date(),
  details: z.string(),
  /** The signed-in customer who sent it, when a valid token came along. */
  customerId: z.uuid().optional(),
});

export const customOrderEventSchemas = {
  CustomOrderRequested: customOrderRequestedSchema,
} as const;
export type CustomOrderEvent = EventOf<typeof customOrderEventSchemas>;

export const CUSTOM_ORDER_STREAM_CATEGORY = 'customorder';

export function customOrderStreamName(requestId: string): string {
  return `${CUSTOM_ORDER_STREAM_CATEGORY}-${requestId}`;
}
