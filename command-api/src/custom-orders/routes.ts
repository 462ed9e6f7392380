import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  customOrderBodySchema,
  customOrderMessages,
  customOrderStreamName,
  shopDate,
  type CustomOrderResponse,
} from '@quitute/contracts';
import type { TokenService } from '@quitute/infra/auth';
import type { EventStore } from '@quitute/infra/event-store';
import { parseWith } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import { clientAddressKey } from '@quitute/infra/rate-limit';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { sessionVersionsFromStreams } from '../accounts/accounts';
import { optionalCaller } from '../accounts/optional-caller';
import {
  limiterFactory,
  type RateLimit,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';
import type { SessionView } from '../accounts/session-view';
import { commandStream, handleCommand, type CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import { customOrderDecider, parseCustomOrderEvent } from './decider';

/**
 * Each request starts a new stream, and anyone may send one: the per-IP limit
 * is what stops a stranger from filling the event store (and the admin's list).
 * A family plans a few parties a year; a dozen an hour from one address is plenty.
 */
export const DEFAULT_CUSTOM_ORDER_RATE_LIMIT: RateLimit = { limit: 12, windowMs: 60 * 60_000 };

export interface CustomOrderDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  logger: Logger;
  rateLimitStore?: RateLimitStoreFactory;
  sessions?: SessionView | undefined;
  /** Per client IP; DEFAULT_CUSTOM_ORDER_RATE_LIMIT when absent. */
  customOrderRateLimit?: RateLimit | undefined;
}

/**
 * POST /api/custom-orders: the custom order form (spec §2, §3, §5), recorded
 * in the shop before the web app opens WhatsApp, so the admin sees it under
 * 'Encomendas'. Open to visitors; a signed-in customer's id is kept with it.
 * The contact it carries is personal data: it goes to this stream only and is
 * never logged.
 */
export function customOrderRoutes(deps: CustomOrderDeps): Router {
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const sessionVersion = deps.sessions?.lookup ?? sessionVersionsFromStreams(stores);
  const limit = limiterFactory(deps.rateLimitStore)(
    'custom-order-ip',
    deps.customOrderRateLimit ?? DEFAULT_CUSTOM_ORDER_RATE_LIMIT,
    clientAddressKey,
    customOrderMessages.tooMany,
  );
  const router = Router();

  router.post('/api/custom-orders', limit, async (req, res) => {
    const body = parseWith(customOrderBodySchema, req.body);
    const caller = await optionalCaller(req, deps.tokens, sessionVersion);
    const requestId = randomUUID();
    const context = requestCommandContext(req, deps.now);
    const { position } = await handleCommand(
      commandStream(
        stores.eventStore,
        customOrderStreamName(requestId),
        customOrderDecider,
        parseCustomOrderEvent,
      ),
      {
        type: 'RequestCustomOrder',
        requestId,
        name: body.nome,
        email: body.email,
        phone: body.telefone,
        eventDate: body.dataEvento,
        details: body.descricao,
        customerId: caller?.userId,
        today: shopDate(new Date(context.occurredAt)),
      },
      {
        ...context,
        // A visitor has no account: the request itself is the actor.
        actorId: caller?.userId ?? `visitor-${requestId}`,
        actorRole: caller?.role ?? 'user',
      },
    );
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        message: customOrderMessages.sent,
        requestId,
        position,
      } satisfies CustomOrderResponse);
  });

  return router;
}
