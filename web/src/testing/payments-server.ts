import {
  checkoutMessages,
  DEFAULT_SHOP_SETTINGS,
  deliveryQuote,
  deliveryZoneFor,
  FIRST_ORDER_NUMBER,
  paymentRejectedMessage,
  paymentStatusMessage,
  type CepLookup,
  type DeliveryZone,
  type OrderDto,
  type PaymentMethod,
  type PaymentResult,
  type PaymentStatus,
  type PaymentStatusDto,
} from '@quitute/contracts';
import type { AuthUser } from '../features/auth/model/auth-types';
import { isRecord } from '../lib/is-record';
import { fakeCartServer } from './cart-server';
import { kitchenSchedule, scheduleAnswer, type FakeSchedule } from './schedule';
import { json } from './fetch-stub';

/** A 1×1 PNG, base64: what a Pix QR image looks like on the wire. */
export const PIX_QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const PIX_COPIA_E_COLA =
  '00020126580014br.gov.bcb.pix0136000000000-0000-0000-0000-000000000000520400005303986540518.005802BR5907Quitute6009SAO PAULO62070503***6304ABCD';
/** Until when the fake's Pix can be paid: 14:32 in São Paulo, days after any test runs. */
export const PIX_EXPIRES_AT = '2030-11-28T17:32:00.000Z';
/** A linha digitável as the server sends it: digits only. */
export const BOLETO_LINE = '23790000090000000000000000000000100000000001800';

/** CEPs the fake's GET /api/cep knows. */
export const KNOWN_CEPS: Record<string, CepLookup> = {
  '01001000': {
    zipCode: '01001000',
    streetName: 'Praça da Sé',
    streetNumber: '',
    neighborhood: 'Sé',
    city: 'São Paulo',
    federalUnit: 'SP',
  },
};

/** What the fake provider does with a card: approve at once, keep it in review, or refuse it. */
export type CardOutcome = 'approved' | 'in_process' | 'rejected';

interface FakePayment {
  paymentId: string;
  orderId: string;
  orderNumber: number;
  method: PaymentMethod;
  status: PaymentStatus;
  providerStatus: string;
  statusDetail: string;
}

export interface CheckoutCall {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Handler = (url: URL, request: Request) => Response | undefined | Promise<Response | undefined>;

function statusDto(payment: FakePayment): PaymentStatusDto {
  return {
    paymentId: payment.paymentId,
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    paymentStatus: payment.status,
    status: payment.providerStatus,
    statusDetail: payment.statusDetail,
    paymentMethod: payment.method,
    message: paymentStatusMessage(payment.status, payment.method, payment.statusDetail),
  };
}

/** An order as GET /api/orders answers it; `overrides` changes what a test needs. */
export function orderDto(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: 'a3f1c2d4-0000-4000-8000-000000000001',
    orderNumber: FIRST_ORDER_NUMBER,
    items: [
      {
        item: {
          name: 'Coxinha de Frango',
          price: 0.6,
          category: 'Salgados Fritos',
          productId: 'coxinha-de-frango',
        },
        quantity: 50,
      },
      {
        item: {
          name: 'Brigadeiro',
          price: 0.7,
          category: 'Doces Tradicionais',
          productId: 'brigadeiro',
        },
        quantity: 30,
      },
    ],
    total: 51,
    orderStatus: 'pending',
    paymentStatus: 'pending',
    deliveryType: 'pickup',
    deliveryDate: '2030-11-25T14:30:00-03:00',
    customerName: 'Maria da Silva',
    customerEmail: 'maria@example.com',
    customerPhone: '11987654321',
    customerCpf: '52998224725',
    deliveryFee: 0,
    customerAddress: null,
    createdAt: '2030-11-20T13:05:00.000Z',
    paymentMethod: 'pix',
    paymentId: '1234567890',
    externalReference: 'a3f1c2d4-0000-4000-8000-000000000001',
    details: '',
    refundedTotal: 0,
    refunds: [],
    chargeback: null,
    ...overrides,
  };
}

/**
 * The shop's backend for checkout, payments and orders tests, on top of the
 * cart fake (which answers /health, the profile, products and the cart):
 * - POST /payments/mercadopago/transparent-checkout answers a payment result
 *   (Pix QR, boleto, or the card's `cardOutcome`, or the next of `cardOutcomes`),
 *   the same one again for an Idempotency-Key it has seen, but another card or
 *   method after a declined card pays the same order (its number), as command-api does;
 * - GET /payments/process-payment/{id} answers the payment's status, which a
 *   test moves with approve() and friends;
 * - POST /payments/cancel-payment, POST /simulator/card_tokens,
 *   GET /api/payments/config, GET /api/cep/{cep};
 * - GET /api/orders (limit, orderStatus, dateFilter) and /api/orders/{id} over `orders`;
 * - GET /api/delivery/quote over `zones` (the seeded zone by default), as query-api prices it;
 * - GET /api/schedule and /api/schedule/availability over `schedule` (issue 40: the
 *   default calendar, nothing held), as query-api answers them with the contracts' rules.
 * `answer` may take over any request first.
 */
