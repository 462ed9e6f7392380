import { z } from 'zod';
import {
  adminMessages as m,
  adminPageAnswer,
  adminPageFields,
  adminSearchField,
  blankAsMissing,
  positionField,
  reaisField,
  requiredOr,
  singleLineField,
} from '../shared/admin';
import { messages } from '../shared/messages';
import { textField } from '../shared/text';
import {
  ALL_CATEGORIES,
  CATEGORIES,
  IMAGE_URL_MAX_LENGTH,
  MAX_PRODUCT_STOCK,
  MAX_SYNC_ITEMS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
} from './constants';
import { isImageUrl } from './photos';

/** The admin's products (admin-spec §3, §5, §7): the product form, the sync, the list and its stats. */

/** A product with less stock than this counts as low stock (LOW_STOCK_THRESHOLD overrides it). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** Empty or null: no image. */
const imageUrlField = z
  .union(
    [
      z.null(),
      textField()
        .trim()
        .max(IMAGE_URL_MAX_LENGTH, m.imageUrlInvalid)
        .refine((value) => value === '' || isImageUrl(value), m.imageUrlInvalid),
    ],
    { error: m.imageUrlInvalid },
  )
  .transform((value) => (value === '' ? null : value));

/**
 * POST /api/admin/products and PUT /api/admin/products/{id} (admin-spec §5, §7):
 * name, price, category and stock required. Left out of a PUT, description,
 * imageUrl and isActive keep what the product has; left out of a POST, they
 * are '', no image and active. A kit's contents (`itens`) are not edited here
 * and stay as they are.
 */
export const adminProductBodySchema = z.strictObject({
  name: singleLineField(m.productNameRequired, PRODUCT_NAME_MAX_LENGTH, m.productNameTooLong),
  price: reaisField(
    {
      required: m.priceRequired,
      invalid: m.priceInvalid,
      low: m.priceNegative,
      decimals: m.priceDecimals,
      tooHigh: m.priceTooHigh,
    },
    false,
  ),
  category: z.enum(CATEGORIES, requiredOr(m.categoryRequired, m.categoryInvalid)),
  stock: z
    .number(requiredOr(m.stockRequired, m.stockInteger))
    .int(m.stockInteger)
    .nonnegative(m.stockNegative)
    .max(MAX_PRODUCT_STOCK, m.stockTooHigh),
  description: textField({ multiline: true, required: m.descriptionInvalid })
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX_LENGTH, m.descriptionTooLong)
    .optional(),
  imageUrl: imageUrlField.optional(),
  isActive: z.boolean({ error: m.isActiveInvalid }).optional(),
});
export type AdminProductBody = z.infer<typeof adminProductBodySchema>;
export type AdminProductInput = z.input<typeof adminProductBodySchema>;

/**
 * POST /api/admin/products/sync (admin-spec §7; customer-spec §4: the reviews
 * page sends the static menu when an admin opens it). Each item by the product
 * rules; keys beyond the four are the static menu's own (ids, images) and are
 * ignored.
 */
export const adminProductSyncBodySchema = z.strictObject({
  items: z
    .array(
      z.object({
        name: adminProductBodySchema.shape.name,
        price: adminProductBodySchema.shape.price,
        description: adminProductBodySchema.shape.description,
        category: adminProductBodySchema.shape.category,
      }),
      { error: m.syncItemsRequired },
    )
    .min(1, m.syncItemsRequired)
    .max(MAX_SYNC_ITEMS, m.syncTooManyItems),
});
export type AdminProductSyncBody = z.infer<typeof adminProductSyncBodySchema>;

/** A product as a product command leaves it (price in reais). */
export const adminProductResultSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  category: z.enum(CATEGORIES),
  stock: z.number().int(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  itens: z.array(z.string()),
});
export type AdminProductResult = z.infer<typeof adminProductResultSchema>;

/** GET /api/admin/products: `category` omitted or 'Todas' for all; `isDeleted=false` (the default) lists live ones. */
export const adminProductsQuerySchema = z.object({
  ...adminPageFields,
  search: adminSearchField,
  category: z.preprocess(
    (value) => (blankAsMissing(value) === ALL_CATEGORIES ? undefined : blankAsMissing(value)),
    z.enum(CATEGORIES, messages.invalidSearch).optional(),
  ),
  isDeleted: z.preprocess(
    blankAsMissing,
    z.enum(['true', 'false'], messages.invalidSearch).default('false'),
  ),
});
export type AdminProductsQuery = z.infer<typeof adminProductsQuerySchema>;

/**
 * A product on the admin pages (admin-spec §3). `status` is 'Ativo' or
 * 'Inativo' from isActive (the shop has no other product status); price in reais.
 */
export const adminProductDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.number(),
  stock: z.number().int(),
  status: z.string(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  isDeleted: z.boolean(),
});
export type AdminProductDto = z.infer<typeof adminProductDtoSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductDtoSchema),
  ...adminPageAnswer,
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** GET /api/admin/products/stats: totals over live products, except deletedProducts. */
export const productStatsSchema = z.object({
  totalProducts: z.number().int().nonnegative(),
  activeProducts: z.number().int().nonnegative(),
  lowStockProducts: z.number().int().nonnegative(),
  deletedProducts: z.number().int().nonnegative(),
  position: positionField,
});
export type ProductStats = z.infer<typeof productStatsSchema>;
