import {
  BOLETO_PAYMENT_METHOD_ID,
  checkoutMessages,
  parseShopDateTime,
  type CheckoutBody,
  type OrderAddress,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { CreatePaymentRequest, PaymentInstrument } from '@quitute/infra/payment-gateway';
import type { PlacedOrder } from '../ordering/decider';
import type { PaymentRequest } from '../payments/decider';
import { boletoDueDay, boletoExpiry } from './boleto-due';

/**
 * What a checkout asks for its order's payment: the shop's own record of the
 * request (PaymentRequested), and what the provider is asked. Both are built
 * only from the order, the request's body and when the payment was first
 * requested, so a retry asks the very same thing under the same idempotency
 * key (our payment id; with the attempt after a declined card).
 */

/** The request as the shop records it (PaymentRequested). */
export function paymentRequest(
  order: PlacedOrder,
  body: CheckoutBody,
  provider: PaymentRequest['provider'],
  /** 2, 3… for another card after a declined one. */
  attempt = 1,
): PaymentRequest {
  const method = body.paymentMethod;
  const card = method === 'credit_card' || method === 'debit_card';
  return {
    paymentId: order.paymentId,
    orderId: order.orderId,
    userId: order.customer.userId,
    method,
    amountCents: order.totalCents,
    provider,
    paymentMethodId:
      method === 'pix'
        ? 'pix'
        : method === 'boleto'
          ? BOLETO_PAYMENT_METHOD_ID
          : (body.paymentMethodId ?? ''),
    ...(card ? { installments: installments(body) } : {}),
    ...(attempt > 1 ? { attempt } : {}),
  };
}

/** The provider's idempotency key of an attempt: the payment id (the first), then one per attempt. */
export function providerIdempotencyKey(request: PaymentRequest): string {
  const attempt = request.attempt ?? 1;
  return attempt > 1 ? `${request.paymentId}-${attempt}` : request.paymentId;
}

/** spec §5: a debit card always pays in one installment. */
const installments = (body: CheckoutBody): number =>
  body.paymentMethod === 'debit_card' ? 1 : (body.installments ?? 1);

/**
 * What the provider is asked: the order's total (its items and its delivery fee;
 * no item lines are sent, so the amount is the whole charge). The payer's e-mail
 * and address are the order's (the address mapped once from the request when the
 * order was placed), without the complement.
 */
export function providerRequest(
  order: PlacedOrder,
  body: CheckoutBody,
  options: {
    requestedAt: Date;
    pixExpiryMinutes: number;
    notificationUrl?: string | undefined;
    /** The request as recorded: its attempt names the provider's idempotency key. */
    request: PaymentRequest;
    /** The shop's name as its settings say it now (the payer's statement shows the description). */
    shopName: string;
  },
): CreatePaymentRequest {
  const { requestedAt } = options;
  let instrument: PaymentInstrument;
  switch (body.paymentMethod) {
    case 'pix':
      instrument = {
        method: 'pix',
        expiresAt: new Date(requestedAt.getTime() + options.pixExpiryMinutes * 60_000),
      };
      break;
    case 'boleto': {
      // From when it was requested, as the checkout checked it: a retry asks the same date.
      instrument = {
        method: 'boleto',
        expiresAt: boletoExpiry(boletoDueDay(requestedAt, orderDeliveryDate(order))),
      };
      break;
    }
    case 'credit_card':
    case 'debit_card': {
      const { token, paymentMethodId } = body;
      if (!token || !paymentMethodId) {
        throw new AppError('validation', checkoutMessages.cardTokenRequired);
      }
      instrument = {
        method: body.paymentMethod,
        token,
        paymentMethodId,
        installments: installments(body),
        ...(body.issuerId ? { issuerId: body.issuerId } : {}),
      };
      break;
    }
  }
  return {
    idempotencyKey: providerIdempotencyKey(options.request),
    amountCents: order.totalCents,
    description: `Pedido #${order.orderNumber} — ${options.shopName}`,
    externalReference: order.orderId,
    payer: {
      // The account's, recorded on the order (issue 37), not the one typed at checkout.
      email: order.customer.email,
      firstName: body.firstName,
      lastName: body.lastName ?? '',
      cpf: body.docNumber,
      ...(order.address ? { address: payerAddress(order.address) } : {}),
    },
    instrument,
    ...(options.notificationUrl ? { notificationUrl: options.notificationUrl } : {}),
    ...(body.deviceId ? { deviceId: body.deviceId } : {}),
  };
}

/** The order's delivery date and time, as placed (an ISO time with the shop's offset). */
export function orderDeliveryDate(order: PlacedOrder): Date {
  const deliveryDate = parseShopDateTime(order.deliveryDate);
  if (!deliveryDate) throw new Error(`order ${order.orderId} has no delivery date`);
  return deliveryDate;
}

/** The provider's payer has no complement line. */
function payerAddress({ complement: _complement, ...address }: OrderAddress) {
  return address;
}
