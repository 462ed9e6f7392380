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

export const catalogEventSchemas = {
  ProductAdded: productAddedSchema,
  ProductUpdated: productUpdatedSchema,
  ProductActivated: productActivatedSchema,
  ProductDeactivated: productDeactivatedSchema,
  ProductDeleted: productDeletedSchema,
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
