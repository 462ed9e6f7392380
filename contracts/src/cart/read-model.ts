import { z } from 'zod';
import { cartLineSchema } from './events';

/**
 * The carts read model (collection carts_v1): one document per user, lines
 * in the order they were first added. Product details are joined from the
 * menu read model when the cart is read, so a price change shows at once.
 */
export const cartDocumentSchema = z.object({
  _id: z.string(),
  lines: z.array(cartLineSchema),
  /** The cart stream's revision this document reflects. */
  revision: z.number().int(),
});
export type CartDocument = z.infer<typeof cartDocumentSchema>;

export const CARTS_COLLECTION = 'carts_v1';
export const CARTS_PROJECTION = 'carts_v1';
