import { KITS_CATEGORY, STATIC_MENU } from '@quitute/contracts';
import { runLoadGenerator, type LoadFigures } from './load';
import { openBenchShop } from './shop';

/** What a benchmark's customers put in their carts: any menu item, 20 units (a kit 1). */
export const cartItems = () =>
  STATIC_MENU.map((item) => ({
    id: item.slug,
    nome: item.name,
    preco: item.priceCents / 100,
    quantidade: item.category === KITS_CATEGORY ? 1 : 20,
  }));

/**
 * POST /carrinho on the embedded shop: each request adds a random menu item
 * (20 units, a kit 1) to one of `customers` carts, `connections` at once with
 * keep-alive, from a load generator in its own process. `eventStoreUrl` names a
 * PostgreSQL database; without it the shop uses PGlite in a data directory.
 */
export async function measureAddToCart(options: {
  eventStoreUrl?: string;
  customers: number;
  connections: number;
  seconds: number;
  /** Requests a second, evenly spaced (see LoadPlan.rate); as many as the connections carry without it. */
  rate?: number;
}): Promise<LoadFigures> {
  const shop = await openBenchShop(options);
  try {
    return await runLoadGenerator({
      url: shop.url,
      connections: options.connections,
      warmUpRequests: 1_000,
      seconds: options.seconds,
      ...(options.rate === undefined ? {} : { rate: options.rate }),
      customers: shop.customers,
      request: {
        kind: 'add-to-cart',
        items: cartItems(),
      },
    });
  } finally {
    await shop.close();
  }
}
