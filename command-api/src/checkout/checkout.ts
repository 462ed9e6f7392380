import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  canonicalJson,
  centsToReais,
  checkoutMessages,
  checkoutOrderPart,
  deliveryTimeRefusal,
  formatShopClock,
  formatShopDateTime,
  orderCustomerName,
  orderUnits,
  parseShopDateTime,
  paymentMessages,
  paymentStreamName,
  shopDate,
  type CheckoutBody,
  type KitchenSchedule,
  type PaymentResult,
  type ShopSettings,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { ProviderPayment } from '@quitute/infra/payment-gateway';
import { activeUser } from '../accounts/accounts';
import type { UserState } from '../accounts/decider';
import { readCart } from '../cart/carts';
import type { CatalogView } from '../catalog/catalog-view';
import type { OrderState, PlacedOrder } from '../ordering/decider';
import type { OrderNumberAllocator } from '../ordering/order-number-allocator';
import { readOrder, runOrderCommand } from '../ordering/orders';
import type { ScheduleReader } from '../schedule/schedule-reader';
import {
  acceptsAnotherCard,
  attemptOf,
  paymentDecider,
  type PaymentState,
} from '../payments/decider';
import {
  CHECKOUT_NAMESPACE,
  isRefusal,
  orderPaymentId,
  providerUnavailable,
  runPaymentCommand,
  withPaymentLane,
  type PaymentWork,
} from '../payments/payments';
import {
  emptyAggregate,
  type CommandContext,
  type LoadedAggregate,
} from '../shared/handle-command';
import { boletoDueDay } from './boleto-due';
import { deliveryCharge } from './delivery-charge';
import {
  checkoutAttemptOf,
  claimOrderHolds,
  linesKey,
  tooSlowToPlace,
  type OrderHolds,
} from './order-holds';
import { paymentResult } from './payment-result';
import { priceLines, type WantedLine } from './pricing';
import { orderDeliveryDate, paymentRequest, providerRequest } from './provider-request';

export interface CheckoutWork extends PaymentWork {
  catalog: CatalogView;
  allocator: OrderNumberAllocator;
  pixExpiryMinutes: number;
  notificationUrl?: string | undefined;
  /** The account placing the order (its e-mail is the order's): the session view's, else its stream. */
  userState: (userId: string) => Promise<UserState>;
  /** Issue 40: the kitchen's calendar, read at each checkout (its hours, closed dates and capacity). */
  schedule: ScheduleReader;
}

export type CheckoutOutcome =
  /** The provider returned a payment (whatever its status): 200. */
  | { kind: 'paid'; result: PaymentResult; position: number }
  /** The provider refused the request itself: 400 with its message. */
  | { kind: 'refused'; message: string; position: number }
  /** The client's total is not the catalogue's: 409 with the server's total. */
  | { kind: 'totalChanged'; totalCents: number };

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
  // Read at each checkout: the fee and the shop's name are those saved last.
  const shop = await work.shopSettings.current();
  let order: PlacedOrder;
  let orderPosition = existing.position;
  if (existing.state.placed !== null) {
    if (!sameOrder(existing.state.placed.requestFingerprint, body)) {
      throw new AppError('conflict', checkoutMessages.idempotencyKeyReused);
    }
    order = existing.state.placed;
  } else {
    const placed = await placeOrder(work, body, { orderId, fingerprint }, existing, context, shop);
    if ('totalCents' in placed) return { kind: 'totalChanged', totalCents: placed.totalCents };
    order = placed.placed;
    orderPosition = placed.position;
  }
  // A payment is requested only for a placed order: the payment of an order
  // that was not placed before this checkout has no stream yet (a retry racing
  // this one makes the append conflict, and the stream is read then).
  const paymentStream = existing.state.placed === null ? emptyAggregate(paymentDecider) : undefined;
  const orderCancelled = existing.state.placed !== null && existing.state.status === 'cancelled';
  return withPaymentLane(work.stores, order.paymentId, () =>
    payOrder(work, order, body, context, {
      orderPosition,
      paymentStream,
      orderCancelled,
      shopName: shop.name,
    }),
  );
}

