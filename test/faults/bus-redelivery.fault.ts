import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  PAYMENTS_TOPIC,
  USERS_COLLECTION,
  type PaymentApprovedMessage,
  type PaymentApprovedPush,
  type UserDocument,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import {
  createMemoryBus,
  type Bus,
  type BusMessage,
  type BusSubscription,
} from '@quitute/infra/bus';
import { silentLogger } from '@quitute/infra/logging';
import { createMemoryReadStore } from '@quitute/infra/read-store';
import { attachSocketGateway, sessionVersionsFromReadModel } from '@quitute/query-api';

/**
 * Issue 14, fault 5: the socket gateway's bus consumer dies after handling a
 * payment approval (the push went out) but before acknowledging it, and is
 * started again; the bus delivers the approval again. The customer is told
 * once: the gateway drops the redelivery by its event id.
 *
 * The bus is the in-process one (the embedded topology; Kafka is not here):
 * like a Kafka consumer group's committed offset, a group keeps the messages
 * it has not acknowledged for its next consumer. The consumer's death is a
 * wrapper that, after the gateway's handler returned, stops the consumer and
 * fails the delivery (no acknowledgement), then subscribes it again as a
 * supervisor (kafkajs's restart) would.
 */

const ana = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const secret = 'a-test-secret-that-is-long-enough-0123456789';
const tokens = createTokenService({ secret });
const readStore = createMemoryReadStore();
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The bus as the gateway sees it, whose consumer dies once after handling each message `dies` names. */
function consumerDyingBeforeAcknowledging(bus: Bus, dies: (message: BusMessage) => boolean) {
  const deliveries: string[] = [];
  const died = new Set<string>();
  const wrapped: Bus = {
    publish: (topic, messages) => bus.publish(topic, messages),
    close: () => bus.close(),
    async subscribe(topic, groupId, handler) {
      let current: BusSubscription;
      const consume = async (message: BusMessage): Promise<void> => {
        deliveries.push(message.id);
        await handler(message);
        if (died.has(message.id) || !dies(message)) return;
        died.add(message.id);
        const dying = current;
        setImmediate(() => {
          void dying.stop().then(async () => {
            current = await bus.subscribe(topic, groupId, consume);
          });
        });
        throw new Error('the consumer died before acknowledging');
      };
      current = await bus.subscribe(topic, groupId, consume);
      return { stop: () => current.stop() };
    },
  };
  return { bus: wrapped, deliveries };
}

function approval(n: number): PaymentApprovedMessage {
  const id = String(n).padStart(12, '0');
  return {
    type: 'PaymentApproved',
    eventId: `e0000000-0000-4000-8000-${id}`,
    userId: ana,
    orderId: `00000000-0000-4000-8000-${id}`,
    orderNumber: 1000 + n,
    paymentId: `13255${id}`,
    occurredAt: new Date().toISOString(),
  };
}

it('given the gateway consumer killed after pushing an approval but before acknowledging it, when it is started again and the approval redelivered, then the customer is told once', async () => {
  await readStore.collection<UserDocument>(USERS_COLLECTION).put({
    _id: ana,
    email: 'ana@exemplo.com.br',
    name: 'Ana',
    phone: '',
    address: '',
    notifications: { email: true, sms: false },
    role: 'user',
    isDeleted: false,
    sessionVersion: 0,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  });
  const approved = approval(1);
  const sentinel = approval(2);
  const memoryBus = createMemoryBus();
  const { bus, deliveries } = consumerDyingBeforeAcknowledging(
    memoryBus,
    (message) => message.id === approved.eventId,
  );
  const httpServer = http.createServer();
  const gateway = await attachSocketGateway({
    httpServer,
    tokens,
    sessionVersions: sessionVersionsFromReadModel(readStore),
    bus,
    logger: silentLogger,
    groupId: 'socket-gateway-fault',
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () => readStore.close(),
    () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
    () => memoryBus.close(),
    () => gateway.close(),
  );
  const address = httpServer.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  const socket: Socket = connect(`http://127.0.0.1:${address.port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: {
      token: tokens.sign({
        userId: ana,
        email: 'ana@exemplo.com.br',
        name: 'Ana',
        role: 'user',
        sessionVersion: 0,
      }),
    },
  });
  cleanups.push(async () => {
    socket.disconnect();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const received: string[] = [];
  const sentinelArrived = new Promise<void>((resolve) =>
    socket.on('paymentApproved', (push: PaymentApprovedPush) => {
      if (push.orderId === sentinel.orderId) resolve();
    }),
  );
  for (const event of ['paymentSuccess', 'paymentApproved']) {
    socket.on(event, (push: PaymentApprovedPush) => received.push(`${event} ${push.orderNumber}`));
  }

  await bus.publish(
    PAYMENTS_TOPIC,
    [approved, sentinel].map((payload) => ({
      id: payload.eventId,
      key: payload.orderId,
      type: payload.type,
      payload,
    })),
  );
  await sentinelArrived;

  // The approval was delivered twice (handled, not acknowledged, delivered again)…
  expect(deliveries).toEqual([approved.eventId, approved.eventId, sentinel.eventId]);
  // …and pushed once.
  expect(received).toEqual([
    'paymentSuccess 1001',
    'paymentApproved 1001',
    'paymentSuccess 1002',
    'paymentApproved 1002',
  ]);
});
