import {
  centsToReais,
  formatBRL,
  paymentAmount,
  paymentMessages,
  paymentStatusMessage,
  REFUND_REASON_LABELS,
  refundMessages,
  type AdminOrderDto,
  type OrderDocument,
  type OrderDto,
  type OrderRefund,
  type PaymentStatusDto,
} from '@quitute/contracts';

const reais = (cents: number) => formatBRL(centsToReais(cents));

/**
 * What the customer should be told about an order's payment (spec §4): the
 * message of its status, or the refund notice when an approval came after the
 * order had been cancelled.
 */
export function orderPaymentMessage(order: OrderDocument): string {
  if (order.refundedAfterCancel) return paymentMessages.refundedAfterCancel;
  return paymentStatusMessage(
    order.paymentStatus,
    order.paymentMethod,
    order.statusDetail ?? undefined,
  );
}

/**
 * The payment's message and, since issue 38, what she should know of her money
 * going back: a partial refund ('Reembolso parcial de R$ 20,00.') and a refund
 * still awaiting the provider. A payment given back in full says so already.
 */
export function orderDetails(order: OrderDocument): string {
  const notes = [orderPaymentMessage(order)];
  const refunded = refundedCentsOf(order);
  if (order.paymentStatus !== 'refunded' && refunded > 0) {
    notes.push(`${refundMessages.partialRefundLabel(reais(refunded))}.`);
  }
  const pending = order.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((total, refund) => total + refund.amountCents, 0);
  if (pending > 0) notes.push(refundMessages.pending(reais(pending)));
  return notes.join(' ');
}

/** A refund's reason as the customer reads it: the admin's note, else what the reason stands for. */
const refundReasonOf = (refund: Pick<OrderRefund, 'note' | 'reason'>) =>
  refund.note ?? REFUND_REASON_LABELS[refund.reason];

/**
 * The money that went back to her: the completed refunds, oldest first. An
 * order refunded before issue 38 has none recorded, only the provider's
 * 'refunded': the whole payment, when the provider reported it.
 */
function completedRefunds(
  order: OrderDocument,
): { amountCents: number; at: string; reason: string }[] {
  const completed = order.refunds
    .filter((refund) => refund.status === 'completed')
    .map((refund) => ({
      amountCents: refund.amountCents,
      at: refund.refundedAt ?? refund.requestedAt ?? order.updatedAt,
      reason: refundReasonOf(refund),
    }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (completed.length > 0 || order.providerRefund === null) return completed;
  return [
    {
      amountCents: paymentAmount(order),
      at: order.providerRefund.at,
      reason: REFUND_REASON_LABELS[order.providerRefund.reason],
    },
  ];
}

/** The centavos that went back to the customer (the admin's export too). */
export const refundedCentsOf = (order: OrderDocument) =>
  completedRefunds(order).reduce((total, refund) => total + refund.amountCents, 0);

/** An order as the customer and the admin see it (spec §3, admin-spec §3): money in reais. */
export function toOrderDto(order: OrderDocument): OrderDto {
  const address = order.address;
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    items: order.items.map((line) => ({
      item: {
        name: line.name,
        price: centsToReais(line.unitPriceCents),
        category: line.category,
        productId: line.productId,
      },
      quantity: line.quantity,
    })),
    total: centsToReais(order.totalCents),
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    deliveryType: order.deliveryType,
    deliveryDate: order.deliveryDate,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    customerCpf: order.customerCpf,
    deliveryFee: centsToReais(order.deliveryFeeCents),
    customerAddress: address && {
      streetName: address.streetName,
      streetNumber: address.streetNumber,
      neighborhood: address.neighborhood,
      city: address.city,
      federalUnit: address.federalUnit,
      zipCode: address.zipCode,
      ...(address.complement === undefined ? {} : { complement: address.complement }),
    },
    createdAt: order.createdAt,
    paymentMethod: order.paymentMethod,
    paymentId: order.providerPaymentId,
    externalReference: order._id,
    details: orderDetails(order),
    refundedTotal: centsToReais(refundedCentsOf(order)),
    refunds: completedRefunds(order).map((refund) => ({
      amount: centsToReais(refund.amountCents),
      at: refund.at,
      reason: refund.reason,
    })),
    chargeback: order.chargeback && {
      amount: centsToReais(order.chargeback.amountCents),
      at: order.chargeback.at,
    },
    ...pendingPaymentOf(order),
  };
}

/**
 * What may still be refunded: paid, less what went back, what is on its way
 * back and what was charged back; 0 for an order never paid or given back in full.
 */
export function refundableCents(order: OrderDocument): number {
  if (order.paidAt === null || order.paymentStatus === 'refunded') return 0;
  const held = order.refunds
    .filter((refund) => refund.status !== 'failed')
    .reduce((total, refund) => total + refund.amountCents, 0);
  return Math.max(0, order.paidCents - held - (order.chargeback?.amountCents ?? 0));
}

/** An order on the admin's pages: the customer's view, what may still be refunded and every refund asked. */
export function toAdminOrderDto(order: OrderDocument): AdminOrderDto {
  return {
    ...toOrderDto(order),
    refundable: centsToReais(refundableCents(order)),
    refundAttempts: order.refunds.map((refund) => ({
      refundId: refund.refundId,
      amount: centsToReais(refund.amountCents),
      status: refund.status,
      reason: refundReasonOf(refund),
      at: refund.requestedAt ?? refund.refundedAt ?? order.updatedAt,
      detail: refund.status === 'failed' ? refund.failureDetail : null,
    })),
  };
}

/**
 * The Pix or boleto of a payment still waiting for the customer, on an order not
 * cancelled (an admin may have readied it before it was paid: it is still to pay).
 */
function pendingPaymentOf(order: OrderDocument): Pick<OrderDto, 'pendingPayment'> {
  const { pix, boleto } = order;
  if (order.paymentStatus !== 'pending' || order.orderStatus === 'cancelled') return {};
  if (!pix && !boleto) return {};
  return {
    pendingPayment: {
      ...(pix ? { pixQrCode: pix.qrCode } : {}),
      ...(pix?.ticketUrl ? { ticketUrl: pix.ticketUrl } : {}),
      ...(boleto ? { boletoUrl: boleto.url, boletoDigitableLine: boleto.digitableLine } : {}),
      expiresAt: order.paymentExpiresAt,
    },
  };
}

/**
 * GET /payments/process-payment/{paymentId}: the payment as the checkout polls
 * it. `paymentId` is the provider's, the one it was asked by; `status` the
 * provider's own (the shop's status until the provider reported one).
 */
export function toPaymentStatusDto(
  order: OrderDocument,
  providerPaymentId: string,
): PaymentStatusDto {
  return {
    paymentId: providerPaymentId,
    orderId: order._id,
    orderNumber: order.orderNumber,
    paymentStatus: order.paymentStatus,
    status: order.providerStatus ?? order.paymentStatus,
    statusDetail: order.statusDetail ?? '',
    paymentMethod: order.paymentMethod,
    message: orderPaymentMessage(order),
  };
}