/** One order per customer and Idempotency-Key: a retry finds the order it placed. */
export function checkoutOrderId(userId: string, idempotencyKey: string): string {
  return uuidv5(`${userId}:${idempotencyKey}`, CHECKOUT_NAMESPACE);
}

/**
 * What makes two checkout requests the same order. The card token and device id
 * are left out: a token is single-use, so a browser retrying after no answer
 * sends a fresh one under the same key, and the provider answers that retry
 * with the first payment (same idempotency key) without charging again. So is
 * how it is paid (checkoutOrderPart): after a declined card, another card or
 * another method pays the same order; otherwise the request's method must be
 * its payment's (payOrder checks it).
 */
export function requestFingerprint(body: CheckoutBody): string {
  return createHash('sha256')
    .update(canonicalJson(checkoutOrderPart(body)))
    .digest('hex');
}

/** The fingerprint of orders placed before issue 36, which kept how the order was paid. */
function fingerprintWithCard(body: CheckoutBody): string {
  const { token: _token, deviceId: _deviceId, ...order } = body;
  return createHash('sha256').update(canonicalJson(order)).digest('hex');
}

/** Whether a request is the one that placed the order (a retry of it, or another card after a decline). */
function sameOrder(placedFingerprint: string, body: CheckoutBody): boolean {
  return (
    placedFingerprint === requestFingerprint(body) ||
    placedFingerprint === fingerprintWithCard(body)
  );
}

/** Each step of a checkout is a command of its own (its own event ids), all caused by the request. */
function step(context: CommandContext, name: string): CommandContext {
  return {
    ...context,
    commandId: uuidv5(`${context.commandId}:${name}`, CHECKOUT_NAMESPACE),
    causationId: context.causationId ?? context.commandId,
  };
}

/**
 * A new order from the request: priced (the items at the catalogue's prices, the
 * delivery at its zone's fee), checked against the client's total, numbered,
 * placed. Its e-mail is the account's: the one typed at checkout is not what the
 * order's messages and the provider's payer get.
 */
async function placeOrder(
  work: CheckoutWork,
  body: CheckoutBody,
  ids: { orderId: string; fingerprint: string },
  existing: LoadedAggregate<OrderState>,
  context: CommandContext,
  shop: ShopSettings,
): Promise<{ placed: PlacedOrder; position: number } | { totalCents: number }> {
  const { wanted, linesFrom } = await wantedLines(work, body);
  const lines = await priceLines(work.catalog, wanted);
  if (lines.length === 0) throw new AppError('validation', checkoutMessages.emptyOrder);
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (itemsCents === 0) throw new AppError('validation', checkoutMessages.zeroTotal);
  // An address is the courier's (delivery) or the boleto payer's: a pickup paid
  // otherwise keeps none, so nobody reads one on its order as where to deliver.
  const address =
    body.deliveryType === 'delivery' || body.paymentMethod === 'boleto' ? body.address : undefined;
  const delivery = deliveryCharge(shop.deliveryZones, {
    deliveryType: body.deliveryType,
    zipCode: address?.zipCode,
    itemsCents,
  });
  const totalCents = itemsCents + delivery.feeCents;
  if (Math.abs(body.total - centsToReais(totalCents)) > 0.005) return { totalCents };
  const deliveryDate = parseShopDateTime(body.deliveryDate);
  if (!deliveryDate) throw new AppError('validation', checkoutMessages.dateRequired);
  // Issue 40: the kitchen's calendar as saved last, before anything is claimed.
  const schedule = await work.schedule.current();
  refuseOutsideTheCalendar(schedule, body, deliveryDate, context);
  // A boleto that cannot clear before the date is refused before anything is placed.
  if (body.paymentMethod === 'boleto') boletoDueDay(new Date(context.occurredAt), deliveryDate);
  const account = activeUser(await work.userState(body.userId));

  // Issue 38: a slot among the account's unpaid orders and the units of each product, or 409.
  const checkoutAttempt = checkoutAttemptOf(ids.fingerprint, lines);
  const holds = await claimOrderHolds(
    work.stores,
    {
      userId: body.userId,
      orderId: ids.orderId,
      checkoutAttempt,
      lines,
      day: {
        date: shopDate(deliveryDate),
        units: orderUnits(lines, schedule.kitUnits),
        capacityUnits: schedule.dailyCapacityUnits,
      },
    },
    context,
  );
  try {
    const placed = await numberAndPlace(work, body, ids, existing, context, {
      lines,
      linesFrom,
      totalCents,
      delivery,
      deliveryDate,
      address,
      email: account.email,
      holds,
    });
    // Another request under the same key placed it (same body, a cart that changed since):
    // the order keeps the units its own request claimed, and this one gives its own back.
    if (linesKey(placed.placed.items) !== linesKey(lines)) await holds.giveBackUnits();
    return placed;
  } catch (error) {
    // Nothing placed for this request (refused, or failed): what it claimed goes back now,
    // unless the order stands after all (an answer lost after the append).
    const now = await readOrder(work.stores, ids.orderId).catch(() => null);
    const stands = now?.state.placed?.requestFingerprint === ids.fingerprint;
    if (now && !stands) await holds.giveBack();
    throw error;
  }
}

