import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  adminReviewListSchema,
  foldForSearch,
  messages,
  PURCHASES_COLLECTION,
  reviewListSchema,
  REVIEWS_COLLECTION,
  USERS_COLLECTION,
  type PurchaseDocument,
  type ReviewDocument,
  type Role,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';

/**
 * query-api's review reads over real HTTP, on read models written here: the
 * public list (approved only, verified purchases) and the admin's pages,
 * filters, search and sorts.
 */

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const admin = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const brigadeiro = 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
const coxinha = '11111111-1111-4111-8111-111111111111';
const paoDeQueijo = '22222222-2222-4222-8222-222222222222';

const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
const readStore = createMemoryReadStore();
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

const user = (id: string, name: string, role: Role): UserDocument => ({
  _id: id,
  email: `${name.toLowerCase()}@exemplo.com.br`,
  name,
  phone: '',
  address: '',
  notifications: { email: true, sms: false },
  role,
  isDeleted: false,
  sessionVersion: 0,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});
const tokenOf = (id: string, role: Role = 'user') =>
  tokens.sign({ userId: id, email: 'x@exemplo.com.br', name: 'X', role, sessionVersion: 0 });

let seq = 0;
const review = (fields: Partial<ReviewDocument> & Pick<ReviewDocument, 'createdAt'>) => {
  seq += 1;
  const base = {
    _id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    userId: ana,
    userName: 'Ana Souza',
    userEmail: 'ana@exemplo.com.br',
    productId: brigadeiro,
    productName: 'Brigadeiro',
    rating: 5,
    comment: 'Delicioso!',
    status: 'approved' as const,
    approvedAt: fields.createdAt,
    reportCount: 0,
    submittedAt: seq,
    ...fields,
  };
  const searchText = foldForSearch(
    [base.productName, base.userName, base.userEmail, base.comment].join(' '),
  );
  return { ...base, searchText } satisfies ReviewDocument;
};

// Ana bought and paid for brigadeiros; her coxinha order is unpaid; Bia paid for coxinhas only.
const purchases: PurchaseDocument[] = [
  { _id: 'o1', userId: ana, productIds: [brigadeiro, paoDeQueijo], paid: true },
  { _id: 'o2', userId: ana, productIds: [coxinha], paid: false },
  { _id: 'o3', userId: bia, productIds: [coxinha], paid: true },
];

const anaBrigadeiro = review({ createdAt: '2026-11-20T10:00:00.000Z' });
const anaCoxinha = review({
  productId: coxinha,
  productName: 'Coxinha de Frango',
  rating: 3,
  comment: 'Boa, mas fria.',
  createdAt: '2026-11-21T10:00:00.000Z',
});
const biaBrigadeiro = review({
  userId: bia,
  userName: 'Bia Lima',
  userEmail: 'bia@exemplo.com.br',
  rating: 4,
  comment: 'Ótimo atendimento',
  reportCount: 2,
  createdAt: '2026-11-22T10:00:00.000Z',
});
const biaPending = review({
  userId: bia,
  userName: 'Bia Lima',
  userEmail: 'bia@exemplo.com.br',
  productId: paoDeQueijo,
  productName: 'Pão de Queijo',
  rating: 1,
  comment: 'Não gostei',
  status: 'pending',
  approvedAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
});
/** Twelve more pending reviews, for pages. */
const older = Array.from({ length: 12 }, (_, index) =>
  review({
    status: 'pending',
    approvedAt: null,
    rating: (index % 5) + 1,
    comment: `Avaliação ${index}`,
    createdAt: `2026-10-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`,
  }),
);
const all = [anaBrigadeiro, anaCoxinha, biaBrigadeiro, biaPending, ...older];

const get = (path: string, token: string | null = null) =>
  fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const adminList = async (query: string) => {
  const response = await get(`/api/admin/reviews${query}`, tokenOf(admin, 'admin'));
  expect(response.status).toBe(200);
  return adminReviewListSchema.parse(await response.json());
};
const ids = (reviews: { _id: string }[]) => reviews.map((r) => r._id);

beforeAll(async () => {
  await readStore
    .collection(USERS_COLLECTION)
    .putMany([user(ana, 'Ana', 'user'), user(bia, 'Bia', 'user'), user(admin, 'Admin', 'admin')]);
  await readStore.collection(REVIEWS_COLLECTION).putMany([...all].reverse());
  await readStore.collection(PURCHASES_COLLECTION).putMany(purchases);
  server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async () => true,
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
      captcha: { challenge: async () => ({}) },
    }),
  );
});
afterAll(() => server.close());

