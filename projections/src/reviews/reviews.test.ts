import { describe, expect, it } from 'vitest';
import {
  orderStreamName,
  PURCHASES_COLLECTION,
  reviewStreamName,
  REVIEWS_COLLECTION,
  type OrderEvent,
  type ReviewEvent,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore, type ReadStore } from '@quitute/infra/read-store';
import { ProjectionRunner } from '../runner';
import { project } from '../testing';
import { purchasesProjection } from './purchases';
import { reviewsProjection } from './reviews';

const reviewId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ana = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const cid = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const brigadeiro = 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f';
const coxinha = '11111111-1111-4111-8111-111111111111';

const submitted = (id = reviewId, userId = ana): ReviewEvent => ({
  type: 'ReviewSubmitted',
  data: {
    reviewId: id,
    userId,
    userName: 'Ana Souza',
    userEmail: 'ana@exemplo.com.br',
    productId: brigadeiro,
    productName: 'Brigadeiro',
    rating: 4,
    comment: 'Ótimo, mas poderia ser maior.',
  },
});
const approved = (id = reviewId): ReviewEvent => ({
  type: 'ReviewApproved',
  data: { reviewId: id },
});
const reported = (reporterId: string, id = reviewId): ReviewEvent => ({
  type: 'ReviewReported',
  data: { reviewId: id, reporterId },
});
const deleted = (id = reviewId): ReviewEvent => ({ type: 'ReviewDeleted', data: { reviewId: id } });

/** Given these events of one review, then this document (event n at position n, noon + n s). */
const given = (events: ReviewEvent[]) =>
  project(reviewsProjection, events, {
    streamName: reviewStreamName(reviewId),
    documentId: reviewId,
  });

describe('reviews projection', () => {
  it('given ReviewSubmitted, then a pending document with no reports, searchable without accents', () => {
    expect(given([submitted()])).toEqual({
      _id: reviewId,
      userId: ana,
      userName: 'Ana Souza',
      userEmail: 'ana@exemplo.com.br',
      productId: brigadeiro,
      productName: 'Brigadeiro',
      rating: 4,
      comment: 'Ótimo, mas poderia ser maior.',
      status: 'pending',
      createdAt: '2026-11-22T12:00:01.000Z',
      approvedAt: null,
      reportCount: 0,
      searchText: 'brigadeiro ana souza ana@exemplo.com.br otimo, mas poderia ser maior.',
      submittedAt: 1,
    });
  });

  it('given it approved, then approved with the time of approval', () => {
    expect(given([submitted(), approved()])).toMatchObject({
      status: 'approved',
      approvedAt: '2026-11-22T12:00:02.000Z',
      createdAt: '2026-11-22T12:00:01.000Z',
    });
  });

  it('given two reports, then it is reported twice', () => {
    expect(given([submitted(), approved(), reported(bia), reported(cid)])).toMatchObject({
      reportCount: 2,
    });
  });

  it('given it deleted, then no document', () => {
    expect(given([submitted(), approved(), reported(bia), deleted()])).toBeNull();
  });

  it('given an approval of a review it never saw, then no document', () => {
    expect(given([approved()])).toBeNull();
  });
});

const orderId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const paymentId = 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff';
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: aPlacedOrder({
    orderId,
    paymentId,
    customer: { ...aPlacedOrder().customer, userId: ana },
    items: [
      {
        productId: brigadeiro,
        name: 'Brigadeiro',
        category: 'Doces Tradicionais',
        unitPriceCents: 70,
        quantity: 20,
      },
      {
        productId: coxinha,
        name: 'Coxinha',
        category: 'Salgados Fritos',
        unitPriceCents: 60,
        quantity: 30,
      },
    ],
    totalCents: 3_200,
  }),
};
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paymentId, amountCents: 3_200 } };

describe('purchases projection', () => {
  const givenOrder = (events: OrderEvent[]) =>
    project(purchasesProjection, events, {
      streamName: orderStreamName(orderId),
      documentId: orderId,
    });

  it('given OrderPlaced, then an unpaid purchase of its products by its customer', () => {
    expect(givenOrder([placed])).toEqual({
      _id: orderId,
      userId: ana,
      productIds: [brigadeiro, coxinha],
      paid: false,
    });
  });

  it('given it paid, then paid', () => {
    expect(givenOrder([placed, paid])).toMatchObject({ paid: true });
  });

  it('given the other order events, then they are not its business', () => {
    for (const type of [
      'OrderCancelled',
      'OrderStatusChanged',
      'OrderDeleted',
      'PaymentApproved',
    ]) {
      expect(purchasesProjection.handles(type)).toBe(false);
    }
  });
});

const metadata = (occurredAt: string) => ({
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system' as const,
  occurredAt,
});

async function append(store: EventStore, streamName: string, events: (ReviewEvent | OrderEvent)[]) {
  for (const event of events) {
    await store.appendToStream(
      streamName,
      [
        {
          id: crypto.randomUUID(),
          type: event.type,
          data: event.data,
          metadata: metadata(new Date(Date.UTC(2026, 10, 22, 12, 0, 0)).toISOString()),
        },
      ],
      { expectedRevision: 'any' },
    );
  }
}

function runnerOver(eventStore: EventStore, readStore: ReadStore) {
  return new ProjectionRunner({
    eventStore,
    readStore,
    projections: [reviewsProjection, purchasesProjection],
    logger: silentLogger,
  });
}

async function documents(readStore: ReadStore) {
  const sorted = { sort: { _id: 1 as const } };
  return {
    reviews: await readStore.collection(REVIEWS_COLLECTION).find({}, sorted),
    purchases: await readStore.collection(PURCHASES_COLLECTION).find({}, sorted),
  };
}

describe('reviews and purchases read models', () => {
  it('given events applied live in bursts, then the documents equal a rebuild from the whole log', async () => {
    const eventStore = createMemoryEventStore();
    const live = createMemoryReadStore();
    const runner = runnerOver(eventStore, live);
    const second = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
    await append(eventStore, reviewStreamName(reviewId), [submitted()]);
    await runner.start();

    await append(eventStore, reviewStreamName(second), [submitted(second, bia)]);
    await append(eventStore, orderStreamName(orderId), [placed]);
    await append(eventStore, reviewStreamName(reviewId), [approved(), reported(bia)]);
    await append(eventStore, orderStreamName(orderId), [paid]);
    await append(eventStore, reviewStreamName(second), [approved(second), deleted(second)]);
    const last = await eventStore.headPosition();
    await runner.waitForPosition(last, 5_000);
    await runner.stop();

    const rebuilt = createMemoryReadStore();
    const rebuild = runnerOver(eventStore, rebuilt);
    await rebuild.start();
    await rebuild.stop();

    const fromLive = await documents(live);
    expect(fromLive.reviews).toHaveLength(1);
    expect(fromLive.reviews[0]).toMatchObject({
      _id: reviewId,
      status: 'approved',
      reportCount: 1,
    });
    expect(fromLive.purchases).toMatchObject([{ _id: orderId, userId: ana, paid: true }]);
    expect(fromLive).toEqual(await documents(rebuilt));
  });
});