/**
 * A date and time the kitchen's calendar does not offer (too soon, past the
 * horizon, a closed date or weekday, outside the day's slots) is refused with
 * its own pt-BR message (400). The time is the shop's wall clock.
 */
function refuseOutsideTheCalendar(
  schedule: KitchenSchedule,
  body: CheckoutBody,
  deliveryDate: Date,
  context: CommandContext,
): void {
  const refusal = deliveryTimeRefusal(
    schedule,
    body.deliveryType,
    { date: shopDate(deliveryDate), time: formatShopClock(deliveryDate) },
    new Date(context.occurredAt),
  );
  if (refusal !== null) throw new AppError('validation', refusal);
}

/** The order numbered and placed on the holds its checkout claimed. */
async function numberAndPlace(
  work: CheckoutWork,
  body: CheckoutBody,
  ids: { orderId: string; fingerprint: string },
  existing: LoadedAggregate<OrderState>,
  context: CommandContext,
  priced: {
    lines: PlacedOrder['items'];
    linesFrom: PlacedOrder['linesFrom'];
    totalCents: number;
    delivery: ReturnType<typeof deliveryCharge>;
    deliveryDate: Date;
    address: CheckoutBody['address'] | undefined;
    email: string;
    holds: OrderHolds;
  },
): Promise<{ placed: PlacedOrder; position: number }> {
  const { lines, linesFrom, totalCents, delivery, deliveryDate, address, holds } = priced;
  const orderNumber = await work.allocator.assign(ids.orderId, step(context, 'order-number'));
  if (!holds.stillPlaceable()) {
    await holds.giveBack();
    throw tooSlowToPlace();
  }
  const order: PlacedOrder = {
    orderId: ids.orderId,
    orderNumber,
    paymentId: orderPaymentId(ids.orderId),
    paymentMethod: body.paymentMethod,
    customer: {
      userId: body.userId,
      name: orderCustomerName(body.firstName, body.lastName),
      email: priced.email,
      cpf: body.docNumber,
      ...(body.phone ? { phone: body.phone } : {}),
    },
    items: lines,
    totalCents,
    deliveryFeeCents: delivery.feeCents,
    ...(delivery.zone === null ? {} : { deliveryZone: delivery.zone }),
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
    ...(body.notes ? { notes: body.notes } : {}),
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

/** The lines asked for: the request's when it names any, else the customer's cart. */
async function wantedLines(
  work: CheckoutWork,
  body: CheckoutBody,
): Promise<{ wanted: WantedLine[]; linesFrom: PlacedOrder['linesFrom'] }> {
  const items = body.items ?? [];
  if (items.length > 0) {
    const wanted = items.map((item) => ({
      ref: { id: item.id, nome: item.title },
      quantity: item.quantity,
      named: true,
    }));
    return { wanted, linesFrom: 'request' };
  }
  const cart = await readCart(work.stores, body.userId);
  const wanted = cart.state.lines.map((line) => ({
    ref: { id: line.productId, nome: '' },
    quantity: line.quantidade,
    named: false,
  }));
  return { wanted, linesFrom: 'cart' };
}

/**
 * The order's payment, in its lane: requested (once), created at the provider
 * (a refusal recorded as such) and the provider's answer recorded; a payment
 * the provider already answered is answered from what was recorded.
 */
async function payOrder(
  work: CheckoutWork,
  order: PlacedOrder,
  body: CheckoutBody,
  context: CommandContext,
  known: {
    orderPosition: number;
    paymentStream: LoadedAggregate<PaymentState> | undefined;
    orderCancelled: boolean;
    /** Names the shop in the payment's description at the provider. */
    shopName: string;
  },
): Promise<CheckoutOutcome> {
  let requested = await runPaymentCommand(
    work,
    order.paymentId,
    { type: 'RequestPayment', request: paymentRequest(order, body, work.gateway.provider) },
    step(context, 'request-payment'),
    known.paymentStream,
  );
  if (requested.state.request !== null && acceptsAnotherCard(requested.state)) {
    // Another card, or another method, for the declined card (issue 36): the same order,
    // its payment requested again.
    if (known.orderCancelled) {
      throw new AppError('conflict', checkoutMessages.orderClosedForAnotherCard);
    }
    if (body.paymentMethod === 'boleto') {
      boletoDueDay(new Date(context.occurredAt), orderDeliveryDate(order));
    }
    const attempt = attemptOf(requested.state.request) + 1;
    requested = await runPaymentCommand(
      work,
      order.paymentId,
      {
        type: 'RequestPayment',
        request: paymentRequest(order, body, work.gateway.provider, attempt),
      },
      step(context, `request-payment-${attempt}`),
      requested,
    );
  }
  const payment = requested.state;
  if (payment.request === null) throw new Error(`payment ${order.paymentId} was not requested`);
  // The same key with another method, outside another attempt, is another request.
  if (payment.request.method !== body.paymentMethod) {
    throw new AppError('conflict', checkoutMessages.idempotencyKeyReused);
  }
  const at = (position: number) => Math.max(known.orderPosition, position);

  if (payment.stage !== 'requested') {
    if (payment.providerPaymentId === null && payment.stage === 'rejected') {
      return { kind: 'refused', message: payment.statusDetail, position: at(requested.position) };
    }
    const position = at(requested.position);
    return { kind: 'paid', result: await paymentResult(order, payment, null, position), position };
  }

  // A request this checkout appended was made now (its event says so, unread).
  const since =
    requested.appended.length > 0
      ? new Date(context.occurredAt)
      : await requestedAt(work, order.paymentId);
  let report: ProviderPayment;
  try {
    report = await work.gateway.create(
      providerRequest(order, body, {
        requestedAt: since,
        pixExpiryMinutes: work.pixExpiryMinutes,
        notificationUrl: work.notificationUrl,
        request: payment.request,
        shopName: known.shopName,
      }),
    );
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
  const answered = recorded.state;
  if (answered.request === null) throw new Error(`payment ${order.paymentId} was not requested`);
  const position = at(recorded.position);
  return { kind: 'paid', result: await paymentResult(order, answered, report, position), position };
}

/**
 * When the payment's attempt was requested: its expiry counts from there on every
 * retry (a payment stream is short: a request or two and a few statuses).
 */
async function requestedAt(work: CheckoutWork, paymentId: string): Promise<Date> {
  const events = await work.stores.eventStore.readStream(paymentStreamName(paymentId));
  const request = events.findLast((event) => event.type === 'PaymentRequested');
  if (!request) throw new Error(`payment ${paymentId} has no request`);
  return new Date(request.metadata.occurredAt);
}
