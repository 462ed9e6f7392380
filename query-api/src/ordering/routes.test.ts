import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  MAX_ORDERS_PER_REQUEST,
  orderListSchema,
  ORDERS_COLLECTION,
  USERS_COLLECTION,
  type OrderDocument,
  type Role,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { silentLogger } from '@quitute/infra/logging';
import { createOwnWrites } from '@quitute/infra/projection-progress';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createQueryApp } from '../app';
import { anOrder } from './order-fixtures';
import { ordersSince } from './routes';

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const admin = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const ended = 'e0e0e0e0-1111-4222-8333-444444444444';

/** Wednesday 2026-11-25, noon in São Paulo (UTC−3). */
const now = new Date('2026-11-25T15:00:00.000Z');

const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-0123456789' });
const readStore = createMemoryReadStore();
const ownWrites = createOwnWrites();
const waits: number[] = [];
let applied = Number.MAX_SAFE_INTEGER;
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

const user = (id: string, name: string, role: Role, sessionVersion = 0): UserDocument => ({
  _id: id,
  email: `${name.toLowerCase()}@exemplo.com.br`,
  name,
  phone: '',
  address: '',
  notifications: { email: true, sms: false },
  role,
  isDeleted: false,
  sessionVersion,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});

const tokenOf = (id: string, role: Role = 'user') =>
  tokens.sign({ userId: id, email: 'x@exemplo.com.br', name: 'X', role, sessionVersion: 0 });

let orderSeq = 0;
/** An order of `userId` created at `createdAt`, with its own ids and number. */
const order = (userId: string, createdAt: string, fields: Partial<OrderDocument> = {}) => {
  orderSeq += 1;
  const n = String(orderSeq).padStart(12, '0');
  return anOrder({
    _id: `00000000-0000-4000-8000-${n}`,
    orderNumber: 1000 + orderSeq,
    paymentId: `10000000-0000-4000-8000-${n}`,
    providerPaymentId: `13255${n}`,
    userId,
    createdAt,
    updatedAt: createdAt,
    ...fields,
  });
};

// Ana's orders, newest first; the two around midnight of 2026-11-18 in São Paulo
// (03:00 UTC) are the 7-day boundary: same UTC day, different shop days.
const anaToday = order(ana, '2026-11-25T14:00:00.000Z', {
  orderStatus: 'processing',
  paymentStatus: 'approved',
});
const anaYesterday = order(ana, '2026-11-24T20:00:00.000Z', {
  orderStatus: 'cancelled',
  paymentStatus: 'cancelled',
});
const anaFirstMinuteOf18th = order(ana, '2026-11-18T03:00:00.000Z');
const anaLastMinuteOf17th = order(ana, '2026-11-18T02:59:59.999Z', {
  orderStatus: 'delivered',
  paymentStatus: 'approved',
});
const anaOctober26 = order(ana, '2026-10-26T03:00:00.000Z', { orderStatus: 'delivered' });
const anaOctober25 = order(ana, '2026-10-26T02:59:59.999Z', { orderStatus: 'delivered' });
const anaSeptember = order(ana, '2026-08-27T03:00:00.000Z', { orderStatus: 'delivered' });
const anaLongAgo = order(ana, '2026-08-27T02:59:59.999Z', { orderStatus: 'delivered' });
const anaOrders = [
  anaToday,
  anaYesterday,
  anaFirstMinuteOf18th,
  anaLastMinuteOf17th,
  anaOctober26,
  anaOctober25,
  anaSeptember,
  anaLongAgo,
];
const biaOrder = order(bia, '2026-11-25T14:30:00.000Z');

