import { randomUUID } from 'node:crypto';
import {
  ORDER_NUMBERS_STREAM,
  orderStreamName,
  paymentStreamName,
  userStreamName,
  type EventMetadata,
  type OrderEvent,
  type PaymentEvent,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import type { EventStore } from '@quitute/infra/event-store';

/** Test helper: Maria da Silva's Pix order #1001, paid, readied and cancelled by Joana Admin. */

export const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
export const paymentId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const customerId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
export const adminId = '7e6d5c4b-3a29-4817-9665-544332211000';

/** Minute n of the morning of 25 Nov 2026 (UTC). */
export const minute = (n: number) => new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString();

const customer = (n: number): EventMetadata => ({
  correlationId: 'checkout-1',
  causationId: 'checkout-1',
  actorId: customerId,
  actorRole: 'user',
  occurredAt: minute(n),
});
const system = (n: number, causationId: string): EventMetadata => ({
  correlationId: 'checkout-1',
  causationId,
  actorId: 'system',
  actorRole: 'system',
  occurredAt: minute(n),
});
const admin = (n: number): EventMetadata => ({
  correlationId: `admin-${n}`,
  causationId: `admin-${n}`,
  actorId: adminId,
  actorRole: 'admin',
  occurredAt: minute(n),
});

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: aPlacedOrder({
    orderId,
    paymentId,
    customer: { ...aPlacedOrder().customer, userId: customerId },
  }),
};
const requested: PaymentEvent = {
  type: 'PaymentRequested',
  data: {
    paymentId,
    orderId,
    userId: customerId,
    method: 'pix',
    amountCents: 1200,
    provider: 'simulator',
    paymentMethodId: 'pix',
  },
};
const pending: PaymentEvent = {
  type: 'PaymentPending',
  data: {
    paymentId,
    orderId,
    providerPaymentId: 'sim-1',
    statusDetail: 'pending_waiting_transfer',
  },
};
const approved: PaymentEvent = {
  type: 'PaymentApproved',
  data: { paymentId, orderId, providerPaymentId: 'sim-1', statusDetail: 'accredited' },
};
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paymentId, amountCents: 1200 } };
const readied: OrderEvent = {
  type: 'OrderStatusChanged',
  data: { orderId, from: 'processing', to: 'ready_for_pickup' },
};
const cancelled: OrderEvent = {
  type: 'OrderStatusChanged',
  data: { orderId, from: 'ready_for_pickup', to: 'cancelled' },
};

async function append(
  store: EventStore,
  stream: string,
  event: { type: string; data: object },
  metadata: EventMetadata,
) {
  return store.appendToStream(stream, [
    { id: randomUUID(), type: event.type, data: JSON.parse(JSON.stringify(event.data)), metadata },
  ]);
}

/** Appends the order's events, its admin's account and other streams' events between them. */
export async function seedOneOrder(store: EventStore): Promise<EventStore> {
  const adminAccount = {
    type: 'UserRegistered',
    data: {
      userId: adminId,
      email: 'joana@quitute.com.br',
      name: 'Joana Admin',
      role: 'admin',
      passwordHash: 'h',
    },
  };
  await append(store, userStreamName(adminId), adminAccount, admin(0));
  await append(
    store,
    ORDER_NUMBERS_STREAM,
    { type: 'OrderNumberAssigned', data: { orderId, orderNumber: 1001 } },
    customer(1),
  );
  await append(store, orderStreamName(orderId), placed, customer(1));
  await append(store, paymentStreamName(paymentId), requested, customer(1));
  await append(store, 'cart-someone-else', { type: 'CartCleared', data: {} }, customer(2));
  await append(store, paymentStreamName(paymentId), pending, system(2, 'checkout-1'));
  await append(store, paymentStreamName(paymentId), approved, system(10, 'webhook-1'));
  await append(store, orderStreamName(orderId), paid, system(11, 'approved-1'));
  await append(store, orderStreamName(orderId), readied, admin(20));
  await append(store, orderStreamName(orderId), cancelled, admin(30));
  return store;
}
