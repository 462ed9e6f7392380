import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_LOG_SCAN_LIMIT,
  EVENT_STREAM_PAGE_SIZE,
  eventLogPageSchema,
  eventStreamSchema,
  ORDER_NUMBERS_STREAM,
  orderHistorySchema,
  orderMessages,
  orderStreamName,
  paymentStreamName,
  POSITION_HEADER,
  userStreamName,
  type EventMetadata,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import {
  createMemoryEventStore,
  createPgliteEventStore,
  type EventStore,
} from '@quitute/infra/event-store';
import { preparedPgliteDirectory, scratchDirectory } from '@quitute/infra/testing';
import { ADMIN_ID, CUSTOMER_ID, openAdminReads, type AdminReads } from '../admin/test-shop';
import { readLogPage } from './event-log';

const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const paymentId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const minute = (n: number) => new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString();
const by = (actorId: string, actorRole: EventMetadata['actorRole'], n: number) => ({
  correlationId: `c-${n}`,
  causationId: `c-${n}`,
  actorId,
  actorRole,
  occurredAt: minute(n),
});

async function append(
  store: EventStore,
  stream: string,
  type: string,
  data: Record<string, string | number | object>,
  metadata: EventMetadata,
) {
  await store.appendToStream(stream, [
    { id: randomUUID(), type, data: JSON.parse(JSON.stringify(data)), metadata },
  ]);
}

/** Given the log of a shop where Ana Souza paid a Pix order and the admin readied it. */
async function aShopLog(): Promise<EventStore> {
  const store = createMemoryEventStore();
  const register = (userId: string, name: string, role: string) => ({
    userId,
    email: `${userId}@exemplo.com.br`,
    name,
    role,
    passwordHash: `scrypt$${name}-password-hash`,
  });
  await append(
    store,
    userStreamName(ADMIN_ID),
    'UserRegistered',
    register(ADMIN_ID, 'Joana Admin', 'admin'),
    by('system', 'system', 0),
  );
  await append(
    store,
    userStreamName(CUSTOMER_ID),
    'UserRegistered',
    register(CUSTOMER_ID, 'Ana Souza', 'user'),
    by(CUSTOMER_ID, 'user', 1),
  );
  await append(
    store,
    ORDER_NUMBERS_STREAM,
    'OrderNumberAssigned',
    { orderId, orderNumber: 1001 },
    by(CUSTOMER_ID, 'user', 2),
  );
  await append(
    store,
    orderStreamName(orderId),
    'OrderPlaced',
    aPlacedOrder({
      orderId,
      paymentId,
      customer: {
        userId: CUSTOMER_ID,
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        cpf: '52998224725',
      },
    }),
    by(CUSTOMER_ID, 'user', 2),
  );
  await append(
    store,
    paymentStreamName(paymentId),
    'PaymentApproved',
    { paymentId, orderId, providerPaymentId: 'sim-1', statusDetail: 'accredited' },
    by('system', 'system', 10),
  );
  await append(
    store,
    orderStreamName(orderId),
    'OrderPaid',
    { orderId, paymentId, amountCents: 1200 },
    by('system', 'system', 11),
  );
  await append(
    store,
    orderStreamName(orderId),
    'OrderStatusChanged',
    { orderId, from: 'processing', to: 'ready_for_pickup' },
    by(ADMIN_ID, 'admin', 20),
  );
  return store;
}

let shop: AdminReads;
let store: EventStore;
beforeAll(async () => {
  store = await aShopLog();
  shop = await openAdminReads({ deps: { eventLog: store } });
});
afterAll(() => shop.close());

const errorOf = async (path: string, token?: string | null) => {
  const response = await shop.get(path, token === undefined ? {} : { token });
  return { status: response.status, body: await response.json() };
};

