import {
  cartMessages,
  MAX_UNITS_PER_LINE,
  MINIMUM_UNITS_PER_ITEM,
  productNotFoundNamed,
  productUnavailableNamed,
  type OrderLine,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { CatalogView, ProductRef, ResolvedProduct } from '../catalog/catalog-view';

/** A line the customer asks for: the product as they named it, and how many. */
export interface WantedLine {
  ref: ProductRef;
  quantity: number;
  /** The customer typed the product (a request's or a synced cart's line): a refusal names it. */
  named: boolean;
}

/**
 * The lines resolved through the catalogue (price, name and kind are the
 * catalogue's, whatever the client sent), lines of one product summed, in the
 * order they were first asked for: 400 on the first line whose product is
 * unknown or unavailable, or whose sum passes the maximum. The cart's sync and
 * the checkout both price this way.
 */
export async function resolveLines(
  catalog: CatalogView,
  wanted: readonly WantedLine[],
): Promise<{ product: ResolvedProduct; quantity: number }[]> {
  const resolutions = await catalog.resolveAll(wanted.map((line) => line.ref));
  const merged = new Map<string, { product: ResolvedProduct; quantity: number }>();
  for (const [index, line] of wanted.entries()) {
    const resolution = resolutions[index] ?? { error: 'not_found' };
    if ('error' in resolution) {
      const missing = resolution.error === 'not_found';
      const message = line.named
        ? (missing ? productNotFoundNamed : productUnavailableNamed)(line.ref.nome)
        : missing
          ? cartMessages.productNotFound
          : cartMessages.productUnavailable;
      throw new AppError('validation', message);
    }
    const quantity = (merged.get(resolution.productId)?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_UNITS_PER_LINE) throw new AppError('validation', cartMessages.tooManyUnits);
    merged.set(resolution.productId, { product: resolution, quantity });
  }
  return [...merged.values()];
}

/** An order's lines at the catalogue's prices, each regular item at its minimum (400 otherwise). */
export async function priceLines(
  catalog: CatalogView,
  wanted: readonly WantedLine[],
): Promise<OrderLine[]> {
  const lines = await resolveLines(catalog, wanted);
  if (lines.some(({ product, quantity }) => !product.isKit && quantity < MINIMUM_UNITS_PER_ITEM)) {
    throw new AppError('validation', cartMessages.minimum);
  }
  return lines.map(({ product, quantity }) => ({
    productId: product.productId,
    name: product.nome,
    category: catalog.details(product.productId)?.categoria ?? '',
    unitPriceCents: product.unitPriceCents,
    quantity,
  }));
}
