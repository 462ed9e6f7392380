import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cartStreamName,
  orderStreamName,
  paymentResultSchema,
  saleStreamName,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { runCartCommand } from '../cart/carts';
import { withMemorySnapshots } from '../shared/testing';
import { createPaymentProcessCommands } from './payment-process-commands';
import {
  centro,
  closeShops,
  coxinha,
  deliveryBody,
  now,
  openShop,
  pixBody,
  saveDeliveryZones,
  type Shop,
} from '../payments/testing';

/** The process commands over the shop's stores, provider and mailbox, as the process manager runs them. */
const commandsOf = (shop: Shop) =>
  createPaymentProcessCommands({
    eventStore: shop.eventStore,
    snapshotStore: shop.snapshotStore,
    logger: silentLogger,
    now,
    ordering: { gateway: shop.gateway },
  });

/**
 * A shop with one pending Pix order of Maria's (20 coxinhas picked up, or with
 * `delivered` 100 pães de queijo delivered in Centro for R$ 15,00), and the
 * process commands over its stores.
 */
async function pendingOrder({ notifications = false, delivered = false } = {}) {
  const shop = await openShop({ notifications });
  if (delivered) await saveDeliveryZones(shop.eventStore, [centro]);
  const maria = await shop.customer();
  await runCartCommand(
    withMemorySnapshots(shop.eventStore),
    {
      type: 'AddItem',
      userId: maria.userId,
      productId: coxinha.productId,
      quantidade: 20,
      unitPriceCents: 60,
      isKit: false,
    },
    {
      commandId: randomUUID(),
      correlationId: 'cart',
      actorId: maria.userId,
      actorRole: 'user',
      occurredAt: now().toISOString(),
    },
  );
  const body = delivered ? deliveryBody(maria.userId) : pixBody(maria.userId);
  const answer = paymentResultSchema.parse((await maria.checkout(body)).body);
  const [placed] = await shop.ofType('OrderPlaced');
  const paymentId = String(placed?.data['paymentId']);
  return {
    shop,
    maria,
    commands: commandsOf(shop),
    orderId: answer.orderId,
    paymentId,
    providerPaymentId: answer.paymentId ?? '',
    cause: async (type: string) => {
      const [event] = await shop.ofType(type);
      if (!event) throw new Error(`no ${type}`);
      return event;
    },
  };
}

/** A pending Pix order approved and paid, its online sale recorded: what a refund or a chargeback takes back. */
async function soldOrder() {
  const order = await pendingOrder();
  await order.shop.simulator.approve(order.providerPaymentId);
  await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);
  await order.commands.markOrderPaid(
    { orderId: order.orderId, paymentId: order.paymentId, amountCents: 1200 },
    await order.cause('PaymentApproved'),
  );
  await order.commands.recordOnlineSale({ orderId: order.orderId }, await order.cause('OrderPaid'));
  return order;
}

/** The shop's provider gives the payment back on its own (a refund from its dashboard) and the shop re-reads it. */
async function refundAtProvider(order: Awaited<ReturnType<typeof pendingOrder>>) {
  await order.shop.simulator.refundAtProvider(order.providerPaymentId);
  await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);
  return order.cause('PaymentRefunded');
}

const stream = async (shop: Shop, name: string) => shop.eventStore.readStream(name);
const types = (events: RecordedEvent[]) => events.map((event) => event.type);

/** Runs the command twice, as a process manager restarted after the first run would. */
async function twice(run: () => Promise<void>) {
  await run();
  await run();
}

/**
 * The commands the payment process manager runs, each called twice for the
 * same cause: the second call appends nothing and does not throw.
 */
