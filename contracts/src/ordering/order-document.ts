import { orderStatusAfterPayment } from './constants';
import { orderEventSchemas } from './events';
import type { OrderDocument, OrderRefund } from './read-model';
import { PAYMENT_STATUS_OF, PROVIDER_STATUS_OF, paymentStatusAfter } from '../payments/status';
import { paymentEventSchemas } from '../payments/events';
import type { EventOf, LoggedEvent } from '../shared/events';
import { foldForSearch } from '../shared/text';

/** The events an order's document (orders_v6) is folded from, keyed by the orderId each carries. */
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
      notes: placed.notes ?? '',
      createdAt: at,
      updatedAt: at,
      paidAt: null,
      cancelledAt: null,
      cancelReason: null,
      refundedAfterCancel: false,
      paidCents: 0,
      refunds: [],
      refundedCents: 0,
      chargeback: null,
      providerRefund: null,
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
      return settled({
        ...document,
        ...touched,
        orderStatus: orderStatusAfterPayment(document.orderStatus),
        paidAt: at,
        paidCents: event.data.amountCents,
      });
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
    case 'PaymentRefundRequested': {
      // The customer is told as soon as the shop asks for the money back.
      const asked = {
        ...document,
        ...touched,
        refundedAfterCancel:
          document.refundedAfterCancel || event.data.reason === 'approved_after_cancel',
      };
      const { refundId, amountCents, reason, note } = event.data;
      // Before issue 38 a refund had no id: the provider's PaymentRefunded tells the rest.
      if (refundId === undefined) return asked;
      return withRefund(asked, refundId, (known) =>
        known?.status === 'completed'
          ? known
          : {
              refundId,
              amountCents: amountCents ?? known?.amountCents ?? paymentAmount(document),
              status: 'pending',
              reason,
              note: note ?? known?.note ?? null,
              requestedAt: known?.requestedAt ?? at,
              refundedAt: null,
              failureDetail: null,
            },
      );
    }
    case 'PaymentRefundCompleted': {
      const { refundId, amountCents, reason, note, refundedAt } = event.data;
      return settled(
        withRefund({ ...document, ...touched }, refundId, (known) =>
          known?.status === 'completed'
            ? known
            : {
                refundId,
                amountCents,
                status: 'completed',
                reason,
                note: note ?? known?.note ?? null,
                requestedAt: known?.requestedAt ?? null,
                refundedAt,
                failureDetail: null,
              },
        ),
      );
    }
    case 'PaymentRefundFailed': {
      const { refundId, amountCents, detail } = event.data;
      return withRefund({ ...document, ...touched }, refundId, (known) =>
        known?.status === 'completed'
          ? known
          : {
              refundId,
              amountCents,
              status: 'failed',
              // A failure reported for a refund never seen asked for: the shop's own.
              reason: known?.reason ?? 'admin',
              note: known?.note ?? null,
              requestedAt: known?.requestedAt ?? at,
              refundedAt: null,
              failureDetail: detail,
            },
      );
    }
    case 'PaymentPending':
    case 'PaymentApproved':
    case 'PaymentRejected':
    case 'PaymentInReview':
    case 'PaymentCancelled':
    case 'PaymentRefunded':
    case 'PaymentChargedBack': {
      const money = {
        ...document,
        ...(event.type === 'PaymentRefunded' && document.providerRefund === null
          ? { ...touched, providerRefund: { at, reason: event.data.reason } }
          : {}),
        ...(event.type === 'PaymentChargedBack' && document.chargeback === null
          ? {
              ...touched,
              chargeback: {
                // Older chargebacks carry no amount: what had not been refunded yet.
                amountCents:
                  event.data.amountCents ??
                  Math.max(0, paymentAmount(document) - document.refundedCents),
                at,
              },
            }
          : {}),
      };
      const reported = PAYMENT_STATUS_OF[event.type];
      const status = paymentStatusAfter(money.paymentStatus, reported);
      if (status !== reported) return settled({ ...money, position: recorded.position });
      const pending = event.type === 'PaymentPending' ? event.data : undefined;
      return settled({
        ...money,
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
      });
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

/**
 * What the order's payment took: OrderPaid's amount, or the order's total
 * while that has not been folded yet (a refund reported before it).
 */
export function paymentAmount(document: OrderDocument): number {
  return document.paidCents > 0 ? document.paidCents : document.totalCents;
}

/**
 * The document with one refund as `next` makes it from what was known of it
 * (undefined: never seen), kept in the order refunds were first seen, and the
 * completed ones added up again.
 */
function withRefund(
  document: OrderDocument,
  refundId: string,
  next: (known: OrderRefund | undefined) => OrderRefund,
): OrderDocument {
  const known = document.refunds.find((refund) => refund.refundId === refundId);
  const refund = next(known);
  const refunds = known
    ? document.refunds.map((each) => (each === known ? refund : each))
    : [...document.refunds, refund];
  const refundedCents = refunds
    .filter((each) => each.status === 'completed')
    .reduce((total, each) => total + each.amountCents, 0);
  return { ...document, refunds, refundedCents };
}

/**
 * A payment whose every centavo went back through completed refunds is
 * refunded, whatever order the provider's status reports and the refunds
 * arrived in (a late 'approved' does not undo it); a partial refund leaves it
 * as it was (approved). A chargeback keeps its own status.
 */
function settled(document: OrderDocument): OrderDocument {
  const givenBack = document.refundedCents > 0 && document.refundedCents >= paymentAmount(document);
  if (!givenBack || document.paymentStatus === 'charged_back') return document;
  if (document.paymentStatus === 'refunded') return document;
  return { ...document, paymentStatus: 'refunded', providerStatus: 'refunded' };
}
