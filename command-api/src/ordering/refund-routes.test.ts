import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  adminMessages,
  checkoutMessages,
  orderMessages,
  orderStreamName,
  paymentResultSchema,
  paymentStreamName,
  refundMessages,
} from '@quitute/contracts';
import { silentLogger } from '@quitute/infra/logging';
import { PaymentGatewayError, type PaymentGateway } from '@quitute/infra/payment-gateway';
import { createPostgresStores } from '@quitute/infra/snapshot-store';
import { describeWithPostgres, throwawaySchema } from '@quitute/infra/testing';
import { orderPaymentId } from '../payments/payments';
import { orderCancelledRefundId } from '../payments/refunds';
import { closeShops, now, openShop, pixBody, type ShopOptions } from '../payments/testing';
import { createPaymentProcessCommands } from '../process-managers/payment-process-commands';

/**
 * Issue 38 over real HTTP: an admin refunds a paid Pix order (R$ 12,00) in
 * part or in full, retries, cancels it (which refunds what is left), and may
 * not delete it; the payment simulator is the provider.
 */

afterEach(closeShops);

async function shopWithPaidOrder(options: ShopOptions = {}) {
  const shop = await openShop({ notifications: false, ...options });
  const maria = await shop.customer();
  const admin = await shop.admin();
  const placed = await maria.checkout(pixBody(maria.userId));
  const { orderId, paymentId: providerPaymentId } = paymentResultSchema.parse(placed.body);
  if (!providerPaymentId) throw new Error('no provider payment');
  const paymentId = orderPaymentId(orderId);
  const commands = createPaymentProcessCommands({
    eventStore: shop.eventStore,
    snapshotStore: shop.snapshotStore,
    logger: silentLogger,
    now,
    ordering: { gateway: shop.gateway },
  });
  const pay = async () => {
    await shop.simulator.approve(providerPaymentId);
    await commands.syncPaymentFromProvider({ paymentId }, null);
    const [orderPlaced] = await shop.eventStore.readStream(orderStreamName(orderId));
    if (!orderPlaced) throw new Error('no order');
    await commands.markOrderPaid({ orderId, paymentId, amountCents: 1200 }, orderPlaced);
  };
  const refund = (body: unknown, key?: string) =>
    shop.call('POST', `/api/admin/orders/${orderId}/refund`, {
      token: admin.token,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const cancel = () =>
    shop.call('PUT', `/api/admin/orders/${orderId}/status`, {
      token: admin.token,
      body: { orderStatus: 'cancelled' },
    });
  const providerRefunds = async () => (await shop.simulator.get(providerPaymentId))?.refunds ?? [];
  const paymentEvents = async () =>
    (await shop.eventStore.readStream(paymentStreamName(paymentId))).map((event) => event.type);
  const orderEvents = async () =>
    (await shop.eventStore.readStream(orderStreamName(orderId))).map((event) => event.type);
  return {
    shop,
    admin,
    orderId,
    paymentId,
    providerPaymentId,
    pay,
    refund,
    cancel,
    providerRefunds,
    paymentEvents,
    orderEvents,
  };
}

/** The provider answers nothing to a refund (down), until `heal` is called. */
function refundsFailUntilHealed() {
  let failing = true;
  return {
    heal: () => {
      failing = false;
    },
    gateway: (simulator: PaymentGateway): PaymentGateway => ({
      ...simulator,
      refund: async (paymentId, request) => {
        if (failing) throw new PaymentGatewayError('simulator down', 503, true);
        return simulator.refund(paymentId, request);
      },
    }),
  };
}

describe('POST /api/admin/orders/{id}/refund', () => {
  it('given a paid order, when R$ 2,00 is refunded with a key, then 201 completed, one refund at the provider, and the same key again answers it without refunding twice', async () => {
    const { refund, pay, providerRefunds, paymentEvents } = await shopWithPaidOrder();
    await pay();

    const first = await refund({ amount: '2,00', reason: 'Item em falta' }, 'chave-1');
    expect(first).toMatchObject({
      status: 201,
      body: { amount: 2, status: 'completed', message: refundMessages.completed('R$ 2,00') },
    });
    const again = await refund({ amount: '2,00', reason: 'Item em falta' }, 'chave-1');
    expect(again).toMatchObject({
      status: 201,
      body: { refundId: (first.body as { refundId: string }).refundId },
    });

    expect(await providerRefunds()).toMatchObject([{ amountCents: 200, status: 'approved' }]);
    expect(await paymentEvents()).toEqual([
      'PaymentRequested',
      'PaymentPending',
      'PaymentApproved',
      'PaymentRefundRequested',
      'PaymentRefundCompleted',
    ]);
  });

  it('given a key already used for another amount, then 409 and nothing moves', async () => {
    const { refund, pay, providerRefunds } = await shopWithPaidOrder();
    await pay();
    await refund({ amount: 2, reason: 'Item em falta' }, 'chave-1');
    expect(await refund({ amount: 3, reason: 'Item em falta' }, 'chave-1')).toMatchObject({
      status: 409,
      body: { message: checkoutMessages.idempotencyKeyReused },
    });
    expect(await providerRefunds()).toHaveLength(1);
  });

  it('given a paid order, when refunded without an amount, then the whole R$ 12,00; again, 409 nothingLeft', async () => {
    const { refund, pay, providerRefunds } = await shopWithPaidOrder();
    await pay();
    expect(await refund({ reason: 'Cliente desistiu' })).toMatchObject({
      status: 201,
      body: { amount: 12, status: 'completed' },
    });
    expect(await refund({ reason: 'De novo' })).toMatchObject({
      status: 409,
      body: { message: refundMessages.nothingLeft },
    });
    expect(await providerRefunds()).toMatchObject([{ amountCents: 1200 }]);
  });

  it('given R$ 10,00 left, when R$ 10,01 is asked, then 409 naming R$ 10,00; an unpaid order answers 409 notPaid', async () => {
    const unpaid = await shopWithPaidOrder();
    expect(await unpaid.refund({ amount: 1, reason: 'x' })).toMatchObject({
      status: 409,
      body: { message: refundMessages.notPaid },
    });
    await unpaid.pay();
    await unpaid.refund({ amount: 2, reason: 'Item em falta' });
    expect(await unpaid.refund({ amount: '10,01', reason: 'Atraso' })).toMatchObject({
      status: 409,
      body: { message: refundMessages.exceedsRemaining('R$ 10,00') },
    });
  });

  it.each([
    [{ amount: '1.234', reason: 'x' }, 400],
    [{ amount: 0, reason: 'x' }, 400],
    // The attack pass's poison: positive in reais, 0 centavos once rounded (it stopped every projection).
    [{ amount: 1e-9, reason: 'x' }, 400],
    [{ amount: 0.004, reason: 'x' }, 400],
    [{ amount: 1 }, 400],
    [{ amount: 1, reason: 'x', extra: true }, 400],
  ])('given the body %j, then %i with a pt-BR message and nothing asked', async (body, status) => {
    const { refund, pay, paymentEvents } = await shopWithPaidOrder();
    await pay();
    const answer = await refund(body);
    expect(answer.status).toBe(status);
    expect((answer.body as { message: string }).message).toMatch(/[a-zà-ú]/);
    expect(await paymentEvents()).not.toContain('PaymentRefundRequested');
  });

  it('given an unknown order, then 404', async () => {
    const { shop, admin } = await shopWithPaidOrder();
    const answer = await shop.call(
      'POST',
      '/api/admin/orders/9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f/refund',
      {
        token: admin.token,
        body: { reason: 'x' },
      },
    );
    expect(answer).toMatchObject({ status: 404, body: { message: orderMessages.notFound } });
  });

  it('given the provider down, when refunded, then 502 failed and visible; retried once it is back, 201 completed; retried again, 409 notFailed; an unknown refund, 404', async () => {
    const provider = refundsFailUntilHealed();
    const { shop, admin, orderId, refund, pay, providerRefunds, paymentEvents } =
      await shopWithPaidOrder({ gateway: provider.gateway });
    await pay();

    const failed = await refund({ amount: 5, reason: 'Atraso' }, 'chave-1');
    expect(failed).toMatchObject({
      status: 502,
      body: { status: 'failed', amount: 5, message: refundMessages.providerFailed },
    });
    expect((await paymentEvents()).slice(-2)).toEqual([
      'PaymentRefundRequested',
      'PaymentRefundFailed',
    ]);

    provider.heal();
    const { refundId } = failed.body as { refundId: string };
    const retry = () =>
      shop.call('POST', `/api/admin/orders/${orderId}/refunds/${refundId}/retry`, {
        token: admin.token,
      });
    expect(await retry()).toMatchObject({ status: 201, body: { refundId, status: 'completed' } });
    expect(await retry()).toMatchObject({
      status: 409,
      body: { message: refundMessages.notFailed },
    });
    expect(await providerRefunds()).toMatchObject([{ amountCents: 500 }]);
    const unknown = await shop.call(
      'POST',
      `/api/admin/orders/${orderId}/refunds/11111111-1111-4111-8111-111111111111/retry`,
      { token: admin.token },
    );
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: refundMessages.refundNotFound },
    });
  });

  it('given a failed refund, when the same key is sent again, then it is retried under the same refund', async () => {
    const provider = refundsFailUntilHealed();
    const { refund, pay, providerRefunds } = await shopWithPaidOrder({ gateway: provider.gateway });
    await pay();
    const failed = await refund({ amount: 5, reason: 'Atraso' }, 'chave-1');
    provider.heal();
    const again = await refund({ amount: 5, reason: 'Atraso' }, 'chave-1');
    expect(again).toMatchObject({
      status: 201,
      body: { refundId: (failed.body as { refundId: string }).refundId, status: 'completed' },
    });
    expect(await providerRefunds()).toHaveLength(1);
  });

  it('given five refunds of R$ 10,00 at once with different keys, then one refund; the others 409', async () => {
    const { refund, pay, providerRefunds } = await shopWithPaidOrder();
    await pay();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => refund({ amount: 10, reason: 'Atraso' }, `chave-${n}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await providerRefunds()).toMatchObject([{ amountCents: 1000 }]);
  });
});

describe('PUT /api/admin/orders/{id}/status → cancelled on a paid order', () => {
  it('given a paid order with R$ 2,00 refunded, when cancelled, then the rest (R$ 10,00) goes back: two refunds at the provider summing to the total', async () => {
    const { cancel, refund, pay, providerRefunds, orderId } = await shopWithPaidOrder();
    await pay();
    await refund({ amount: 2, reason: 'Item em falta' });

    const answer = await cancel();
    expect(answer).toMatchObject({
      status: 200,
      body: {
        message: adminMessages.orderStatusUpdated,
        order: {
          _id: orderId,
          orderStatus: 'cancelled',
          refund: {
            refundId: orderCancelledRefundId(orderId),
            amount: 10,
            status: 'completed',
            message: refundMessages.completed('R$ 10,00'),
          },
        },
      },
    });
    expect((await providerRefunds()).map((made) => made.amountCents)).toEqual([200, 1000]);
  });

  it('given a paid order, when cancelled five times at once and again, then one refund at the provider', async () => {
    const { cancel, pay, providerRefunds, orderEvents } = await shopWithPaidOrder();
    await pay();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => cancel()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await cancel()).status).toBe(200);
    expect(await providerRefunds()).toMatchObject([{ amountCents: 1200 }]);
    expect((await orderEvents()).filter((type) => type === 'OrderStatusChanged')).toHaveLength(1);
  });

  it('given a refund awaiting the provider, when cancelled, then 409 inProgress and the order stays as it was', async () => {
    const { cancel, refund, pay, orderEvents } = await shopWithPaidOrder({
      gateway: (simulator) => ({
        ...simulator,
        refund: async (paymentId, request) => ({
          ...(await simulator.refund(paymentId, request)),
          status: 'in_process',
        }),
      }),
    });
    await pay();
    expect(await refund({ amount: 2, reason: 'Item em falta' })).toMatchObject({
      status: 202,
      body: { status: 'pending', message: refundMessages.pending('R$ 2,00') },
    });
    expect(await cancel()).toMatchObject({
      status: 409,
      body: { message: refundMessages.inProgress },
    });
    expect(await orderEvents()).not.toContain('OrderStatusChanged');
  });

  it('given a paid order refunded in full, when cancelled, then just the status', async () => {
    const { cancel, refund, pay, providerRefunds } = await shopWithPaidOrder();
    await pay();
    await refund({ reason: 'Tudo' });
    const answer = await cancel();
    expect(answer).toMatchObject({ status: 200, body: { order: { orderStatus: 'cancelled' } } });
    expect(answer.body).not.toHaveProperty('order.refund');
    expect(await providerRefunds()).toHaveLength(1);
  });
});

describe('DELETE /api/admin/orders/{id} of a paid order', () => {
  it('given a paid order, when deleted, then 409 paidCannotBeDeleted and nothing appended', async () => {
    const { shop, admin, orderId, pay, orderEvents } = await shopWithPaidOrder();
    await pay();
    expect(
      await shop.call('DELETE', `/api/admin/orders/${orderId}`, { token: admin.token }),
    ).toMatchObject({ status: 409, body: { message: adminMessages.paidOrderCannotBeDeleted } });
    expect(await orderEvents()).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

await describeWithPostgres('refunds on PostgreSQL', (url) => {
  const { schema, drop } = throwawaySchema(url);
  afterAll(drop);

  it('given a paid order on PostgreSQL, when refunded five times at once and cancelled five times at once, then one refund of R$ 10,00 and one of the rest', async () => {
    const stores = await createPostgresStores({ url, schema });
    afterAll(async () => {
      await stores.snapshotStore.close();
      await stores.eventStore.close();
    });
    const { refund, cancel, pay, providerRefunds } = await shopWithPaidOrder(stores);
    await pay();
    const refunds = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => refund({ amount: 10, reason: 'Atraso' }, `chave-${n}`)),
    );
    expect(refunds.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const cancels = await Promise.all([1, 2, 3, 4, 5].map(() => cancel()));
    expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await providerRefunds()).map((made) => made.amountCents)).toEqual([1000, 200]);
  });
});
