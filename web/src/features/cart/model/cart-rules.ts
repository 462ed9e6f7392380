import {
  KITS_CATEGORY,
  MAX_CART_LINES,
  MAX_UNITS_PER_LINE,
  MINIMUM_UNITS_PER_ITEM,
  type CartDto,
  type CartItemRefInput,
  type ProductDto,
  assertNever,
} from '@quitute/contracts';
import { cartMessages } from './cart-messages';
import type { CartIntent, CartLine, CartProduct } from './cart-types';

export type AddDecision =
  { ok: true; line: CartLine } | { ok: false; reason: 'invalid' | 'below-minimum' };

function isPositiveNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Add-to-cart rules (spec §5): the item needs a name and a price and the
 * quantity must be a number above zero; kits go in one at a time without the
 * minimum; every other item needs at least 20 units.
 */
export function decideAdd(item: CartProduct, quantidade: number): AddDecision {
  const named = typeof item.nome === 'string' && item.nome.trim() !== '';
  const priced = typeof item.preco === 'number' && Number.isFinite(item.preco);
  if (!named || !priced || !isPositiveNumber(quantidade)) return { ok: false, reason: 'invalid' };
  if (isKitProduct(item)) {
    return { ok: true, line: { item: { ...item, quantidade: 1 }, quantidade: 1 } };
  }
  const units = Math.trunc(quantidade);
  if (units < MINIMUM_UNITS_PER_ITEM) return { ok: false, reason: 'below-minimum' };
  return { ok: true, line: { item: { ...item, quantidade: units }, quantidade: units } };
}

export function isKitProduct(item: CartProduct): boolean {
  return item.categoria === KITS_CATEGORY;
}

/**
 * The same product: by id when both lines have one, or by name — a line kept
 * from an older menu may name its product by slug where the server uses the
 * product's id, and the spec merges carts by item name (§4).
 */
export function sameItem(a: CartProduct, b: CartProduct): boolean {
  return (a.id !== '' && a.id === b.id) || a.nome === b.nome;
}

function withQuantity(line: CartLine, quantidade: number): CartLine {
  return { item: { ...line.item, quantidade }, quantidade };
}

/** Adding an item already in the cart adds to its quantity; anything else is appended. */
export function mergeLine(itens: readonly CartLine[], line: CartLine): CartLine[] {
  const index = itens.findIndex((existing) => sameItem(existing.item, line.item));
  if (index === -1) return [...itens, line];
  return itens.map((existing, at) =>
    at === index ? withQuantity(existing, existing.quantidade + line.quantidade) : existing,
  );
}

/** The cart limits the server also enforces: the text to show when `itens` break one, else null. */
export function limitBroken(itens: readonly CartLine[]): string | null {
  if (itens.length > MAX_CART_LINES) return cartMessages.tooManyLines;
  if (itens.some((line) => line.quantidade > MAX_UNITS_PER_LINE)) return cartMessages.tooManyUnits;
  return null;
}

/**
 * A local cart meeting the server's (spec §4): where both have an item the
 * local quantity wins, with the server's snapshot of it (its price is the
 * catalogue's); server lines the local cart lacks are appended.
 */
export function mergeCarts(local: readonly CartLine[], server: readonly CartLine[]): CartLine[] {
  const merged = local.map((line) => {
    const onServer = server.find((candidate) => sameItem(candidate.item, line.item));
    return onServer ? withQuantity(onServer, line.quantidade) : line;
  });
  const extra = server.filter((line) => !local.some((mine) => sameItem(mine.item, line.item)));
  return [...merged, ...extra];
}

/** Same products in the same quantities, whatever the order. */
export function sameContents(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line) =>
      b.some((other) => sameItem(other.item, line.item) && other.quantidade === line.quantidade),
    )
  );
}

/**
 * The cart after the customer's intent. A quantity set on a line another tab
 * removed brings the line back: the customer's latest click asked for it.
 */
