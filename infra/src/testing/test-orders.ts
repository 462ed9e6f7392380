import {
  cartStreamName,
  orderStreamName,
  paymentStreamName,
  saleStreamName,
  type EventMetadata,
  type OrderCancelReason,
  type OrderProcessEvent,
  type OrderStatus,
  type PaymentMethod,
} from '@quitute/contracts';
import { aPlacedOrder } from '@quitute/contracts/testing';
import type { EventStore, RecordedEvent } from '../event-store';

/**
 * Test helper: one order's events (its payment, sale and cart check-out too), with fresh
 * ids, for the tests of what follows them (command-api's process manager, the projections' relay).
 * The order is the contracts' placed-order fixture (Maria's 20 coxinhas, R$ 12,00) under those
 * ids and the given payment method.
 */
export function testOrder(paymentMethod: PaymentMethod = 'pix') {
  const orderId = crypto.randomUUID();
  const paymentId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const providerPaymentId = `mp-${orderId.slice(0, 8)}`;
  const ids = { orderId, paymentId, userId, providerPaymentId };
  const customer = { ...aPlacedOrder().customer, userId };
  const placedOrder = () => aPlacedOrder({ orderId, paymentId, paymentMethod, customer });
  const { totalCents } = placedOrder();
  return {
    ...ids,
    placed: (): OrderProcessEvent => ({ type: 'OrderPlaced', data: placedOrder() }),
    requested: (): OrderProcessEvent => ({
      type: 'PaymentRequested',
      data: {
        paymentId,
        orderId,
        userId,
        method: paymentMethod,
        amountCents: totalCents,
        provider: 'simulator',
        paymentMethodId: paymentMethod === 'boleto' ? 'bolbradesco' : paymentMethod,
      },
    }),
    pending: (expiresAt?: string): OrderProcessEvent => ({
      type: 'PaymentPending',
      data: {
        paymentId,
        orderId,
        providerPaymentId,
        statusDetail: 'pending_waiting_transfer',
        ...(expiresAt ? { expiresAt } : {}),
      },
    }),
    inReview: (): OrderProcessEvent => ({
      type: 'PaymentInReview',
      data: { paymentId, orderId, providerPaymentId, statusDetail: 'pending_review_manual' },
    }),
    approved: (): OrderProcessEvent => ({
      type: 'PaymentApproved',
      data: { paymentId, orderId, providerPaymentId, statusDetail: 'accredited' },
    }),
    rejected: (): OrderProcessEvent => ({
      type: 'PaymentRejected',
      data: { paymentId, orderId, providerPaymentId, statusDetail: 'cc_rejected_other_reason' },
    }),
    paymentCancelled: (
      reason: 'customer' | 'expired' | 'provider' | 'failed',
    ): OrderProcessEvent => ({
      type: 'PaymentCancelled',
      data: { paymentId, orderId, providerPaymentId, statusDetail: reason, reason },
    }),
    refundRequested: (): OrderProcessEvent => ({
      type: 'PaymentRefundRequested',
      data: { paymentId, orderId, providerPaymentId, reason: 'approved_after_cancel' },
    }),
    paid: (): OrderProcessEvent => ({
      type: 'OrderPaid',
      data: { orderId, paymentId, amountCents: totalCents },
    }),
    orderCancelled: (reason: OrderCancelReason): OrderProcessEvent => ({
      type: 'OrderCancelled',
      data: { orderId, reason },
    }),
    statusChanged: (from: OrderStatus, to: OrderStatus): OrderProcessEvent => ({
      type: 'OrderStatusChanged',
      data: { orderId, from, to },
    }),
    cartCheckedOut: (): OrderProcessEvent => ({
      type: 'CartCheckedOut',
      data: { userId, orderId },
    }),
    refunded: (): OrderProcessEvent => ({
      type: 'PaymentRefunded',
      data: { paymentId, orderId, providerPaymentId, statusDetail: 'refunded', reason: 'provider' },
    }),
    chargedBack: (): OrderProcessEvent => ({
      type: 'PaymentChargedBack',
      data: { paymentId, orderId, providerPaymentId, statusDetail: 'chargeback' },
    }),
    saleReversed: (reason: 'refunded' | 'charged_back' = 'refunded'): OrderProcessEvent => ({
      type: 'OnlineSaleReversed',
      data: {
        saleId: orderId,
        orderId,
        reason,
        soldAt: '2026-11-22T12:00:00.000Z',
        amountCents: totalCents,
        items: [],
      },
    }),
    saleRecorded: (): OrderProcessEvent => ({
      type: 'SaleRecorded',
      data: {
        saleId: orderId,
        source: 'online',
        amountCents: totalCents,
        clientName: customer.name,
        soldAt: '2026-11-22T12:00:00.000Z',
        orderId,
        orderNumber: 1001,
      },
    }),
  };
}
export type TestOrder = ReturnType<typeof testOrder>;

/** Paid, its sale recorded and its cart checked out: done with unless its payment is given back. */
export function settledHistory(order: TestOrder): OrderProcessEvent[] {
  return [
    order.placed(),
    order.requested(),
    order.approved(),
    order.paid(),
    order.saleRecorded(),
    order.cartCheckedOut(),
  ];
}

/** A Pix left unpaid until it expired, and its order cancelled for it. */
export function expiredHistory(order: TestOrder): OrderProcessEvent[] {
  return [
    order.placed(),
    order.requested(),
    order.pending(),
    order.paymentCancelled('expired'),
    order.orderCancelled('payment_expired'),
  ];
}

/** The stream an event of an order's process belongs to. */
export function streamOf(event: OrderProcessEvent): string {
  switch (event.type) {
    case 'OrderPlaced':
    case 'OrderPaid':
    case 'OrderStatusChanged':
    case 'OrderCancelled':
      return orderStreamName(event.data.orderId);
    case 'SaleRecorded':
    case 'OnlineSaleReversed':
    case 'OnlineSaleRefunded':
      return saleStreamName(event.data.saleId);
    case 'CartCheckedOut':
      return cartStreamName(event.data.userId);
    default:
      return paymentStreamName(event.data.paymentId);
  }
}

/** Appends an event to its stream, caused by `cause` when given (as the command side does). */
export async function appendEvent(
  eventStore: EventStore,
  event: OrderProcessEvent,
  cause?: Pick<RecordedEvent, 'id' | 'metadata'> | null,
  occurredAt = new Date().toISOString(),
): Promise<number> {
  const metadata: EventMetadata = {
    correlationId: cause?.metadata.correlationId ?? crypto.randomUUID(),
    causationId: cause?.id ?? crypto.randomUUID(),
    actorId: 'system',
    actorRole: 'system',
    occurredAt,
  };
  const { position } = await eventStore.appendToStream(streamOf(event), [
    { id: crypto.randomUUID(), type: event.type, data: event.data, metadata },
  ]);
  return position;
}
