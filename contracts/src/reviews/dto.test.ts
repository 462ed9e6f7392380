import { describe, expect, it } from 'vitest';
import { submitReviewBodySchema } from './dto';

describe('the review body', () => {
  const review = { productId: 'brigadeiro', rating: 5 };

  it('given the name and e-mail the web app sends as text, then the body is accepted', () => {
    expect(
      submitReviewBodySchema.safeParse({
        ...review,
        userName: 'Maria Souza',
        userEmail: 'maria@exemplo.com.br',
      }).success,
    ).toBe(true);
  });

  it('given an operator object, a number or a megabyte in userName or userEmail, then refused like any other field', () => {
    for (const value of [{ $gt: '' }, 42, 'a'.repeat(1_000_000)]) {
      expect(submitReviewBodySchema.safeParse({ ...review, userName: value }).success).toBe(false);
      expect(submitReviewBodySchema.safeParse({ ...review, userEmail: value }).success).toBe(false);
    }
  });
});
