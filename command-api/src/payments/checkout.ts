import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  BOLETO_EXPIRY_DAYS,
  BOLETO_PAYMENT_METHOD_ID,
  canonicalJson,
  cartMessages,
  centsToReais,
  checkoutMessages,
  formatShopDateTime,
  MAX_UNITS_PER_LINE,
  MINIMUM_UNITS_PER_ITEM,
  orderCustomerName,
  parseShopDateTime,
  paymentMessages,
  paymentStatusMessage,
  paymentStreamName,
  productNotFoundNamed,
  productUnavailableNamed,
  type CheckoutBody,
  type OrderLine,
  type PaymentResult,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import {
  pixQrPngBase64,
  type CreatePaymentRequest,
  type PaymentInstrument,
  type ProviderPayment,
} from '@quitute/infra/payment-gateway';
import { readCart } from '../cart/carts';
import type { CatalogView, ProductRef, ProductResolution } from '../catalog/catalog-view';
import type { OrderState, PlacedOrder } from '../ordering/decider';
import type { OrderNumberAllocator } from '../ordering/order-number-allocator';
import { readOrder, runOrderCommand } from '../ordering/orders';
import {
  emptyAggregate,
  type CommandContext,
  type LoadedAggregate,
} from '../shared/handle-command';
import {
  paymentDecider,
  providerStatusOf,
  shopPaymentStatus,
  type PaymentRequest,
  type RequestedPayment,
} from './decider';
import {
  isRefusal,
  providerUnavailable,
  requestedPayment,
  runPaymentCommand,
  CHECKOUT_NAMESPACE,
  orderPaymentId,
  withPaymentLane,
  type PaymentWork,
} from './payments';

export interface CheckoutWork extends PaymentWork {
  catalog: CatalogView;
  allocator: OrderNumberAllocator;
  pixExpiryMinutes: number;
  notificationUrl?: string | undefined;
}

export type CheckoutOutcome =
  /** The provider returned a payment (whatever its status): 200. */
  | { kind: 'paid'; result: PaymentResult; position: number }
  /** The provider refused the request itself: 400 with its message. */
  | { kind: 'refused'; message: string; position: number }
  /** The client's total is not the catalogue's: 409 with the server's total. */
  | { kind: 'totalChanged'; totalCents: number };

/** One order per customer and Idempotency-Key: a retry finds the order it placed. */
export function checkoutOrderId(userId: string, idempotencyKey: string): string {
  return uuidv5(`${userId}:${idempotencyKey}`, CHECKOUT_NAMESPACE);
}

/**
 * What makes two checkout requests the same order. The card token and device id
 * are left out: a token is single-use, so a browser retrying after no answer
 * sends a fresh one under the same key, and the provider answers that retry
 * with the first payment (same idempotency key) without charging again.
 */
export function requestFingerprint(body: CheckoutBody): string {
  const { token: _token, deviceId: _deviceId, ...order } = body;
  return createHash('sha256').update(canonicalJson(order)).digest('hex');
}

/** Each step of a checkout is a command of its own (its own event ids), all caused by the request. */
function step(context: CommandContext, name: string): CommandContext {
  return {
    ...context,
    commandId: uuidv5(`${context.commandId}:${name}`, CHECKOUT_NAMESPACE),
    causationId: context.causationId ?? context.commandId,
  };
}

interface Priced {
  lines: OrderLine[];
  linesFrom: PlacedOrder['linesFrom'];
}

/**
 * The order's lines: the request's when it names any, else the customer's
 * cart; every product resolved through the catalogue (price, name and
 * category are the catalogue's, whatever the client sent), lines of one
 * product summed, the minimum checked.
 */
