import { z } from 'zod';

/**
 * The custom orders read model (collection custom_orders_v1): one document per
 * request, for the admin's 'Encomendas' page, newest first.
 */
export const customOrderDocumentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  eventDate: z.string(),
  details: z.string(),
  customerId: z.string().nullable(),
  /** ISO time the request was recorded. */
  requestedAt: z.string(),
  /** Global position of CustomOrderRequested: orders requests of the same millisecond. */
  requestedPosition: z.number().int(),
});
export type CustomOrderDocument = z.infer<typeof customOrderDocumentSchema>;

export const CUSTOM_ORDERS_COLLECTION = 'custom_orders_v1';
export const CUSTOM_ORDERS_PROJECTION = 'custom_orders_v1';
