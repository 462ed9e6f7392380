import { Router, type Request, type Response } from 'express';
import {
  addToCartBodySchema,
  cartEtag,
  cartMessages,
  messages,
  revisionFromEtag,
  syncCartBodySchema,
  type TokenClaims,
} from '@quitute/contracts';
import { authenticate, currentUser, type TokenService } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { EventStore } from '@quitute/infra/event-store';
import { parseWith } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import type { OwnWrites } from '@quitute/infra/projection-progress';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { sessionVersionsFromStreams } from '../accounts/accounts';
import type { SessionView } from '../accounts/session-view';
import type { CatalogView } from '../catalog/catalog-view';
import type { CommandContext } from '../shared/handle-command';
import type { CommandStores } from '../shared/load-aggregate';
import { requestCommandContext } from '../shared/request-context';
import {
  resolveItem,
  resolveSyncLines,
  runCartCommand,
  syncCartAt,
  toCartDto,
  type SyncOutcome,
} from './carts';
import type { CartState, SyncCartCommand } from './decider';

export interface CartDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  logger: Logger;
  /** The command side's catalogue: started (caught up) before requests arrive. */
  catalog: CatalogView;
  /** Where each user's own writes are recorded for query-api (embedded topology). */
  ownWrites?: OwnWrites | undefined;
  /** The users' session versions in memory; without it each request reads the user's stream. */
  sessions?: SessionView | undefined;
}

/**
 * POST /carrinho, POST /carrinho/sync, DELETE /carrinho/{userId} (spec §7).
 * A customer reaches only their own cart (ARCHITECTURE §5); every answer is
 * the cart now, with its revision as ETag and the position of its last event.
 */
export function cartRoutes(deps: CartDeps): Router {
  const { now, catalog, ownWrites } = deps;
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const signedIn = authenticate(
    deps.tokens,
    deps.sessions?.lookup ?? sessionVersionsFromStreams(stores),
  );
  const router = Router();

  /** The caller, when `userId` is theirs; checked before anything is read or resolved. */
  const owner = (req: Request, userId: string): TokenClaims => {
    const caller = currentUser(req);
    if (caller.userId !== userId) throw new AppError('forbidden', cartMessages.otherUsersCart);
    return caller;
  };
  const context = (req: Request, caller: TokenClaims): CommandContext => ({
    ...requestCommandContext(req, now),
    actorId: caller.userId,
    actorRole: caller.role,
  });
  const sendCart = (
    res: Response,
    userId: string,
    cart: { state: CartState; revision: number; position: number },
  ): void => {
    ownWrites?.record(userId, cart.position);
    res
      .set('ETag', cartEtag(cart.revision))
      .set('Cache-Control', 'no-store')
      .json(toCartDto(catalog, userId, cart.state, cart.position));
  };

  router.post('/carrinho', signedIn, async (req, res) => {
    const body = parseWith(addToCartBodySchema, req.body);
    const caller = owner(req, body.userId);
    const product = await resolveItem(catalog, body.item);
    const result = await runCartCommand(
      stores,
      {
        type: 'AddItem',
        userId: caller.userId,
        productId: product.productId,
        quantidade: body.quantidade,
        unitPriceCents: product.unitPriceCents,
        isKit: product.isKit,
      },
      context(req, caller),
    );
    sendCart(res, caller.userId, result);
  });

  router.post('/carrinho/sync', signedIn, async (req, res) => {
    const body = parseWith(syncCartBodySchema, req.body);
    const caller = owner(req, body.userId);
    const ifMatch = req.get('if-match');
    const expectedRevision = ifMatch === undefined ? undefined : revisionFromEtag(ifMatch);
    if (expectedRevision === null) throw new AppError('validation', messages.invalidRequest);
    const command: SyncCartCommand = {
      type: 'SyncCart',
      userId: caller.userId,
      lines: await resolveSyncLines(catalog, body.itens),
    };
    const outcome: SyncOutcome =
      expectedRevision === undefined
        ? { synced: await runCartCommand(stores, command, context(req, caller)) }
        : await syncCartAt(stores, command, context(req, caller), expectedRevision);
    if ('changed' in outcome) {
      const current = outcome.changed;
      res
        .status(412)
        .set('ETag', cartEtag(current.revision))
        .set('Cache-Control', 'no-store')
        .json({
          message: cartMessages.changedElsewhere,
          code: 'cart_changed',
          cart: toCartDto(catalog, caller.userId, current.state, current.position),
        });
      return;
    }
    sendCart(res, caller.userId, outcome.synced);
  });

  router.delete('/carrinho/:userId', signedIn, async (req, res) => {
    const { userId } = req.params;
    const caller = owner(req, typeof userId === 'string' ? userId : '');
    const result = await runCartCommand(
      stores,
      { type: 'ClearCart', userId: caller.userId },
      context(req, caller),
    );
    sendCart(res, caller.userId, result);
  });

  return router;
}
