import { describe, expect, it } from 'vitest';
import { adminReview, publicReview } from '../testing/reviews-server';
import { adminReviewsParams, defaultFilters, reviewStats } from './admin-reviews';
import {
  latestReviews,
  newReview,
  parseAdminReviewPage,
  parsePublicReviews,
  reviewDateText,
} from './review-model';

describe('reviewDateText (customer spec §8)', () => {
  it('given an ISO time, then dd/MM/yyyy in the shop time zone (with HH:mm when asked)', () => {
    expect(reviewDateText('2030-11-21T02:30:00.000Z')).toBe('20/11/2030');
    expect(reviewDateText('2030-11-21T02:30:00.000Z', true)).toBe('20/11/2030 23:30');
  });

  it("given no date, then 'Data não disponível'; given one that cannot be read, then 'Data inválida'", () => {
    expect(reviewDateText(null)).toBe('Data não disponível');
    expect(reviewDateText('')).toBe('Data não disponível');
    expect(reviewDateText('amanhã')).toBe('Data inválida');
  });
});

describe('parsePublicReviews', () => {
  it('given a list, then the reviews, skipping what is not one, with a missing date and mark read leniently', () => {
    expect(
      parsePublicReviews([
        { ...publicReview({ _id: 'a' }), verifiedPurchase: true },
        { _id: 'b', productName: 'Empada', rating: 4, comment: 'Boa', userName: 'Ana' },
        { _id: 'c', rating: 9 },
        'lixo',
      ]),
    ).toEqual([
      { ...publicReview({ _id: 'a' }), verifiedPurchase: true },
      {
        _id: 'b',
        productName: 'Empada',
        rating: 4,
        comment: 'Boa',
        userName: 'Ana',
        createdAt: null,
        verifiedPurchase: false,
      },
    ]);
  });

  it('given something that is not a list, then an error', () => {
    expect(() => parsePublicReviews({ reviews: [] })).toThrow('Resposta inválida do servidor.');
  });
});

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

describe('latestReviews', () => {
  it('given reviews in any order, then the newest first, undated last, at most the count', () => {
    const ids = latestReviews(
      [
        publicReview({ _id: 'old', createdAt: '2030-01-01T00:00:00.000Z' }),
        publicReview({ _id: 'undated', createdAt: null }),
        publicReview({ _id: 'new', createdAt: '2030-06-01T00:00:00.000Z' }),
        publicReview({ _id: 'mid', createdAt: '2030-03-01T00:00:00.000Z' }),
      ],
      3,
    ).map((review) => review._id);
    expect(ids).toEqual(['new', 'mid', 'old']);
  });
});

describe('newReview (customer spec §3, §5)', () => {
  it('given a comment, then it goes trimmed with the product and the author; a blank one is left out', () => {
    const base = {
      product: { _id: 'brigadeiro', name: 'Brigadeiro' },
      rating: 5,
      user: { name: 'Maria', email: 'maria@example.com' },
    };
    expect(newReview({ ...base, comment: ' Ótimo! ' })).toEqual({
      productId: 'brigadeiro',
      productName: 'Brigadeiro',
      rating: 5,
      comment: 'Ótimo!',
      userName: 'Maria',
      userEmail: 'maria@example.com',
    });
    expect(newReview({ ...base, comment: '   ' })).not.toHaveProperty('comment');
  });
});