describe('GET /api/reviews', () => {
  it('given approved and pending reviews, then only the approved, newest first, without the authors’ e-mails or ids', async () => {
    const response = await get('/api/reviews');

    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const list = reviewListSchema.parse(body);
    expect(ids(list)).toEqual(ids([biaBrigadeiro, anaCoxinha, anaBrigadeiro]));
    expect(list[0]).toEqual({
      _id: biaBrigadeiro._id,
      productId: brigadeiro,
      productName: 'Brigadeiro',
      rating: 4,
      comment: 'Ótimo atendimento',
      userName: 'Bia Lima',
      createdAt: '2026-11-22T10:00:00.000Z',
      verifiedPurchase: false,
    });
    expect(JSON.stringify(body)).not.toContain('@exemplo.com.br');
    expect(JSON.stringify(body)).not.toContain(ana);
  });

  it('given the authors’ orders, then a verified purchase only where the author paid for that product', async () => {
    const list = reviewListSchema.parse(await (await get('/api/reviews')).json());
    const verified = Object.fromEntries(list.map((r) => [r._id, r.verifiedPurchase]));

    expect(verified).toEqual({
      [anaBrigadeiro._id]: true,
      [anaCoxinha._id]: false,
      [biaBrigadeiro._id]: false,
    });
  });

  it('given a limit or a product, then only that many, or only that product’s', async () => {
    const limited = reviewListSchema.parse(await (await get('/api/reviews?limit=1')).json());
    expect(ids(limited)).toEqual([biaBrigadeiro._id]);
    const ofCoxinha = reviewListSchema.parse(
      await (await get(`/api/reviews?productId=${coxinha}`)).json(),
    );
    expect(ids(ofCoxinha)).toEqual([anaCoxinha._id]);
  });

  it.each(['limit=0', 'limit=abc', 'limit=1&limit=2'])(
    'given %s, then 400 in pt-BR',
    async (query) => {
      const response = await get(`/api/reviews?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
    },
  );
});

describe('GET /api/admin/reviews', () => {
  it('given no token or a customer’s, then 401 or 403', async () => {
    expect((await get('/api/admin/reviews')).status).toBe(401);
    const customer = await get('/api/admin/reviews', tokenOf(ana));
    expect(customer.status).toBe(403);
    expect(await customer.json()).toMatchObject({ message: accountMessages.forbidden });
  });

  it('given no parameters, then the first 10 of every review, newest first, with total and pages', async () => {
    const page = await adminList('');

    expect(page.total).toBe(16);
    expect(page.totalPages).toBe(2);
    expect(ids(page.reviews)).toEqual(
      ids([biaPending, biaBrigadeiro, anaCoxinha, anaBrigadeiro, ...older.slice(6).reverse()]),
    );
    expect(page.reviews[1]).toEqual({
      _id: biaBrigadeiro._id,
      userId: bia,
      userName: 'Bia Lima',
      userEmail: 'bia@exemplo.com.br',
      productId: brigadeiro,
      productName: 'Brigadeiro',
      rating: 4,
      comment: 'Ótimo atendimento',
      status: 'approved',
      createdAt: '2026-11-22T10:00:00.000Z',
      approvedAt: '2026-11-22T10:00:00.000Z',
      isReported: true,
      reportCount: 2,
    });
    expect(page.reviews[0]).toMatchObject({ isReported: false, reportCount: 0, approvedAt: null });
  });

  it('given page 2, then the rest', async () => {
    const page = await adminList('?page=2');

    expect(ids(page.reviews)).toEqual(ids(older.slice(0, 6).reverse()));
    expect(page).toMatchObject({ total: 16, totalPages: 2 });
  });

  it('given a status, a rating or both, then only those', async () => {
    expect(ids((await adminList('?status=approved')).reviews)).toEqual(
      ids([biaBrigadeiro, anaCoxinha, anaBrigadeiro]),
    );
    expect((await adminList('?status=pending')).total).toBe(13);
    expect(ids((await adminList('?status=approved&rating=4')).reviews)).toEqual([
      biaBrigadeiro._id,
    ]);
    expect((await adminList('?rating=1')).total).toBe(4);
  });

  it('given status rejected (no action rejects yet), then an empty list of one page', async () => {
    expect(await adminList('?status=rejected')).toEqual({ reviews: [], total: 0, totalPages: 1 });
  });

  it('given the web app’s "all" options, then no filter', async () => {
    expect((await adminList('?status=&rating=&sortBy=')).total).toBe(16);
    expect((await adminList('?status=all&rating=all')).total).toBe(16);
  });

  it.each([
    ['PÃO', [biaPending]],
    ['bia', [biaPending, biaBrigadeiro]],
    ['otimo', [biaBrigadeiro]],
    ['fria.', [anaCoxinha]],
    ['(.*)', []],
  ])(
    'given the search %j, then reviews by product, author or comment, case and accents aside',
    async (search, expected) => {
      const page = await adminList(`?search=${encodeURIComponent(search)}`);
      expect(ids(page.reviews)).toEqual(ids(expected));
    },
  );

  it('given each sort, then that order (ties newest first)', async () => {
    const approved = '?status=approved&sortBy=';
    expect(ids((await adminList(`${approved}oldest`)).reviews)).toEqual(
      ids([anaBrigadeiro, anaCoxinha, biaBrigadeiro]),
    );
    expect(ids((await adminList(`${approved}rating_high`)).reviews)).toEqual(
      ids([anaBrigadeiro, biaBrigadeiro, anaCoxinha]),
    );
    expect(ids((await adminList(`${approved}rating_low`)).reviews)).toEqual(
      ids([anaCoxinha, biaBrigadeiro, anaBrigadeiro]),
    );
  });

  it.each(['sortBy=best', 'status=deleted', 'rating=6', 'page=0', 'limit=51', 'search=a%00b'])(
    'given %s, then 400 in pt-BR',
    async (query) => {
      const response = await get(`/api/admin/reviews?${query}`, tokenOf(admin, 'admin'));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation' });
    },
  );
});
