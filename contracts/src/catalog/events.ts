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

export function productStreamName(productId: string): string {
  return `product-${productId}`;
}
