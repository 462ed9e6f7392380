import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ORDER_NUMBERS_STREAM,
  orderStreamName,
  paymentStreamName,
  userStreamName,
  type EventMetadata,
  type OrderEvent,
  type PaymentEvent,
} from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { buildOrderHistory } from './order-history';
import { readOrderHistory, resolveOrderId } from './read-order-history';

const orderId = '5f0c8a3e-2b1d-4c7e-9a6f-1e2d3c4b5a69';
const paymentId = '9d8c7b6a-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const customerId = '0b7c2f5e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const adminId = '7e6d5c4b-3a29-4817-9665-544332211000';

/** Minute n of the morning of 25 Nov 2026 (UTC). */
const minute = (n: number) => new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString();

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
  data: {
    orderId,
    orderNumber: 1001,
    paymentId,
    paymentMethod: 'pix',
    customer: { userId: customerId, name: 'Marina Souza', email: 'marina@example.com', cpf: '1' },
    items: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        name: 'Coxinha',
        category: 'Salgados',
        unitPriceCents: 60,
        quantity: 20,
      },
    ],
    totalCents: 1200,
    deliveryType: 'pickup',
    deliveryDate: '2026-11-28T14:30:00-03:00',
    linesFrom: 'cart',
    requestFingerprint: 'f',
  },
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

/** Given a Pix order paid, made ready and cancelled by an admin, with the shop's other events between. */
async function shopWithOneOrder(): Promise<EventStore> {
  const store = createMemoryEventStore();
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

describe('an order history from the event store', () => {
  it('given a Pix order paid, readied and cancelled, when its history is read, then every event of the order and its payment, in log order, with actor, ids, description and the state after it', async () => {
    const store = await shopWithOneOrder();

    const history = await readOrderHistory(store, orderId, null);

    expect(history).toMatchObject({
      orderId,
      orderNumber: 1001,
      asOf: null,
      atPosition: null,
      position: await store.headPosition(),
    });
    const entries = history?.entries ?? [];
    expect(entries.map((entry) => [entry.type, entry.actor.role, entry.description])).toEqual([
      ['OrderPlaced', 'user', 'Pedido #1001 feito por Marina Souza (20 itens, R$ 12,00, Pix)'],
      ['PaymentRequested', 'user', 'Pagamento de R$ 12,00 solicitado via Pix (simulador)'],
      ['PaymentPending', 'system', 'Pagamento pendente via Pix'],
      ['PaymentApproved', 'system', 'Pagamento aprovado via Pix'],
      ['OrderPaid', 'system', 'Pedido pago (R$ 12,00): status Em Preparação'],
      [
        'OrderStatusChanged',
        'admin',
        'Status alterado de Em Preparação para Pronto para Retirada por Joana Admin',
      ],
      [
        'OrderStatusChanged',
        'admin',
        'Status alterado de Pronto para Retirada para Cancelado por Joana Admin',
      ],
    ]);
    expect(entries.map((entry) => entry.position)).toEqual(
      [...entries.map((entry) => entry.position)].sort((a, b) => a - b),
    );
    expect(entries[3]).toMatchObject({
      stream: paymentStreamName(paymentId),
      revision: 2,
      occurredAt: minute(10),
      actor: { id: 'system', role: 'system', name: null },
      correlationId: 'checkout-1',
      causationId: 'webhook-1',
    });
    expect(entries[5]?.actor).toEqual({ id: adminId, role: 'admin', name: 'Joana Admin' });
    expect(entries.map((entry) => [entry.state?.orderStatus, entry.state?.paymentStatus])).toEqual([
      ['pending', 'pending'],
      ['pending', 'pending'],
      ['pending', 'pending'],
      ['pending', 'approved'],
      ['processing', 'approved'],
      ['ready_for_pickup', 'approved'],
      ['cancelled', 'approved'],
    ]);
    expect(history?.state).toEqual(entries.at(-1)?.state);
    expect(history?.state).toMatchObject({
      _id: orderId,
      customerName: 'Marina Souza',
      paidAt: minute(11),
      cancelledAt: minute(30),
      position: entries.at(-1)?.position,
    });
  });

  it('given the same order, when asked as of a moment between the payment and the admin, then the timeline stops there and the state is the paid order', async () => {
    const store = await shopWithOneOrder();

    const history = await readOrderHistory(store, orderId, { asOf: minute(15) });

    expect(history?.asOf).toBe(minute(15));
    expect(history?.entries.map((entry) => entry.type).at(-1)).toBe('OrderPaid');
    expect(history?.state).toMatchObject({ orderStatus: 'processing', paymentStatus: 'approved' });
  });

  it('given the same order, when asked at a global position, then the events up to it; before the order was placed, no state', async () => {
    const store = await shopWithOneOrder();
    const whole = await readOrderHistory(store, orderId, null);
    const approval = whole?.entries.find((entry) => entry.type === 'PaymentApproved');

    const atApproval = await readOrderHistory(store, orderId, {
      position: approval?.position ?? 0,
    });
    const before = await readOrderHistory(store, orderId, { position: 1 });
    const earlier = await readOrderHistory(store, orderId, { asOf: minute(0) });

    expect(atApproval?.atPosition).toBe(approval?.position);
    expect(atApproval?.entries.at(-1)?.type).toBe('PaymentApproved');
    expect(atApproval?.state).toMatchObject({ orderStatus: 'pending', paymentStatus: 'approved' });
    expect(before).toMatchObject({ orderNumber: 1001, entries: [], state: null });
    expect(earlier).toMatchObject({ entries: [], state: null });
  });

  it('given the order number, with or without #, then the same order; an unknown number or id, then none', async () => {
    const store = await shopWithOneOrder();

    expect(await resolveOrderId(store, '1001')).toBe(orderId);
    expect(await resolveOrderId(store, '#1001')).toBe(orderId);
    expect(await resolveOrderId(store, orderId.toUpperCase())).toBe(orderId);
    expect(await resolveOrderId(store, '1002')).toBeNull();
    expect(await resolveOrderId(store, '999')).toBeNull();
    expect(await resolveOrderId(store, 'coxinha')).toBeNull();
    expect(await readOrderHistory(store, '1002', null)).toBeNull();
    expect(await readOrderHistory(store, randomUUID(), null)).toBeNull();
  });

  it('given events handed over out of order, then the timeline is still in global order', async () => {
    const store = await shopWithOneOrder();
    const events = [
      ...(await store.readStream(paymentStreamName(paymentId))),
      ...(await store.readStream(orderStreamName(orderId))),
    ].reverse();

    const history = buildOrderHistory({ orderId, events, cut: null, headPosition: 99 });

    expect(history?.entries.map((entry) => entry.type)).toEqual([
      'OrderPlaced',
      'PaymentRequested',
      'PaymentPending',
      'PaymentApproved',
      'OrderPaid',
      'OrderStatusChanged',
      'OrderStatusChanged',
    ]);
    expect(history?.entries[5]?.actor.name).toBeNull();
    expect(history?.entries[5]?.description).toBe(
      'Status alterado de Em Preparação para Pronto para Retirada por um administrador',
    );
  });
});