describe('GET /api/admin/orders/{id}/history', () => {
  it('given a paid order readied by the admin, when asked by its id, then every step with its actor and the order after it, at the log head', async () => {
    const { body, position } = await shop.read(`/api/admin/orders/${orderId}/history`);

    const history = orderHistorySchema.parse(body);
    expect(position).toBe(await store.headPosition());
    expect(history.position).toBe(position);
    expect(
      history.entries.map((entry) => [entry.type, entry.actor.name ?? entry.actor.role]),
    ).toEqual([
      ['OrderPlaced', 'Ana Souza'],
      ['PaymentApproved', 'system'],
      ['OrderPaid', 'system'],
      ['OrderStatusChanged', 'Joana Admin'],
    ]);
    expect(history.entries[1]?.description).toBe('Pagamento aprovado via Pix');
    expect(history.state).toMatchObject({ orderStatus: 'ready_for_pickup' });
  });

  it('given the order number, with or without #, then the same history', async () => {
    const byNumber = orderHistorySchema.parse(
      (await shop.read('/api/admin/orders/1001/history')).body,
    );
    const byHash = orderHistorySchema.parse(
      (await shop.read('/api/admin/orders/%231001/history')).body,
    );

    expect(byNumber.orderId).toBe(orderId);
    expect(byHash.entries).toEqual(byNumber.entries);
  });

  it('given asOf between the payment and the admin, or a position, then the order as it was then', async () => {
    const asOf = orderHistorySchema.parse(
      (
        await shop.read(
          `/api/admin/orders/${orderId}/history?asOf=${encodeURIComponent('2026-11-25T09:15:00-03:00')}`,
        )
      ).body,
    );
    const placedAt = asOf.entries[0]?.position ?? 0;
    const atPlacement = orderHistorySchema.parse(
      (await shop.read(`/api/admin/orders/${orderId}/history?position=${placedAt}`)).body,
    );

    expect(asOf).toMatchObject({ asOf: '2026-11-25T09:15:00-03:00', atPosition: null });
    expect(asOf.entries.map((entry) => entry.type)).toEqual([
      'OrderPlaced',
      'PaymentApproved',
      'OrderPaid',
    ]);
    expect(asOf.state).toMatchObject({ orderStatus: 'processing', paymentStatus: 'approved' });
    expect(atPlacement.atPosition).toBe(placedAt);
    expect(atPlacement.state).toMatchObject({ orderStatus: 'pending', paymentStatus: 'pending' });
  });

  it('given an unknown id, number or word, then 404 Pedido não encontrado.', async () => {
    for (const id of [randomUUID(), '1002', 'coxinha']) {
      expect(await errorOf(`/api/admin/orders/${id}/history`)).toEqual({
        status: 404,
        body: expect.objectContaining({ message: orderMessages.notFound }),
      });
    }
  });

  it('given a bad asOf, a bad position or both, then 400 with a pt-BR message', async () => {
    const bad = [
      ['asOf=ontem', 'Formato da data e hora ISO inválido'],
      ['position=-1', 'Pequeno demais: esperava que o número fosse >= 0'],
      [
        `asOf=${encodeURIComponent(minute(1))}&position=3`,
        'Informe asOf ou position, não os dois.',
      ],
    ];
    for (const [query, message] of bad) {
      const { status, body } = await errorOf(`/api/admin/orders/${orderId}/history?${query}`);
      expect({ status, message: body.message }).toEqual({ status: 400, message });
    }
  });

  it('given no token or a customer, then 401 and 403', async () => {
    expect((await errorOf(`/api/admin/orders/${orderId}/history`, null)).status).toBe(401);
    expect((await errorOf(`/api/admin/orders/${orderId}/history`, shop.customerToken)).status).toBe(
      403,
    );
  });
});

