import { z } from 'zod';
import type { EventOf } from '../shared/events';

/**
 * Cart events, stream `cart-<userId>`. A line is a product and a quantity; the
 * product's name, price and category are never stored here as the customer's
 * word: they come from the catalogue when the cart is shown or ordered.
 * `unitPriceCents` in CartItemAdded records the catalogue price at that moment
 * (for auditors), not a price the customer pays.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const userId = z.uuid();
const productId = z.uuid();
const quantidade = z.number().int().positive();

export const cartLineSchema = z.object({ productId, quantidade });
export type CartLineRecord = z.infer<typeof cartLineSchema>;

/** Units added to a line (a new line, or more of one already there). */
export const cartItemAddedSchema = z.object({
  userId,
  productId,
  quantidade,
  unitPriceCents: z.number().int().nonnegative(),
});
/** A line's quantity set by the customer (the cart screen's minus and plus). */
export const cartItemQuantityChangedSchema = z.object({ userId, productId, quantidade });
export const cartItemRemovedSchema = z.object({ userId, productId });
/** The whole cart set at once: a sync that merged a local cart, or changed several lines. */
export const cartReplacedSchema = z.object({ userId, lines: z.array(cartLineSchema) });
export const cartClearedSchema = z.object({ userId });
/**
 * The cart became an order and was paid: the order's lines leave the cart (the
 * order keeps them). `lines` (issue 38) are the order's, one per product: only
 * those units leave, so what the customer added after that checkout stays.
 * Events from before it have none and took the whole cart.
 */
export const cartCheckedOutSchema = z.object({
  userId,
  orderId: z.uuid(),
  lines: z.array(cartLineSchema).optional(),
});

export const cartEventSchemas = {
  CartItemAdded: cartItemAddedSchema,
  CartItemQuantityChanged: cartItemQuantityChangedSchema,
  CartItemRemoved: cartItemRemovedSchema,
  CartReplaced: cartReplacedSchema,
  CartCleared: cartClearedSchema,
  CartCheckedOut: cartCheckedOutSchema,
} as const;

export type CartEvent = EventOf<typeof cartEventSchemas>;
export type CartEventType = CartEvent['type'];
export const CART_EVENT_TYPES = Object.keys(cartEventSchemas) as CartEventType[];

export function cartStreamName(userId: string): string {
  return `cart-${userId}`;
}
