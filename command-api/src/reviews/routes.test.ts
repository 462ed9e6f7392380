import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  messages,
  reviewCommandResponseSchema,
  reviewMessages as m,
  reviewStreamName,
  STATIC_MENU,
  submitReviewResponseSchema,
  type Role,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createOwnWrites } from '@quitute/infra/projection-progress';
import { createMemorySnapshotStore } from '@quitute/infra/snapshot-store';
import { cheapPasswords, listenOnFreePort } from '@quitute/infra/testing';
import { createCommandApp } from '../app';
import { createCatalogView } from '../catalog/catalog-view';
import { menuProductId, seedMenu } from '../catalog/seed';
import { signedUpUser } from '../shared/testing';
import { DEFAULT_REVIEW_RATE_LIMITS, type ReviewRateLimits } from './routes';

/**
 * command-api's review routes over real HTTP on the seeded menu, with real
 * accounts and tokens: customers submit and report, the admin approves and
 * deletes; every answer is checked with the events it appended.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const passwords = cheapPasswords;
const now = () => new Date('2026-11-21T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

const brigadeiro = STATIC_MENU.find((item) => item.slug === 'brigadeiro');
if (!brigadeiro) throw new Error('no brigadeiro on the menu');
const brigadeiroId = menuProductId(brigadeiro.slug);

async function openReviewApi(options: { reviewRateLimits?: ReviewRateLimits } = {}) {
  const eventStore = createMemoryEventStore();
  await seedMenu(eventStore, now);
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const ownWrites = createOwnWrites();
  const app = createCommandApp({
    eventStore,
    snapshotStore: createMemorySnapshotStore(),
    catalog,
    ownWrites,
    now,
    tokens,
    captcha: { verify: async () => true },
    mailer: { send: async () => {} },
    publicUrl: 'http://loja.test',
    logger: silentLogger,
    passwords,
    ...(options.reviewRateLimits ? { reviewRateLimits: options.reviewRateLimits } : {}),
  });
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());

  // The token's name and e-mail are not the account's: the review must take the account's.
  const signUp = (name: string, role: Role = 'user') =>
    signedUpUser(eventStore, tokens, {
      name,
      role,
      now,
      tokenClaims: { email: 'token@exemplo.com.br', name: 'Nome do Token' },
    });

  const call = async (
    method: string,
    route: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };

  const submit = async (token: string, body: Record<string, unknown> = {}) =>
    call('POST', '/api/reviews', {
      token,
      body: { productId: 'brigadeiro', rating: 5, comment: 'Delicioso!', ...body },
    });

  /** Submits a review and returns its id. */
  const submitted = async (token: string, body: Record<string, unknown> = {}) => {
    const answer = await submit(token, body);
    expect(answer.status).toBe(201);
    return submitReviewResponseSchema.parse(answer.body).review._id;
  };

  const reviewEvents = (reviewId: string) => eventStore.readStream(reviewStreamName(reviewId));

  return { eventStore, ownWrites, signUp, call, submit, submitted, reviewEvents };
}

