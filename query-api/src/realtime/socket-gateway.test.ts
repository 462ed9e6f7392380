import http from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  ADMINS_ROOM,
  NEW_ORDER_SOCKET_EVENT,
  PAYMENTS_TOPIC,
  USERS_COLLECTION,
  type NewOrderPush,
  type PaymentApprovedMessage,
  type PaymentApprovedPush,
  type Role,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import type { TrustProxy } from '@quitute/infra/config';
import { createMemoryBus, type MemoryBus } from '@quitute/infra/bus';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { sessionVersionsFromReadModel } from '../accounts/routes';
import {
  attachSocketGateway,
  MAX_CONNECTIONS_PER_ADDRESS,
  MAX_PUSH_AGE_MS,
  type SocketGateway,
} from './socket-gateway';

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const rosa = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const lia = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const secret = 'a-test-secret-that-is-long-enough-0123456789';
const now = new Date('2026-11-25T15:00:00.000Z');
const nowSeconds = () => Math.floor(now.getTime() / 1000);

const tokens = createTokenService({ secret, nowSeconds });
const readStore = createMemoryReadStore();
const users = readStore.collection<UserDocument>(USERS_COLLECTION);
let bus: MemoryBus;
let gateway: SocketGateway;
let closeGateway: () => Promise<void>;
let url: string;
const clients: Socket[] = [];

const user = (
  id: string,
  name: string,
  sessionVersion = 0,
  fields: Partial<UserDocument> = {},
): UserDocument => ({
  _id: id,
  email: `${name.toLowerCase()}@exemplo.com.br`,
  name,
  phone: '',
  address: '',
  notifications: { email: true, sms: false },
  role: 'user',
  isDeleted: false,
  sessionVersion,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
  ...fields,
});
/** The shop's admins: Rosa and Lia. */
const admin = (id: string, name: string, fields: Partial<UserDocument> = {}) =>
  user(id, name, 0, { role: 'admin', ...fields });

const tokenOf = (userId: string, sessionVersion = 0, role: Role = 'user', sid?: string) =>
  tokens.sign({
    userId,
    email: 'x@exemplo.com.br',
    name: 'X',
    role,
    sessionVersion,
    ...(sid ? { sid } : {}),
  });
const adminTokenOf = (userId: string, sid?: string) => tokenOf(userId, 0, 'admin', sid);

/**
 * A client as the web app makes one; it does not retry, so a refusal is final.
 * `forwardedFor`: the X-Forwarded-For a proxy in front of the gateway would add.
 */
function client(
  auth: Record<string, unknown> | null,
  options: { at?: string; forwardedFor?: string } = {},
): Socket {
  const socket = connect(options.at ?? url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
    ...(options.forwardedFor ? { extraHeaders: { 'x-forwarded-for': options.forwardedFor } } : {}),
  });
  clients.push(socket);
  return socket;
}

/** Connected, or the connect_error's message and data. */
function outcome(socket: Socket): Promise<{ connected: true } | { error: string; data: unknown }> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (error: Error & { data?: unknown }) =>
      resolve({ error: error.message, data: error.data }),
    );
  });
}

async function connected(
  token: string,
  options: { at?: string; forwardedFor?: string } = {},
): Promise<Socket> {
  const socket = client({ token }, options);
  expect(await outcome(socket)).toEqual({ connected: true });
  return socket;
}

/** Every push a socket receives, by event, in order. */
function recorder(socket: Socket) {
  const received: { event: string; push: PaymentApprovedPush }[] = [];
  for (const event of ['paymentSuccess', 'paymentApproved']) {
    socket.on(event, (push: PaymentApprovedPush) => received.push({ event, push }));
  }
  /** Resolves once a push of `orderId` arrived as paymentApproved (the second event of a push). */
  const until = (orderId: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (received.some((r) => r.event === 'paymentApproved' && r.push.orderId === orderId)) {
          socket.off('paymentApproved', check);
          resolve();
        }
      };
      socket.on('paymentApproved', check);
      check();
    });
  return { received, until };
}

let sequence = 0;
function approval(userId: string, fields: Partial<PaymentApprovedMessage> = {}) {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  const payload: PaymentApprovedMessage = {
    type: 'PaymentApproved',
    eventId: `e0000000-0000-4000-8000-${n}`,
    userId,
    orderId: `00000000-0000-4000-8000-${n}`,
    orderNumber: 1000 + sequence,
    paymentId: `13255${n}`,
    occurredAt: new Date(now.getTime() - 1_000).toISOString(),
    ...fields,
  };
  return payload;
}

