import { z } from 'zod';
import { ROLES } from '../accounts/constants';
import { addressField, emailField, nameField, phoneField } from '../accounts/dto';
import { accountMessages } from '../accounts/messages';
import { CATEGORIES } from '../catalog/constants';
import { ORDER_STATUSES } from '../ordering/constants';
import { parseShopDateTime } from '../shared/shop-time';
import { textField } from '../shared/text';
import { FIRST_REPORT_MONTH, FIRST_REPORT_YEAR } from './queries';

/**
 * The admin area's mutations (admin-spec §7): request bodies and their pt-BR
 * messages, shared by command-api and the web app. Bodies are strict: an
 * unknown key (`total`, `status`, `isDeleted`…) is refused, never assigned.
 * Money arrives in reais, as the spec's forms send it; the server keeps centavos.
 */

/** A password-set link mailed with an account an administrator created stays valid this long, once. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The largest price or sale amount the admin forms take, in reais. */
export const MAX_ADMIN_AMOUNT_REAIS = 999_999.99;
export const MAX_PRODUCT_STOCK = 1_000_000;
export const PRODUCT_NAME_MAX_LENGTH = 100;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 1_000;
export const IMAGE_URL_MAX_LENGTH = 2_048;
/** The static menu has 24 items: a sync of more is no menu. */
export const MAX_SYNC_ITEMS = 100;
export const CLIENT_NAME_MAX_LENGTH = 100;

/** Field messages where the spec has none (admin-spec §5 leaves them to the browser), and §8's successes. */
export const adminMessages = {
  productNameRequired: 'Nome é obrigatório.',
  productNameTooLong: `Nome deve ter no máximo ${PRODUCT_NAME_MAX_LENGTH} caracteres.`,
  priceRequired: 'Preço é obrigatório.',
  priceInvalid: 'Preço deve ser um número.',
  priceNegative: 'Preço não pode ser negativo.',
  priceDecimals: 'Preço deve ter no máximo duas casas decimais.',
  priceTooHigh: 'Preço deve ser no máximo R$ 999.999,99.',
  categoryRequired: 'Categoria é obrigatória.',
  categoryInvalid: 'Categoria inválida.',
  stockRequired: 'Estoque é obrigatório.',
  stockInteger: 'Estoque deve ser um número inteiro.',
  stockNegative: 'Estoque não pode ser negativo.',
  stockTooHigh: 'Estoque deve ser no máximo 1.000.000.',
  descriptionInvalid: 'Descrição inválida.',
  descriptionTooLong: `Descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX_LENGTH} caracteres.`,
  imageUrlInvalid: 'URL da imagem inválida.',
  isActiveInvalid: 'Ativo deve ser verdadeiro ou falso.',
  orderStatusRequired: 'Status do pedido é obrigatório.',
  orderStatusInvalid: 'Status do pedido inválido.',
  roleInvalid: 'Role inválida.',
  clientNameRequired: 'Cliente é obrigatório.',
  clientNameTooLong: `Cliente deve ter no máximo ${CLIENT_NAME_MAX_LENGTH} caracteres.`,
  amountRequired: 'Valor é obrigatório.',
  amountInvalid: 'Valor deve ser um número.',
  amountPositive: 'Valor deve ser maior que zero.',
  amountDecimals: 'Valor deve ter no máximo duas casas decimais.',
  amountTooHigh: 'Valor deve ser no máximo R$ 999.999,99.',
  dateRequired: 'Data é obrigatória.',
  dateInvalid: 'Data inválida.',
  dateInFuture: 'A data da venda não pode ser no futuro.',
  productAdded: 'Produto adicionado com sucesso!',
  productUpdated: 'Produto atualizado com sucesso!',
  productDeleted: 'Produto excluído com sucesso!',
  orderStatusUpdated: 'Status do pedido atualizado com sucesso!',
  orderDeleted: 'Pedido excluído com sucesso!',
  userAdded: 'Usuário adicionado com sucesso!',
  userUpdated: 'Usuário atualizado com sucesso!',
  userDeleted: 'Usuário excluído com sucesso!',
  saleAdded: 'Venda adicionada com sucesso!',
  saleUpdated: 'Venda atualizada com sucesso!',
  saleDeleted: 'Venda excluída com sucesso!',
  productsSynced: 'Cardápio sincronizado.',
  syncItemsRequired: 'Informe os produtos a sincronizar.',
  syncTooManyItems: `Sincronize no máximo ${MAX_SYNC_ITEMS} produtos por vez.`,
} as const;
const m = adminMessages;

/** The required message for a missing value, the invalid one for anything else. */
const requiredOr = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid),
});

