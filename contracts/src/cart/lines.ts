import { KITS_CATEGORY } from '../catalog/constants';
import { centsToReais } from '../shared/money';
import type { CartLineDto } from './dto';
import type { CartEvent, CartLineRecord } from './events';

/**
 * What a cart event does to the cart's lines: the one fold both the command
 * side (the cart decider's state) and the read side (carts_v1) apply, so the
 * cart a customer reads is the cart the commands decided on.
 */
export function applyCartEvent(
  lines: readonly CartLineRecord[],
  event: CartEvent,
): CartLineRecord[] {
  switch (event.type) {
    case 'CartItemAdded': {
      const { productId, quantidade } = event.data;
      const index = lines.findIndex((line) => line.productId === productId);
      if (index === -1) return [...lines, { productId, quantidade }];
      return lines.map((line, at) =>
        at === index ? { productId, quantidade: line.quantidade + quantidade } : line,
      );
    }
    case 'CartItemQuantityChanged': {
      const { productId, quantidade } = event.data;
      return lines.map((line) => (line.productId === productId ? { productId, quantidade } : line));
    }
    case 'CartItemRemoved':
      return lines.filter((line) => line.productId !== event.data.productId);
    case 'CartReplaced':
      return event.data.lines.map(({ productId, quantidade }) => ({ productId, quantidade }));
    case 'CartCleared':
      return [];
    case 'CartCheckedOut':
      return event.data.lines ? withoutOrdered(lines, event.data.lines) : [];
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected cart event ${JSON.stringify(unexpected)}`);
    }
  }
}

/**
 * The lines left once an order's units are taken out: each product loses the
 * units ordered (a line left with none goes), so a line added after the
 * checkout, or units of the same product added since, stay.
 */
function withoutOrdered(
  lines: readonly CartLineRecord[],
  ordered: readonly CartLineRecord[],
): CartLineRecord[] {
  const taken = new Map<string, number>();
  for (const { productId, quantidade } of ordered) {
    taken.set(productId, (taken.get(productId) ?? 0) + quantidade);
  }
  return lines.flatMap(({ productId, quantidade }) => {
    const left = quantidade - (taken.get(productId) ?? 0);
    return left > 0 ? [{ productId, quantidade: left }] : [];
  });
}

/** What a cart line shows of a product: the catalogue's fields now, price in reais (spec §3). */
export function cartItemDto(
  productId: string,
  product: {
    name: string;
    priceCents: number;
    category: string;
    description: string;
    imageUrl: string | null;
    itens: readonly string[];
  },
): CartLineDto['item'] {
  return {
    id: productId,
    nome: product.name,
    preco: centsToReais(product.priceCents),
    categoria: product.category,
    descricao: product.description,
    ...(product.category === KITS_CATEGORY || product.itens.length > 0
      ? { itens: [...product.itens] }
      : {}),
    imageUrl: product.imageUrl,
  };
}