export function applyIntent(itens: readonly CartLine[], intent: CartIntent): CartLine[] {
  switch (intent.type) {
    case 'set-quantity': {
      const { line } = intent;
      const index = itens.findIndex((existing) => sameItem(existing.item, line.item));
      if (index === -1) return [...itens, line];
      return itens.map((existing, at) =>
        at === index ? withQuantity(existing, line.quantidade) : existing,
      );
    }
    case 'remove':
      return itens.filter((existing) => !sameItem(existing.item, intent.item));
    default:
      return assertNever(intent);
  }
}

export type ChangeDecision = { ok: true; intent: CartIntent } | { ok: false; message: string };

function lineAt(itens: readonly CartLine[], index: number): CartLine | undefined {
  return Number.isInteger(index) && index >= 0 ? itens[index] : undefined;
}

/**
 * The cart screen's quantity change (spec §5): the line must exist, the
 * quantity be a number ≥ 0 (its whole part is kept); 0 removes the line.
 */
export function decideQuantityChange(
  itens: readonly CartLine[],
  index: number,
  quantidade: number,
): ChangeDecision {
  const line = lineAt(itens, index);
  if (!line) return { ok: false, message: cartMessages.invalidIndex };
  if (typeof quantidade !== 'number' || !Number.isFinite(quantidade) || quantidade < 0) {
    return { ok: false, message: cartMessages.invalidQuantity };
  }
  const units = Math.trunc(quantidade);
  if (units > MAX_UNITS_PER_LINE) return { ok: false, message: cartMessages.tooManyUnits };
  if (units === 0) return { ok: true, intent: { type: 'remove', item: line.item } };
  return { ok: true, intent: { type: 'set-quantity', line: withQuantity(line, units) } };
}

export function decideRemove(itens: readonly CartLine[], index: number): ChangeDecision {
  const line = lineAt(itens, index);
  if (!line) return { ok: false, message: cartMessages.invalidIndex };
  return { ok: true, intent: { type: 'remove', item: line.item } };
}

/** A regular item below 20 units (the cart screen's minus makes 19) cannot be ordered yet. */
export function isBelowMinimum(line: CartLine): boolean {
  return !isKitProduct(line.item) && line.quantidade < MINIMUM_UNITS_PER_ITEM;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A valid line has item.nome text, item.preco a number and a positive quantidade (spec §3). */
export function isValidCartLine(value: unknown): value is CartLine {
  if (!isRecord(value) || !isRecord(value['item'])) return false;
  const item = value['item'];
  return (
    typeof item['nome'] === 'string' &&
    typeof item['preco'] === 'number' &&
    Number.isFinite(item['preco']) &&
    isPositiveNumber(value['quantidade'])
  );
}

export function isValidCart(value: unknown): value is CartLine[] {
  return Array.isArray(value) && value.every(isValidCartLine);
}

/** The cart's snapshot of a menu product. */
export function cartProductFromDto(product: ProductDto): CartProduct {
  return {
    id: product._id,
    nome: product.name,
    preco: product.price,
    categoria: product.category,
    quantidade: 0,
    descricao: product.description,
    ...(product.itens && product.itens.length > 0 ? { itens: [...product.itens] } : {}),
    imageUrl: product.imageUrl,
  };
}

/** The lines of a server cart, in the local shape (the item snapshot repeats the quantity, spec §3). */
export function linesFromDto(cart: CartDto): CartLine[] {
  return cart.itens.map(({ item, quantidade }) => ({
    item: {
      id: item.id,
      nome: item.nome,
      preco: item.preco,
      categoria: item.categoria,
      quantidade,
      descricao: item.descricao,
      ...(item.itens && item.itens.length > 0 ? { itens: [...item.itens] } : {}),
      imageUrl: item.imageUrl,
    },
    quantidade,
  }));
}

/** How a request names a product: by id, else by name; the price is sent but never trusted. */
export function itemRef(item: CartProduct): CartItemRefInput {
  return { ...(item.id ? { id: item.id } : {}), nome: item.nome, preco: item.preco };
}

function cents(reais: number): number {
  return Math.round(reais * 100);
}

export function lineTotal(line: CartLine): number {
  return (cents(line.item.preco) * line.quantidade) / 100;
}

export function cartTotal(itens: readonly CartLine[]): number {
  return itens.reduce((sum, line) => sum + cents(line.item.preco) * line.quantidade, 0) / 100;
}