describe('POST /api/reviews', () => {
  it('given a signed-in customer, when she reviews the brigadeiro, then 201 with the pending review and one ReviewSubmitted with her account and the catalogue product', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');

    const answer = await api.call('POST', '/api/reviews', {
      token: ana.token,
      headers: { 'x-correlation-id': 'avaliacao-1' },
      body: {
        productId: 'brigadeiro',
        productName: 'Brigadeiro',
        rating: 5,
        comment: '  Delicioso!  ',
        userName: 'Outra Pessoa',
        userEmail: 'outra@exemplo.com.br',
      },
    });

    expect(answer.status).toBe(201);
    const body = submitReviewResponseSchema.parse(answer.body);
    expect(body).toMatchObject({
      message: m.submitted,
      review: {
        productId: brigadeiroId,
        productName: 'Brigadeiro',
        rating: 5,
        comment: 'Delicioso!',
        userName: 'Ana',
        createdAt: now().toISOString(),
        status: 'pending',
      },
    });
    const events = await api.reviewEvents(body.review._id);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      [
        'ReviewSubmitted',
        {
          reviewId: body.review._id,
          userId: ana.userId,
          userName: 'Ana',
          userEmail: ana.email,
          productId: brigadeiroId,
          productName: 'Brigadeiro',
          rating: 5,
          comment: 'Delicioso!',
        },
      ],
    ]);
    expect(events[0]?.metadata).toMatchObject({
      actorId: ana.userId,
      actorRole: 'user',
      correlationId: 'avaliacao-1',
      occurredAt: now().toISOString(),
    });
    expect(events[0]?.position).toBe(body.position);
    expect(api.ownWrites.lastPosition(ana.userId)).toBe(body.position);
  });

  it('given a product named only by its name, in other case and without accents, then it is the catalogue product; no comment reads "Sem comentário"', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');

    const answer = await api.call('POST', '/api/reviews', {
      token: ana.token,
      body: { productName: 'pao de QUEIJO', rating: 4 },
    });

    expect(answer.status).toBe(201);
    expect(submitReviewResponseSchema.parse(answer.body).review).toMatchObject({
      productId: menuProductId('pao-de-queijo'),
      productName: 'Pão de Queijo',
      comment: 'Sem comentário',
    });
  });

  it('given no token, then 401 with the spec message; given a bad token, then 401 token message; nothing appended', async () => {
    const api = await openReviewApi();
    const before = await api.eventStore.headPosition();

    expect(
      await api.call('POST', '/api/reviews', { body: { productId: 'brigadeiro', rating: 5 } }),
    ).toEqual({ status: 401, body: { message: m.required, code: 'unauthorized' } });
    expect(await api.submit('not-a-token')).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenInvalid },
    });
    expect(await api.eventStore.headPosition()).toBe(before);
  });

  it.each([
    ['no product', { productId: undefined }, m.required],
    ['a blank product', { productId: '  ', productName: '' }, m.required],
    ['no rating', { rating: undefined }, m.required],
    ['rating 0', { rating: 0 }, m.required],
    ['rating 6', { rating: 6 }, m.required],
    ['rating 4.5', { rating: 4.5 }, m.required],
    ['rating "5"', { rating: '5' }, m.required],
    ['a comment too long', { comment: 'a'.repeat(1001) }, m.commentTooLong],
    ['a comment with a NUL', { comment: 'bom\u0000' }, messages.invalidText],
    ['a key the body does not know', { status: 'approved' }, messages.invalidRequest],
  ])('given %s, then 400 with its message and nothing appended', async (_case, body, message) => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const before = await api.eventStore.headPosition();

    expect(await api.submit(ana.token, body)).toMatchObject({
      status: 400,
      body: { message, code: 'validation' },
    });
    expect(await api.eventStore.headPosition()).toBe(before);
  });

  it.each([
    ['an unknown slug', { productId: 'bolo-de-pote', productName: undefined }],
    ['an unknown name', { productId: undefined, productName: 'Bolo de Pote' }],
    ['an unknown product id', { productId: randomUUID(), productName: undefined }],
  ])('given %s, then 404 "Produto não encontrado." and nothing appended', async (_case, body) => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const before = await api.eventStore.headPosition();

    expect(await api.submit(ana.token, body)).toEqual({
      status: 404,
      body: { message: m.productNotFound, code: 'not_found' },
    });
    expect(await api.eventStore.headPosition()).toBe(before);
  });

  it('given a customer past her reviews for the hour, then 429 in pt-BR while another customer still reviews', async () => {
    const api = await openReviewApi({
      reviewRateLimits: {
        ...DEFAULT_REVIEW_RATE_LIMITS,
        submissionsPerUser: { limit: 2, windowMs: 60_000 },
      },
    });
    const ana = await api.signUp('Ana');
    const bia = await api.signUp('Bia');

    expect((await api.submit(ana.token)).status).toBe(201);
    expect((await api.submit(ana.token)).status).toBe(201);
    expect(await api.submit(ana.token)).toMatchObject({
      status: 429,
      body: { message: m.tooManyReviews, code: 'too_many_requests' },
    });
    expect((await api.submit(bia.token)).status).toBe(201);
  });
});

