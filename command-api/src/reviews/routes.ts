import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  reviewMessages,
  submitReviewBodySchema,
  type ReviewCommandResponse,
  type SubmitReviewResponse,
  type TokenClaims,
  entityIdSchema,
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
  limiterFactory,
  type RateLimit,
  type RateLimitStoreFactory,
} from '../accounts/rate-limits';
import type { SessionView } from '../accounts/session-view';
import type { CatalogView } from '../catalog/catalog-view';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { requestCommandContext } from '../shared/request-context';
import { reviewComment, type ReviewCommand } from './decider';
import { authorAccount, reviewedProduct, runReviewCommand } from './reviews';

/**
 * Each review and each report is kept for ever: one account must not be able
 * to grow the store (or the admin's queue) without bound. A customer reviews
 * a handful of products after a party, far below these.
 */
export interface ReviewRateLimits {
  submissionsPerUser: RateLimit;
  reportsPerUser: RateLimit;
}

export const DEFAULT_REVIEW_RATE_LIMITS: ReviewRateLimits = {
  submissionsPerUser: { limit: 10, windowMs: 60 * 60_000 },
  reportsPerUser: { limit: 30, windowMs: 60 * 60_000 },
};

export interface ReviewDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  now: () => Date;
  tokens: TokenService;
  logger: Logger;
  /** The command side's catalogue (started before requests arrive): reviewed products are resolved here. */
  catalog: CatalogView;
  /** Where each user's own writes are recorded for query-api (embedded topology). */
  ownWrites?: OwnWrites | undefined;
  rateLimitStore?: RateLimitStoreFactory;
  sessions?: SessionView | undefined;
  /** DEFAULT_REVIEW_RATE_LIMITS when absent. */
  reviewRateLimits?: ReviewRateLimits | undefined;
}

/**
 * POST /api/reviews (spec §7), POST /api/reviews/{id}/report, and the admin's
 * PATCH /api/admin/reviews/{id}/approve and DELETE /api/admin/reviews/{id}
 * (admin-spec §7), the latter behind the router's one /api/admin guard.
 */
export function reviewRoutes(deps: ReviewDeps): Router {
  const { now, catalog, ownWrites } = deps;
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const limits = deps.reviewRateLimits ?? DEFAULT_REVIEW_RATE_LIMITS;
  const limiter = limiterFactory(deps.rateLimitStore);
  const userKey = (req: Request) => currentUser(req).userId;
  const signedIn = authenticate(
    deps.tokens,
    deps.sessions?.lookup ?? sessionVersionsFromStreams(stores),
  );
  const router = Router();

  /** No token at all: the spec's review message (spec §5: login is required), still a 401. */
  const loginRequired: RequestHandler = (req, _res, next) => {
    if (!req.get('authorization')) throw new AppError('unauthorized', reviewMessages.required);
    next();
  };

  const context = (req: Request, caller: TokenClaims): CommandContext => ({
    ...requestCommandContext(req, now),
    actorId: caller.userId,
    actorRole: caller.role,
  });

  /** A malformed id names no review: 404, as an unknown one. */
  const reviewIdOf = (req: Request): string => {
    const id = entityIdSchema.safeParse(req.params['id']);
    if (!id.success) throw new AppError('not_found', reviewMessages.notFound);
    return id.data;
  };

  const run = async (req: Request, command: ReviewCommand) => {
    const caller = currentUser(req);
    const result = await runReviewCommand(stores, command, context(req, caller));
    ownWrites?.record(caller.userId, result.position);
    return result;
  };

  router.post(
    '/api/reviews',
    loginRequired,
    signedIn,
    limiter('review-user', limits.submissionsPerUser, userKey, reviewMessages.tooManyReviews),
    async (req, res) => {
      const body = parseWith(submitReviewBodySchema, req.body);
      const caller = currentUser(req);
      const product = await reviewedProduct(catalog, body);
      const author = await authorAccount(stores, caller.userId);
      const commandContext = context(req, caller);
      const reviewId = randomUUID();
      const { position } = await runReviewCommand(
        stores,
        {
          type: 'SubmitReview',
          reviewId,
          userId: author.userId,
          userName: author.name,
          userEmail: author.email,
          productId: product.productId,
          productName: product.nome,
          rating: body.rating,
          comment: body.comment ?? undefined,
        },
        commandContext,
      );
      ownWrites?.record(caller.userId, position);
      const response: SubmitReviewResponse = {
        message: reviewMessages.submitted,
        review: {
          _id: reviewId,
          productId: product.productId,
          productName: product.nome,
          rating: body.rating,
          comment: reviewComment(body.comment ?? undefined),
          userName: author.name,
          createdAt: commandContext.occurredAt,
          status: 'pending',
        },
        position,
      };
      res.status(201).json(response);
    },
  );

  router.post(
    '/api/reviews/:id/report',
    signedIn,
    limiter('review-report-user', limits.reportsPerUser, userKey, reviewMessages.tooManyReports),
    async (req, res) => {
      const reviewId = reviewIdOf(req);
      const { position } = await run(req, {
        type: 'ReportReview',
        reviewId,
        reporterId: currentUser(req).userId,
      });
      res.json({
        message: reviewMessages.reported,
        reviewId,
        position,
      } satisfies ReviewCommandResponse);
    },
  );

  router.patch('/api/admin/reviews/:id/approve', async (req, res) => {
    const reviewId = reviewIdOf(req);
    const { position } = await run(req, { type: 'ApproveReview', reviewId });
    res.json({
      message: reviewMessages.approved,
      reviewId,
      position,
    } satisfies ReviewCommandResponse);
  });

  router.delete('/api/admin/reviews/:id', async (req, res) => {
    const reviewId = reviewIdOf(req);
    const { position } = await run(req, { type: 'DeleteReview', reviewId });
    res.json({
      message: reviewMessages.deleted,
      reviewId,
      position,
    } satisfies ReviewCommandResponse);
  });

  return router;
}
