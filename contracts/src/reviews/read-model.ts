import { z } from 'zod';

/**
 * The reviews read model (collection reviews_v1): one document per review,
 * removed when the review is deleted. `searchText` folds product, author and
 * comment for the admin's accent- and case-insensitive search.
 */
export const reviewDocumentSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  status: z.enum(['pending', 'approved']),
  /** ISO times. */
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  reportCount: z.number().int(),
  searchText: z.string(),
  /** Global position of ReviewSubmitted: orders reviews submitted in the same millisecond. */
  submittedAt: z.number().int(),
});
export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;

export const REVIEWS_COLLECTION = 'reviews_v1';
export const REVIEWS_PROJECTION = 'reviews_v1';

/**
 * What a review's "verified purchase" needs of the orders (collection
 * purchases_v1): one document per order, its customer, its products and
 * whether it was paid. Kept apart from the orders read model so the reviews
 * depend only on the two order events that say it.
 */
export const purchaseDocumentSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  productIds: z.array(z.string()),
  paid: z.boolean(),
});
export type PurchaseDocument = z.infer<typeof purchaseDocumentSchema>;

export const PURCHASES_COLLECTION = 'purchases_v1';
export const PURCHASES_PROJECTION = 'purchases_v1';