const publish = (...payloads: PaymentApprovedMessage[]) =>
  bus.publish(
    PAYMENTS_TOPIC,
    payloads.map((payload) => ({
      id: payload.eventId,
      key: payload.orderId,
      type: payload.type,
      payload,
    })),
  );

const pushOf = (payload: PaymentApprovedMessage): PaymentApprovedPush => ({
  orderId: payload.orderId,
  orderNumber: payload.orderNumber,
  paymentId: payload.paymentId,
});

beforeAll(async () => {
  await users.putMany([user(ana, 'Ana'), user(bia, 'Bia'), admin(rosa, 'Rosa'), admin(lia, 'Lia')]);
});

/** A gateway on the bus, on an HTTP server of its own listening on a free port. */
async function serveGateway(options: { groupId: string; trustProxy?: TrustProxy }) {
  const httpServer = http.createServer();
  const served = await attachSocketGateway({
    httpServer,
    tokens,
    sessionVersions: sessionVersionsFromReadModel(readStore),
    bus,
    logger: silentLogger,
    now: () => now,
    ...options,
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return {
    gateway: served,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await served.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}

beforeEach(async () => {
  bus = createMemoryBus();
  ({ gateway, url, close: closeGateway } = await serveGateway({ groupId: 'socket-gateway-test' }));
});

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.disconnect();
  await closeGateway();
  await bus.close();
  await users.putMany([user(ana, 'Ana'), admin(rosa, 'Rosa'), admin(lia, 'Lia')]);
});

afterAll(() => readStore.close());

describe('socket handshake', () => {
  it('given no token, a forged one or an expired one, then connect_error "unauthorized" with the pt-BR reason', async () => {
    const forger = createTokenService({
      secret: 'another-secret-that-is-long-enough-987654321',
      nowSeconds,
    });
    const expired = createTokenService({
      secret,
      ttlSeconds: 60,
      nowSeconds: () => nowSeconds() - 3_600,
    });
    const subject = {
      userId: ana,
      email: 'ana@exemplo.com.br',
      name: 'Ana',
      role: 'user' as const,
      sessionVersion: 0,
    };

    expect(await outcome(client(null))).toEqual({
      error: 'unauthorized',
      data: { message: 'Token de autenticação ausente.' },
    });
    expect(await outcome(client({ token: 42 }))).toMatchObject({ error: 'unauthorized' });
    expect(await outcome(client({ token: forger.sign(subject) }))).toEqual({
      error: 'unauthorized',
      data: { message: 'Token inválido. Faça login novamente.' },
    });
    expect(await outcome(client({ token: expired.sign(subject) }))).toMatchObject({
      error: 'unauthorized',
      data: { message: expect.stringContaining('expirado') },
    });
  });

  it('given one address holding the most connections it may, then its next connection is refused, and allowed again once one closes', async () => {
    const open = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () => connected(tokenOf(ana))),
    );

    const refused = client({ token: tokenOf(bia) });
    expect(await outcome(refused)).toMatchObject({ error: expect.any(String) });

    open[0]?.disconnect();
    // The server hears of the close a moment later: ask again until it has.
    let answer = await outcome(client({ token: tokenOf(bia) }));
    for (let attempt = 0; attempt < 40 && !('connected' in answer); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await outcome(client({ token: tokenOf(bia) }));
    }
    expect(answer).toEqual({ connected: true });
  });

  it('given no TRUST_PROXY, when one address sends each connection under another X-Forwarded-For, then the header is not believed and its connections past the most are refused', async () => {
    await Promise.all(
      Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, (_, n) =>
        connected(tokenOf(ana), { forwardedFor: `203.0.113.${n + 1}` }),
      ),
    );

    expect(
      await outcome(client({ token: tokenOf(bia) }, { forwardedFor: '198.51.100.9' })),
    ).toMatchObject({ error: expect.any(String) });
  });

  it('given TRUST_PROXY naming the proxy, when one client behind it holds the most connections it may, then its next is refused and another client behind the same proxy still connects', async () => {
    const proxied = await serveGateway({
      groupId: 'socket-gateway-test-proxied',
      trustProxy: ['loopback'],
    });
    const at = proxied.url;
    try {
      await Promise.all(
        Array.from({ length: MAX_CONNECTIONS_PER_ADDRESS }, () =>
          connected(tokenOf(ana), { at, forwardedFor: '203.0.113.7' }),
        ),
      );

      expect(
        await outcome(client({ token: tokenOf(ana) }, { at, forwardedFor: '203.0.113.7' })),
      ).toMatchObject({ error: expect.any(String) });
      // It was refused: every client behind the proxy counted as the proxy's one address.
      expect(
        await outcome(client({ token: tokenOf(bia) }, { at, forwardedFor: '198.51.100.9' })),
      ).toEqual({ connected: true });
    } finally {
      for (const socket of clients.splice(0)) socket.disconnect();
      await proxied.close();
    }
  });

  it('given a session ended after the token was signed (logout everywhere, password reset), then the handshake is refused', async () => {
    await users.put(user(ana, 'Ana', 1));

    expect(await outcome(client({ token: tokenOf(ana, 0) }))).toMatchObject({
      error: 'unauthorized',
    });
    expect(await outcome(client({ token: tokenOf(ana, 1) }))).toEqual({ connected: true });
  });

  it('given a user that no longer exists, then the handshake is refused', async () => {
    const ghost = '7e7e7e7e-7e7e-4e7e-8e7e-7e7e7e7e7e7e';

    expect(await outcome(client({ token: tokenOf(ghost) }))).toMatchObject({
      error: 'unauthorized',
    });
  });

  it('given the spec client emitting join with its user id and a test event, then both are answered harmlessly', async () => {
    const socket = await connected(tokenOf(ana));

    expect(await socket.emitWithAck('join', ana)).toEqual({ ok: true });
    expect(await socket.emitWithAck('test', { hello: 'world' })).toEqual({ ok: true });
    socket.emit('join', { userId: ana });
    expect(socket.connected).toBe(true);
  });
});

