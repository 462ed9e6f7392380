import { KITS_CATEGORY, STATIC_MENU } from '@quitute/contracts';
import { runLagClient, type LagFigures } from './lag';
import { openBenchShop } from './shop';

/**
 * Issue 14: projection lag on the embedded shop (PGlite + in-memory read
 * models) under a steady `commandsPerSecond` of POST /carrinho from
 * `customers` customers: for each accepted command, the time from its 2xx to
 * the cart read back through query-api showing it.
 */
export async function measureProjectionLag(options: {
  eventStoreUrl?: string;
  customers: number;
  commandsPerSecond: number;
  seconds: number;
}): Promise<LagFigures> {
  const shop = await openBenchShop(options);
  try {
    return await runLagClient({
      url: shop.url,
      commandsPerSecond: options.commandsPerSecond,
      seconds: options.seconds,
      customers: shop.customers.map(({ userId, token }) => ({ userId, token })),
      items: STATIC_MENU.map((item) => ({
        id: item.slug,
        nome: item.name,
        preco: item.priceCents / 100,
        quantidade: item.category === KITS_CATEGORY ? 1 : 20,
      })),
    });
  } finally {
    await shop.close();
  }
}