export function fakePaymentsServer({
  user,
  orders = [],
  provider = 'simulator',
  cardOutcome = 'approved',
  cardOutcomes = [],
  now = () => Date.now(),
  zones = DEFAULT_SHOP_SETTINGS.deliveryZones,
  schedule = { calendar: kitchenSchedule(), reserved: {} },
  answer,
}: {
  user: AuthUser;
  orders?: OrderDto[];
  provider?: 'simulator' | 'mercadopago';
  cardOutcome?: CardOutcome;
  /** The outcomes of the card payments one after the other; `cardOutcome` once they run out. */
  cardOutcomes?: CardOutcome[];
  now?: () => number;
  /** The shop's delivery zones (money in centavos, as its settings hold them). */
  zones?: readonly DeliveryZone[];
  /** The kitchen's calendar and the units each day already holds. */
  schedule?: FakeSchedule;
  answer?: Handler;
}) {
  const payments = new Map<string, FakePayment>();
  const byKey = new Map<string, PaymentResult>();
  const checkouts: CheckoutCall[] = [];
  let nextNumber = FIRST_ORDER_NUMBER;
  let position = 500;

  const setStatus = (paymentId: string, status: PaymentStatus, providerStatus: string) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    payment.status = status;
    payment.providerStatus = providerStatus;
  };

  const outcomes = [...cardOutcomes];

  function place(
    body: Record<string, unknown>,
    order?: { orderId: string; orderNumber: number },
  ): PaymentResult {
    const method = body['paymentMethod'];
    if (
      method !== 'pix' &&
      method !== 'boleto' &&
      method !== 'credit_card' &&
      method !== 'debit_card'
    ) {
      throw new Error('fake checkout got no method');
    }
    const orderNumber = order?.orderNumber ?? nextNumber++;
    const orderId = order?.orderId ?? `order-${orderNumber}`;
    const paymentId = String(9_000_000_000 + orderNumber + (order ? payments.size * 100_000 : 0));
    const card = method === 'credit_card' || method === 'debit_card';
    const outcome = card ? (outcomes.shift() ?? cardOutcome) : cardOutcome;
    const [status, providerStatus, statusDetail]: [PaymentStatus, string, string] = !card
      ? [
          'pending',
          'pending',
          method === 'pix' ? 'pending_waiting_transfer' : 'pending_waiting_payment',
        ]
      : outcome === 'approved'
        ? ['approved', 'approved', 'accredited']
        : outcome === 'in_process'
          ? ['in_review', 'in_process', 'pending_review_manual']
          : ['rejected', 'rejected', 'cc_rejected_other_reason'];
    const payment: FakePayment = {
      paymentId,
      orderId,
      orderNumber,
      method,
      status,
      providerStatus,
      statusDetail,
    };
    payments.set(paymentId, payment);
    position += 1;
    return {
      status: providerStatus,
      statusDetail,
      paymentId,
      orderId,
      orderNumber,
      paymentStatus: status,
      paymentMethod: method,
      message:
        status === 'rejected'
          ? paymentRejectedMessage(statusDetail)
          : paymentStatusMessage(status, method, statusDetail),
      ...(method === 'pix'
        ? {
            pixQrCode: PIX_COPIA_E_COLA,
            pixQrCodeBase64: PIX_QR_PNG,
            ticketUrl: `/simulator/payments/${paymentId}`,
            pixExpirationDate: PIX_EXPIRES_AT,
          }
        : {}),
      ...(method === 'boleto'
        ? {
            boletoUrl: `/simulator/payments/${paymentId}`,
            boletoDigitableLine: BOLETO_LINE,
            boletoExpirationDate: '2030-11-28T23:59:59.000-03:00',
          }
        : {}),
      position,
    };
  }

  /**
   * What command-api charges (issue 37): the lines as sent (the fake has no
   * catalogue of its own) and, for a delivery, the fee of the CEP's zone; in centavos.
   */
  function serverTotalCents(body: Record<string, unknown>): number {
    const lines = Array.isArray(body['items']) ? body['items'] : [];
    const items = lines.reduce((sum: number, line: unknown) => {
      if (!isRecord(line)) return sum;
      return sum + Math.round(Number(line['unit_price']) * 100) * Number(line['quantity']);
    }, 0);
    const address = body['address'];
    const cep = isRecord(address) ? String(address['zipCode']).replace(/\D/g, '') : '';
    const zone = body['deliveryType'] === 'delivery' ? deliveryZoneFor(zones, cep) : null;
    return items + (zone?.feeCents ?? 0);
  }

  function listOrders(url: URL): OrderDto[] {
    const status = url.searchParams.get('orderStatus');
    const days = url.searchParams.get('dateFilter');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    return orders
      .filter((order) => status === null || order.orderStatus === status)
      .filter(
        (order) =>
          days === null || Date.parse(order.createdAt) >= now() - Number(days) * 24 * 3_600_000,
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, limit);
  }

  const handle: Handler = async (url, request) => {
    const custom = await answer?.(url, request);
    if (custom) return custom;
    const { pathname } = url;
    const calendar = scheduleAnswer(url, schedule, new Date(now()));
    if (calendar) return calendar;
    if (pathname === '/api/payments/config') {
      return json({ provider, publicKey: provider === 'mercadopago' ? 'TEST-public-key' : null });
    }
    const cep = /^\/api\/cep\/(.+)$/.exec(pathname)?.[1];
    if (cep !== undefined) {
      const found = KNOWN_CEPS[cep];
      return found ? json(found) : json({ message: 'CEP inválido' }, { status: 404 });
    }
    if (pathname === '/payments/mercadopago/transparent-checkout' && request.method === 'POST') {
      const body: unknown = await request.clone().json();
      if (!isRecord(body)) return json({ message: 'Requisição inválida.' }, { status: 400 });
      const idempotencyKey = request.headers.get('Idempotency-Key');
      checkouts.push({ body, idempotencyKey });
      const totalCents = serverTotalCents(body);
      if (Math.round(Number(body['total']) * 100) !== totalCents) {
        return json(
          {
            message: checkoutMessages.totalChanged,
            code: 'total_changed',
            total: totalCents / 100,
          },
          { status: 409 },
        );
      }
      const seen = idempotencyKey === null ? undefined : byKey.get(idempotencyKey);
      // After a declined card, another card or method pays the same order.
      const declined = seen?.paymentStatus === 'rejected' && seen.paymentMethod.endsWith('_card');
      const result = declined ? place(body, seen) : (seen ?? place(body));
      if (idempotencyKey !== null) byKey.set(idempotencyKey, result);
      return json(result);
    }
    const polled = /^\/payments\/process-payment\/(.+)$/.exec(pathname)?.[1];
    if (polled !== undefined) {
      const payment = payments.get(decodeURIComponent(polled));
      return payment
        ? json(statusDto(payment))
        : json({ message: 'Pagamento não encontrado.' }, { status: 404 });
    }
    if (pathname === '/payments/cancel-payment' && request.method === 'POST') {
      const body: unknown = await request.clone().json();
      const payment = isRecord(body) ? payments.get(String(body['paymentId'])) : undefined;
      if (!payment) return json({ message: 'Pagamento não encontrado.' }, { status: 404 });
      if (payment.status === 'approved') {
        return json({ message: 'Este pagamento não pode mais ser cancelado.' }, { status: 409 });
      }
      setStatus(payment.paymentId, 'cancelled', 'cancelled');
      return json({ ...statusDto(payment), message: 'Pagamento cancelado com sucesso!' });
    }
    if (pathname === '/simulator/card_tokens' && request.method === 'POST') {
      const body: unknown = await request.clone().json();
      const number = isRecord(body) ? String(body['cardNumber']).replace(/\D/g, '') : '';
      if (number.length < 13) {
        return json(
          {
            message: 'Número do cartão inválido.',
            code: 'validation',
            fields: { cardNumber: 'Número do cartão inválido.' },
          },
          { status: 400 },
        );
      }
      return json(
        { id: 'f'.repeat(32), paymentMethodId: 'master', lastFourDigits: number.slice(-4) },
        { status: 201 },
      );
    }
    if (pathname === '/api/delivery/quote') {
      const cep = (url.searchParams.get('cep') ?? '').replace(/\D/g, '');
      return /^\d{8}$/.test(cep)
        ? json(deliveryQuote(zones, cep))
        : json({ message: 'CEP inválido', code: 'validation' }, { status: 400 });
    }
    if (pathname === '/api/orders' && request.method === 'GET') return json(listOrders(url));
    const orderId = /^\/api\/orders\/(.+)$/.exec(pathname)?.[1];
    if (orderId !== undefined && request.method === 'GET') {
      const order = orders.find((candidate) => candidate._id === decodeURIComponent(orderId));
      return order ? json(order) : json({ message: 'Pedido não encontrado.' }, { status: 404 });
    }
    return undefined;
  };

  const cart = fakeCartServer({ user, answer: handle });
  return {
    cart,
    get requests() {
      return cart.requests;
    },
    checkouts,
    /** The payment the last checkout created. */
    lastPaymentId(): string {
      const ids = [...payments.keys()];
      const last = ids.at(-1);
      if (last === undefined) throw new Error('no payment yet');
      return last;
    },
    approve(paymentId: string) {
      setStatus(paymentId, 'approved', 'approved');
    },
    reject(paymentId: string) {
      setStatus(paymentId, 'rejected', 'rejected');
    },
    /** The calls made to `pathname` (prefix), as 'METHOD /path'. */
    calls(prefix: string): string[] {
      return cart.requests
        .map((request) => `${request.method} ${new URL(request.url).pathname}`)
        .filter((call) => call.split(' ')[1]?.startsWith(prefix));
    },
    /** The query strings of the GETs to `pathname`, in order. */
    queries(pathname: string): string[] {
      return cart.requests
        .filter((request) => request.method === 'GET')
        .map((request) => new URL(request.url))
        .filter((url) => url.pathname === pathname)
        .map((url) => url.search);
    },
  };
}
