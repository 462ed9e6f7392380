/** A review's stars (spec §5): a whole number from 1 to 5. */
export const MIN_REVIEW_RATING = 1;
export const MAX_REVIEW_RATING = 5;

/** What a review without a comment says (spec §5). */
export const DEFAULT_REVIEW_COMMENT = 'Sem comentário';

/** The spec leaves the comment's length open: a few paragraphs, never a document. */
export const REVIEW_COMMENT_MAX_LENGTH = 1_000;

/** admin-spec §3: a review is pending, approved or rejected (no action rejects one yet). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** admin-spec §7: the admin list's orders. */
export const REVIEW_SORTS = ['newest', 'oldest', 'rating_high', 'rating_low'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** admin-spec §9: the admin list's page size; a client may ask for up to the maximum. */
export const ADMIN_REVIEWS_PAGE_SIZE = 10;
export const MAX_ADMIN_REVIEWS_PAGE_SIZE = 50;

/**
 * The public list has no pages (spec §7): it answers the newest approved
 * reviews up to this many (a client may ask for fewer, e.g. the home page's
 * testimonials).
 */
export const MAX_PUBLIC_REVIEWS = 200;
