import type { AdminReview } from '../features/admin/reviews/review-list';
import type { AuthUser } from '../features/auth/model/auth-types';
import type { PublicReview } from '../features/reviews/model/review-model';
import { json, stubFetch } from './fetch-stub';
import { shopSettingsAnswer } from './shop-settings';
import { menuProducts } from './products';
import { profileBody } from './session';

export function publicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    _id: 'r-1',
    productName: 'Brigadeiro',
    rating: 5,
    comment: 'Os melhores brigadeiros da festa!',
    userName: 'Maria da Silva',
    createdAt: '2030-11-20T15:00:00.000Z',
    verifiedPurchase: false,
    ...overrides,
  };
}

export function adminReview(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    _id: 'r-1',
    userId: 'u-1',
    userName: 'Maria da Silva',
    userEmail: 'maria@example.com',
    productName: 'Brigadeiro',
    rating: 5,
    comment: 'Os melhores brigadeiros da festa!',
    status: 'pending',
    createdAt: '2030-11-20T15:00:00.000Z',
    isReported: false,
    reportCount: 0,
    ...overrides,
  };
}

export type Answer = (url: URL, request: Request) => Response | Promise<Response> | undefined;

export interface ReviewsServerOptions {
  /** The signed-in user, whose profile the session start reads. */
  user?: AuthUser;
  /** GET /api/reviews. */
  reviews?: PublicReview[] | (() => Response);
  /** GET /api/admin/reviews: one page, whatever the query. */
  adminPage?: { reviews: AdminReview[]; total?: number; totalPages?: number } | (() => Response);
  /** Any other answer, tried first (undefined falls through). */
  handler?: Answer;
}

/**
 * The shop's backend as the reviews pages (the shop's and the admin's) use it: health, the menu, the review
 * reads and, by default, 201/200 for every review command (position 7).
 */
export function fakeReviewsServer(options: ReviewsServerOptions = {}) {
  const requests = stubFetch(async (url, request) => {
    const custom = await options.handler?.(url, request);
    if (custom) return custom;
    const { pathname } = url;
    if (pathname === '/health') return json({ status: 'ok' });
    const shop = shopSettingsAnswer(url);
    if (shop) return shop;
    if (pathname === '/api/users/profile' && options.user) return json(profileBody(options.user));
    if (pathname.startsWith('/carrinho/') && request.method === 'GET') {
      return json({ userId: pathname.slice('/carrinho/'.length), itens: [] });
    }
    if (pathname === '/api/products' && request.method === 'GET') return json(menuProducts);
    if (pathname === '/api/reviews' && request.method === 'GET') {
      const reviews = options.reviews ?? [];
      return typeof reviews === 'function' ? reviews() : json(reviews);
    }
    if (pathname === '/api/admin/reviews' && request.method === 'GET') {
      const page = options.adminPage ?? { reviews: [] };
      if (typeof page === 'function') return page();
      return json({
        reviews: page.reviews,
        total: page.total ?? page.reviews.length,
        totalPages: page.totalPages ?? 1,
      });
    }
    if (request.method !== 'GET' && pathname.startsWith('/api/')) {
      return json(
        { message: 'ok', position: 7 },
        { status: request.method === 'POST' ? 201 : 200 },
      );
    }
    return json({ message: 'Recurso não encontrado.' }, { status: 404 });
  });
  return {
    requests,
    /** The requests to `pathname` with `method`. */
    calls: (method: string, pathname: string) =>
      requests.filter(
        (request) => request.method === method && new URL(request.url).pathname === pathname,
      ),
  };
}
