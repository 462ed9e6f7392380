import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../accounts/constants';
import { messages } from '../shared/messages';
import { textField } from '../shared/text';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  MAX_ADMIN_REVIEWS_PAGE_SIZE,
  MAX_PUBLIC_REVIEWS,
  MAX_REVIEW_RATING,
  MIN_REVIEW_RATING,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_SORTS,
  REVIEW_STATUSES,
} from './constants';
import { reviewMessages as m } from './messages';

/**
 * HTTP shapes of the reviews (spec §3, §7; admin-spec §3, §7), shared by the
 * servers and the web app.
 */

const required = { error: m.required };

/**
 * POST /api/reviews. The product is named by `productId` (its id or menu slug)
 * and/or `productName`, resolved through the catalogue. The spec's web app also
 * sends `userName` and `userEmail`: as text they are accepted and ignored, the
 * account's are used. Any other key is refused.
 */
export const submitReviewBodySchema = z
  .strictObject({
    productId: textField({ required: m.required }).trim().max(100, m.required).nullish(),
    productName: textField({ required: m.required }).trim().max(200, m.required).nullish(),
    rating: z
      .number(required)
      .int(m.required)
      .min(MIN_REVIEW_RATING, m.required)
      .max(MAX_REVIEW_RATING, m.required),
    comment: textField({ multiline: true })
      .trim()
      .max(REVIEW_COMMENT_MAX_LENGTH, m.commentTooLong)
      .nullish(),
    // Text, or nothing: an object ({"$gt": ""}) or a megabyte is refused like in any other field.
    userName: textField({ required: messages.invalidRequest })
      .max(NAME_MAX_LENGTH, messages.invalidRequest)
      .nullish(),
    userEmail: textField({ required: messages.invalidRequest })
      .max(EMAIL_MAX_LENGTH, messages.invalidRequest)
      .nullish(),
  })
  .refine((body) => Boolean(body.productId) || Boolean(body.productName), {
    message: m.required,
    path: ['productId'],
  });
export type SubmitReviewBody = z.infer<typeof submitReviewBodySchema>;
export type SubmitReviewBodyInput = z.input<typeof submitReviewBodySchema>;

/** A review as the public list shows it (spec §3): never the author's e-mail or id. */
export const reviewDtoSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  userName: z.string(),
  /** ISO time of submission. */
  createdAt: z.string(),
  /** The author has a paid order containing this product. */
  verifiedPurchase: z.boolean(),
});
export type ReviewDto = z.infer<typeof reviewDtoSchema>;
export const reviewListSchema = z.array(reviewDtoSchema);

/** GET /api/reviews: the newest approved reviews, optionally of one product. */
export const publicReviewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PUBLIC_REVIEWS).optional(),
  productId: textField().trim().max(100).optional(),
});

/** POST /api/reviews answers 201 with this (and the command's `position`). */
export const submitReviewResponseSchema = z.object({
  message: z.string(),
  review: reviewDtoSchema.omit({ verifiedPurchase: true }).extend({ status: z.literal('pending') }),
  position: z.number().int(),
});
export type SubmitReviewResponse = z.infer<typeof submitReviewResponseSchema>;

/** A review as the admin list shows it (admin-spec §3). */
export const adminReviewDtoSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  isReported: z.boolean(),
  reportCount: z.number().int(),
});
export type AdminReviewDto = z.infer<typeof adminReviewDtoSchema>;

export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewDtoSchema),
  total: z.number().int(),
  /** At least 1, so an empty list still has its one page. */
  totalPages: z.number().int(),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** An empty value, or 'all', is no filter: the web app's "every status" and "every rating" options. */
const emptyAsAbsent = (value: unknown) => (value === '' || value === 'all' ? undefined : value);

/** GET /api/admin/reviews (admin-spec §7). */
export const adminReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ADMIN_REVIEWS_PAGE_SIZE)
    .default(ADMIN_REVIEWS_PAGE_SIZE),
  status: z.preprocess(emptyAsAbsent, z.enum(REVIEW_STATUSES).optional()),
  rating: z.preprocess(
    emptyAsAbsent,
    z.coerce.number().int().min(MIN_REVIEW_RATING).max(MAX_REVIEW_RATING).optional(),
  ),
  search: textField().trim().max(100).optional(),
  sortBy: z.preprocess(emptyAsAbsent, z.enum(REVIEW_SORTS).default('newest')),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuerySchema>;

/** PATCH …/approve, DELETE and POST …/report answer this (and the command's `position`). */
export const reviewCommandResponseSchema = z.object({
  message: z.string(),
  reviewId: z.string(),
  position: z.number().int(),
});
export type ReviewCommandResponse = z.infer<typeof reviewCommandResponseSchema>;
