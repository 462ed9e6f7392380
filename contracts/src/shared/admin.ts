import { z } from 'zod';
import {
  MAX_SYNC_ITEMS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
} from '../catalog/constants';
import { CLIENT_NAME_MAX_LENGTH } from '../sales/constants';
import { messages } from './messages';
import { centsToReais, parseMoneyInput } from './money';
import { textField } from './text';

/**
 * What the admin area's schemas share, whatever their context (the products',
 * orders', users' and sales' are in each context's admin-dto.ts): the field
 * messages, money in reais, paging, and the position every answer carries.
 * Bodies are strict: an unknown key (`total`, `status`, `isDeleted`…) is
 * refused, never assigned. Money arrives in reais, as the spec's forms send
 * it; the server keeps centavos. Dates are of the shop's calendar
 * (`YYYY-MM-DD`, America/Sao_Paulo) unless named an ISO time.
 *
 * Reproducible reports (issue 13 point 8): every list, stats and report object
 * carries `position`, the global position of the event log the answer was
 * computed at (the read models had applied every event up to it). The answers
 * the spec names as bare lists (dashboard recent-orders, top-selling-products,
 * daily-sales and the sales daily-chart) keep that shape and carry the position
 * in the `X-Position` response header instead; every other admin GET sends the
 * header too.
 */

/** Response header with the global position an admin answer was computed at. */
export const POSITION_HEADER = 'X-Position';

/** admin-spec §9: page size of the admin products, orders, users and sales lists. */
export const ADMIN_PAGE_SIZE = 10;
/** The largest page a client may ask for. */
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The furthest page a client may ask for: past it no list of this shop has anything. */
export const ADMIN_MAX_PAGE = 100_000;
/** admin-spec §9: the dashboard's recent orders and top products. */
export const DASHBOARD_LIST_LIMIT = 4;
export const DASHBOARD_MAX_LIST_LIMIT = 50;
/** The largest price or sale amount the admin forms take, in reais. */
export const MAX_ADMIN_AMOUNT_REAIS = 999_999.99;

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
  imageUrlInvalid:
    'URL da imagem inválida: use um endereço https:// (sem usuário e senha) ou envie uma foto.',
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
  /** Issue 38: a paid order is not deleted (its customer keeps seeing it); it is cancelled, which refunds it. */
  paidOrderCannotBeDeleted:
    'Este pedido foi pago e não pode ser excluído. Para desfazê-lo, cancele o pedido: o pagamento será estornado ao cliente.',
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

/** The required message for a missing value, the invalid one for anything else. */
export const requiredOr = (required: string, invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : invalid),
});

/** Whole centavos: 12.5 and 12.34 pass, 12.345 does not (a float's 0.1 + 0.2 does). */
function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A typed amount parseMoneyInput refused, carried to the number check so its message is the one shown. */
interface RefusedMoneyText {
  refusedMoneyText: string;
}
const isRefusedMoneyText = (value: unknown): value is RefusedMoneyText =>
  typeof value === 'object' && value !== null && 'refusedMoneyText' in value;

/**
 * Reais with two decimals at most, up to MAX_ADMIN_AMOUNT_REAIS; ≥ 0, or > 0
 * when `positive`. A JSON number, or text typed the Brazilian way (issue 38:
 * '1,20', '1.234,56', '1234.56'; parseMoneyInput), so '1,20' is R$ 1,20 and
 * never R$ 120,00; an ambiguous text is refused with its reason.
 */
export function reaisField(
  texts: { required: string; invalid: string; low: string; decimals: string; tooHigh: string },
  positive: boolean,
) {
  const number = z.number({
    error: (issue) =>
      issue.input === undefined
        ? texts.required
        : isRefusedMoneyText(issue.input)
          ? issue.input.refusedMoneyText
          : texts.invalid,
  });
  // Positive means at least one centavo once rounded: 1e-9 reais is 0 centavos, never a refund.
  const checked = (
    positive
      ? number.refine((reais) => Math.round(reais * 100) >= 1, texts.low)
      : number.nonnegative(texts.low)
  )
    .max(MAX_ADMIN_AMOUNT_REAIS, texts.tooHigh)
    .refine(hasAtMostTwoDecimals, texts.decimals);
  return z.preprocess((value): unknown => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const parsed = parseMoneyInput(value);
    return parsed.ok ? centsToReais(parsed.cents) : { refusedMoneyText: parsed.message };
  }, checked);
}

/** One line of text, trimmed, inner runs of spaces made one. */
export const singleLineField = (required: string, max: number, tooLong: string) =>
  textField({ required })
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, required).max(max, tooLong));

export const positionField = z.number().int().nonnegative();

/** '' (an empty search box or an "all" filter sent as empty) means "not given". */
export const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const adminSearchField = z.preprocess(
  blankAsMissing,
  textField({ required: messages.invalidSearch })
    .trim()
    .max(100, messages.invalidSearch)
    .optional(),
);

export const adminPageFields = {
  page: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(ADMIN_MAX_PAGE, messages.invalidSearch)
      .default(1),
  ),
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(ADMIN_MAX_PAGE_SIZE, messages.invalidSearch)
      .default(ADMIN_PAGE_SIZE),
  ),
};

/** The fields every paged admin list answers with. */
export const adminPageAnswer = {
  totalPages: z.number().int().nonnegative(),
  /** How many match the filters across all pages (the orders page's debug line). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  position: positionField,
};

/** `limit` of recent-orders and top-selling-products. */
export const dashboardLimitQuerySchema = z.object({
  limit: z.preprocess(
    blankAsMissing,
    z.coerce
      .number(messages.invalidSearch)
      .int(messages.invalidSearch)
      .min(1, messages.invalidSearch)
      .max(DASHBOARD_MAX_LIST_LIMIT, messages.invalidSearch)
      .default(DASHBOARD_LIST_LIMIT),
  ),
});

/** Every admin command's answer: what it did (the spec's success text), the new state, and the position to read it back. */
export const adminCommandAnswerSchema = z.object({ message: z.string(), position: z.number() });
