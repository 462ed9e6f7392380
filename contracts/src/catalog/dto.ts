import { z } from 'zod';
import { textField } from '../shared/text';

/** GET /api/products query (spec §7): `busca` trimmed, `category` omitted or 'Todas' for all. */
export const productListQuerySchema = z.object({
  busca: textField().trim().max(100).optional(),
  category: textField().trim().max(60).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** A product as the HTTP API shows it (spec §3): price in reais. */
export const productDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  itens: z.array(z.string()).optional(),
  /** Issue 38: no unit left to order (its stock, less what unpaid and paid orders hold, is 0): the menu says 'Esgotado'. */
  soldOut: z.boolean(),
});
export type ProductDto = z.infer<typeof productDtoSchema>;

export const productListSchema = z.array(productDtoSchema);
