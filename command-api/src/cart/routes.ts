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
import {
  cartWriteLimiter,
  DEFAULT_RATE_LIMITS,
  type AccountRateLimits,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';
import type { SessionView } from '../accounts/session-view';
import type { CatalogView } from '../catalog/catalog-view';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import {
  resolveItem,
  resolveSyncLines,
  runCartCommand,
  runCartCommandAt,
  toCartDto,
  type CartOutcome,
} from './carts';
import type { CartCommand, CartState, SyncCartCommand } from './decider';

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
  /** The per-user cart write limit among them; DEFAULT_RATE_LIMITS when absent. */
  rateLimits?: AccountRateLimits;
  rateLimitStore?: RateLimitStoreFactory;
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
  const signedIn = [
    authenticate(deps.tokens, deps.sessions?.lookup ?? sessionVersionsFromStreams(stores)),
    cartWriteLimiter(deps.rateLimits ?? DEFAULT_RATE_LIMITS, deps.rateLimitStore),
  ];
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

  router.post('/carrinho', ...signedIn, async (req, res) => {
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

  /** If-Match: none, a revision of ours, or `*` (any cart that exists, RFC 9110); else 400. */
  const ifMatch = (req: Request): number | 'exists' | undefined => {
    const header = req.get('if-match');
    if (header === undefined) return undefined;
    if (header.trim() === '*') return 'exists';
    const revision = revisionFromEtag(header);
    if (revision === null) throw new AppError('validation', messages.invalidRequest);
    return revision;
  };

  /**
   * Runs a command, conditionally when the client sent If-Match: a cart that
   * moved on answers 412 with the cart as it is now, nothing appended.
   */
  const runAndAnswer = async (
    req: Request,
    res: Response,
    caller: TokenClaims,
    command: CartCommand,
  ): Promise<void> => {
    const expected = ifMatch(req);
    const outcome: CartOutcome =
      expected === undefined
        ? { done: await runCartCommand(stores, command, context(req, caller)) }
        : await runCartCommandAt(stores, command, context(req, caller), expected);
    if ('done' in outcome) {
      sendCart(res, caller.userId, outcome.done);
      return;
    }
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
  };

  router.post('/carrinho/sync', ...signedIn, async (req, res) => {
    const body = parseWith(syncCartBodySchema, req.body);
    const caller = owner(req, body.userId);
    ifMatch(req); // an unreadable If-Match is refused before any product is resolved
    const command: SyncCartCommand = {
      type: 'SyncCart',
      userId: caller.userId,
      lines: await resolveSyncLines(catalog, body.itens),
    };
    await runAndAnswer(req, res, caller, command);
  });

  router.delete('/carrinho/:userId', ...signedIn, async (req, res) => {
    const { userId } = req.params;
    const caller = owner(req, typeof userId === 'string' ? userId : '');
    await runAndAnswer(req, res, caller, { type: 'ClearCart', userId: caller.userId });
  });

  return router;
}
