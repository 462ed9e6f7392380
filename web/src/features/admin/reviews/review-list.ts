import { ADMIN_REVIEWS_PAGE_SIZE, type ReviewSort } from '@quitute/contracts';
import { isRecord } from '../../../lib/is-record';

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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isRating = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

function adminReview(raw: unknown): AdminReview | null {
  if (!isRecord(raw) || typeof raw['_id'] !== 'string' || !isRating(raw['rating'])) return null;
  const reportCount = raw['reportCount'];
  const createdAt = raw['createdAt'];
  return {
    _id: raw['_id'],
    userId: text(raw['userId']),
    userName: text(raw['userName']),
    userEmail: text(raw['userEmail']),
    productName: text(raw['productName']),
    rating: raw['rating'],
    comment: text(raw['comment']),
    status: text(raw['status']),
    createdAt: typeof createdAt === 'string' && createdAt ? createdAt : null,
    isReported: raw['isReported'] === true,
    reportCount: typeof reportCount === 'number' && reportCount > 0 ? reportCount : 0,
  };
}

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

export const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: 'pending', label: 'Pendente' },
  { value: 'approved', label: 'Aprovada' },
  { value: 'rejected', label: 'Rejeitada' },
] as const;

export const SORT_OPTIONS: readonly { value: ReviewSort; label: string }[] = [
  { value: 'newest', label: 'Mais recentes' },
  { value: 'oldest', label: 'Mais antigas' },
  { value: 'rating_high', label: 'Maior nota' },
  { value: 'rating_low', label: 'Menor nota' },
];

export type SortBy = ReviewSort;

export interface AdminReviewFilters {
  /** '' for every status. */
  status: string;
  /** '' for every rating, else '1'…'5'. */
  rating: string;
  sortBy: SortBy;
  search: string;
}

export const defaultFilters: AdminReviewFilters = {
  status: '',
  rating: '',
  sortBy: 'newest',
  search: '',
};

export interface AdminReviewsQuery extends AdminReviewFilters {
  page: number;
  /** The position of the admin's last change: the list waits for it (read-your-writes). */
  minPosition?: number | undefined;
}

/** Query string of GET /api/admin/reviews (admin spec §7): only the filters chosen. */
export function adminReviewsParams({
  page,
  status,
  rating,
  sortBy,
  search,
}: AdminReviewsQuery): Record<string, string> {
  const params: Record<string, string> = {
    page: String(page),
    limit: String(ADMIN_REVIEWS_PAGE_SIZE),
    sortBy,
  };
  if (status) params['status'] = status;
  if (rating) params['rating'] = rating;
  const text = search.trim();
  if (text) params['search'] = text;
  return params;
}

export function statusLabel(status: string): string {
  return (
    STATUS_OPTIONS.find((option) => option.value !== '' && option.value === status)?.label ?? status
  );
}

export interface ReviewStats {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  reported: number;
}

/** The stat cards, counted over the page's list (admin spec §2). */
export function reviewStats(reviews: readonly AdminReview[]): ReviewStats {
  return {
    total: reviews.length,
    pending: reviews.filter((review) => review.status === 'pending').length,
    approved: reviews.filter((review) => review.status === 'approved').length,
    rejected: reviews.filter((review) => review.status === 'rejected').length,
    reported: reviews.filter((review) => review.isReported).length,
  };
}