/** Whole centavos: 12.5 and 12.34 pass, 12.345 does not (a float's 0.1 + 0.2 does). */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** Reais with two decimals at most, up to MAX_ADMIN_AMOUNT_REAIS; ≥ 0, or > 0 when `positive`. */
function reaisField(
  texts: { required: string; invalid: string; low: string; decimals: string; tooHigh: string },
  positive: boolean,
) {
  const number = z.number(requiredOr(texts.required, texts.invalid));
  return (positive ? number.positive(texts.low) : number.nonnegative(texts.low))
    .max(MAX_ADMIN_AMOUNT_REAIS, texts.tooHigh)
    .refine(hasAtMostTwoDecimals, texts.decimals);
}

/** One line of text, trimmed, inner runs of spaces made one. */
const singleLine = (required: string, max: number, tooLong: string) =>
  textField({ required })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(max, tooLong));

/** An absolute http(s) URL, or a path on the shop's own origin (`/images/…`), never `//host` or `javascript:`. */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

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
  name: singleLine(m.productNameRequired, PRODUCT_NAME_MAX_LENGTH, m.productNameTooLong),
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

/** PUT /api/admin/orders/{id}/status: any of the six statuses (admin-spec §4). */
export const adminOrderStatusBodySchema = z.strictObject({
  orderStatus: z.enum(ORDER_STATUSES, requiredOr(m.orderStatusRequired, m.orderStatusInvalid)),
});
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;

/**
 * POST /api/admin/users and PUT /api/admin/users/{id} (admin-spec §5): name and
 * e-mail required, by the register rules; phone and address optional ('' clears
 * them), role user or admin. Left out of a POST, phone and address are '' and
 * the role is user; left out of a PUT, they stay. There is no password: the
 * new user sets one through the link mailed to them.
 */
export const adminUserBodySchema = z.strictObject({
  name: nameField,
  email: emailField(accountMessages.emailRequired, accountMessages.emailInvalid),
  phone: phoneField.optional(),
  address: addressField.optional(),
  role: z.enum(ROLES, { error: m.roleInvalid }).optional(),
});
export type AdminUserBody = z.infer<typeof adminUserBodySchema>;
export type AdminUserInput = z.input<typeof adminUserBodySchema>;

const shopDateOnly = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a sale dated `date` happened: a calendar day (`2026-11-21`, what a date
 * input gives) is noon of that day in the shop, safely inside it; a wall-clock
 * time in the shop (`2026-11-21T15:30`) or an ISO instant is that instant.
 * Null when it is not a real date.
 */
export function saleInstant(date: string): Date | null {
  return parseShopDateTime(shopDateOnly.test(date) ? `${date}T12:00` : date);
}

/** The first instant a sale may be dated: the reports start in January 2020 (admin-spec §5), so must the sales they add up. */
const FIRST_SALE_INSTANT = saleInstant(
  `${FIRST_REPORT_YEAR}-${String(FIRST_REPORT_MONTH).padStart(2, '0')}-01T00:00`,
);

function isReportableSaleDate(value: string): boolean {
  const instant = saleInstant(value);
  return instant !== null && FIRST_SALE_INSTANT !== null && instant >= FIRST_SALE_INSTANT;
}

/** POST /api/admin/sales and PUT /api/admin/sales/{id} (admin-spec §5): client, amount > 0 and date (from January 2020) required. */
export const adminSaleBodySchema = z.strictObject({
  clientName: singleLine(m.clientNameRequired, CLIENT_NAME_MAX_LENGTH, m.clientNameTooLong),
  amount: reaisField(
    {
      required: m.amountRequired,
      invalid: m.amountInvalid,
      low: m.amountPositive,
      decimals: m.amountDecimals,
      tooHigh: m.amountTooHigh,
    },
    true,
  ),
  date: textField({ required: m.dateRequired })
    .trim()
    .min(1, m.dateRequired)
    .max(40, m.dateInvalid)
    .refine(isReportableSaleDate, m.dateInvalid),
});
export type AdminSaleBody = z.infer<typeof adminSaleBodySchema>;

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

/** An order as an order command leaves it. */
export const adminOrderResultSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  orderStatus: z.enum(ORDER_STATUSES),
  isDeleted: z.boolean(),
});
export type AdminOrderResult = z.infer<typeof adminOrderResultSchema>;

/** A user as a user command leaves them (admin-spec §3). */
export const adminUserResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.enum(ROLES),
});
export type AdminUserResult = z.infer<typeof adminUserResultSchema>;

/** A physical sale as a sale command leaves it (admin-spec §3: amount in reais, source Fisico). */
export const adminSaleResultSchema = z.object({
  id: z.string(),
  date: z.string(),
  clientName: z.string(),
  amount: z.number(),
  source: z.literal('Fisico'),
  isDeleted: z.boolean(),
});
export type AdminSaleResult = z.infer<typeof adminSaleResultSchema>;

/** Every admin command's answer: what it did (the spec's success text), the new state, and the position to read it back. */
export const adminCommandAnswerSchema = z.object({ message: z.string(), position: z.number() });