describe('payment pushes', () => {
  it("given Ana and Bia connected, when Bia's payment is approved, then Bia receives paymentSuccess and paymentApproved and Ana nothing, even after Ana joined with Bia's id", async () => {
    const anaSocket = await connected(tokenOf(ana));
    const biaSocket = await connected(tokenOf(bia));
    const anaPushes = recorder(anaSocket);
    const biaPushes = recorder(biaSocket);
    await anaSocket.emitWithAck('join', bia);
    await anaSocket.emitWithAck('join', { userId: bia });

    const forBia = approval(bia);
    const forAna = approval(ana);
    // Published in this order and delivered in it: once Ana has her own, Bia's had passed her by.
    await publish(forBia, forAna);
    await Promise.all([biaPushes.until(forBia.orderId), anaPushes.until(forAna.orderId)]);

    expect(biaPushes.received).toEqual([
      { event: 'paymentSuccess', push: pushOf(forBia) },
      { event: 'paymentApproved', push: pushOf(forBia) },
    ]);
    expect(anaPushes.received).toEqual([
      { event: 'paymentSuccess', push: pushOf(forAna) },
      { event: 'paymentApproved', push: pushOf(forAna) },
    ]);
  });

  it('given the same approval delivered twice (same eventId), then each event is emitted once', async () => {
    const socket = await connected(tokenOf(ana));
    const pushes = recorder(socket);
    const approved = approval(ana);
    const sentinel = approval(ana);

    await publish(approved);
    await publish(approved, sentinel);
    await pushes.until(sentinel.orderId);

    expect(pushes.received.map((r) => [r.event, r.push.orderId])).toEqual([
      ['paymentSuccess', approved.orderId],
      ['paymentApproved', approved.orderId],
      ['paymentSuccess', sentinel.orderId],
      ['paymentApproved', sentinel.orderId],
    ]);
  });

  it('given two sockets of one customer (two tabs), then both receive the push', async () => {
    const tabs = [await connected(tokenOf(ana)), await connected(tokenOf(ana))].map(recorder);
    const approved = approval(ana);

    await publish(approved);
    await Promise.all(tabs.map((tab) => tab.until(approved.orderId)));

    for (const tab of tabs) expect(tab.received).toHaveLength(2);
  });

  it('given a payload that is not a PaymentApproved, or an approval older than the checkout waits, then nothing is pushed and the next approval still is', async () => {
    const socket = await connected(tokenOf(ana));
    const pushes = recorder(socket);
    const stale = approval(ana, {
      occurredAt: new Date(now.getTime() - MAX_PUSH_AGE_MS - 1).toISOString(),
    });
    const fresh = approval(ana);

    await bus.publish(PAYMENTS_TOPIC, [
      { id: 'broken', key: 'k', type: 'PaymentApproved', payload: { userId: ana } },
      { id: 'other', key: 'k', type: 'PaymentRefunded', payload: { type: 'PaymentRefunded' } },
    ]);
    await publish(stale, fresh);
    await pushes.until(fresh.orderId);

    expect(pushes.received.map((r) => r.push.orderId)).toEqual([fresh.orderId, fresh.orderId]);
  });

  it('given a socket whose session ended after it connected, when a push comes, then it is disconnected instead of told', async () => {
    const socket = await connected(tokenOf(ana));
    const pushes = recorder(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await users.put(user(ana, 'Ana', 1));
    await publish(approval(ana));

    expect(await disconnected).toBe('io server disconnect');
    expect(pushes.received).toEqual([]);
  });
});

/** Every newOrder a socket receives, in order; `until` resolves once one of `orderId` arrived. */
function newOrders(socket: Socket) {
  const received: NewOrderPush[] = [];
  socket.on(NEW_ORDER_SOCKET_EVENT, (push: NewOrderPush) => received.push(push));
  const until = (orderId: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (received.some((push) => push.orderId === orderId)) {
          socket.off(NEW_ORDER_SOCKET_EVENT, check);
          resolve();
        }
      };
      socket.on(NEW_ORDER_SOCKET_EVENT, check);
      check();
    });
  return { received, until };
}

