import { randomUUID } from 'node:crypto';
import { Router, type ErrorRequestHandler, type Request } from 'express';
import {
  cancelPaymentBodySchema,
  centsToReais,
  checkoutBodySchema,
  checkoutMessages,
  messages,
  paymentMessages,
  SYSTEM_ACTOR,
} from '@quitute/contracts';
import { authenticate, currentUser, type TokenService } from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import type { EventStore } from '@quitute/infra/event-store';
import { parseWith } from '@quitute/infra/http';
import type { Logger } from '@quitute/infra/logging';
import type { OwnWrites } from '@quitute/infra/projection-progress';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { loadUser, sessionVersionsFromStreams } from '../accounts/accounts';
import type { RateLimitStoreFactory } from '../accounts/rate-limits';
import type { SessionView } from '../accounts/session-view';
import type { CatalogView } from '../catalog/catalog-view';
import { cancelPayment } from '../checkout/cancel';
import { checkout, type CheckoutWork } from '../checkout/checkout';
import { orderNumberAllocatorFor } from '../ordering/order-number-allocator';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import { createScheduleReader, type ScheduleReader } from '../schedule/schedule-reader';
import { createShopSettingsReader, type ShopSettingsReader } from '../shop/settings-reader';
import type { OrderingOptions } from './options';
import { providerPayment, recordProviderPayment } from './payments';
import { DEFAULT_PAYMENT_RATE_LIMITS, paymentLimiters } from './rate-limits';

export interface PaymentsDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  logger: Logger;
  /** The command side's catalogue: prices come from it. */
  catalog: CatalogView;
  ownWrites?: OwnWrites | undefined;
  rateLimitStore?: RateLimitStoreFactory;
  sessions?: SessionView | undefined;
  /** The shop's settings (delivery zones and fees, the name in e-mails); read from the event store when absent. */
  shopSettings?: ShopSettingsReader | undefined;
  /** Issue 40: the kitchen's calendar the checkout enforces; read from the event store when absent. */
  schedule?: ScheduleReader | undefined;
}

/** How long a client or the provider should wait before trying again when the provider is down. */
const RETRY_AFTER_SECONDS = 5;

/** Visible ASCII, at most 100 characters (a UUID is what the web app sends). */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,100}$/;

/** An answer of 503 says when to try again. */
const retryAfterWhenUnavailable: ErrorRequestHandler = (error, _req, res, next) => {
  if (error instanceof AppError && error.code === 'unavailable') {
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  }
  next(error);
};

/**
 * POST /payments/mercadopago/transparent-checkout, /payments/cancel-payment
 * (the customer's own payments only) and /payments/webhook (the provider's
 * signed notifications; no token, no limit). Issue 10.
 */
export function paymentRoutes(deps: PaymentsDeps, ordering: OrderingOptions): Router {
  const { now, logger, ownWrites } = deps;
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger,
  };
  const { gateway } = ordering;
  const work: CheckoutWork = {
    stores,
    gateway,
    logger,
    shopSettings: deps.shopSettings ?? createShopSettingsReader(deps.eventStore),
    schedule: deps.schedule ?? createScheduleReader(deps.eventStore),
    catalog: deps.catalog,
    allocator: orderNumberAllocatorFor(stores),
    pixExpiryMinutes: ordering.pixExpiryMinutes,
    userState:
      deps.sessions?.userState ?? (async (userId) => (await loadUser(stores, userId)).state),
    // Read at each checkout: the embedded server knows its public URL only once listening.
    get notificationUrl() {
      return ordering.notificationUrl;
    },
  };
  const limits = paymentLimiters(
    ordering.rateLimits ?? DEFAULT_PAYMENT_RATE_LIMITS,
    deps.rateLimitStore,
  );
  const signedIn = authenticate(
    deps.tokens,
    deps.sessions?.lookup ?? sessionVersionsFromStreams(stores),
  );
  const router = Router();

  const idempotencyKey = (req: Request): string => {
    const key = req.get('idempotency-key');
    if (key === undefined) return randomUUID();
    if (!IDEMPOTENCY_KEY.test(key)) throw new AppError('validation', messages.invalidRequest);
    return key;
  };

  router.post(
    '/payments/mercadopago/transparent-checkout',
    signedIn,
    ...limits.checkout,
    async (req, res) => {
      const body = parseWith(checkoutBodySchema(now()), req.body);
      const caller = currentUser(req);
      if (caller.userId !== body.userId) {
        throw new AppError('forbidden', checkoutMessages.otherUsersCheckout);
      }
      const context: CommandContext = {
        ...requestCommandContext(req, now),
        actorId: caller.userId,
        actorRole: caller.role,
      };
      const outcome = await checkout(work, { body, idempotencyKey: idempotencyKey(req), context });
      res.set('Cache-Control', 'no-store');
      switch (outcome.kind) {
        case 'paid':
          ownWrites?.record(caller.userId, outcome.position);
          res.json(outcome.result);
          return;
        case 'refused':
          ownWrites?.record(caller.userId, outcome.position);
          res.status(400).json({ message: outcome.message, code: 'payment_refused' });
          return;
        case 'totalChanged':
          res.status(409).json({
            message: checkoutMessages.totalChanged,
            code: 'total_changed',
            total: centsToReais(outcome.totalCents),
          });
          return;
      }
    },
  );

  router.post('/payments/cancel-payment', signedIn, limits.cancel, async (req, res) => {
    const { paymentId: providerPaymentId } = parseWith(cancelPaymentBodySchema, req.body);
    const caller = currentUser(req);
    const context: CommandContext = {
      ...requestCommandContext(req, now),
      actorId: caller.userId,
      actorRole: caller.role,
    };
    const cancelled = await cancelPayment(work, {
      providerPaymentId,
      userId: caller.userId,
      context,
    });
    ownWrites?.record(caller.userId, cancelled.position);
    res.set('Cache-Control', 'no-store').json(cancelled.answer);
  });

  router.post('/payments/webhook', async (req, res) => {
    const verdict = gateway.verifyWebhook({
      headers: req.headers,
      query: req.query,
      body: req.body,
    });
    if (verdict.kind === 'invalid') {
      logger.warn({ reason: verdict.reason }, 'payment webhook refused');
      throw new AppError('unauthorized', paymentMessages.invalidSignature);
    }
    if (verdict.kind === 'payment') {
      const report = await providerPayment(work, verdict.paymentId);
      if (!report) {
        logger.warn(
          { providerPaymentId: verdict.paymentId },
          'webhook for a payment the provider does not know',
        );
      } else {
        const outcome = await recordProviderPayment(work, report, {
          ...requestCommandContext(req, now),
          actorId: SYSTEM_ACTOR,
          actorRole: 'system',
        });
        if (outcome.kind === 'unknown') {
          logger.info(
            { providerPaymentId: report.id, reason: outcome.reason },
            'webhook for a payment that is none of ours',
          );
        }
      }
    }
    res.json({ received: true });
  });

  router.use(retryAfterWhenUnavailable);
  return router;
}
