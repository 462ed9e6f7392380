import { z } from 'zod';
import { CATEGORIES } from './constants';
import type { EventOf } from '../shared/events';

/**
 * Catalog events, stream `product-<productId>`. Money is integer centavos.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const productFields = {
  productId: z.uuid(),
  name: z.string().min(1),
  priceCents: z.number().int().nonnegative(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  /** Absolute URL, or a path relative to the shop's origin; null when the product has no image. */
  imageUrl: z.string().nullable(),
  stock: z.number().int().nonnegative(),
  /** Contents of a kit ("50 doces", …); empty for regular items. */
  itens: z.array(z.string()),
};

export const productAddedSchema = z.object({ ...productFields, isActive: z.boolean() });
export const productUpdatedSchema = z.object(productFields);
export const productActivatedSchema = z.object({ productId: z.uuid() });
export const productDeactivatedSchema = z.object({ productId: z.uuid() });
export const productDeletedSchema = z.object({ productId: z.uuid() });

/**
 * Issue 38: an order holds units of the product (its `stock`, the units
 * available now, goes down by `quantity`). `checkoutAttempt` names the checkout
 * attempt that took them: a retry of the checkout (same order) takes them over
 * under its own attempt, and the backstop that releases the units of an order
 * never placed releases only the attempt it saw. `stock` is what is left after.
 */
export const productStockReservedSchema = z.object({
  productId: z.uuid(),
  orderId: z.uuid(),
  quantity: z.number().int().positive(),
  checkoutAttempt: z.string().min(1),
  stock: z.number().int().nonnegative(),
});

export const STOCK_RELEASE_REASONS = [
  /** The checkout stopped before placing the order (another product lacked units, the cap, a refusal). */
  'checkout_refused',
  /** The order was cancelled (customer, expiry, declined, admin). */
  'order_cancelled',
  /** Its payment was given back in full. */
  'order_refunded',
  /** The checkout that took them never placed its order (the backstop). */
  'checkout_lapsed',
] as const;
export type StockReleaseReason = (typeof STOCK_RELEASE_REASONS)[number];

/** The units an order held go back to the product's stock (`stock` is what is available after). */
export const productStockReleasedSchema = z.object({
  productId: z.uuid(),
  orderId: z.uuid(),
  quantity: z.number().int().positive(),
  reason: z.enum(STOCK_RELEASE_REASONS),
  stock: z.number().int().nonnegative(),
});

export const catalogEventSchemas = {
  ProductAdded: productAddedSchema,
  ProductUpdated: productUpdatedSchema,
  ProductActivated: productActivatedSchema,
  ProductDeactivated: productDeactivatedSchema,
  ProductDeleted: productDeletedSchema,
  ProductStockReserved: productStockReservedSchema,
  ProductStockReleased: productStockReleasedSchema,
} as const;

export type CatalogEvent = EventOf<typeof catalogEventSchemas>;

export type CatalogEventType = CatalogEvent['type'];

export const CATALOG_EVENT_TYPES = Object.keys(catalogEventSchemas) as CatalogEventType[];

/**
 * A product name's reservation stream (`catalog-name-<sha-256 of the folded
 * name>`, see the command side): one listed product per name, case and accents
 * aside, because carts and the product sync find products by name. Reserved
 * before the product takes the name; released once it no longer has it
 * (renamed or deleted), so another product may take it.
 */
export const productNameReservedSchema = z.object({ name: z.string().min(1), productId: z.uuid() });
export const productNameReleasedSchema = z.object({ name: z.string().min(1), productId: z.uuid() });

export const productNameReservationEventSchemas = {
  ProductNameReserved: productNameReservedSchema,
  ProductNameReleased: productNameReleasedSchema,
} as const;
export type ProductNameReservationEvent = EventOf<typeof productNameReservationEventSchemas>;

export function productStreamName(productId: string): string {
  return `product-${productId}`;
}