/** An approval as the relay publishes it since issue 41: with what the admins are told of the order. */
const paidOrder = (userId: string, fields: Partial<PaymentApprovedMessage> = {}) =>
  approval(userId, {
    totalCents: 12_345,
    customerName: 'Ana Souza',
    deliveryType: 'delivery',
    deliveryDate: '2026-11-28T14:30:00-03:00',
    ...fields,
  });

describe('new orders for the admins (issue 41)', () => {
  it('given an admin connected, when a customer’s payment is approved, then the admin receives newOrder with the order, its total in reais, who and when; the customer her own pushes', async () => {
    const rosaSocket = await connected(adminTokenOf(rosa));
    const anaSocket = await connected(tokenOf(ana));
    const toRosa = newOrders(rosaSocket);
    const toAna = recorder(anaSocket);
    const paid = paidOrder(ana);

    await publish(paid);
    await Promise.all([toRosa.until(paid.orderId), toAna.until(paid.orderId)]);

    expect(toRosa.received).toEqual([
      {
        orderId: paid.orderId,
        orderNumber: paid.orderNumber,
        total: 123.45,
        customerName: 'Ana Souza',
        deliveryType: 'delivery',
        deliveryDate: '2026-11-28T14:30:00-03:00',
      },
    ]);
    expect(toAna.received).toEqual([
      { event: 'paymentSuccess', push: pushOf(paid) },
      { event: 'paymentApproved', push: pushOf(paid) },
    ]);
  });

  it('given two admins, one with two tabs, then every admin socket receives it once', async () => {
    const sockets = [
      await connected(adminTokenOf(rosa)),
      await connected(adminTokenOf(rosa)),
      await connected(adminTokenOf(lia)),
    ].map(newOrders);
    const paid = paidOrder(bia);

    await publish(paid);
    await Promise.all(sockets.map((socket) => socket.until(paid.orderId)));

    for (const socket of sockets) {
      expect(socket.received.map((push) => push.orderId)).toEqual([paid.orderId]);
    }
  });

  it('given a customer’s token, whatever she emits to join the admins’ room, then she receives no newOrder, only her own pushes', async () => {
    const anaSocket = await connected(tokenOf(ana));
    const toAna = newOrders(anaSocket);
    const anaPushes = recorder(anaSocket);
    for (const attempt of [
      ADMINS_ROOM,
      { room: ADMINS_ROOM },
      { userId: rosa },
      rosa,
      [ADMINS_ROOM],
    ]) {
      expect(await anaSocket.emitWithAck('join', attempt)).toEqual({ ok: true });
    }
    anaSocket.emit('joinRoom', ADMINS_ROOM);
    anaSocket.emit('subscribe', { room: ADMINS_ROOM });
    anaSocket.emit(NEW_ORDER_SOCKET_EVENT, { room: ADMINS_ROOM });
    const rosaSocket = await connected(adminTokenOf(rosa));
    const toRosa = newOrders(rosaSocket);

    const biasOrder = paidOrder(bia);
    const hers = paidOrder(ana);
    // Her last push: whatever the gateway sent her socket before it has arrived by then.
    const sentinel = approval(ana);
    await publish(biasOrder, hers, sentinel);
    await Promise.all([anaPushes.until(sentinel.orderId), toRosa.until(hers.orderId)]);

    expect(toAna.received).toEqual([]);
    expect(anaPushes.received.map((r) => r.push.orderId)).toEqual([
      hers.orderId,
      hers.orderId,
      sentinel.orderId,
      sentinel.orderId,
    ]);
    expect(toRosa.received.map((push) => push.orderId)).toEqual([biasOrder.orderId, hers.orderId]);
    expect(anaSocket.connected).toBe(true);
  });

  it('given an approval published before the relay carried the order’s details, then no newOrder, and the customer still gets paymentSuccess', async () => {
    const rosaSocket = await connected(adminTokenOf(rosa));
    const anaSocket = await connected(tokenOf(ana));
    const toRosa = newOrders(rosaSocket);
    const anaPushes = recorder(anaSocket);
    const older = approval(ana);
    const sentinel = paidOrder(bia);

    await publish(older, sentinel);
    await Promise.all([anaPushes.until(older.orderId), toRosa.until(sentinel.orderId)]);

    expect(toRosa.received.map((push) => push.orderId)).toEqual([sentinel.orderId]);
    expect(anaPushes.received).toEqual([
      { event: 'paymentSuccess', push: pushOf(older) },
      { event: 'paymentApproved', push: pushOf(older) },
    ]);
  });

  it('given the same approval delivered twice, one older than a push waits, or one of an unreadable time, then each admin socket is told once, and of the fresh one only', async () => {
    const rosaSocket = await connected(adminTokenOf(rosa));
    const toRosa = newOrders(rosaSocket);
    const paid = paidOrder(ana);
    const stale = paidOrder(bia, {
      occurredAt: new Date(now.getTime() - MAX_PUSH_AGE_MS - 1).toISOString(),
    });
    const unreadable = paidOrder(bia, { occurredAt: 'ontem' });
    const sentinel = paidOrder(bia);

    await publish(paid);
    await publish(paid, stale, unreadable, sentinel);
    await toRosa.until(sentinel.orderId);

    expect(toRosa.received.map((push) => push.orderId)).toEqual([paid.orderId, sentinel.orderId]);
  });

  it('given an admin who signed out of that session (Sair) after connecting, when an order is paid, then her socket is disconnected instead of told; another admin still is', async () => {
    const rosaSocket = await connected(adminTokenOf(rosa, 'rosa-laptop'));
    const toRosa = newOrders(rosaSocket);
    const liaSocket = await connected(adminTokenOf(lia));
    const toLia = newOrders(liaSocket);
    const disconnected = new Promise<string>((resolve) => rosaSocket.once('disconnect', resolve));

    await users.put(
      admin(rosa, 'Rosa', {
        endedSessions: [{ sessionId: 'rosa-laptop', expiresAt: '2099-01-01T00:00:00.000Z' }],
      }),
    );
    const paid = paidOrder(ana);
    await publish(paid);

    expect(await disconnected).toBe('io server disconnect');
    await toLia.until(paid.orderId);
    expect(toRosa.received).toEqual([]);
  });

  it('given an admin made a customer after connecting (her sessions end), when an order is paid, then her socket is disconnected instead of told', async () => {
    const rosaSocket = await connected(adminTokenOf(rosa));
    const toRosa = newOrders(rosaSocket);
    const disconnected = new Promise<string>((resolve) => rosaSocket.once('disconnect', resolve));

    await users.put(user(rosa, 'Rosa', 1));
    await publish(paidOrder(ana));

    expect(await disconnected).toBe('io server disconnect');
    expect(toRosa.received).toEqual([]);
  });
});

describe('close', () => {
  it('given connected sockets, when the gateway closes, then they are disconnected and its consumer group no longer consumes', async () => {
    const socket = await connected(tokenOf(ana));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    await gateway.close();
    const approved = approval(ana);
    await publish(approved);
    // The group kept the message for its next consumer: nobody took it meanwhile.
    const leftForNext: string[] = [];
    await bus.subscribe(PAYMENTS_TOPIC, 'socket-gateway-test', async (message) => {
      leftForNext.push(message.id);
    });
    await bus.drain();

    expect(await disconnected).toBe('io server disconnect');
    expect(leftForNext).toEqual([approved.eventId]);
  });
});
