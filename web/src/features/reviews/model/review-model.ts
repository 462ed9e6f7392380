import { formatShopDay, formatShopDayTime, type SubmitReviewBodyInput } from '@quitute/contracts';
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

/** A review as the admin list shows it (admin spec §3). */
export interface AdminReview {
  _id: string;
  userId: string;
  userName: string;
  userEmail: string;
  productName: string;
  rating: number;
  comment: string;
  status: string;
  createdAt: string | null;
  isReported: boolean;
  reportCount: number;
}

export interface AdminReviewPage {
  reviews: AdminReview[];
  total: number;
  totalPages: number;
}

export const RATINGS = [1, 2, 3, 4, 5] as const;

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

function adminReview(raw: unknown): AdminReview | null {
  if (!isRecord(raw) || typeof raw['_id'] !== 'string' || !isRating(raw['rating'])) return null;
  const reportCount = raw['reportCount'];
  return {
    _id: raw['_id'],
    userId: text(raw['userId']),
    userName: text(raw['userName']),
    userEmail: text(raw['userEmail']),
    productName: text(raw['productName']),
    rating: raw['rating'],
    comment: text(raw['comment']),
    status: text(raw['status']),
    createdAt: dateText(raw['createdAt']),
    isReported: raw['isReported'] === true,
    reportCount: typeof reportCount === 'number' && reportCount > 0 ? reportCount : 0,
  };
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** GET /api/admin/reviews: `{reviews, total, totalPages}`, or null when the answer is not that shape. */
export function parseAdminReviewPage(body: unknown): AdminReviewPage | null {
  if (!isRecord(body) || !Array.isArray(body['reviews'])) return null;
  const reviews = body['reviews'].flatMap((raw: unknown) => adminReview(raw) ?? []);
  return {
    reviews,
    total: count(body['total']) ?? reviews.length,
    totalPages: Math.max(1, count(body['totalPages']) ?? 1),
  };
}

/**
 * A review's date, dd/MM/yyyy in the shop's time zone (with HH:mm when asked):
 * 'Data não disponível' without one, 'Data inválida' when it cannot be read (customer spec §8).
 */
export function reviewDateText(createdAt: string | null, withTime = false): string {
  if (!createdAt) return reviewTexts.noDate;
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return reviewTexts.invalidDate;
  return withTime ? formatShopDayTime(instant) : formatShopDay(instant);
}

export function ratingLabel(rating: number): string {
  return `Nota ${rating} de 5`;
}

export function starsLabel(rating: number): string {
  return rating === 1 ? '1 estrela' : `${rating} estrelas`;
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
