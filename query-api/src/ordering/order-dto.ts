import {
  centsToReais,
  paymentMessages,
  paymentStatusMessage,
  type OrderDocument,
  type OrderDto,
  type PaymentStatusDto,
} from '@quitute/contracts';

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
    details: orderPaymentMessage(order),
    ...pendingPaymentOf(order),
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
