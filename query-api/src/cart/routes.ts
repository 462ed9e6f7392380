import { Router, type RequestHandler } from 'express';
import {
  cartDocumentSchema,
  cartEtag,
  cartItemDto,
  cartMessages,
  CARTS_COLLECTION,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  type CartDto,
} from '@quitute/contracts';
import {
  authenticate,
  currentUser,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { ReadStore } from '@quitute/infra/read-store';

/**
 * GET /carrinho/{userId} (spec §7): the caller's own cart only. Lines come
 * from carts_v1, product details from the menu read model at read time (a
 * price change shows at once); a line whose product left the menu (inactive,
 * deleted) is not shown — the command side leaves it out of its answers too.
 */
export function cartQueryRoutes(deps: {
  readStore: ReadStore;
  tokens: TokenVerifier;
  sessionVersions: SessionVersionLookup;
  /** After authenticate: waits (bounded) for the caller's last write, sent back or recorded. */
  readYourWrites: RequestHandler;
}): Router {
  const carts = deps.readStore.collection(CARTS_COLLECTION);
  const products = deps.readStore.collection(PRODUCTS_COLLECTION);
  const router = Router();

  const ownCart: RequestHandler = (req, _res, next) => {
    if (req.params['userId'] !== currentUser(req).userId) {
      throw new AppError('forbidden', cartMessages.otherUsersCart);
    }
    next();
  };

  router.get(
    '/carrinho/:userId',
    authenticate(deps.tokens, deps.sessionVersions),
    ownCart,
    deps.readYourWrites,
    async (req, res) => {
      const { userId } = currentUser(req);
      const stored = await carts.get(userId);
      const cart = stored ? cartDocumentSchema.parse(stored) : null;
      const lines = cart?.lines ?? [];
      const found =
        lines.length === 0
          ? []
          : await products.find({ _id: { $in: lines.map((line) => line.productId) } });
      const byId = new Map(
        found.map((document) => {
          const product = productDocumentSchema.parse(document);
          return [product._id, product];
        }),
      );
      const body: CartDto = {
        userId,
        itens: lines.flatMap((line) => {
          const product = byId.get(line.productId);
          if (!product || !product.isActive || product.isDeleted) return [];
          return [{ item: cartItemDto(product._id, product), quantidade: line.quantidade }];
        }),
      };
      // The ETag versions the cart's lines (what a sync's If-Match protects), not this
      // body: prices and names come from the catalogue and may change under the same
      // revision. So the body is written as it is, never answered 304 to If-None-Match.
      res
        .set('Cache-Control', 'private, no-store')
        .set('ETag', cartEtag(cart?.revision ?? -1))
        .type('json')
        .end(JSON.stringify(body));
    },
  );

  return router;
}
