import type { AddressInfo } from 'node:net';
import { menuProductId } from '@quitute/command-api';
import { cartItemDto, menuImagePath, STATIC_MENU } from '@quitute/contracts';
import express from 'express';
import { cartItems } from './cart';
import { runLoadGenerator, type LoadFigures } from './load';

/**
 * The least a cart answered through Express can cost on this machine: an
 * Express app that parses the JSON body (`express.json()`), adds the item to a
 * cart kept in a Map and answers the cart as the shop does (`res.json`, the
 * same lines and fields, so the same bytes), under the cart section's load.
 * No token, validation, event store, projection or middleware of the shop's:
 * what the shop's own cart figures stand on, not a shop.
 */
export async function measureExpressFloor(options: {
  customers: number;
  connections: number;
  seconds: number;
  /** Requests a second, evenly spaced (see LoadPlan.rate); as many as the connections carry without it. */
  rate?: number;
}): Promise<LoadFigures> {
  const products = new Map(
    STATIC_MENU.map((item) => [
      item.slug,
      cartItemDto(menuProductId(item.slug), { ...item, imageUrl: menuImagePath(item.slug) }),
    ]),
  );
  const carts = new Map<string, Map<string, number>>();
  let position = 0;
  const app = express();
  app.post('/carrinho', express.json(), (req, res) => {
    const body = req.body as { userId: string; item: { id: string }; quantidade: number };
    const lines = carts.get(body.userId) ?? new Map<string, number>();
    carts.set(body.userId, lines);
    lines.set(body.item.id, (lines.get(body.item.id) ?? 0) + body.quantidade);
    position += 1;
    res.set('Cache-Control', 'no-store').json({
      userId: body.userId,
      itens: [...lines].map(([id, quantidade]) => ({ item: products.get(id), quantidade })),
      position,
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await runLoadGenerator({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      warmUpRequests: 1_000,
      seconds: options.seconds,
      ...(options.rate === undefined ? {} : { rate: options.rate }),
      customers: Array.from({ length: options.customers }, (_, index) => ({
        userId: `floor-${index}`,
        email: `floor-${index}@example.com`,
        token: 'not-checked',
      })),
      request: { kind: 'add-to-cart', items: cartItems() },
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
