import { describe, expect, it } from 'vitest';
import { adminReview } from '../../../testing/reviews-server';
import {
  adminReviewsParams,
  defaultFilters,
  parseAdminReviewPage,
  reviewStats,
} from './review-list';

describe('parseAdminReviewPage (admin spec §3, §5)', () => {
  it('given {reviews, total, totalPages}, then the page', () => {
    expect(parseAdminReviewPage({ reviews: [adminReview()], total: 11, totalPages: 2 })).toEqual({
      reviews: [adminReview()],
      total: 11,
      totalPages: 2,
    });
  });

  it('given no reviews array, then null (the page says the answer is invalid)', () => {
    expect(parseAdminReviewPage([adminReview()])).toBeNull();
    expect(parseAdminReviewPage({ items: [] })).toBeNull();
  });
});

describe('adminReviewsParams (admin spec §7)', () => {
  it('given the defaults, then page, limit 10 and newest only', () => {
    expect(adminReviewsParams({ ...defaultFilters, page: 1 })).toEqual({
      page: '1',
      limit: '10',
      sortBy: 'newest',
    });
  });

  it('given every filter, then each, the search trimmed', () => {
    expect(
      adminReviewsParams({
        page: 3,
        status: 'approved',
        rating: '2',
        sortBy: 'rating_high',
        search: '  coxinha ',
      }),
    ).toEqual({
      page: '3',
      limit: '10',
      sortBy: 'rating_high',
      status: 'approved',
      rating: '2',
      search: 'coxinha',
    });
  });
});

describe('reviewStats (admin spec §2)', () => {
  it("given the page's list, then its counts by status and of reported reviews", () => {
    expect(
      reviewStats([
        adminReview({ status: 'pending', isReported: true, reportCount: 1 }),
        adminReview({ status: 'pending' }),
        adminReview({ status: 'approved', isReported: true, reportCount: 4 }),
        adminReview({ status: 'rejected' }),
      ]),
    ).toEqual({ total: 4, pending: 2, approved: 1, rejected: 1, reported: 2 });
  });
});