describe('payment process commands', () => {
  afterEach(closeShops);

  it('given an approved payment, when markOrderPaid runs twice, then one OrderPaid, by the system, caused by the approval, in its correlation', async () => {
    const order = await pendingOrder();
    await order.shop.simulator.approve(order.providerPaymentId);
    await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);
    const approval = await order.cause('PaymentApproved');

    await twice(() =>
      order.commands.markOrderPaid(
        { orderId: order.orderId, paymentId: order.paymentId, amountCents: 1200 },
        approval,
      ),
    );

    const events = await stream(order.shop, orderStreamName(order.orderId));
    expect(types(events)).toEqual(['OrderPlaced', 'OrderPaid']);
    expect(events[1]?.metadata).toEqual({
      correlationId: approval.metadata.correlationId,
      causationId: approval.id,
      actorId: 'system',
      actorRole: 'system',
      occurredAt: now().toISOString(),
    });
  });

  it('given a pending order, when cancelOrder runs twice, then one OrderCancelled with the reason', async () => {
    const order = await pendingOrder();
    const cause = await order.cause('PaymentPending');

    await twice(() =>
      order.commands.cancelOrder({ orderId: order.orderId, reason: 'payment_rejected' }, cause),
    );

    const events = await stream(order.shop, orderStreamName(order.orderId));
    expect(types(events)).toEqual(['OrderPlaced', 'OrderCancelled']);
    expect(events[1]?.data).toEqual({ orderId: order.orderId, reason: 'payment_rejected' });
  });

  it("given a paid order, when checkOutCart runs twice, then one CartCheckedOut naming the order's lines", async () => {
    const order = await pendingOrder();
    const cause = await order.cause('OrderPlaced');
    const lines = [{ productId: coxinha.productId, quantidade: 20 }];

    await twice(() =>
      order.commands.checkOutCart(
        { userId: order.maria.userId, orderId: order.orderId, lines },
        cause,
      ),
    );

    const events = await stream(order.shop, cartStreamName(order.maria.userId));
    expect(types(events)).toEqual(['CartItemAdded', 'CartCheckedOut']);
    expect(events[1]?.data).toEqual({ userId: order.maria.userId, orderId: order.orderId, lines });
    expect(events[1]?.metadata).toMatchObject({ causationId: cause.id, actorId: 'system' });
  });

  it('given a paid order, when recordOnlineSale runs twice, then one SaleRecorded with its lines, the customer’s name and the time it was paid', async () => {
    const order = await pendingOrder();
    await order.commands.markOrderPaid(
      { orderId: order.orderId, paymentId: order.paymentId, amountCents: 1200 },
      await order.cause('PaymentPending'),
    );
    const paid = await order.cause('OrderPaid');

    await twice(() => order.commands.recordOnlineSale({ orderId: order.orderId }, paid));

    const events = await stream(order.shop, saleStreamName(order.orderId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'SaleRecorded',
      data: {
        saleId: order.orderId,
        source: 'online',
        amountCents: 1200,
        clientName: 'Maria da Silva',
        soldAt: paid.metadata.occurredAt,
        orderId: order.orderId,
        orderNumber: 1001,
        items: [
          { productId: coxinha.productId, name: coxinha.name, quantity: 20, revenueCents: 1200 },
        ],
        deliveryFeeCents: 0,
      },
    });
  });

  it('given a paid delivery with a R$ 15,00 fee, when recordOnlineSale runs, then the sale counts the whole charge and carries the fee apart from its lines', async () => {
    const order = await pendingOrder({ delivered: true });
    await order.commands.markOrderPaid(
      { orderId: order.orderId, paymentId: order.paymentId, amountCents: 11_500 },
      await order.cause('PaymentPending'),
    );

    await order.commands.recordOnlineSale(
      { orderId: order.orderId },
      await order.cause('OrderPaid'),
    );

    const [sale] = await stream(order.shop, saleStreamName(order.orderId));
    expect(sale?.data).toMatchObject({
      amountCents: 11_500,
      deliveryFeeCents: 1500,
      items: [{ quantity: 100, revenueCents: 10_000 }],
    });
  });

  it('given an order not paid, when recordOnlineSale runs, then nothing is recorded', async () => {
    const order = await pendingOrder();

    await order.commands.recordOnlineSale(
      { orderId: order.orderId },
      await order.cause('OrderPlaced'),
    );

    expect(await stream(order.shop, saleStreamName(order.orderId))).toEqual([]);
  });

  it('given a paid order’s sale and its payment refunded, when reverseOnlineSale runs twice, then one OnlineSaleReversed with what the sale counted, by the system, caused by the refund, in its correlation', async () => {
    const order = await soldOrder();
    const refunded = await refundAtProvider(order);

    await twice(() =>
      order.commands.reverseOnlineSale({ orderId: order.orderId, reason: 'refunded' }, refunded),
    );

    const events = await stream(order.shop, saleStreamName(order.orderId));
    expect(types(events)).toEqual(['SaleRecorded', 'OnlineSaleReversed']);
    expect(events[1]?.data).toEqual({
      saleId: order.orderId,
      orderId: order.orderId,
      reason: 'refunded',
      soldAt: events[0]?.data['soldAt'],
      amountCents: 1200,
      items: [
        { productId: coxinha.productId, name: coxinha.name, quantity: 20, revenueCents: 1200 },
      ],
      deliveryFeeCents: 0,
    });
    expect(events[1]?.metadata).toEqual({
      correlationId: refunded.metadata.correlationId,
      causationId: refunded.id,
      actorId: 'system',
      actorRole: 'system',
      occurredAt: now().toISOString(),
    });
  });

  it('given a paid order’s sale whose payment stands, or was refunded but not charged back, when reverseOnlineSale runs for that, then nothing is appended', async () => {
    const order = await soldOrder();
    const approval = await order.cause('PaymentApproved');

    await order.commands.reverseOnlineSale(
      { orderId: order.orderId, reason: 'refunded' },
      approval,
    );
    const refunded = await refundAtProvider(order);
    await order.commands.reverseOnlineSale(
      { orderId: order.orderId, reason: 'charged_back' },
      refunded,
    );

    expect(types(await stream(order.shop, saleStreamName(order.orderId)))).toEqual([
      'SaleRecorded',
    ]);
  });

  it('given a paid order refunded before its sale was recorded, when reverseOnlineSale runs, then nothing is appended', async () => {
    const order = await pendingOrder();
    await order.shop.simulator.approve(order.providerPaymentId);
    await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);
    await order.commands.markOrderPaid(
      { orderId: order.orderId, paymentId: order.paymentId, amountCents: 1200 },
      await order.cause('PaymentApproved'),
    );
    const refunded = await refundAtProvider(order);

    await order.commands.reverseOnlineSale(
      { orderId: order.orderId, reason: 'refunded' },
      refunded,
    );

    expect(await stream(order.shop, saleStreamName(order.orderId))).toEqual([]);
  });

  it.each([false, true])(
    'given a payment approved after its order was cancelled (provider notifying: %s), when refundApprovedPayment runs twice, then one refund request, one refund at the provider, its completion and PaymentRefunded approved_after_cancel and one e-mail',
    async (notifications) => {
      const order = await pendingOrder({ notifications });
      await order.commands.cancelOrder(
        { orderId: order.orderId, reason: 'payment_expired' },
        await order.cause('PaymentPending'),
      );
      await order.shop.simulator.approve(order.providerPaymentId);
      await order.commands.syncPaymentFromProvider({ paymentId: order.providerPaymentId }, null);
      const approval = await order.cause('PaymentApproved');

      await twice(() =>
        order.commands.refundApprovedPayment({ paymentId: order.paymentId }, approval),
      );
      await order.shop.simulator.settled();

      const events = await stream(order.shop, `payment-${order.paymentId}`);
      expect(types(events)).toEqual([
        'PaymentRequested',
        'PaymentPending',
        'PaymentApproved',
        'PaymentRefundRequested',
        'PaymentRefundCompleted',
        'PaymentRefunded',
      ]);
      expect(events[4]?.data).toMatchObject({
        reason: 'approved_after_cancel',
        refundId: order.paymentId,
        amountCents: 1200,
      });
      expect(events[5]?.data).toMatchObject({ reason: 'approved_after_cancel' });
      expect((await order.shop.simulator.get(order.providerPaymentId))?.refunds).toHaveLength(1);
      expect((await order.shop.simulator.get(order.providerPaymentId))?.status).toBe('refunded');
    },
  );

  it('given a pending Pix past its time, when expirePayment(expired) runs twice, then the provider cancelled it and one PaymentCancelled reason expired', async () => {
    const order = await pendingOrder();
    const cause = await order.cause('PaymentPending');

    await twice(() =>
      order.commands.expirePayment({ paymentId: order.paymentId, reason: 'expired' }, cause),
    );

    const cancelled = await order.shop.ofType('PaymentCancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.data).toMatchObject({
      providerPaymentId: order.providerPaymentId,
      reason: 'expired',
    });
    expect((await order.shop.simulator.get(order.providerPaymentId))?.status).toBe('cancelled');
  });

  it('given a Pix paid just before it expires, when expirePayment(expired) runs, then the approval is recorded instead of a cancel', async () => {
    const order = await pendingOrder();
    await order.shop.simulator.approve(order.providerPaymentId);

    await order.commands.expirePayment(
      { paymentId: order.paymentId, reason: 'expired' },
      await order.cause('PaymentPending'),
    );

    expect(await order.shop.ofType('PaymentCancelled')).toEqual([]);
    expect(await order.shop.ofType('PaymentApproved')).toHaveLength(1);
  });

  it('given a payment the provider never answered, when expirePayment(failed) runs twice, then one PaymentCancelled reason failed without a provider id', async () => {
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        create: async () => {
          throw new Error('connection refused');
        },
      }),
    });
    const maria = await shop.customer();
    expect((await maria.checkout(pixBody(maria.userId))).status).toBe(503);
    const [requested] = await shop.ofType('PaymentRequested');
    if (!requested) throw new Error('no request');
    const commands = commandsOf(shop);

    await twice(() =>
      commands.expirePayment(
        { paymentId: String(requested.data['paymentId']), reason: 'failed' },
        requested,
      ),
    );

    const cancelled = await shop.ofType('PaymentCancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.data).toMatchObject({ reason: 'failed' });
    expect(cancelled[0]?.data).not.toHaveProperty('providerPaymentId');
  });

  it('given an approval whose webhook was lost, when syncPaymentFromProvider runs twice (by our id or the provider’s), then one PaymentApproved', async () => {
    const order = await pendingOrder();
    await order.shop.simulator.approve(order.providerPaymentId);

    await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);
    await order.commands.syncPaymentFromProvider({ paymentId: order.providerPaymentId }, null);

    expect(await order.shop.ofType('PaymentApproved')).toHaveLength(1);
  });

  it('given nothing changed at the provider, when syncPaymentFromProvider runs, then nothing is appended', async () => {
    const order = await pendingOrder();
    const before = await order.shop.eventStore.headPosition();

    await order.commands.syncPaymentFromProvider({ paymentId: order.paymentId }, null);

    expect(await order.shop.eventStore.headPosition()).toBe(before);
  });
});
