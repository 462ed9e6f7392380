import { z } from 'zod';
import { messages } from '../shared/messages';
import { textField } from '../shared/text';
import { MAX_CART_LINES, MAX_UNITS_PER_LINE } from './constants';
import { cartMessages as m } from './messages';

/**
 * HTTP shapes of the cart (spec §3, §7), shared by the server and the web app.
 * The item a client sends is only a way to name a product: by `id` (the
 * product's id, or its menu slug), else by `nome`. Its price must be there
 * (spec §5: an item needs a name and a price) but is never used: prices come
 * from the catalogue. Other item fields are ignored.
 */

const invalid = { error: m.invalidItem };

export const cartItemRefSchema = z.object(
  {
    /** A client that has no id sends none, or null (an old static-menu item, say). */
    id: z
      .union(
        [
          textField().trim().max(100, m.invalidItem),
          z.number().int(m.invalidItem).nonnegative(m.invalidItem).max(1e9, m.invalidItem),
        ],
        invalid,
      )
      .nullish()
      .transform((id) => id ?? undefined),
    nome: textField({ required: m.invalidItem })
      .trim()
      .min(1, m.invalidItem)
      .max(200, m.invalidItem),
    preco: z.number(invalid).finite(m.invalidItem),
  },
  invalid,
);
/** A parsed item (what the server resolves). */
export type CartItemRef = z.infer<typeof cartItemRefSchema>;
/** An item as a client sends it. */
export type CartItemRefInput = z.input<typeof cartItemRefSchema>;

const userIdField = textField({ required: messages.invalidRequest }).max(
  100,
  messages.invalidRequest,
);

/** Units to add: a whole number above zero (the minimum of 20 is the server's rule, by category). */
const addQuantity = z
  .number(invalid)
  .int(m.invalidItem)
  .positive(m.invalidItem)
  .max(MAX_UNITS_PER_LINE, m.tooManyUnits);

/** A synced line's quantity: 0 removes the line (spec §4). */
const syncQuantity = z
  .number({ error: m.invalidQuantity })
  .int(m.invalidQuantity)
  .nonnegative(m.invalidQuantity)
  .max(MAX_UNITS_PER_LINE, m.tooManyUnits);

/** POST /carrinho */
export const addToCartBodySchema = z.strictObject({
  userId: userIdField,
  item: cartItemRefSchema,
  quantidade: addQuantity,
});
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;

/**
 * POST /carrinho/sync: the whole cart as the client wants it. A client that
 * sends `If-Match` with the ETag its copy came from gets 412 and the current
 * cart when another tab or device changed it since, instead of overwriting
 * that change; without it the last sync wins (plain clients, spec §7).
 */
export const syncCartBodySchema = z.strictObject({
  userId: userIdField,
  itens: z
    .array(z.object({ item: cartItemRefSchema, quantidade: syncQuantity }, invalid), invalid)
    .max(MAX_CART_LINES, m.tooManyLines),
});
export type SyncCartBody = z.infer<typeof syncCartBodySchema>;

/** A cart line as the API shows it: the catalogue's product now, in reais. */
export const cartLineDtoSchema = z.object({
  item: z.object({
    id: z.string(),
    nome: z.string(),
    preco: z.number(),
    categoria: z.string(),
    descricao: z.string(),
    itens: z.array(z.string()).optional(),
    imageUrl: z.string().nullable(),
  }),
  quantidade: z.number().int().positive(),
});
export type CartLineDto = z.infer<typeof cartLineDtoSchema>;

/**
 * GET /carrinho/{userId} and every cart command's answer; commands also carry
 * `position` (read-your-writes, ARCHITECTURE §4). Both send the cart stream's
 * revision as `ETag: "<revision>"` ("-1": never written), the value a sync
 * sends back in `If-Match`. Lines whose product left the menu are not shown.
 */
export const cartDtoSchema = z.object({
  userId: z.string(),
  itens: z.array(cartLineDtoSchema),
  position: z.number().int().optional(),
});

/** ETag of a cart at `revision`, and the revision an If-Match names (null: not one of ours). */
export function cartEtag(revision: number): string {
  return `"${revision}"`;
}
export function revisionFromEtag(etag: string): number | null {
  const match = /^(?:W\/)?"(-1|\d{1,15})"$/.exec(etag.trim());
  return match?.[1] === undefined ? null : Number(match[1]);
}
export type CartDto = z.infer<typeof cartDtoSchema>;