async function priceLines(
  catalog: CatalogView,
  wanted: { ref: ProductRef; quantity: number; named: boolean }[],
): Promise<OrderLine[]> {
  const resolutions = await catalog.resolveAll(wanted.map((line) => line.ref));
  const merged = new Map<string, { line: OrderLine; isKit: boolean }>();
  for (const [index, line] of wanted.entries()) {
    const resolution: ProductResolution = resolutions[index] ?? { error: 'not_found' };
    if ('error' in resolution) {
      const missing = resolution.error === 'not_found';
      const message = line.named
        ? (missing ? productNotFoundNamed : productUnavailableNamed)(line.ref.nome)
        : missing
          ? cartMessages.productNotFound
          : cartMessages.productUnavailable;
      throw new AppError('validation', message);
    }
    const known = merged.get(resolution.productId);
    const quantity = (known?.line.quantity ?? 0) + line.quantity;
    if (quantity > MAX_UNITS_PER_LINE) throw new AppError('validation', cartMessages.tooManyUnits);
    merged.set(resolution.productId, {
      isKit: resolution.isKit,
      line: {
        productId: resolution.productId,
        name: resolution.nome,
        category: catalog.details(resolution.productId)?.categoria ?? '',
        unitPriceCents: resolution.unitPriceCents,
        quantity,
      },
    });
  }
  const lines = [...merged.values()];
  if (lines.some(({ line, isKit }) => !isKit && line.quantity < MINIMUM_UNITS_PER_ITEM)) {
    throw new AppError('validation', cartMessages.minimum);
  }
  return lines.map(({ line }) => line);
}

async function orderLines(work: CheckoutWork, body: CheckoutBody): Promise<Priced> {
  const items = body.items ?? [];
  if (items.length > 0) {
    const wanted = items.map((item) => ({
      ref: { id: item.id, nome: item.title },
      quantity: item.quantity,
      named: true,
    }));
    return { lines: await priceLines(work.catalog, wanted), linesFrom: 'request' };
  }
  const cart = await readCart(work.stores, body.userId);
  const wanted = cart.state.lines.map((line) => ({
    ref: { id: line.productId, nome: '' },
    quantity: line.quantidade,
    named: false,
  }));
  return { lines: await priceLines(work.catalog, wanted), linesFrom: 'cart' };
}

/** A new order from the request: priced, checked against the client's total, numbered, placed. */
async function placeOrder(
  work: CheckoutWork,
  body: CheckoutBody,
  ids: { orderId: string; fingerprint: string },
  existing: LoadedAggregate<OrderState>,
  context: CommandContext,
): Promise<{ placed: PlacedOrder; position: number } | { totalCents: number }> {
  const { lines, linesFrom } = await orderLines(work, body);
  if (lines.length === 0) throw new AppError('validation', checkoutMessages.emptyOrder);
  const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (totalCents === 0) throw new AppError('validation', checkoutMessages.zeroTotal);
  if (Math.abs(body.total - centsToReais(totalCents)) > 0.005) return { totalCents };
  const deliveryDate = parseShopDateTime(body.deliveryDate);
  if (!deliveryDate) throw new AppError('validation', checkoutMessages.dateRequired);

  const orderNumber = await work.allocator.assign(ids.orderId, step(context, 'order-number'));
  const { address } = body;
  const order: PlacedOrder = {
    orderId: ids.orderId,
    orderNumber,
    paymentId: orderPaymentId(ids.orderId),
    paymentMethod: body.paymentMethod,
    customer: {
      userId: body.userId,
      name: orderCustomerName(body.firstName, body.lastName),
      email: body.email,
      cpf: body.docNumber,
    },
    items: lines,
    totalCents,
    deliveryType: body.deliveryType,
    deliveryDate: formatShopDateTime(deliveryDate),
    ...(address
      ? {
          address: {
            zipCode: address.zipCode,
            streetName: address.streetName,
            streetNumber: address.streetNumber,
            neighborhood: address.neighborhood,
            city: address.city,
            federalUnit: address.federalUnit,
            ...(address.complement ? { complement: address.complement } : {}),
          },
        }
      : {}),
    linesFrom,
    requestFingerprint: ids.fingerprint,
  };
  // A retry racing this one may have placed it first: the stored order is the order.
  const result = await runOrderCommand(
    work.stores,
    ids.orderId,
    { type: 'PlaceOrder', order },
    step(context, 'place-order'),
    { loaded: existing },
  );
  if (result.state.placed === null) throw new Error(`order ${ids.orderId} was not placed`);
  return { placed: result.state.placed, position: result.position };
}

