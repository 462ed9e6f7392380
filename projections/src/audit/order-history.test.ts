import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildOrderHistory,
  orderStreamName,
  paymentStreamName,
  readOrderHistory,
  resolveOrderId,
  saleStreamName,
} from '@quitute/contracts';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { adminId, minute, orderId, paymentId, seedOneOrder } from './test-order';

/** Given a Pix order paid, readied and cancelled by an admin, with the shop's other events between. */
const shopWithOneOrder = () => seedOneOrder(createMemoryEventStore());

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
      ['OrderPlaced', 'user', 'Pedido #1001 feito por Maria da Silva (20 itens, R$ 12,00, Pix)'],
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
      customerName: 'Maria da Silva',
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

  it('given the paid order cancelled by the admin, when its refund is asked, completed and its sale refunded (issue 38), then the history tells each in pt-BR and the state holds the money back', async () => {
    const store = await shopWithOneOrder();
    const refundId = '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d';
    const meta = (n: number) => ({
      correlationId: 'cancel-1',
      causationId: 'cancel-1',
      actorId: adminId,
      actorRole: 'admin' as const,
      occurredAt: minute(n),
    });
    const refund = { paymentId, orderId, providerPaymentId: 'mp-1', refundId, amountCents: 1_200 };
    await store.appendToStream(paymentStreamName(paymentId), [
      {
        id: randomUUID(),
        type: 'PaymentRefundRequested',
        data: { ...refund, reason: 'order_cancelled' },
        metadata: meta(31),
      },
      {
        id: randomUUID(),
        type: 'PaymentRefundCompleted',
        data: { ...refund, reason: 'order_cancelled', refundedAt: minute(32) },
        metadata: meta(32),
      },
    ]);
    await store.appendToStream(saleStreamName(orderId), [
      {
        id: randomUUID(),
        type: 'OnlineSaleRefunded',
        data: {
          saleId: orderId,
          orderId,
          orderNumber: 1001,
          refundId,
          reason: 'refunded',
          refundedAt: minute(32),
          clientName: 'Maria da Silva',
          amountCents: 1_200,
          deliveryFeeCents: 0,
          items: [],
          final: true,
        },
        metadata: meta(32),
      },
    ]);

    const history = await readOrderHistory(store, orderId, null);

    expect(history?.entries.slice(-3).map((entry) => entry.description)).toEqual([
      'Reembolso de R$ 12,00 solicitado: Pedido cancelado pela loja',
      'Reembolso de R$ 12,00 concluído',
      'Venda online estornada: R$ 12,00 (pagamento reembolsado, em 25/11/2026, devolvida por inteiro: deixa de contar como venda)',
    ]);
    expect(history?.state).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'refunded',
      refundedCents: 1_200,
      refunds: [{ refundId, status: 'completed', reason: 'order_cancelled' }],
    });
  });
});