describe('GET /api/admin/events', () => {
  it('given no filter, then the log from its start in position order, with data and metadata as stored', async () => {
    const { body, position } = await shop.read('/api/admin/events');

    const page = eventLogPageSchema.parse(body);
    expect(page.events).toHaveLength(7);
    expect(page.next).toBeNull();
    expect(page.position).toBe(position);
    expect(page.events.map((event) => event.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(page.events[3]).toMatchObject({
      stream: orderStreamName(orderId),
      revision: 0,
      type: 'OrderPlaced',
      data: { orderNumber: 1001 },
      metadata: { actorId: CUSTOMER_ID, actorRole: 'user', occurredAt: minute(2) },
    });
  });

  it('given a limit, then pages that follow one another by the next cursor', async () => {
    const first = eventLogPageSchema.parse((await shop.read('/api/admin/events?limit=3')).body);
    const second = eventLogPageSchema.parse(
      (await shop.read(`/api/admin/events?limit=3&from=${first.next}`)).body,
    );
    const third = eventLogPageSchema.parse(
      (await shop.read(`/api/admin/events?limit=3&from=${second.next}`)).body,
    );

    expect([first, second, third].map((page) => page.events.map((e) => e.position))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7],
    ]);
    expect([first.next, second.next, third.next]).toEqual([4, 7, null]);
  });

  it('given filters by stream, category, type, actor and time, then only the events matching all of them', async () => {
    const typesOf = async (query: string) =>
      eventLogPageSchema
        .parse((await shop.read(`/api/admin/events?${query}`)).body)
        .events.map((event) => event.type);

    expect(await typesOf(`stream=${orderStreamName(orderId)}`)).toEqual([
      'OrderPlaced',
      'OrderPaid',
      'OrderStatusChanged',
    ]);
    expect(await typesOf('category=user')).toEqual(['UserRegistered', 'UserRegistered']);
    expect(await typesOf('type=PaymentApproved')).toEqual(['PaymentApproved']);
    expect(await typesOf(`actorId=${ADMIN_ID}`)).toEqual(['OrderStatusChanged']);
    expect(
      await typesOf(
        `category=order&since=${encodeURIComponent(minute(10))}&until=${encodeURIComponent(minute(11))}`,
      ),
    ).toEqual(['OrderPaid']);
  });

  it('given a bad limit or time, then 400 with a pt-BR message', async () => {
    expect(await errorOf('/api/admin/events?limit=999')).toMatchObject({
      status: 400,
      body: { message: 'Grande demais: esperava que o número fosse <= 200' },
    });
    expect((await errorOf('/api/admin/events?since=ontem')).status).toBe(400);
  });

  it(`given a log longer than ${EVENT_LOG_SCAN_LIMIT} events and a filter matching none of them, then one request looks at ${EVENT_LOG_SCAN_LIMIT} and answers where to go on`, async () => {
    const long = createMemoryEventStore();
    const many = Array.from({ length: EVENT_LOG_SCAN_LIMIT + 10 }, (_, index) => ({
      id: randomUUID(),
      type: 'CartCleared',
      data: {},
      metadata: by('system', 'system', index % 50),
    }));
    await long.appendToStream('cart-x', many);
    const reads = await openAdminReads({ deps: { eventLog: long } });
    try {
      const first = eventLogPageSchema.parse(
        (await reads.read('/api/admin/events?type=PaymentApproved')).body,
      );
      const second = eventLogPageSchema.parse(
        (await reads.read(`/api/admin/events?type=PaymentApproved&from=${first.next}`)).body,
      );

      expect(first).toMatchObject({ events: [], next: EVENT_LOG_SCAN_LIMIT + 1 });
      expect(second).toMatchObject({ events: [], next: null });
    } finally {
      await reads.close();
    }
  });
  it('given a log that does not settle in time (a long write transaction on a shared server), when a page is read, then 503 with a pt-BR message, and the wait is ended', async () => {
    const store = createMemoryEventStore();
    let waitEnded = false;
    const log = {
      readStream: store.readStream.bind(store),
      readAll: store.readAll.bind(store),
      headPosition: store.headPosition.bind(store),
      settledPosition: ({ signal }: { signal?: AbortSignal } = {}) =>
        new Promise<number>((_resolve, reject) => {
          signal?.addEventListener('abort', () => {
            waitEnded = true;
            reject(signal.reason);
          });
        }),
    };

    await expect(readLogPage(log, { limit: 10 }, 50)).rejects.toMatchObject({
      status: 503,
      message: 'O log ainda tem gravações em andamento no servidor. Tente novamente em instantes.',
    });
    expect(waitEnded).toBe(true);
  });

  it('given an append still committing below the head (a shared server), when the log is paged, then no page goes past the settled position, and the late event shows once it commits', async () => {
    const store = createMemoryEventStore();
    for (let n = 1; n <= 5; n += 1) {
      await append(store, `cart-${n}`, 'CartCleared', {}, by('system', 'system', n));
    }
    // As a PostgreSQL server shows it: 4 is in flight (invisible), 5 committed above it.
    let fourCommitted = false;
    const log = {
      readStream: store.readStream.bind(store),
      headPosition: store.headPosition.bind(store),
      settledPosition: async () => (fourCommitted ? 5 : 3),
      readAll: async (options: Parameters<EventStore['readAll']>[0]) =>
        (await store.readAll(options)).filter((e) => fourCommitted || e.position !== 4),
    };
    const reads = await openAdminReads({ deps: { eventLog: log } });
    try {
      const page = async (query: string) =>
        eventLogPageSchema.parse((await reads.read(`/api/admin/events?${query}`)).body);

      const whileInFlight = await page('limit=4');
      fourCommitted = true;
      const afterCommit = await page('limit=4&from=4');

      expect(whileInFlight.events.map((e) => e.position)).toEqual([1, 2, 3]);
      expect(whileInFlight).toMatchObject({ next: null, position: 3 });
      expect(afterCommit.events.map((e) => e.position)).toEqual([4, 5]);
      expect(afterCommit).toMatchObject({ next: null, position: 5 });
    } finally {
      await reads.close();
    }
  });
});

