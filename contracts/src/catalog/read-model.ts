import { z } from 'zod';
import { CATEGORIES } from './constants';

/**
 * The menu read model (collection products_v1), written by projections and
 * read by query-api: one document per product, searchable without accents.
 */
export const productDocumentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  category: z.enum(CATEGORIES),
  description: z.string(),
  imageUrl: z.string().nullable(),
  stock: z.number().int(),
  itens: z.array(z.string()),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  /** Name and description folded (foldForSearch) for accent- and case-insensitive search. */
  searchText: z.string(),
  /** Global position of ProductAdded: the menu lists products in the order they were added. */
  addedAt: z.number().int(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;

export const PRODUCTS_COLLECTION = 'products_v1';
export const MENU_PROJECTION = 'menu_v1';
