import type { SubmitReviewBodyInput } from '@quitute/contracts';
import { isRecord } from '../../../lib/is-record';
import { reviewTexts } from './review-texts';

/** A public review (customer spec §3), with whether its author bought the product. */
export interface PublicReview {
  _id: string;
  productName: string;
  rating: number;
  comment: string;
  userName: string;
  createdAt: string | null;
  verifiedPurchase: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const dateText = (value: unknown): string | null =>
  typeof value === 'string' && value ? value : null;
const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;

function publicReview(raw: unknown): PublicReview | null {
  if (!isRecord(raw) || typeof raw['_id'] !== 'string' || !isRating(raw['rating'])) return null;
  return {
    _id: raw['_id'],
    productName: text(raw['productName']),
    rating: raw['rating'],
    comment: text(raw['comment']),
    userName: text(raw['userName']),
    createdAt: dateText(raw['createdAt']),
    verifiedPurchase: raw['verifiedPurchase'] === true,
  };
}

/** GET /api/reviews: the list, at the edge; an entry that is not a review is skipped. */
export function parsePublicReviews(body: unknown): PublicReview[] {
  if (!Array.isArray(body)) throw new Error(reviewTexts.invalidResponse);
  return body.flatMap((raw: unknown) => publicReview(raw) ?? []);
}

/** The review a customer sends (customer spec §3); the comment is left out when blank (the server's default applies). */
export type NewReview = SubmitReviewBodyInput;

export function newReview(input: {
  product: { _id: string; name: string };
  rating: number;
  comment: string;
  user: { name: string; email: string };
}): NewReview {
  const comment = input.comment.trim();
  return {
    productId: input.product._id,
    productName: input.product.name,
    rating: input.rating,
    ...(comment ? { comment } : {}),
    userName: input.user.name,
    userEmail: input.user.email,
  };
}

function timeOf(review: PublicReview): number {
  const time = review.createdAt ? Date.parse(review.createdAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** The newest `count` reviews (undated ones last), for the home page's testimonials. */
export function latestReviews(reviews: readonly PublicReview[], count: number): PublicReview[] {
  return [...reviews].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, count);
}
