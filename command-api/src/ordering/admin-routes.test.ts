import { afterEach, describe, expect, it } from 'vitest';
import {
  adminMessages,
  orderMessages,
  orderStreamName,
  paymentResultSchema,
  saleStreamName,
} from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { createPaymentProcessCommands } from '../process-managers/payment-process-commands';
import { closeShops, now, openShop, pixBody } from '../payments/testing';

/**
 * The admin's order commands over real HTTP: a customer's Pix order (R$ 12,00)
 * placed through the checkout, then moved along or deleted by an admin.
 */

afterEach(closeShops);

async function shopWithOrder() {
  const shop = await openShop({ notifications: false });
  const maria = await shop.customer();
  const admin = await shop.admin();
  const placed = await maria.checkout(pixBody(maria.userId));
  const { orderId } = paymentResultSchema.parse(placed.body);
  const orderEvents = async () =>
    (await shop.eventStore.readStream(orderStreamName(orderId))).map((event) => event.type);
  return { shop, maria, admin, orderId, orderEvents };
}

describe('PUT /api/admin/orders/{id}/status', () => {
  it('given a pending order, when an admin sets it in transit, then OrderStatusChanged by that admin and the order answered', async () => {
    const { shop, admin, orderId } = await shopWithOrder();

    const answer = await shop.call('PUT', `/api/admin/orders/${orderId}/status`, {
      token: admin.token,
      body: { orderStatus: 'in_transit' },
      headers: { 'x-correlation-id': 'painel-1' },
    });

    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.orderStatusUpdated,
        order: { _id: orderId, orderNumber: 1001, orderStatus: 'in_transit', isDeleted: false },
      },
    });
    const events = await shop.eventStore.readStream(orderStreamName(orderId));
    const changed = events.at(-1);
    expect(changed).toMatchObject({
      type: 'OrderStatusChanged',
      data: { orderId, from: 'pending', to: 'in_transit' },
      metadata: { actorId: admin.userId, actorRole: 'admin', correlationId: 'painel-1' },
    });
    expect(answer.body).toMatchObject({ position: changed?.position });
  });

  it.each([
    [{ orderStatus: 'shipped' }, adminMessages.orderStatusInvalid],
    [{}, adminMessages.orderStatusRequired],
    [{ orderStatus: 7 }, adminMessages.orderStatusInvalid],
  ])(
    'given the body %j, then 400 with its pt-BR message and nothing appended',
    async (body, message) => {
      const { shop, admin, orderId, orderEvents } = await shopWithOrder();
      const answer = await shop.call('PUT', `/api/admin/orders/${orderId}/status`, {
        token: admin.token,
        body,
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message, fields: { orderStatus: message } },
      });
      expect(await orderEvents()).toEqual(['OrderPlaced']);
    },
  );

  it('given a body with another key (paymentStatus, total), then 400 and nothing appended', async () => {
    const { shop, admin, orderId, orderEvents } = await shopWithOrder();
    const answer = await shop.call('PUT', `/api/admin/orders/${orderId}/status`, {
      token: admin.token,
      body: { orderStatus: 'delivered', paymentStatus: 'approved', total: 0 },
    });
    expect(answer.status).toBe(400);
    expect(await orderEvents()).toEqual(['OrderPlaced']);
  });

  it('given an unknown order id or one that is no UUID, then 404', async () => {
    const { shop, admin } = await shopWithOrder();
    for (const id of ['9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', 'order-1001', '..%2Fuser-1']) {
      const answer = await shop.call('PUT', `/api/admin/orders/${id}/status`, {
        token: admin.token,
        body: { orderStatus: 'delivered' },
      });
      expect(answer, id).toMatchObject({ status: 404, body: { message: orderMessages.notFound } });
    }
  });
});

describe('DELETE /api/admin/orders/{id}', () => {
  it('given an order, when an admin deletes it, then OrderDeleted; later changes and a second delete answer 404', async () => {
    const { shop, admin, orderId, orderEvents } = await shopWithOrder();

    const answer = await shop.call('DELETE', `/api/admin/orders/${orderId}`, {
      token: admin.token,
    });

    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.orderDeleted,
        order: { _id: orderId, orderStatus: 'pending', isDeleted: true },
      },
    });
    const [, deleted] = await shop.eventStore.readStream(orderStreamName(orderId));
    expect(deleted).toMatchObject({
      type: 'OrderDeleted',
      data: { orderId },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });
    for (const [method, route, body] of [
      ['PUT', `/api/admin/orders/${orderId}/status`, { orderStatus: 'delivered' }],
      ['DELETE', `/api/admin/orders/${orderId}`, undefined],
    ] as const) {
      expect(await shop.call(method, route, { token: admin.token, body })).toMatchObject({
        status: 404,
        body: { message: orderMessages.notFound },
      });
    }
    expect(await orderEvents()).toEqual(['OrderPlaced', 'OrderDeleted']);
  });

  it('given a deleted pending order, when its Pix is paid after all, then the order is marked paid and its online sale recorded', async () => {
    const { shop, admin, orderId, orderEvents } = await shopWithOrder();
    const [placed] = await shop.eventStore.readStream(orderStreamName(orderId));
    if (!placed) throw new Error('no order');
    await shop.call('DELETE', `/api/admin/orders/${orderId}`, { token: admin.token });
    const commands = createPaymentProcessCommands({
      eventStore: shop.eventStore,
      snapshotStore: shop.snapshotStore,
      logger: silentLogger,
      now,
      ordering: { gateway: shop.gateway },
    });

    await commands.markOrderPaid(
      { orderId, paymentId: String(placed.data['paymentId']), amountCents: 1200 },
      placed,
    );
    const [, , paid] = await shop.eventStore.readStream(orderStreamName(orderId));
    if (!paid) throw new Error('not paid');
    await commands.recordOnlineSale({ orderId }, paid);

    expect(await orderEvents()).toEqual(['OrderPlaced', 'OrderDeleted', 'OrderPaid']);
    const [sale] = await shop.eventStore.readStream(saleStreamName(orderId));
    expect(sale).toMatchObject({
      type: 'SaleRecorded',
      data: { source: 'online', amountCents: 1200, orderId },
    });
  });
});