const get = (path: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** The answer must be an array of order DTOs (spec §7): their numbers, in the order given. */
const numbersOf = async (response: Response): Promise<number[]> => {
  expect(response.status).toBe(200);
  return orderListSchema.parse(await response.json()).map((dto) => dto.orderNumber);
};
const numbers = (orders: OrderDocument[]) => orders.map((o) => o.orderNumber);

beforeAll(async () => {
  await readStore
    .collection(USERS_COLLECTION)
    .putMany([
      user(ana, 'Ana', 'user'),
      user(bia, 'Bia', 'user'),
      user(admin, 'Admin', 'admin'),
      user(ended, 'Eva', 'user', 1),
    ]);
  // Stored in no particular order: the answer's order is the server's doing.
  await readStore.collection(ORDERS_COLLECTION).putMany([...anaOrders].reverse().concat(biaOrder));
  server = await listenOnFreePort(
    createQueryApp({
      readStore,
      waitForPosition: async (position) => {
        waits.push(position);
        return applied >= position;
      },
      health: () => ({ status: 'ok' }),
      logger: silentLogger,
      tokens,
      captcha: { challenge: async () => ({}) },
      ownWrites,
      payments: { provider: 'mercadopago', publicKey: 'APP_USR-public-key' },
      now: () => now,
    }),
  );
});
afterAll(() => server.close());

describe('ordersSince (dateFilter, in the shop time zone)', () => {
  it('given noon of the 25th in São Paulo, then 7 days reach back to midnight of the 18th there (03:00 UTC)', () => {
    expect(ordersSince(now, 7)).toBe('2026-11-18T03:00:00.000Z');
    expect(ordersSince(now, 30)).toBe('2026-10-26T03:00:00.000Z');
    expect(ordersSince(now, 90)).toBe('2026-08-27T03:00:00.000Z');
  });

  it('given 01:00 UTC of the 26th (still the 25th in São Paulo), then the days are counted from the 25th', () => {
    expect(ordersSince(new Date('2026-11-26T01:00:00.000Z'), 7)).toBe('2026-11-18T03:00:00.000Z');
  });
});

describe('GET /api/orders', () => {
  it('given no token, then 401', async () => {
    const response = await get('/api/orders', null);

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: accountMessages.tokenMissing });
  });

  it('given Ana, then an array of her orders only, newest first, each as the order DTO', async () => {
    const response = await get('/api/orders', tokenOf(ana));

    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = orderListSchema.parse(await response.clone().json());
    expect(await numbersOf(response)).toEqual(numbers(anaOrders));
    expect(body[0]).toMatchObject({ _id: anaToday._id, total: 169, paymentStatus: 'approved' });
  });

  it('given a limit, then only that many of the newest', async () => {
    expect(await numbersOf(await get('/api/orders?limit=3', tokenOf(ana)))).toEqual(
      numbers(anaOrders.slice(0, 3)),
    );
  });

  it('given more orders than one request may return and no limit, then the newest MAX_ORDERS_PER_REQUEST', async () => {
    const many = Array.from({ length: MAX_ORDERS_PER_REQUEST + 5 }, (_, index) =>
      order(bia, new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()),
    );
    await readStore.collection(ORDERS_COLLECTION).putMany(many);

    const got = await numbersOf(await get('/api/orders', tokenOf(bia)));

    expect(got).toHaveLength(MAX_ORDERS_PER_REQUEST);
    expect(got[0]).toBe(biaOrder.orderNumber);
    expect(got.at(-1)).toBe(many[6]?.orderNumber);
    await Promise.all(many.map((o) => readStore.collection(ORDERS_COLLECTION).delete(o._id)));
  });

  it('given an order status, then only her orders in that status', async () => {
    expect(await numbersOf(await get('/api/orders?orderStatus=delivered', tokenOf(ana)))).toEqual(
      numbers([anaLastMinuteOf17th, anaOctober26, anaOctober25, anaSeptember, anaLongAgo]),
    );
    expect(await numbersOf(await get('/api/orders?orderStatus=pending', tokenOf(ana)))).toEqual(
      numbers([anaFirstMinuteOf18th]),
    );
  });

  it('given dateFilter 7, 30, 90, then the orders from midnight (São Paulo) that many days ago, the last millisecond before it left out', async () => {
    expect(await numbersOf(await get('/api/orders?dateFilter=7', tokenOf(ana)))).toEqual(
      numbers([anaToday, anaYesterday, anaFirstMinuteOf18th]),
    );
    expect(await numbersOf(await get('/api/orders?dateFilter=30', tokenOf(ana)))).toEqual(
      numbers(anaOrders.slice(0, 5)),
    );
    expect(await numbersOf(await get('/api/orders?dateFilter=90', tokenOf(ana)))).toEqual(
      numbers(anaOrders.slice(0, 7)),
    );
  });

  it('given filters combined with a limit, then all apply', async () => {
    expect(
      await numbersOf(
        await get('/api/orders?dateFilter=30&orderStatus=delivered&limit=1', tokenOf(ana)),
      ),
    ).toEqual(numbers([anaLastMinuteOf17th]));
  });

  it('given an invalid query, then 400 in pt-BR', async () => {
    for (const query of [
      'dateFilter=5',
      'dateFilter=sete',
      'limit=0',
      `limit=${MAX_ORDERS_PER_REQUEST + 1}`,
      'limit=2.5',
      'orderStatus=shipped',
      'limit=1&limit=2',
    ]) {
      const response = await get(`/api/orders?${query}`, tokenOf(ana));
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({
        message: 'Requisição inválida.',
        code: 'validation',
      });
    }
  });

  it('given a session ended after the token was signed, then 401', async () => {
    const response = await get('/api/orders', tokenOf(ended));

    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: accountMessages.tokenInvalid });
  });

  it("given Ana's last write not yet applied, then her read waits for it and says the read model lags", async () => {
    ownWrites.record(ana, 500);
    applied = 400;
    waits.length = 0;

    const response = await get('/api/orders', tokenOf(ana));

    expect(waits).toEqual([500]);
    expect(response.headers.get('x-projection-lagging')).toBe('true');
    applied = Number.MAX_SAFE_INTEGER;
  });
});

