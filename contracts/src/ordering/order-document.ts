import { orderStatusAfterPayment } from './constants';
import { orderEventSchemas } from './events';
import type { OrderDocument } from './read-model';
import { PAYMENT_STATUS_OF, PROVIDER_STATUS_OF, paymentStatusAfter } from '../payments/status';
import { paymentEventSchemas } from '../payments/events';
import type { EventOf, LoggedEvent } from '../shared/events';
import { foldForSearch } from '../shared/text';

/** The events an order's document (orders_v4) is folded from, keyed by the orderId each carries. */
export const orderDocumentEventSchemas = { ...orderEventSchemas, ...paymentEventSchemas };
export type OrderDocumentEvent = EventOf<typeof orderDocumentEventSchemas>;

/**
 * An order's document after one more event: the orders projection's evolve,
 * here so that the auditors' history (audit/order-history.ts) shows each state
 * exactly as the read model held it. Times are the events' `occurredAt`.
 */
export function evolveOrderDocument(
  document: OrderDocument | null,
  event: OrderDocumentEvent,
  recorded: Pick<LoggedEvent, 'position' | 'metadata'>,
): OrderDocument | null {
  const at = recorded.metadata.occurredAt;
  if (event.type === 'OrderPlaced') {
    const placed = event.data;
    return {
      _id: placed.orderId,
      orderNumber: placed.orderNumber,
      userId: placed.customer.userId,
      customerName: placed.customer.name,
      customerEmail: placed.customer.email,
      customerPhone: placed.customer.phone ?? null,
      customerCpf: placed.customer.cpf,
      items: placed.items,
      totalCents: placed.totalCents,
      deliveryFeeCents: placed.deliveryFeeCents ?? 0,
      deliveryZone: placed.deliveryZone ?? null,
      orderStatus: 'pending',
      paymentStatus: 'pending',
      paymentMethod: placed.paymentMethod,
      paymentId: placed.paymentId,
      providerPaymentId: null,
      providerStatus: null,
      statusDetail: null,
      deliveryType: placed.deliveryType,
      deliveryDate: placed.deliveryDate,
      address: placed.address ?? null,
      createdAt: at,
      updatedAt: at,
      paidAt: null,
      cancelledAt: null,
      cancelReason: null,
      refundedAfterCancel: false,
      pix: null,
      boleto: null,
      paymentExpiresAt: null,
      isDeleted: false,
      searchText: foldForSearch(
        `${placed.orderNumber} ${placed.customer.name} ${placed.customer.email}`,
      ),
      position: recorded.position,
    };
  }
  // Every other event changes an order already placed: one new document per event.
  if (!document) return null;
  const touched = { updatedAt: at, position: recorded.position };
  switch (event.type) {
    case 'OrderPaid':
      return {
        ...document,
        ...touched,
        orderStatus: orderStatusAfterPayment(document.orderStatus),
        paidAt: at,
      };
    case 'OrderStatusChanged':
      return {
        ...document,
        ...touched,
        orderStatus: event.data.to,
        cancelledAt:
          event.data.to === 'cancelled' ? (document.cancelledAt ?? at) : document.cancelledAt,
      };
    case 'OrderCancelled':
      return {
        ...document,
        ...touched,
        orderStatus: 'cancelled',
        cancelledAt: at,
        cancelReason: event.data.reason,
      };
    case 'PaymentRequested':
      // The first request tells the order nothing OrderPlaced did not; another card
      // after a declined one (issue 36) starts its payment afresh.
      if (event.data.attempt === undefined) return { ...document, position: recorded.position };
      return {
        ...document,
        ...touched,
        paymentStatus: 'pending',
        paymentMethod: event.data.method,
        providerStatus: null,
        statusDetail: null,
        providerPaymentId: null,
        pix: null,
        boleto: null,
        paymentExpiresAt: null,
      };
    case 'PaymentRefundRequested':
      // The customer is told as soon as the shop asks for the money back.
      return {
        ...document,
        ...touched,
        refundedAfterCancel:
          document.refundedAfterCancel || event.data.reason === 'approved_after_cancel',
      };
    case 'PaymentPending':
    case 'PaymentApproved':
    case 'PaymentRejected':
    case 'PaymentInReview':
    case 'PaymentCancelled':
    case 'PaymentRefunded':
    case 'PaymentChargedBack': {
      const reported = PAYMENT_STATUS_OF[event.type];
      const status = paymentStatusAfter(document.paymentStatus, reported);
      if (status !== reported) return { ...document, position: recorded.position };
      const pending = event.type === 'PaymentPending' ? event.data : undefined;
      return {
        ...document,
        ...touched,
        paymentStatus: status,
        providerStatus: PROVIDER_STATUS_OF[event.type],
        statusDetail: event.data.statusDetail,
        providerPaymentId: event.data.providerPaymentId ?? document.providerPaymentId,
        pix: pending?.pix ?? document.pix,
        boleto: pending?.boleto ?? document.boleto,
        paymentExpiresAt: pending?.expiresAt ?? document.paymentExpiresAt,
        refundedAfterCancel:
          document.refundedAfterCancel ||
          (event.type === 'PaymentRefunded' && event.data.reason === 'approved_after_cancel'),
      };
    }
    case 'OrderDeleted':
      // Kept, flagged: the lists leave it out, the sales reports never read it.
      return { ...document, ...touched, isDeleted: true };
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}