describe('PATCH /api/admin/reviews/{id}/approve and DELETE /api/admin/reviews/{id}', () => {
  it('given a pending review, when the admin approves it, then 200 and ReviewApproved by the admin; approving again is 409 and appends nothing', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const admin = await api.signUp('Admin', 'admin');
    const reviewId = await api.submitted(ana.token);

    const approved = await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, {
      token: admin.token,
    });

    expect(approved.status).toBe(200);
    expect(reviewCommandResponseSchema.parse(approved.body)).toMatchObject({
      message: m.approved,
      reviewId,
    });
    const events = await api.reviewEvents(reviewId);
    expect(events.map((event) => event.type)).toEqual(['ReviewSubmitted', 'ReviewApproved']);
    expect(events[1]?.metadata).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });

    expect(
      await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token }),
    ).toEqual({ status: 409, body: { message: m.alreadyApproved, code: 'conflict' } });
    expect(await api.reviewEvents(reviewId)).toHaveLength(2);
  });

  it('given a pending review, when the admin approves it by its id in upper case, then it is that review', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const admin = await api.signUp('Admin', 'admin');
    const reviewId = await api.submitted(ana.token);

    const approved = await api.call(
      'PATCH',
      `/api/admin/reviews/${reviewId.toUpperCase()}/approve`,
      {
        token: admin.token,
      },
    );

    expect(approved.status).toBe(200);
    expect((await api.reviewEvents(reviewId)).map((event) => event.type)).toEqual([
      'ReviewSubmitted',
      'ReviewApproved',
    ]);
  });

  it('given a review, when the admin deletes it, then 200 and ReviewDeleted; approving or deleting it afterwards is 404', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const admin = await api.signUp('Admin', 'admin');
    const reviewId = await api.submitted(ana.token);

    const deleted = await api.call('DELETE', `/api/admin/reviews/${reviewId}`, {
      token: admin.token,
    });

    expect(deleted).toMatchObject({ status: 200, body: { message: m.deleted, reviewId } });
    const notFound = { status: 404, body: { message: m.notFound, code: 'not_found' } };
    expect(
      await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token }),
    ).toEqual(notFound);
    expect(
      await api.call('DELETE', `/api/admin/reviews/${reviewId}`, { token: admin.token }),
    ).toEqual(notFound);
    expect((await api.reviewEvents(reviewId)).map((event) => event.type)).toEqual([
      'ReviewSubmitted',
      'ReviewDeleted',
    ]);
  });

  it('given a customer or no token, when approving or deleting, then 403 or 401 and nothing appended', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const reviewId = await api.submitted(ana.token);

    for (const [method, route] of [
      ['PATCH', `/api/admin/reviews/${reviewId}/approve`],
      ['DELETE', `/api/admin/reviews/${reviewId}`],
    ] as const) {
      expect(await api.call(method, route, { token: ana.token })).toEqual({
        status: 403,
        body: { message: accountMessages.forbidden, code: 'forbidden' },
      });
      expect((await api.call(method, route)).status).toBe(401);
    }
    expect(await api.reviewEvents(reviewId)).toHaveLength(1);
  });

  it.each([randomUUID(), 'not-a-review'])(
    'given no review %s, when the admin approves or deletes it, then 404',
    async (reviewId) => {
      const api = await openReviewApi();
      const admin = await api.signUp('Admin', 'admin');
      const notFound = { status: 404, body: { message: m.notFound, code: 'not_found' } };

      expect(
        await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token }),
      ).toEqual(notFound);
      expect(
        await api.call('DELETE', `/api/admin/reviews/${reviewId}`, { token: admin.token }),
      ).toEqual(notFound);
    },
  );

  it('given two admins approving the same review at once, then one 200 and one 409, one ReviewApproved', async () => {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const admin = await api.signUp('Admin', 'admin');
    const reviewId = await api.submitted(ana.token);
    const approve = () =>
      api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token });

    const answers = await Promise.all([approve(), approve()]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await api.reviewEvents(reviewId)).map((event) => event.type)).toEqual([
      'ReviewSubmitted',
      'ReviewApproved',
    ]);
  });
});

describe('POST /api/reviews/{id}/report', () => {
  async function approvedReview() {
    const api = await openReviewApi();
    const ana = await api.signUp('Ana');
    const bia = await api.signUp('Bia');
    const admin = await api.signUp('Admin', 'admin');
    const reviewId = await api.submitted(ana.token);
    const report = (token?: string) =>
      api.call('POST', `/api/reviews/${reviewId}/report`, token ? { token } : {});
    return { api, ana, bia, admin, reviewId, report };
  }

  it("given someone else's approved review, when a customer reports it, then 200 and ReviewReported; reporting it again is 409", async () => {
    const { api, bia, admin, reviewId, report } = await approvedReview();
    await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token });

    expect(await report(bia.token)).toMatchObject({
      status: 200,
      body: { message: m.reported, reviewId },
    });
    expect(await report(bia.token)).toEqual({
      status: 409,
      body: { message: m.alreadyReported, code: 'conflict' },
    });
    const events = await api.reviewEvents(reviewId);
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['ReviewSubmitted', expect.anything()],
      ['ReviewApproved', { reviewId }],
      ['ReviewReported', { reviewId, reporterId: bia.userId }],
    ]);
    expect(events[2]?.metadata).toMatchObject({ actorId: bia.userId, actorRole: 'user' });
  });

  it('given her own approved review, when its author reports it, then 403', async () => {
    const { api, ana, admin, reviewId, report } = await approvedReview();
    await api.call('PATCH', `/api/admin/reviews/${reviewId}/approve`, { token: admin.token });

    expect(await report(ana.token)).toEqual({
      status: 403,
      body: { message: m.ownReview, code: 'forbidden' },
    });
  });

  it('given a pending review (not public), when reported, then 404; without a token, 401', async () => {
    const { bia, report } = await approvedReview();

    expect(await report(bia.token)).toEqual({
      status: 404,
      body: { message: m.notFound, code: 'not_found' },
    });
    expect((await report()).status).toBe(401);
  });
});
