import { describe, expect, it } from 'vitest';
import { publicReview } from '../../../testing/reviews-server';
import { latestReviews, newReview, parsePublicReviews } from './review-model';

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