describe('GET /api/orders/{id} and /api/admin/orders/{id}', () => {
  const notFoundBody = { message: 'Pedido não encontrado.', code: 'not_found' };

  it('given the owner, then her order as the DTO', async () => {
    const response = await get(`/api/orders/${anaToday._id}`, tokenOf(ana));

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toMatchObject({
      _id: anaToday._id,
      orderNumber: anaToday.orderNumber,
      externalReference: anaToday._id,
      paymentId: anaToday.providerPaymentId,
      details: 'Pagamento aprovado com sucesso!',
    });
  });

  it("given Bia asking for Ana's order, then 404 with exactly the body of an order that does not exist", async () => {
    const others = await get(`/api/orders/${anaToday._id}`, tokenOf(bia));
    const missing = await get('/api/orders/99999999-9999-4999-8999-999999999999', tokenOf(bia));

    expect(others.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await others.json()).toEqual(notFoundBody);
    expect(await missing.json()).toEqual(notFoundBody);
  });

  it('given an id that is no order id, then 404', async () => {
    expect((await get('/api/orders/not-an-id', tokenOf(ana))).status).toBe(404);
    expect((await get('/api/admin/orders/not-an-id', tokenOf(admin, 'admin'))).status).toBe(404);
  });

  it('given an admin, then any order, on both routes', async () => {
    const customerRoute = await get(`/api/orders/${biaOrder._id}`, tokenOf(admin, 'admin'));
    const adminRoute = await get(`/api/admin/orders/${anaToday._id}`, tokenOf(admin, 'admin'));

    expect(customerRoute.status).toBe(200);
    expect(await customerRoute.json()).toMatchObject({ _id: biaOrder._id });
    expect(adminRoute.status).toBe(200);
    expect(await adminRoute.json()).toMatchObject({ _id: anaToday._id });
  });

  it('given the admin route, then 401 without a token and 403 for a customer, even the owner', async () => {
    const anonymous = await get(`/api/admin/orders/${anaToday._id}`, null);
    const owner = await get(`/api/admin/orders/${anaToday._id}`, tokenOf(ana));

    expect(anonymous.status).toBe(401);
    expect(owner.status).toBe(403);
    expect(await owner.json()).toEqual({ message: accountMessages.forbidden, code: 'forbidden' });
  });

  it('given the admin route and an order that does not exist, then 404', async () => {
    const response = await get(
      '/api/admin/orders/99999999-9999-4999-8999-999999999999',
      tokenOf(admin, 'admin'),
    );

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(notFoundBody);
  });

  it('given no token on the customer route, then 401', async () => {
    expect((await get(`/api/orders/${anaToday._id}`, null)).status).toBe(401);
  });
});

