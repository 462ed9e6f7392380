import { KITS_CATEGORY, MINIMUM_UNITS_PER_ITEM, type ProductDto } from '@quitute/contracts';
import type { CartLine, CartProduct } from './cart-types';

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
  if (item.categoria === KITS_CATEGORY) {
    return { ok: true, line: { item: { ...item, quantidade: 1 }, quantidade: 1 } };
  }
  const units = Math.trunc(quantidade);
  if (units < MINIMUM_UNITS_PER_ITEM) return { ok: false, reason: 'below-minimum' };
  return { ok: true, line: { item: { ...item, quantidade: units }, quantidade: units } };
}

function sameItem(a: CartProduct, b: CartProduct): boolean {
  return a.id && b.id ? a.id === b.id : a.nome === b.nome;
}

/** Adding an item already in the cart adds to its quantity; anything else is appended. */
export function mergeLine(itens: readonly CartLine[], line: CartLine): CartLine[] {
  const index = itens.findIndex((existing) => sameItem(existing.item, line.item));
  if (index === -1) return [...itens, line];
  return itens.map((existing, at) => {
    if (at !== index) return existing;
    const quantidade = existing.quantidade + line.quantidade;
    return { item: { ...existing.item, quantidade }, quantidade };
  });
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

export function cartTotal(itens: readonly CartLine[]): number {
  const cents = itens.reduce(
    (sum, line) => sum + Math.round(line.item.preco * 100) * line.quantidade,
    0,
  );
  return cents / 100;
}
