import {
  foldForSearch,
  orderDocumentSchema,
  orderEventSchemas,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  orderStatusAfterPayment,
  PAYMENT_STATUS_OF,
  paymentEventSchemas,
  paymentStatusAfter,
  PROVIDER_STATUS_OF,
  type OrderDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/** PaymentRequested tells the order nothing OrderPlaced did not. */
const { PaymentRequested: _requested, ...paymentEventsAfterRequest } = paymentEventSchemas;

/**
 * One document per order (orders_v3), keyed by the orderId every order and
 * payment event carries, with the payment's status beside the order's so a
 * reader finds both in one document. Times are the events' `occurredAt`;
 * `details` is the query side's.
 */
export const ordersProjection = defineProjection({
  name: ORDERS_PROJECTION,
  collection: ORDERS_COLLECTION,
  events: { ...orderEventSchemas, ...paymentEventsAfterRequest },
  document: orderDocumentSchema,
  documentId: (event) => event.data.orderId,
  evolve(document, event, recorded): OrderDocument | null {
    const at = recorded.metadata.occurredAt;
    if (event.type === 'OrderPlaced') {
      const placed = event.data;
      return {
        _id: placed.orderId,
        orderNumber: placed.orderNumber,
        userId: placed.customer.userId,
        customerName: placed.customer.name,
        customerEmail: placed.customer.email,
        items: placed.items,
        totalCents: placed.totalCents,
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
  },
});