function paymentRequest(
  work: CheckoutWork,
  order: PlacedOrder,
  body: CheckoutBody,
): PaymentRequest {
  const method = body.paymentMethod;
  const card = method === 'credit_card' || method === 'debit_card';
  return {
    paymentId: order.paymentId,
    orderId: order.orderId,
    userId: order.customer.userId,
    method,
    amountCents: order.totalCents,
    provider: work.gateway.provider,
    paymentMethodId:
      method === 'pix'
        ? 'pix'
        : method === 'boleto'
          ? BOLETO_PAYMENT_METHOD_ID
          : (body.paymentMethodId ?? ''),
    ...(card ? { installments: installments(body) } : {}),
  };
}

/** spec §5: a debit card always pays in one installment. */
const installments = (body: CheckoutBody): number =>
  body.paymentMethod === 'debit_card' ? 1 : (body.installments ?? 1);

/**
 * What the provider is asked: built only from the order, the request's body
 * and when the payment was first requested, so a retry asks the very same
 * thing under the same idempotency key (our payment id).
 */
function createPaymentRequest(
  work: CheckoutWork,
  order: PlacedOrder,
  body: CheckoutBody,
  requestedAt: Date,
): CreatePaymentRequest {
  let instrument: PaymentInstrument;
  switch (body.paymentMethod) {
    case 'pix':
      instrument = {
        method: 'pix',
        expiresAt: new Date(requestedAt.getTime() + work.pixExpiryMinutes * 60_000),
      };
      break;
    case 'boleto':
      instrument = {
        method: 'boleto',
        expiresAt: new Date(requestedAt.getTime() + BOLETO_EXPIRY_DAYS * 86_400_000),
      };
      break;
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
  const { address } = body;
  return {
    idempotencyKey: order.paymentId,
    amountCents: order.totalCents,
    description: `Pedido #${order.orderNumber} — Quitute`,
    externalReference: order.orderId,
    payer: {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName ?? '',
      cpf: body.docNumber,
      ...(address
        ? {
            address: {
              zipCode: address.zipCode,
              streetName: address.streetName,
              streetNumber: address.streetNumber,
              neighborhood: address.neighborhood,
              city: address.city,
              federalUnit: address.federalUnit,
            },
          }
        : {}),
    },
    instrument,
    ...(work.notificationUrl ? { notificationUrl: work.notificationUrl } : {}),
    ...(body.deviceId ? { deviceId: body.deviceId } : {}),
  };
}

/** When the payment was first requested: its expiry counts from there on every retry. */
async function requestedAt(work: CheckoutWork, paymentId: string): Promise<Date> {
  const [first] = await work.stores.eventStore.readStream(paymentStreamName(paymentId), {
    maxCount: 1,
  });
  if (!first) throw new Error(`payment ${paymentId} has no request`);
  return new Date(first.metadata.occurredAt);
}

/**
 * The answer (spec §3 payment result) from the payment as recorded; `report`
 * is the provider's own answer when this request got one (its precise status
 * and QR image), else they are rebuilt from the events.
 */
export async function paymentResult(
  order: PlacedOrder,
  payment: RequestedPayment,
  report: ProviderPayment | null,
  position: number,
): Promise<PaymentResult> {
  const stage = payment.stage === 'requested' ? 'pending' : payment.stage;
  const status =
    report && shopPaymentStatus(report.status) === stage ? report.status : providerStatusOf(stage);
  const { pix, boleto } = payment;
  return {
    status,
    statusDetail: payment.statusDetail,
    paymentId: payment.providerPaymentId,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paymentStatus: stage,
    paymentMethod: order.paymentMethod,
    message: paymentStatusMessage(stage, order.paymentMethod, payment.statusDetail),
    ...(pix
      ? {
          pixQrCode: pix.qrCode,
          pixQrCodeBase64: report?.pix?.qrCodeBase64 ?? pixQrPngBase64(pix.qrCode),
        }
      : {}),
    ...(pix?.ticketUrl ? { ticketUrl: pix.ticketUrl } : boleto ? { ticketUrl: boleto.url } : {}),
    ...(boleto
      ? {
          boletoUrl: boleto.url,
          boletoDigitableLine: boleto.digitableLine,
          ...(payment.expiresAt ? { boletoExpirationDate: payment.expiresAt } : {}),
        }
      : {}),
    position,
  };
}

/**
 * POST /payments/mercadopago/transparent-checkout (issue 10): the order is
 * placed once per Idempotency-Key (OrderNumberAssigned, OrderPlaced), its
 * payment requested (PaymentRequested) and created at the provider under our
 * payment id, and the provider's answer recorded. A retry continues wherever
 * the first attempt stopped, and answers from what was recorded.
 */
export async function checkout(
  work: CheckoutWork,
  input: { body: CheckoutBody; idempotencyKey: string; context: CommandContext },
): Promise<CheckoutOutcome> {
  const { body, context } = input;
  const orderId = checkoutOrderId(body.userId, input.idempotencyKey);
  const fingerprint = requestFingerprint(body);

  const existing = await readOrder(work.stores, orderId);
  let order: PlacedOrder;
  let orderPosition = existing.position;
  if (existing.state.placed !== null) {
    if (existing.state.placed.requestFingerprint !== fingerprint) {
      throw new AppError('conflict', checkoutMessages.idempotencyKeyReused);
    }
    order = existing.state.placed;
  } else {
    const placed = await placeOrder(work, body, { orderId, fingerprint }, existing, context);
    if ('totalCents' in placed) return { kind: 'totalChanged', totalCents: placed.totalCents };
    order = placed.placed;
    orderPosition = placed.position;
  }
  // A payment is requested only for a placed order: the payment of an order
  // that was not placed before this checkout has no stream yet (a retry racing
  // this one makes the append conflict, and the stream is read then).
  const paymentStream = existing.state.placed === null ? emptyAggregate(paymentDecider) : undefined;

  return withPaymentLane(work.stores, order.paymentId, async () => {
    const requested = await runPaymentCommand(
      work,
      order.paymentId,
      { type: 'RequestPayment', request: paymentRequest(work, order, body) },
      step(context, 'request-payment'),
      paymentStream,
    );
    const payment = requestedPayment(requested.state);
    if (!payment) throw new Error(`payment ${order.paymentId} was not requested`);
    const at = (position: number) => Math.max(orderPosition, position);

    if (payment.stage !== 'requested') {
      if (payment.providerPaymentId === null && payment.stage === 'rejected') {
        return { kind: 'refused', message: payment.statusDetail, position: at(requested.position) };
      }
      const position = at(requested.position);
      return {
        kind: 'paid',
        result: await paymentResult(order, payment, null, position),
        position,
      };
    }

    // A request this checkout appended was made now (its event says so, unread).
    const since =
      requested.appended.length > 0
        ? new Date(context.occurredAt)
        : await requestedAt(work, order.paymentId);
    let report: ProviderPayment;
    try {
      report = await work.gateway.create(createPaymentRequest(work, order, body, since));
    } catch (error) {
      if (!isRefusal(error)) throw providerUnavailable(work.logger, error, 'create');
      // The adapter's diagnostics (English, technical) go to the log; the customer reads pt-BR.
      work.logger.warn({ err: error, orderId: order.orderId }, 'the provider refused a payment');
      const statusDetail = error.customerMessage ?? paymentMessages.refusedByProvider;
      const refused = await runPaymentCommand(
        work,
        order.paymentId,
        { type: 'RecordRequestRefused', statusDetail },
        step(context, 'payment-refused'),
      );
      return { kind: 'refused', message: statusDetail, position: at(refused.position) };
    }
    const recorded = await runPaymentCommand(
      work,
      order.paymentId,
      { type: 'RecordProviderPayment', report },
      step(context, 'payment-answered'),
      requested,
    );
    const answered = requestedPayment(recorded.state);
    if (!answered) throw new Error(`payment ${order.paymentId} was not requested`);
    const position = at(recorded.position);
    return {
      kind: 'paid',
      result: await paymentResult(order, answered, report, position),
      position,
    };
  });
}
