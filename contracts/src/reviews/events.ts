import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { MAX_REVIEW_RATING, MIN_REVIEW_RATING } from './constants';

/**
 * Review events, stream `review-<reviewId>`. The author's name and e-mail are
 * the account's when the review was submitted (never the request's word), the
 * product's id and name the catalogue's. Times are the events' `occurredAt`.
 * Append-only: a shipped field is never renamed or removed (STYLE rule 3).
 */

const reviewId = z.uuid();

/** A customer reviewed a product; it waits for an admin's approval (spec §4). */
export const reviewSubmittedSchema = z.object({
  reviewId,
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  productId: z.uuid(),
  productName: z.string(),
  rating: z.number().int().min(MIN_REVIEW_RATING).max(MAX_REVIEW_RATING),
  /** 'Sem comentário' when the customer wrote none. */
  comment: z.string(),
});

/** An admin approved a pending review: it is public from now on. */
export const reviewApprovedSchema = z.object({ reviewId });

/** An admin deleted the review (admin-spec §4: permanently, whatever its status). */
export const reviewDeletedSchema = z.object({ reviewId });

/** A signed-in customer reported someone else's public review, once (admin-spec §3 isReported, reportCount). */
export const reviewReportedSchema = z.object({ reviewId, reporterId: z.uuid() });

export const reviewEventSchemas = {
  ReviewSubmitted: reviewSubmittedSchema,
  ReviewApproved: reviewApprovedSchema,
  ReviewDeleted: reviewDeletedSchema,
  ReviewReported: reviewReportedSchema,
} as const;
export type ReviewEvent = EventOf<typeof reviewEventSchemas>;
export type ReviewEventType = ReviewEvent['type'];

export function reviewStreamName(reviewId: string): string {
  return `review-${reviewId}`;
}