describe('GET /api/admin/events/streams/{stream}', () => {
  it('given a payment stream, then its events in order; an unknown stream, then 404 Stream não encontrado.', async () => {
    const response = await shop.get(`/api/admin/events/streams/${paymentStreamName(paymentId)}`);
    const stream = eventStreamSchema.parse(await response.json());

    expect(response.headers.get(POSITION_HEADER)).toBe(String(await store.headPosition()));
    expect(stream.stream).toBe(paymentStreamName(paymentId));
    expect(stream.events.map((event) => [event.revision, event.type])).toEqual([
      [0, 'PaymentApproved'],
    ]);
    expect(await errorOf('/api/admin/events/streams/order-nenhum')).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Stream não encontrado.' }),
    });
  });
});

describe("what the auditors' reads never show or do", () => {
  it('given accounts with password hashes and a reset token hash, when the admin reads the log and the user stream, then the hashes are hidden and the rest is as stored', async () => {
    const withReset = await aShopLog();
    await append(
      withReset,
      userStreamName(CUSTOMER_ID),
      'PasswordResetRequested',
      { userId: CUSTOMER_ID, tokenHash: 'sha256-of-the-reset-token', expiresAt: minute(40) },
      by(CUSTOMER_ID, 'user', 30),
    );
    const reads = await openAdminReads({ deps: { eventLog: withReset } });
    try {
      const log = await reads.get('/api/admin/events?category=user');
      const stream = await reads.get(`/api/admin/events/streams/${userStreamName(CUSTOMER_ID)}`);
      const [logText, streamText] = [await log.text(), await stream.text()];

      for (const text of [logText, streamText]) {
        expect(text).not.toContain('password-hash');
        expect(text).not.toContain('sha256-of-the-reset-token');
      }
      const events = eventStreamSchema.parse(JSON.parse(streamText)).events;
      expect(events.map((event) => event.data)).toEqual([
        expect.objectContaining({ name: 'Ana Souza', passwordHash: '(oculto)' }),
        expect.objectContaining({ tokenHash: '(oculto)', expiresAt: minute(40) }),
      ]);
    } finally {
      await reads.close();
    }
  });

  it('given a product photo, when the admin reads the log, then its size in words instead of its bytes', async () => {
    const withPhoto = await aShopLog();
    const sha256 = 'c'.repeat(64);
    const bytes = Buffer.alloc(30_000, 7).toString('base64');
    await append(
      withPhoto,
      `product-photo-${sha256}`,
      'ProductPhotoUploaded',
      { sha256, contentType: 'image/webp', width: 1200, height: 800, bytes, uploadedBy: ADMIN_ID },
      by(ADMIN_ID, 'admin', 30),
    );
    const reads = await openAdminReads({ deps: { eventLog: withPhoto } });
    try {
      const log = await reads.get('/api/admin/events?type=ProductPhotoUploaded');
      const text = await log.text();

      expect(text).not.toContain(bytes.slice(0, 100));
      expect(eventLogPageSchema.parse(JSON.parse(text)).events[0]?.data).toEqual({
        sha256,
        contentType: 'image/webp',
        width: 1200,
        height: 800,
        bytes: '(foto WebP de 30.000 bytes)',
        uploadedBy: ADMIN_ID,
      });
    } finally {
      await reads.close();
    }
  });

  it('given an order placed with a CPF, when the admin reads it in the log or its stream, then only its middle six digits show, as no other admin screen shows a CPF', async () => {
    const log = await shop.get(`/api/admin/events?type=OrderPlaced`);
    const stream = await shop.get(`/api/admin/events/streams/${orderStreamName(orderId)}`);
    const [logText, streamText] = [await log.text(), await stream.text()];

    for (const text of [logText, streamText]) expect(text).not.toContain('52998224725');
    const placed = eventLogPageSchema.parse(JSON.parse(logText)).events[0];
    expect(placed?.data['customer']).toEqual({
      userId: CUSTOMER_ID,
      name: 'Ana Souza',
      email: 'ana@exemplo.com.br',
      cpf: '***.982.247-**',
    });
  });

  it('given no token or a customer token, when the log or a stream is asked, then 401 and 403 without any event', async () => {
    for (const path of [
      '/api/admin/events',
      `/api/admin/events/streams/${userStreamName(CUSTOMER_ID)}`,
    ]) {
      const stranger = await errorOf(path, null);
      const customer = await errorOf(path, shop.customerToken);
      expect([stranger.status, customer.status]).toEqual([401, 403]);
      expect(JSON.stringify([stranger.body, customer.body])).not.toContain('UserRegistered');
    }
  });

  it(`given a stream of ${EVENT_STREAM_PAGE_SIZE * 2 + 5} events (the order numbers' sequence), when the admin opens it, then pages of ${EVENT_STREAM_PAGE_SIZE} events that follow one another by the next revision`, async () => {
    const long = createMemoryEventStore();
    await long.appendToStream(
      ORDER_NUMBERS_STREAM,
      Array.from({ length: EVENT_STREAM_PAGE_SIZE * 2 + 5 }, (_, index) => ({
        id: randomUUID(),
        type: 'OrderNumberAssigned',
        data: { orderId: randomUUID(), orderNumber: 1001 + index },
        metadata: by('system', 'system', 0),
      })),
    );
    const reads = await openAdminReads({ deps: { eventLog: long } });
    try {
      const pageFrom = async (from?: number | null) =>
        eventStreamSchema.parse(
          (
            await reads.read(
              `/api/admin/events/streams/${ORDER_NUMBERS_STREAM}${from ? `?from=${from}` : ''}`,
            )
          ).body,
        );
      const first = await pageFrom();
      const second = await pageFrom(first.next);
      const third = await pageFrom(second.next);

      expect([first, second, third].map((page) => page.events.length)).toEqual([
        EVENT_STREAM_PAGE_SIZE,
        EVENT_STREAM_PAGE_SIZE,
        5,
      ]);
      expect([first.next, second.next, third.next]).toEqual([
        EVENT_STREAM_PAGE_SIZE,
        EVENT_STREAM_PAGE_SIZE * 2,
        null,
      ]);
      expect(third.events.at(-1)?.revision).toBe(EVENT_STREAM_PAGE_SIZE * 2 + 4);
      expect(await pageFrom(EVENT_STREAM_PAGE_SIZE * 10)).toMatchObject({ events: [], next: null });
      const bad = await reads.get(`/api/admin/events/streams/${ORDER_NUMBERS_STREAM}?from=-1`);
      expect(bad.status).toBe(400);
      expect(await reads.get('/api/admin/events/streams/cart-nenhum?from=3')).toMatchObject({
        status: 404,
      });
    } finally {
      await reads.close();
    }
  });

  it('given the embedded store (PGlite) and a stream name with a NUL or another control character, or an EventStoreDB system stream ($…), when it is opened, then 404 Stream não encontrado., not a 500', async () => {
    const dataDir = await scratchDirectory('quitute-admin-reads');
    await preparedPgliteDirectory(dataDir);
    const pglite = await createPgliteEventStore({ dataDir });
    const reads = await openAdminReads({ deps: { eventLog: pglite } });
    try {
      for (const name of ['%00', 'order-%00x', 'user-%1B%5B2J', '%24all', '%24user-admin']) {
        const answer = await reads.get(`/api/admin/events/streams/${name}`);
        expect({ status: answer.status, body: await answer.json() }).toEqual({
          status: 404,
          body: expect.objectContaining({ message: 'Stream não encontrado.' }),
        });
      }
    } finally {
      await reads.close();
      await pglite.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