describe('an order deleted by an admin', () => {
  it('given Bia’s order deleted, then it leaves her list and its details answer 404, for her and the admin', async () => {
    const gone = order(bia, '2026-11-25T14:45:00.000Z', { isDeleted: true });
    await readStore.collection(ORDERS_COLLECTION).put(gone);

    expect(await numbersOf(await get('/api/orders', tokenOf(bia)))).toEqual([biaOrder.orderNumber]);
    expect((await get(`/api/orders/${gone._id}`, tokenOf(bia))).status).toBe(404);
    expect((await get(`/api/admin/orders/${gone._id}`, tokenOf(admin, 'admin'))).status).toBe(404);
    await readStore.collection(ORDERS_COLLECTION).delete(gone._id);
  });

  it('given Bia’s paid order deleted by an older log (issue 38), then she still finds it in her list and its details, with her money; the admin’s list leaves it out', async () => {
    const paidGone = order(bia, '2026-11-25T14:45:00.000Z', {
      isDeleted: true,
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
      paidAt: '2026-11-25T14:46:00.000Z',
      paidCents: 16_900,
      refundedCents: 16_900,
    });
    await readStore.collection(ORDERS_COLLECTION).put(paidGone);

    expect(await numbersOf(await get('/api/orders', tokenOf(bia)))).toEqual([
      paidGone.orderNumber,
      biaOrder.orderNumber,
    ]);
    const details = await get(`/api/orders/${paidGone._id}`, tokenOf(bia));
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({ paymentStatus: 'refunded', total: 169 });
    expect((await get(`/api/admin/orders/${paidGone._id}`, tokenOf(admin, 'admin'))).status).toBe(
      404,
    );
    await readStore.collection(ORDERS_COLLECTION).delete(paidGone._id);
  });
});

describe('GET /payments/process-payment/{paymentId}', () => {
  const notFoundBody = { message: 'Pagamento não encontrado.', code: 'not_found' };

  it("given the owner and the provider's payment id, then the payment status with its message", async () => {
    const response = await get(
      `/payments/process-payment/${anaFirstMinuteOf18th.providerPaymentId ?? ''}`,
      tokenOf(ana),
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      paymentId: anaFirstMinuteOf18th.providerPaymentId,
      orderId: anaFirstMinuteOf18th._id,
      orderNumber: anaFirstMinuteOf18th.orderNumber,
      paymentStatus: 'pending',
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      paymentMethod: 'pix',
      message: 'Aguardando pagamento via Pix.',
    });
  });

  it('given Bia, an admin, or our internal payment id, then 404 like a payment that does not exist', async () => {
    const path = `/payments/process-payment/${anaFirstMinuteOf18th.providerPaymentId ?? ''}`;
    for (const response of [
      await get(path, tokenOf(bia)),
      await get(path, tokenOf(admin, 'admin')),
      await get(`/payments/process-payment/${anaFirstMinuteOf18th.paymentId}`, tokenOf(ana)),
      await get('/payments/process-payment/999', tokenOf(ana)),
      await get(`/payments/process-payment/${'9'.repeat(65)}`, tokenOf(ana)),
      await get('/payments/process-payment/%7B%22%24ne%22%3A1%7D', tokenOf(ana)),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFoundBody);
    }
  });

  it('given no token, then 401', async () => {
    expect(
      (await get(`/payments/process-payment/${anaToday.providerPaymentId ?? ''}`, null)).status,
    ).toBe(401);
  });
});

describe('GET /api/payments/config', () => {
  it('given anyone, without a token, then the provider and its public key', async () => {
    const response = await get('/api/payments/config', null);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      provider: 'mercadopago',
      publicKey: 'APP_USR-public-key',
    });
  });
});
