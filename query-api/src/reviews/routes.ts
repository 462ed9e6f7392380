import { Router } from 'express';
import {
  adminReviewsQuerySchema,
  foldForSearch,
  MAX_PUBLIC_REVIEWS,
  messages,
  purchaseDocumentSchema,
  PURCHASES_COLLECTION,
  publicReviewsQuerySchema,
  reviewDocumentSchema,
  REVIEWS_COLLECTION,
  type AdminReviewDto,
  type AdminReviewList,
  type ReviewDocument,
  type ReviewDto,
  type ReviewSort,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { WaitForPosition } from '@quitute/infra/projection-progress';
import { escapeRegex, type Filter, type ReadStore } from '@quitute/infra/read-store';
import { readYourWrites } from '../shared/read-your-writes';

/** Newest first breaks ties of the same millisecond by submission order. */
const SORTS: Record<ReviewSort, Record<string, 1 | -1>> = {
  newest: { createdAt: -1, submittedAt: -1 },
  oldest: { createdAt: 1, submittedAt: 1 },
  rating_high: { rating: -1, createdAt: -1, submittedAt: -1 },
  rating_low: { rating: 1, createdAt: -1, submittedAt: -1 },
};

export function toAdminReviewDto(review: ReviewDocument): AdminReviewDto {
  return {
    _id: review._id,
    userId: review.userId,
    userName: review.userName,
    userEmail: review.userEmail,
    productId: review.productId,
    productName: review.productName,
    rating: review.rating,
    comment: review.comment,
    status: review.status,
    createdAt: review.createdAt,
    approvedAt: review.approvedAt,
    isReported: review.reportCount > 0,
    reportCount: review.reportCount,
  };
}

/**
 * GET /api/reviews (spec §7: public, approved only, newest first, each with
 * whether its author paid for the product) and the admin's GET
 * /api/admin/reviews (admin-spec §7), behind the router's one /api/admin guard.
 */
export function reviewQueryRoutes(deps: {
  readStore: ReadStore;
  waitForPosition: WaitForPosition;
}): Router {
  const reviews = deps.readStore.collection(REVIEWS_COLLECTION);
  const purchases = deps.readStore.collection(PURCHASES_COLLECTION);
  const router = Router();

  /** `userId:productId` of every paid purchase of these authors. */
  const paidPurchases = async (userIds: readonly string[]): Promise<Set<string>> => {
    if (userIds.length === 0) return new Set();
    const found = await purchases.find({ userId: { $in: [...new Set(userIds)] }, paid: true });
    return new Set(
      found.flatMap((stored) => {
        const purchase = purchaseDocumentSchema.parse(stored);
        return purchase.productIds.map((productId) => `${purchase.userId}:${productId}`);
      }),
    );
  };

  router.get('/api/reviews', readYourWrites(deps.waitForPosition), async (req, res) => {
    const query = parseWith(publicReviewsQuerySchema, req.query, messages.invalidSearch);
    const filter: Filter = { status: 'approved' };
    if (query.productId) filter['productId'] = query.productId;
    const found = (
      await reviews.find(filter, {
        sort: SORTS.newest,
        limit: query.limit ?? MAX_PUBLIC_REVIEWS,
      })
    ).map((stored) => reviewDocumentSchema.parse(stored));
    const paid = await paidPurchases(found.map((review) => review.userId));
    const body: ReviewDto[] = found.map((review) => ({
      _id: review._id,
      productId: review.productId,
      productName: review.productName,
      rating: review.rating,
      comment: review.comment,
      userName: review.userName,
      createdAt: review.createdAt,
      verifiedPurchase: paid.has(`${review.userId}:${review.productId}`),
    }));
    res.set('Cache-Control', 'no-cache').json(body);
  });

  router.get('/api/admin/reviews', async (req, res) => {
    const query = parseWith(adminReviewsQuerySchema, req.query, messages.invalidSearch);
    const filter: Filter = {};
    if (query.status) filter['status'] = query.status;
    if (query.rating) filter['rating'] = query.rating;
    const search = query.search ? foldForSearch(query.search) : '';
    if (search) filter['searchText'] = { $regex: escapeRegex(search) };
    const [total, found] = await Promise.all([
      reviews.count(filter),
      reviews.find(filter, {
        sort: SORTS[query.sortBy],
        skip: (query.page - 1) * query.limit,
        limit: query.limit,
      }),
    ]);
    const body: AdminReviewList = {
      reviews: found.map((stored) => toAdminReviewDto(reviewDocumentSchema.parse(stored))),
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  return router;
}
