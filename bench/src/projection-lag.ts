import { cartItems } from './cart';
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
      items: cartItems(),
    });
  } finally {
    await shop.close();
  }
}
