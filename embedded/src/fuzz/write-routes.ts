import fc from 'fast-check';
import {
  CATEGORIES,
  COOKIE_CONSENT_VALUES,
  DEFAULT_KITCHEN_SCHEDULE,
  DEFAULT_SHOP_SETTINGS,
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  WEEKDAYS,
  shopSettingsToAdminFields,
} from '@quitute/contracts';
import { signWebhook } from '@quitute/infra/payment-gateway';
import type { RouteShape } from './requests';
import { pixCheckout, validDeliveryDate, type FuzzShop } from './shop';

/** Who calls a route so that its request reaches the route's own validation. */
export type Caller = 'anonymous' | 'customer' | 'admin';

export interface FuzzEntry {
  caller: Caller;
  shape: (shop: FuzzShop) => Omit<RouteShape, 'path'>;
  /** Why a 429 is a fine answer here: a limit by design that the shop's options do not lift. */
  rateLimitedByDesign?: string;
  /** Refusals (by `code`) that record what happened by design, and why: the store may grow on them. */
  recordedRefusals?: Record<string, string>;
  /** Fewer runs for a route whose every accepted request costs a lot (a rebuild). */
  numRuns?: number;
}

/** Any text, short or long, any code point. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 60 });
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer({ min: -1_000, max: 1_000_000 }),
  fc.constantFrom(0, -1, 0.005, 1e21, Number.MAX_SAFE_INTEGER),
);
/** Mostly what the rule takes (cents, units), else any number. */
const mostlyReais = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100) },
  { weight: 2, arbitrary: anyNumber },
);
const mostlyUnits = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 150 }) },
  { weight: 2, arbitrary: anyNumber },
);
const day = (date: Date) => date.toISOString().slice(0, 10);
/** A sale's date: a past day or instant since 2020 mostly, else any date. */
const saleDate = fc.oneof(
  fc
    .date({ min: new Date('2019-12-31T00:00:00Z'), max: new Date(), noInvalidDate: true })
    .chain((date) => fc.constantFrom(day(date), date.toISOString(), `${day(date)}T23:59`)),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constant(day(new Date(Date.now() + 2 * 86_400_000))),
);
/** A delivery time: around the two-day minimum mostly, at any hour, else any date. */
const deliveryDate = fc.oneof(
  fc.constant(validDeliveryDate()),
  fc
    .tuple(fc.integer({ min: -2, max: 400 }), fc.integer({ min: 0, max: 25 }), fc.nat(60))
    .map(
      ([days, hour, minute]) =>
        `${day(new Date(Date.now() + days * 86_400_000))}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    ),
);
/** A date or time as a client might spell one, real or not. */
const anyDate = fc.oneof(
  fc.constant(validDeliveryDate()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc
    .tuple(
      fc.integer({ min: 0, max: 99_999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(
      ([year, month, day, hour, minute]) =>
        `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${hour}:${minute}`,
    ),
  anyText,
);
const menuIds = (shop: FuzzShop) =>
  fc.oneof(
    fc.constantFrom(shop.ids.menuProductId, 'brigadeiro', 'kit-festa-50', shop.ids.productId),
    anyText,
    fc.integer(),
  );
const address = fc.record(
  {
    zipCode: fc.oneof(fc.stringMatching(/^\d{5}-?\d{3}$/), anyText),
    streetName: anyText,
    streetNumber: anyText,
    neighborhood: anyText,
    city: anyText,
    federalUnit: fc.oneof(fc.stringMatching(/^[A-Za-z]{2}$/), anyText),
    complement: anyText,
  },
  { requiredKeys: [] },
);

/** The valid value five times in six, else the arbitrary one: the other fields must hold for a rule to be reached. */
const mostly = <T, U>(valid: T, other: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: other });
const validAddress = {
  zipCode: '01310-100',
  streetName: 'Avenida Paulista',
  streetNumber: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  federalUnit: 'SP',
};

const route = (shape: FuzzEntry['shape']) => shape;

/**
 * Every POST/PUT/PATCH of the embedded shop, keyed `METHOD path` as its route
 * table spells it. The suite fails on a write route missing here, so a route
 * added later is fuzzed as soon as it has its entry.
 */
export const fuzzEntries: Record<string, FuzzEntry> = {
  'POST /api/auth/register': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: {
        name: 'Ana Lima',
        email: 'ana@example.com',
        password: 'Segredo123',
        recaptchaToken: 'x',
      },
      params: {},
    })),
  },
  'POST /api/auth/login': {
    caller: 'anonymous',
    shape: route((shop) => ({
      valid: { email: shop.customer.email, password: 'Segredo123', recaptchaToken: 'x' },
      params: {},
    })),
  },
  // Reads no body. Called without a token: with the customer's, the first request that
  // passed would end her session and every route fuzzed after it would only meet 401s.
  'POST /api/auth/logout': {
    caller: 'anonymous',
    shape: route(() => ({ valid: {}, params: {} })),
  },
  'POST /api/auth/reset-password': {
    caller: 'anonymous',
    shape: route((shop) => ({
      valid: { email: shop.customer.email },
      params: {},
      validShaped: fc.record({ email: fc.oneof(fc.emailAddress(), anyText) }),
    })),
  },
  'POST /api/auth/reset-password/confirm': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: { token: 'a'.repeat(43), newPassword: 'Segredo123' },
      params: {},
      validShaped: fc.record({ token: anyText, newPassword: fc.constant('Segredo123') }),
    })),
  },
  'PUT /api/users/profile': {
    caller: 'customer',
    shape: route(() => ({
      valid: { name: 'Maria Souza', phone: '11987654321', address: 'Rua das Flores, 10' },
      params: {},
      validShaped: fc.record(
        {
          name: fc.constantFrom('Maria Souza', 'Maria da Silva'),
          phone: fc.oneof(fc.stringMatching(/^\+?[\d ()-]{0,20}$/), anyText),
          address: anyText,
        },
        { requiredKeys: [] },
      ),
    })),
  },
  'PUT /api/users/preferences': {
    caller: 'customer',
    shape: route(() => ({
      valid: { notifications: { email: true, sms: false } },
      params: {},
      validShaped: fc.record({
        notifications: fc.record({ email: fc.boolean(), sms: fc.boolean() }),
      }),
    })),
  },
  // Issue 41. A made-up link: the fuzz reaches the link check, never a real account.
  'POST /api/users/confirm-email': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: { token: 'eyJhIjoxfQ.bWFkZS11cA' },
      params: {},
      validShaped: fc.record({ token: anyText }),
    })),
  },
  // Reads no body: each accepted request asks for the customer's confirmation link again.
  'POST /api/users/email-confirmation': {
    caller: 'customer',
    shape: route(() => ({ valid: {}, params: {} })),
  },
  // The token rides in the query (RFC 8058's List-Unsubscribe URL); the body is at most the one-click field.
  'POST /api/notifications/unsubscribe': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: {},
      params: {},
      validShapedRequests: fc
        .record({
          token: fc.oneof(anyText, fc.stringMatching(/^[\w-]{1,80}\.[\w-]{1,60}$/)),
          body: fc.oneof(fc.constant({}), fc.jsonValue({ maxDepth: 1 })),
        })
        .map(({ token, body }) => ({
          query: `?${new URLSearchParams({ token })}`,
          headers: {},
          body,
        })),
    })),
  },
  'POST /carrinho': {
    caller: 'customer',
    shape: route((shop) => ({
      valid: {
        userId: shop.customer.userId,
        item: { id: shop.ids.menuProductId, nome: 'Coxinha de Frango', preco: 0.6 },
        quantidade: 20,
      },
      params: {},
      validShaped: fc.record({
        userId: fc.constant(shop.customer.userId),
        item: fc.record({ id: menuIds(shop), nome: fc.constant('Coxinha'), preco: anyNumber }),
        quantidade: mostlyUnits,
      }),
    })),
  },
  'POST /carrinho/sync': {
    caller: 'customer',
    shape: route((shop) => ({
      valid: {
        userId: shop.customer.userId,
        itens: [
          {
            item: { id: shop.ids.menuProductId, nome: 'Coxinha de Frango', preco: 0.6 },
            quantidade: 20,
          },
        ],
      },
      params: {},
      validShaped: fc.record({
        userId: fc.constant(shop.customer.userId),
        itens: fc.array(
          fc.record({
            item: fc.record({ id: menuIds(shop), nome: fc.constant('Coxinha'), preco: anyNumber }),
            quantidade: mostlyUnits,
          }),
          { maxLength: 4 },
        ),
      }),
    })),
  },
  'POST /payments/mercadopago/transparent-checkout': {
    caller: 'customer',
    recordedRefusals: {
      payment_refused:
        'the order was placed and the provider refused its payment: both are facts the order history shows, then the order is cancelled',
    },
    shape: route((shop) => {
      const valid = pixCheckout(shop.customer, shop.ids.menuProductId);
      return {
        valid,
        params: {},
        validShaped: fc.record(
          {
            userId: fc.constant(valid.userId),
            email: fc.constant(valid.email),
            docNumber: mostly(valid.docNumber, fc.stringMatching(/^\d{11}$/)),
            firstName: fc.constant(valid.firstName),
            total: mostly(valid.total, anyNumber),
            items: fc.oneof(
              { weight: 2, arbitrary: fc.constant(valid.items) },
              fc.array(
                fc.record({
                  id: menuIds(shop),
                  title: fc.constant('Coxinha'),
                  unit_price: anyNumber,
                  quantity: mostlyUnits,
                }),
                { maxLength: 4 },
              ),
              fc.constant(undefined),
            ),
            paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
            paymentMethodId: fc.constantFrom('pix', 'bolbradesco', 'visa', 'master', 'x'),
            token: fc.oneof(fc.constantFrom(...shop.ids.cardTokens), anyText),
            installments: mostly(1, anyNumber),
            deliveryType: fc.constantFrom(...DELIVERY_TYPES),
            deliveryDate,
            address: mostly(validAddress, address),
            phone: mostly('(11) 98765-4321', anyText),
            deliveryFee: mostly(0, anyNumber),
          },
          {
            requiredKeys: [
              'userId',
              'email',
              'docNumber',
              'firstName',
              'total',
              'paymentMethod',
              'paymentMethodId',
              'deliveryType',
              'deliveryDate',
            ],
          },
        ),
      };
    }),
  },
  'POST /payments/cancel-payment': {
    caller: 'customer',
    shape: route((shop) => ({
      valid: { paymentId: shop.ids.cancelPaymentId },
      params: {},
      validShaped: fc.record({
        paymentId: fc.oneof(
          fc.constantFrom(shop.ids.cancelPaymentId, shop.ids.simulatorPaymentId),
          anyText,
        ),
      }),
    })),
  },
  'POST /payments/webhook': {
    caller: 'anonymous',
    shape: route((shop) => ({
      valid: {
        type: 'payment',
        action: 'payment.updated',
        data: { id: shop.ids.simulatorPaymentId },
      },
      params: {},
      // Signed as the provider signs: the notification reaches the payment it names, or none.
      validShapedRequests: fc
        .record({
          dataId: fc.oneof(
            fc.constantFrom(shop.ids.simulatorPaymentId, shop.ids.cancelPaymentId),
            fc.stringMatching(/^\d{1,20}$/),
            anyText,
          ),
          requestId: fc.oneof(fc.uuid(), fc.stringMatching(/^[\x21-\x7e]{0,40}$/)),
          topic: fc.oneof(fc.constantFrom('payment', 'merchant_order'), anyText),
          body: fc.jsonValue({ maxDepth: 2 }),
          inQuery: fc.boolean(),
        })
        .map(({ dataId, requestId, topic, body, inQuery }) => {
          const ts = String(Date.now());
          return {
            query: inQuery ? `?${new URLSearchParams({ 'data.id': dataId, type: topic })}` : '',
            headers: {
              'x-signature': signWebhook(shop.webhookSecret, { dataId, requestId, ts }),
              'x-request-id': requestId,
            },
            body: inQuery ? body : { type: topic, action: 'payment.updated', data: { id: dataId } },
          };
        }),
    })),
  },
  'POST /api/reviews': {
    caller: 'customer',
    shape: route((shop) => ({
      valid: { productId: shop.ids.menuProductId, rating: 5, comment: 'Muito bom!' },
      params: {},
      validShaped: fc.record(
        {
          productId: menuIds(shop),
          productName: anyText,
          rating: fc.oneof(fc.integer({ min: 0, max: 6 }), anyNumber),
          comment: anyText,
          userName: fc.jsonValue(),
          userEmail: fc.jsonValue(),
        },
        { requiredKeys: ['rating'] },
      ),
    })),
  },
  'POST /api/reviews/:id/report': {
    caller: 'customer',
    shape: route((shop) => ({ valid: {}, params: { id: shop.ids.approvedReviewId } })),
  },
  'POST /api/cookie-consent': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: { consent: 'accepted' },
      params: {},
      validShaped: fc.record({
        consent: fc.oneof(fc.constantFrom(...COOKIE_CONSENT_VALUES), anyText),
      }),
    })),
  },
  'POST /api/custom-orders': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: {
        nome: 'Marina Souza',
        email: 'marina@example.com',
        telefone: '(11) 98765-4321',
        dataEvento: day(new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)),
        descricao: 'Aniversário de 40 anos, 80 convidados.',
      },
      params: {},
      validShaped: fc.record({
        nome: anyText,
        email: fc.oneof(fc.emailAddress(), anyText),
        telefone: fc.oneof(fc.stringMatching(/^\+?[\d ()-]{0,20}$/), anyText),
        dataEvento: fc.oneof(saleDate, anyDate),
        descricao: fc.string({ unit: 'grapheme', maxLength: 2_100 }),
      }),
    })),
  },
  'POST /api/chatbot': {
    caller: 'anonymous',
    shape: route(() => ({
      valid: { message: 'Qual o horário de funcionamento?' },
      params: {},
      validShaped: fc.record({ message: fc.string({ unit: 'grapheme', maxLength: 600 }) }),
    })),
  },
  'POST /api/admin/products': {
    caller: 'admin',
    shape: route(() => ({
      valid: { name: 'Pão de Mel', price: 4.5, category: 'Doces Finos', stock: 10 },
      params: {},
      validShaped: fc.record(
        {
          name: fc.oneof(fc.constant('Empada'), anyText),
          price: mostlyReais,
          category: fc.constantFrom(...CATEGORIES),
          stock: mostlyUnits,
          description: anyText,
          imageUrl: fc.oneof(fc.webUrl(), anyText, fc.constant(null)),
          isActive: fc.boolean(),
        },
        { requiredKeys: ['name', 'price', 'category', 'stock'] },
      ),
    })),
  },
  'PUT /api/admin/products/:id': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: { name: 'Bolo de Fubá', price: 30, category: 'Doces Tradicionais', stock: 10 },
      params: { id: shop.ids.productId },
      validShaped: fc.record({
        name: fc.constant('Bolo de Fubá'),
        price: mostlyReais,
        category: fc.constantFrom(...CATEGORIES),
        stock: mostlyUnits,
      }),
    })),
  },
  'POST /api/admin/products/photos': {
    caller: 'admin',
    // The body is the picture's bytes (image/*): every JSON or other body here is refused
    // with the photo's message; hostile pictures are command-api's photos.test.
    shape: route(() => ({ valid: {}, params: {} })),
  },
  'POST /api/admin/products/sync': {
    caller: 'admin',
    shape: route(() => ({
      valid: { items: [{ name: 'Pão de Mel', price: 4.5, category: 'Doces Finos' }] },
      params: {},
      validShaped: fc.record({
        items: fc.array(
          fc.record({
            name: fc.constantFrom('Pão de Mel', 'Sonho'),
            price: mostlyReais,
            category: fc.constantFrom(...CATEGORIES),
            description: anyText,
          }),
          { maxLength: 3 },
        ),
      }),
    })),
  },
  'PUT /api/admin/orders/:id/status': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: { orderStatus: 'processing' },
      params: { id: shop.ids.orderId },
      validShaped: fc.record({
        orderStatus: fc.oneof(fc.constantFrom(...ORDER_STATUSES), anyText),
      }),
    })),
  },
  'POST /api/admin/orders/:id/refund': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: { amount: '1,00', reason: 'Item em falta' },
      params: { id: shop.ids.orderId },
      validShaped: fc.record(
        { amount: fc.oneof(mostlyReais, anyText), reason: anyText },
        { requiredKeys: ['reason'] },
      ),
    })),
  },
  'POST /api/admin/orders/:id/refunds/:refundId/retry': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: {},
      params: { id: shop.ids.orderId, refundId: '5b0c3f2e-8d1a-4e6b-9c7f-2a4d6e8f0b13' },
    })),
  },
  'POST /api/admin/users': {
    caller: 'admin',
    shape: route(() => ({
      valid: { name: 'Carla Dias', email: 'carla@example.com', role: 'user' },
      params: {},
      validShaped: fc.record(
        {
          name: fc.constant('Carla Dias'),
          email: fc.oneof(fc.emailAddress(), anyText),
          phone: anyText,
          address: anyText,
          role: fc.oneof(fc.constantFrom('user', 'admin'), anyText),
        },
        { requiredKeys: ['name', 'email'] },
      ),
    })),
  },
  'PUT /api/admin/users/:id': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: { name: 'João Alvo', email: 'alvo@example.com' },
      params: { id: shop.ids.userId },
      validShaped: fc.record(
        {
          name: fc.constant('João Alvo'),
          email: fc.constant('alvo@example.com'),
          phone: anyText,
          address: anyText,
          role: fc.oneof(fc.constantFrom('user', 'admin'), anyText),
        },
        { requiredKeys: ['name', 'email'] },
      ),
    })),
  },
  'POST /api/admin/sales': {
    caller: 'admin',
    shape: route(() => ({
      valid: { clientName: 'Padaria Central', amount: 50, date: '2026-01-15' },
      params: {},
      validShaped: fc.record({
        clientName: fc.oneof(fc.constant('Padaria Central'), anyText),
        amount: mostlyReais,
        date: fc.oneof(saleDate, anyDate),
      }),
    })),
  },
  'PUT /api/admin/sales/:id': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: { clientName: 'Padaria Central', amount: 50, date: '2026-01-15' },
      params: { id: shop.ids.saleId },
      validShaped: fc.record({
        clientName: fc.constant('Padaria Central'),
        amount: mostlyReais,
        date: saleDate,
      }),
    })),
  },
  'PUT /api/admin/shop': {
    caller: 'admin',
    shape: route(() => {
      const valid = shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS);
      const zone = fc.record({
        name: fc.oneof(fc.constantFrom('Centro', 'Zona Sul'), anyText),
        zipCodeFrom: fc.oneof(fc.stringMatching(/^\d{5}-?\d{3}$/), anyText),
        zipCodeTo: fc.oneof(fc.stringMatching(/^\d{5}-?\d{3}$/), anyText),
        fee: mostlyReais,
        minimumOrder: fc.oneof(mostlyReais, fc.constant(undefined)),
      });
      return {
        valid,
        params: {},
        validShaped: fc.record({
          name: mostly(valid.name, anyText),
          whatsapp: fc.oneof(fc.stringMatching(/^\(\d{2}\) 9?\d{4}-\d{4}$/), anyText),
          phone: mostly(valid.phone, anyText),
          email: mostly(valid.email, fc.oneof(fc.emailAddress(), anyText)),
          address: mostly(valid.address, address),
          location: mostly(
            valid.location,
            fc.record({ latitude: anyNumber, longitude: anyNumber }),
          ),
          social: mostly(
            valid.social,
            fc.record({ instagram: fc.oneof(fc.webUrl(), anyText), facebook: anyText }),
          ),
          deliveryZones: fc.oneof(
            { weight: 2, arbitrary: fc.constant(valid.deliveryZones) },
            fc.array(zone, { maxLength: 3 }),
          ),
        }),
      };
    }),
  },
  'PUT /api/admin/schedule': {
    caller: 'admin',
    shape: route(() => {
      const valid = structuredClone(DEFAULT_KITCHEN_SCHEDULE);
      const clock = fc.oneof(
        fc
          .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
          .map(
            ([hour, minute]) =>
              `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
          ),
        anyText,
      );
      const ranges = fc.array(fc.record({ open: clock, close: clock }), { maxLength: 5 });
      const week = fc.record(
        Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, ranges])) as Record<
          (typeof WEEKDAYS)[number],
          typeof ranges
        >,
      );
      return {
        valid,
        params: {},
        validShaped: fc.record({
          leadDays: mostly(valid.leadDays, anyNumber),
          horizonDays: mostly(valid.horizonDays, anyNumber),
          slotMinutes: mostly(valid.slotMinutes, fc.oneof(fc.constantFrom(15, 45, 90), anyNumber)),
          dailyCapacityUnits: fc.oneof(
            fc.constant(null),
            fc.integer({ min: 500, max: 1_000_000 }),
            anyNumber,
          ),
          kitUnits: mostly(valid.kitUnits, anyNumber),
          weekly: mostly(valid.weekly, fc.record({ pickup: week, delivery: week })),
          closedDates: fc.array(
            fc.record(
              { date: fc.oneof(fc.constant(day(new Date())), anyDate), reason: anyText },
              { requiredKeys: ['date'] },
            ),
            { maxLength: 4 },
          ),
        }),
      };
    }),
  },
  'PATCH /api/admin/reviews/:id/approve': {
    caller: 'admin',
    shape: route((shop) => ({ valid: {}, params: { id: shop.ids.reviewId } })),
  },
  // No notification has failed in the fuzz shop: every call meets the 404 or the guard.
  'POST /api/admin/notifications/:id/retry': {
    caller: 'admin',
    shape: route(() => ({ valid: {}, params: { id: '6f1d2c3b-4a5e-4f60-8b7c-9d0e1f2a3b4c' } })),
  },
  'POST /api/admin/projections/rebuild': {
    caller: 'admin',
    shape: route(() => ({ valid: {}, params: {} })),
    // Every request the guard lets through rebuilds every read model: a few suffice.
    numRuns: 4,
  },
  'POST /api/admin/projections/:name/:operation': {
    caller: 'admin',
    shape: route((shop) => ({
      valid: {},
      params: { name: shop.server.runner.projectionNames[0] ?? '', operation: 'verify' },
    })),
    numRuns: 15,
  },
  'POST /simulator/payments/:paymentId/approve': {
    caller: 'anonymous',
    shape: route((shop) => ({ valid: {}, params: { paymentId: shop.ids.simulatorPaymentId } })),
  },
  'POST /simulator/payments/:paymentId/refund': {
    caller: 'anonymous',
    shape: route((shop) => ({
      valid: { amount: '0,01' },
      params: { paymentId: shop.ids.simulatorPaymentId },
      validShaped: fc.record({ amount: fc.oneof(fc.constantFrom('0,01', '1.234,56'), anyText) }),
    })),
  },
  'POST /simulator/payments/:paymentId/chargeback': {
    caller: 'anonymous',
    shape: route((shop) => ({ valid: {}, params: { paymentId: shop.ids.simulatorPaymentId } })),
  },
  'POST /simulator/payments/:paymentId/reject': {
    caller: 'anonymous',
    shape: route((shop) => ({ valid: {}, params: { paymentId: shop.ids.simulatorPaymentId } })),
  },
  'POST /simulator/card_tokens': {
    caller: 'anonymous',
    rateLimitedByDesign:
      'the simulator holds every card token in memory: 30 a minute per IP (CARD_TOKENS_PER_MINUTE), not an option of the shop',
    shape: route(() => ({
      valid: {
        cardNumber: '4235647728025682',
        cardholderName: 'APRO',
        expirationMonth: '11',
        expirationYear: '2030',
        securityCode: '123',
        docNumber: '12345678909',
      },
      params: {},
      validShaped: fc.record({
        cardNumber: fc.oneof(fc.stringMatching(/^\d{12,19}$/), anyText),
        cardholderName: anyText,
        expirationMonth: anyText,
        expirationYear: anyText,
        securityCode: anyText,
        docNumber: anyText,
      }),
    })),
  },
};
