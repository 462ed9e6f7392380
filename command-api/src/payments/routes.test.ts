import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  cartMessages,
  checkoutMessages,
  messages,
  ORDER_NUMBERS_STREAM,
  orderStreamName,
  paymentMessages,
  paymentResultSchema,
  paymentStreamName,
  productNotFoundNamed,
  type PaymentResult,
} from '@quitute/contracts';
import {
  createMemoryEventStore,
  type EventStore,
  type RecordedEvent,
} from '@quitute/infra/event-store';
import { PaymentGatewayError, signWebhook } from '@quitute/infra/payment-gateway';
import { runCartCommand } from '../cart/carts';
import { silentLogger } from '@quitute/infra/logging';
import { runOrderCommand } from '../ordering/orders';
import { withMemorySnapshots } from '../shared/testing';
import {
  address,
  cardToken,
  closeShops,
  coxinha,
  kit,
  line,
  now,
  openShop,
  paoDeQueijo,
  pixBody,
  webhookSecret,
  type Shop,
} from './testing';

/**
 * POST /payments/mercadopago/transparent-checkout, /payments/cancel-payment and
 * /payments/webhook over real HTTP, with the payment simulator notifying the
 * shop's own webhook.
 */

afterEach(closeShops);

const result = (body: unknown): PaymentResult => paymentResultSchema.parse(body);
const types = (events: RecordedEvent[]) => events.map((event) => event.type);

/** A signed notification about a provider payment, as Mercado Pago posts it. */
async function notify(shop: Shop, providerPaymentId: string, secret = webhookSecret) {
  const requestId = randomUUID();
  const ts = String(Math.floor(now().getTime() / 1000));
  return shop.call('POST', `/payments/webhook?data.id=${providerPaymentId}&type=payment`, {
    headers: {
      'x-request-id': requestId,
      'x-signature': signWebhook(secret, { dataId: providerPaymentId, requestId, ts }),
    },
    body: { type: 'payment', action: 'payment.updated', data: { id: providerPaymentId } },
  });
}

describe('checkout: Pix', () => {
  it('given a customer paying 20 coxinhas by Pix, then 200 with the QR code, its image and the simulator page, and the order, its number and its payment are recorded', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(pixBody(maria.userId));

    expect(answer.status).toBe(200);
    const paid = result(answer.body);
    expect(paid).toMatchObject({
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      paymentStatus: 'pending',
      paymentMethod: 'pix',
      orderNumber: 1001,
      message: paymentMessages.pendingPix,
      position: await shop.eventStore.headPosition(),
    });
    expect(paid.paymentId).toMatch(/^\d{10,12}$/);
    expect(paid.pixQrCode).toMatch(/^000201/);
    expect(
      Buffer.from(paid.pixQrCodeBase64 ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(paid.ticketUrl).toBe(`/simulator/payments/${paid.paymentId}`);
    // The checkout says until when the Pix can be paid ('Pague até …').
    expect(paid.pixExpirationDate).toBe('2026-11-21T12:30:00.000Z');
    const atProvider = await shop.simulator.get(paid.paymentId ?? '');
    expect(atProvider).toMatchObject({
      status: 'pending',
      amountCents: 1200,
      externalReference: paid.orderId,
      expiresAt: '2026-11-21T12:30:00.000Z',
    });

    const events = await shop.appended();
    expect(types(events)).toEqual([
      'OrderNumberAssigned',
      'OrderPlaced',
      'PaymentRequested',
      'PaymentPending',
    ]);
    const [numbered, placed, requested] = events;
    expect(numbered?.streamName).toBe(ORDER_NUMBERS_STREAM);
    expect(placed?.streamName).toBe(orderStreamName(paid.orderId));
    expect(placed?.data).toMatchObject({
      orderNumber: 1001,
      customer: {
        userId: maria.userId,
        name: 'Maria da Silva',
        email: maria.email,
        cpf: '52998224725',
      },
      items: [
        {
          productId: coxinha.productId,
          name: coxinha.name,
          category: coxinha.category,
          unitPriceCents: 60,
          quantity: 20,
        },
      ],
      totalCents: 1200,
      deliveryType: 'pickup',
      deliveryDate: '2026-11-25T10:00:00-03:00',
      linesFrom: 'request',
    });
    expect(requested?.data).toMatchObject({
      orderId: paid.orderId,
      method: 'pix',
      amountCents: 1200,
      provider: 'simulator',
    });
    // One request: every event caused by it, in its correlation, by the customer.
    const causes = new Set(events.map((event) => event.metadata.causationId));
    expect(causes.size).toBe(1);
    for (const event of events) {
      expect(event.metadata).toMatchObject({ actorId: maria.userId, actorRole: 'user' });
    }
  });

  it('given a new Pix checkout, when it places the order and records its payment, then it reads the order stream once and the payment stream never (each step decides on what the one before left)', async () => {
    const inner = createMemoryEventStore();
    const reads: string[] = [];
    const eventStore: EventStore = {
      ...inner,
      readStream: (name, options) => {
        reads.push(name.split('-')[0] ?? name);
        return inner.readStream(name, options);
      },
    };
    const shop = await openShop({ eventStore, notifications: false });
    const maria = await shop.customer();
    reads.length = 0;

    const answer = await maria.checkout(pixBody(maria.userId));

    expect(answer.status).toBe(200);
    expect(reads.filter((kind) => kind === 'order' || kind === 'payment')).toEqual(['order']);
  });

  it('given a one-word full name (the last name the placeholder Sobrenome), then the order names the customer without it and the provider still gets it', async () => {
    const payers: unknown[] = [];
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        create: (request) => {
          payers.push(request.payer);
          return simulator.create(request);
        },
      }),
    });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { firstName: 'Maria', lastName: 'Sobrenome' }),
    );

    expect(answer.status).toBe(200);
    const placed = (await shop.appended()).find((event) => event.type === 'OrderPlaced');
    expect(placed?.data).toMatchObject({ customer: { name: 'Maria' } });
    expect(payers).toEqual([
      expect.objectContaining({ firstName: 'Maria', lastName: 'Sobrenome' }),
    ]);
  });

  it('given a boleto with the payer address, then 200 with the boleto link, digitable line and due date', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, {
        paymentMethod: 'boleto',
        paymentMethodId: 'bolbradesco',
        address,
        deliveryDate: '2026-11-30T10:00',
      }),
    );

    expect(answer.status).toBe(200);
    const paid = result(answer.body);
    expect(paid).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      message: paymentMessages.pendingBoleto,
      // Due Tuesday 24/11 (three days out), to the end of that day in the shop's time.
      boletoExpirationDate: '2026-11-25T02:59:59.000Z',
    });
    expect(paid.boletoDigitableLine).toMatch(/^\d{47}$/);
    expect(paid.boletoUrl).toBe(`/simulator/payments/${paid.paymentId}`);
  });

  it('given the simulator approving the Pix, when its notification reaches the webhook, then PaymentApproved is recorded', async () => {
    const shop = await openShop();
    const maria = await shop.customer();
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);
    await shop.simulator.settled();

    await shop.simulator.approve(paid.paymentId ?? '');
    await shop.simulator.settled();

    const approved = await shop.ofType('PaymentApproved');
    expect(approved).toHaveLength(1);
    const [requested] = await shop.ofType('PaymentRequested');
    expect(approved[0]).toMatchObject({
      streamName: paymentStreamName(String(requested?.data['paymentId'])),
      data: {
        providerPaymentId: paid.paymentId,
        orderId: paid.orderId,
        statusDetail: 'accredited',
      },
      metadata: { actorId: 'system', actorRole: 'system' },
    });
  });
});

describe('checkout: cards', () => {
  it('given a card whose holder is APRO, then approved at once', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const token = await cardToken(shop.simulator, 'APRO');

    const answer = await maria.checkout(
      pixBody(maria.userId, {
        paymentMethod: 'credit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
        installments: 1,
      }),
    );

    expect(answer.status).toBe(200);
    expect(result(answer.body)).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
      paymentStatus: 'approved',
      paymentMethod: 'credit_card',
      message: paymentMessages.approved,
    });
    expect(types(await shop.appended())).toContain('PaymentApproved');
  });

  it('given a card whose holder is OTHE, then 200 rejected with the spec message naming the detail', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const token = await cardToken(shop.simulator, 'OTHE');

    const answer = await maria.checkout(
      pixBody(maria.userId, {
        paymentMethod: 'debit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
      }),
    );

    expect(answer.status).toBe(200);
    expect(result(answer.body)).toMatchObject({
      status: 'rejected',
      paymentStatus: 'rejected',
      message:
        'Pagamento rejeitado. Detalhes: o emissor do cartão recusou o pagamento. Tente novamente.',
    });
    expect(types(await shop.appended())).toContain('PaymentRejected');
  });

  describe('another card after a declined one (issue 36)', () => {
    /**
     * A card body as the checkout page sends it: its lines without categories (spec §7),
     * and each card its bank's issuer, as Mercado Pago's card form gives it.
     */
    const cardBody = async (shop: Shop, userId: string, holder: string) => {
      const token = await cardToken(shop.simulator, holder);
      const { category: _category, ...coxinhas } = line(coxinha, 20);
      return pixBody(userId, {
        items: [coxinhas],
        paymentMethod: 'credit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
        installments: holder === 'APRO' ? 3 : 1,
        issuerId: holder === 'APRO' ? '310' : '25',
        deviceId: randomUUID(),
      });
    };

    it('given a declined card, when another card comes under the same key, then the same order (its number) is paid: its payment requested again, one order', async () => {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();
      const key = randomUUID();
      const declined = result(
        (await maria.checkout(await cardBody(shop, maria.userId, 'OTHE'), key)).body,
      );
      expect(declined.paymentStatus).toBe('rejected');

      const answer = await maria.checkout(await cardBody(shop, maria.userId, 'APRO'), key);

      expect(answer.status).toBe(200);
      const paid = result(answer.body);
      expect(paid).toMatchObject({
        paymentStatus: 'approved',
        orderId: declined.orderId,
        orderNumber: declined.orderNumber,
      });
      expect(paid.paymentId).not.toBe(declined.paymentId);
      const requests = await shop.ofType('PaymentRequested');
      expect(requests.map((event) => event.data)).toMatchObject([
        { installments: 1 },
        { installments: 3, attempt: 2 },
      ]);
      expect(types(await shop.appended()).filter((type) => type === 'OrderPlaced')).toHaveLength(1);
      // A late word on the declined card changes nothing any more.
      expect((await notify(shop, declined.paymentId ?? '')).status).toBe(200);
      expect(types(await shop.appended()).at(-1)).toBe('PaymentApproved');
    });

    it('given a declined card, when the same key comes with a Pix instead (its lines with their categories, which a card body leaves out), then the same order waits for its Pix (its QR code, its method)', async () => {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();
      const key = randomUUID();
      const declined = result(
        (await maria.checkout(await cardBody(shop, maria.userId, 'OTHE'), key)).body,
      );

      const answer = await maria.checkout(pixBody(maria.userId), key);

      expect(answer.status).toBe(200);
      const pix = result(answer.body);
      expect(pix).toMatchObject({
        paymentStatus: 'pending',
        paymentMethod: 'pix',
        orderId: declined.orderId,
        orderNumber: declined.orderNumber,
        message: paymentMessages.pendingPix,
      });
      expect(pix.pixQrCode).toMatch(/^000201/);
      const requests = await shop.ofType('PaymentRequested');
      expect(requests.map((event) => event.data)).toMatchObject([
        { method: 'credit_card' },
        { method: 'pix', paymentMethodId: 'pix', attempt: 2 },
      ]);
    });

    it('given a declined card whose order was cancelled meanwhile, when another card comes, then 409 with the reason and nothing requested', async () => {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();
      const key = randomUUID();
      const declined = result(
        (await maria.checkout(await cardBody(shop, maria.userId, 'OTHE'), key)).body,
      );
      await runOrderCommand(
        { eventStore: shop.eventStore, snapshotStore: shop.snapshotStore, logger: silentLogger },
        declined.orderId,
        { type: 'CancelOrder', orderId: declined.orderId, reason: 'payment_rejected' },
        {
          commandId: randomUUID(),
          correlationId: 'test',
          occurredAt: now().toISOString(),
          actorId: 'system',
          actorRole: 'system',
        },
      );

      const answer = await maria.checkout(await cardBody(shop, maria.userId, 'APRO'), key);

      expect(answer).toMatchObject({
        status: 409,
        body: { message: checkoutMessages.orderClosedForAnotherCard },
      });
      expect(await shop.ofType('PaymentRequested')).toHaveLength(1);
    });

    it('given a Pix, when the same key comes with a card, then it is another order’s request (409), not another attempt', async () => {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();
      const key = randomUUID();
      expect((await maria.checkout(pixBody(maria.userId), key)).status).toBe(200);

      const answer = await maria.checkout(await cardBody(shop, maria.userId, 'APRO'), key);

      expect(answer).toMatchObject({
        status: 409,
        body: { message: checkoutMessages.idempotencyKeyReused },
      });
    });
  });

  it('given a card token the provider refuses (used already), then 400 with its message and PaymentRejected without a provider id', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const token = await cardToken(shop.simulator, 'APRO');
    const body = (key: string) =>
      pixBody(maria.userId, {
        paymentMethod: 'credit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
        deviceId: key,
      });
    expect((await maria.checkout(body('first'))).status).toBe(200);

    const refused = await maria.checkout(body('second'));

    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Token do cartão inválido, expirado ou já usado.' },
    });
    const rejected = await shop.ofType('PaymentRejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.data).not.toHaveProperty('providerPaymentId');
  });
});

describe('checkout: validation (spec §5)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no e-mail', { email: '' }, checkoutMessages.emailRequired],
    ['an invalid CPF', { docNumber: '111.111.111-11' }, checkoutMessages.invalidCpf],
    ['no name', { firstName: ' ' }, checkoutMessages.fullNameRequired],
    ['no delivery type', { deliveryType: 'drone' }, checkoutMessages.deliveryTypeRequired],
    ['no date', { deliveryDate: '' }, checkoutMessages.dateRequired],
    [
      'a date before two days from now',
      { deliveryDate: '2026-11-22T10:00' },
      'A data deve ser no mínimo 23/11/2026.',
    ],
    [
      'a delivery without an address',
      { deliveryType: 'delivery' },
      checkoutMessages.zipCodeRequired,
    ],
    ['a boleto without an address', { paymentMethod: 'boleto' }, checkoutMessages.zipCodeRequired],
    [
      'no street',
      { deliveryType: 'delivery', address: { ...address, streetName: '' } },
      checkoutMessages.streetRequired,
    ],
    [
      'no number',
      { deliveryType: 'delivery', address: { ...address, streetNumber: '' } },
      checkoutMessages.numberRequired,
    ],
    [
      'no neighbourhood',
      { deliveryType: 'delivery', address: { ...address, neighborhood: '' } },
      checkoutMessages.neighborhoodRequired,
    ],
    [
      'no city',
      { deliveryType: 'delivery', address: { ...address, city: '' } },
      checkoutMessages.cityRequired,
    ],
    [
      'no UF',
      { deliveryType: 'delivery', address: { ...address, federalUnit: '' } },
      checkoutMessages.federalUnitRequired,
    ],
    [
      'a card without its token',
      { paymentMethod: 'credit_card', paymentMethodId: 'master' },
      checkoutMessages.cardTokenRequired,
    ],
    ['an unknown method', { paymentMethod: 'cheque' }, paymentMessages.methodNotDetected],
    ['19 of an item', { items: [line(coxinha, 19)], total: 11.4 }, cartMessages.minimum],
    [
      'an unknown product',
      { items: [{ title: 'Coxinha de Vento', unit_price: 1, quantity: 20 }] },
      productNotFoundNamed('Coxinha de Vento'),
    ],
    ['a field a client may not set', { orderStatus: 'delivered' }, messages.invalidRequest],
  ];

  it.each(cases)(
    'given %s, then 400 with its message and nothing appended',
    async (_, overrides, message) => {
      const shop = await openShop({ notifications: false });
      const maria = await shop.customer();

      const answer = await maria.checkout(pixBody(maria.userId, overrides));

      expect(answer).toMatchObject({ status: 400, body: { message } });
      expect(await shop.appended()).toEqual([]);
    },
  );

  it('given an empty order and an empty cart, then 400 emptyOrder', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(pixBody(maria.userId, { items: [] }));

    expect(answer).toMatchObject({ status: 400, body: { message: checkoutMessages.emptyOrder } });
  });

  it('given a kit, then one is enough (kits have no minimum)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { items: [line(kit, 1)], total: 145 }),
    );

    expect(answer.status).toBe(200);
  });

  it('given an Idempotency-Key that is not printable text of at most 100 characters, then 400', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(pixBody(maria.userId), 'x'.repeat(101));

    expect(answer).toMatchObject({ status: 400, body: { message: messages.invalidRequest } });
  });
});

describe('checkout: prices and totals come from the catalogue', () => {
  it('given lines priced by the client at one centavo, when the total is the catalogue’s, then the order carries the catalogue prices', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, {
        items: [line(coxinha, 20, 0.01), line(paoDeQueijo, 30, 0.01), line(coxinha, 10, 0.01)],
        total: 30 * 0.6 + 30 * 1,
      }),
    );

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({
      totalCents: 4800,
      items: [
        { productId: coxinha.productId, unitPriceCents: 60, quantity: 30 },
        { productId: paoDeQueijo.productId, unitPriceCents: 100, quantity: 30 },
      ],
    });
  });

  it('given a client total that differs from the catalogue’s, then 409 with the server total and nothing appended', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      pixBody(maria.userId, { items: [line(coxinha, 20, 0.01)], total: 0.2 }),
    );

    expect(answer).toMatchObject({
      status: 409,
      body: { message: checkoutMessages.totalChanged, total: 12 },
    });
    expect(await shop.appended()).toEqual([]);
  });

  it('given a total off by half a centavo only, then it is accepted', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    expect((await maria.checkout(pixBody(maria.userId, { total: 12.004 }))).status).toBe(200);
  });

  it('given no lines in the request, then the customer’s server cart is ordered at catalogue prices', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    await runCartCommand(
      withMemorySnapshots(shop.eventStore),
      {
        type: 'AddItem',
        userId: maria.userId,
        productId: paoDeQueijo.productId,
        quantidade: 25,
        unitPriceCents: 100,
        isKit: false,
      },
      {
        commandId: randomUUID(),
        correlationId: 't',
        actorId: maria.userId,
        actorRole: 'user',
        occurredAt: now().toISOString(),
      },
    );

    const answer = await maria.checkout(pixBody(maria.userId, { items: undefined, total: 25 }));

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({
      linesFrom: 'cart',
      totalCents: 2500,
      items: [{ productId: paoDeQueijo.productId, name: paoDeQueijo.name, quantity: 25 }],
    });
  });
});

describe('checkout: who may call', () => {
  it('given no token, then 401; given another customer’s userId, then 403; nothing appended', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const joana = await shop.customer('Joana');

    const anonymous = await shop.call('POST', '/payments/mercadopago/transparent-checkout', {
      body: pixBody(maria.userId),
    });
    const other = await joana.checkout(pixBody(maria.userId));

    expect(anonymous.status).toBe(401);
    expect(other).toMatchObject({
      status: 403,
      body: { message: checkoutMessages.otherUsersCheckout },
    });
    expect(await shop.appended()).toEqual([]);
  });

  it('given a customer past her checkouts for the minute, then 429 for her while another customer still checks out', async () => {
    const shop = await openShop({
      notifications: false,
      rateLimits: {
        checkoutPerUser: { limit: 2, windowMs: 60_000 },
        cancelPerUser: { limit: 2, windowMs: 60_000 },
        checkoutPerAddress: { limit: 100, windowMs: 60_000 },
      },
    });
    const maria = await shop.customer();
    const joana = await shop.customer('Joana');
    await maria.checkout(pixBody(maria.userId));
    await maria.checkout(pixBody(maria.userId));

    const refused = await maria.checkout(pixBody(maria.userId));

    expect(refused).toMatchObject({
      status: 429,
      body: { message: accountMessages.tooManyRequests },
    });
    expect((await joana.checkout(pixBody(joana.userId))).status).toBe(200);
  });
});

describe('checkout: Idempotency-Key', () => {
  it('given a checkout retried with the same key and body, then the same answer and one order, one payment', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();

    const first = await maria.checkout(pixBody(maria.userId), key);
    const again = await maria.checkout(pixBody(maria.userId), key);

    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(types(await shop.appended())).toEqual([
      'OrderNumberAssigned',
      'OrderPlaced',
      'PaymentRequested',
      'PaymentPending',
    ]);
  });

  it('given five identical retries at once, then one order, one number, one payment at the provider', async () => {
    const created = new Set<string>();
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        create: async (request) => {
          const payment = await simulator.create(request);
          created.add(payment.id);
          return payment;
        },
      }),
    });
    const maria = await shop.customer();
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => maria.checkout(pixBody(maria.userId), key)),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => result(answer.body).paymentId)).size).toBe(1);
    expect(created.size).toBe(1);
    expect(types(await shop.appended())).toEqual([
      'OrderNumberAssigned',
      'OrderPlaced',
      'PaymentRequested',
      'PaymentPending',
    ]);
  });

  it('given a key used before with another body, then 409 idempotencyKeyReused and nothing more appended', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();
    await maria.checkout(pixBody(maria.userId), key);
    const before = await shop.appended();

    const reused = await maria.checkout(
      pixBody(maria.userId, { items: [line(coxinha, 40)], total: 24 }),
      key,
    );

    expect(reused).toMatchObject({
      status: 409,
      body: { message: checkoutMessages.idempotencyKeyReused },
    });
    expect(await shop.appended()).toEqual(before);
  });

  it('given a card checkout retried under its key with a fresh card token (the first answer was lost), then the first answer, one payment', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();
    const card = async () => {
      const token = await cardToken(shop.simulator, 'APRO');
      return pixBody(maria.userId, {
        paymentMethod: 'credit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
        installments: 1,
        deviceId: randomUUID(),
      });
    };

    const first = await maria.checkout(await card(), key);
    const retry = await maria.checkout(await card(), key);

    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(types(await shop.appended()).filter((type) => type === 'PaymentRequested')).toHaveLength(
      1,
    );
  });

  it('given the same key used by two customers, then two orders (a key is the customer’s own)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const joana = await shop.customer('Joana');
    const key = randomUUID();

    const one = result((await maria.checkout(pixBody(maria.userId), key)).body);
    const two = result((await joana.checkout(pixBody(joana.userId), key)).body);

    expect(one.orderId).not.toBe(two.orderId);
    expect([one.orderNumber, two.orderNumber]).toEqual([1001, 1002]);
  });

  /** The store, failing right after the first append whose events are of `type` (stored, but no answer). */
  function crashingAfter(type: string): EventStore {
    const inner = createMemoryEventStore();
    let crashed = false;
    return {
      ...inner,
      async appendToStream(name, events, options) {
        const stored = await inner.appendToStream(name, events, options);
        if (!crashed && events.some((event) => event.type === type)) {
          crashed = true;
          throw new Error('connection lost after the append');
        }
        return stored;
      },
    };
  }

  it.each(['OrderNumberAssigned', 'OrderPlaced', 'PaymentRequested', 'PaymentPending'])(
    'given a crash right after %s was appended, when the checkout is retried with its key, then exactly one order and one payment at the provider',
    async (type) => {
      const created = new Set<string>();
      const shop = await openShop({
        eventStore: crashingAfter(type),
        notifications: false,
        gateway: (simulator) => ({
          ...simulator,
          create: async (request) => {
            const payment = await simulator.create(request);
            created.add(payment.id);
            return payment;
          },
        }),
      });
      const maria = await shop.customer();
      const key = randomUUID();

      const crashed = await maria.checkout(pixBody(maria.userId), key);
      const retried = await maria.checkout(pixBody(maria.userId), key);

      expect(crashed.status).toBe(500);
      expect(retried.status).toBe(200);
      expect(result(retried.body)).toMatchObject({ orderNumber: 1001, status: 'pending' });
      expect(result(retried.body).pixQrCodeBase64).toMatch(/^iVBOR/);
      expect(created.size).toBe(1);
      expect(types(await shop.appended())).toEqual([
        'OrderNumberAssigned',
        'OrderPlaced',
        'PaymentRequested',
        'PaymentPending',
      ]);
    },
  );
});

describe('checkout: the provider down', () => {
  it('given the provider unreachable, then 503 with Retry-After, the order pending with its payment requested; retried once it is back, then paid', async () => {
    let down = true;
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        create: async (request) => {
          if (down)
            throw new PaymentGatewayError('Mercado Pago create failed (no answer)', 0, true);
          return simulator.create(request);
        },
      }),
    });
    const maria = await shop.customer();
    const key = randomUUID();

    const unavailable = await maria.checkout(pixBody(maria.userId), key);

    expect(unavailable).toMatchObject({
      status: 503,
      body: { message: paymentMessages.providerUnavailable },
    });
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(types(await shop.appended())).toEqual([
      'OrderNumberAssigned',
      'OrderPlaced',
      'PaymentRequested',
    ]);

    down = false;
    const retried = await maria.checkout(pixBody(maria.userId), key);

    expect(retried.status).toBe(200);
    expect(types(await shop.appended())).toEqual([
      'OrderNumberAssigned',
      'OrderPlaced',
      'PaymentRequested',
      'PaymentPending',
    ]);
  });
});

describe('webhook', () => {
  async function pendingPix() {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);
    return { shop, maria, paid, providerPaymentId: paid.paymentId ?? '' };
  }

  it('given a paid Pix, when the same notification arrives five times at once, then one PaymentApproved', async () => {
    const { shop, providerPaymentId } = await pendingPix();
    await shop.simulator.approve(providerPaymentId);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => notify(shop, providerPaymentId)),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await shop.ofType('PaymentApproved')).toHaveLength(1);
  });

  it('given a notification with a forged signature, then 401 invalidSignature and nothing appended', async () => {
    const { shop, providerPaymentId } = await pendingPix();
    await shop.simulator.approve(providerPaymentId);
    const before = await shop.eventStore.headPosition();

    const forged = await notify(shop, providerPaymentId, 'not-the-secret');
    const unsigned = await shop.call(
      'POST',
      `/payments/webhook?data.id=${providerPaymentId}&type=payment`,
      {
        body: { type: 'payment', data: { id: providerPaymentId } },
      },
    );

    expect(forged).toMatchObject({
      status: 401,
      body: { message: paymentMessages.invalidSignature },
    });
    expect(unsigned.status).toBe(401);
    expect(await shop.eventStore.headPosition()).toBe(before);
  });

  it('given a signed notification about another topic, then 200 and nothing appended', async () => {
    const { shop } = await pendingPix();
    const before = await shop.eventStore.headPosition();
    const requestId = randomUUID();
    const ts = String(Math.floor(now().getTime() / 1000));

    const answer = await shop.call('POST', '/payments/webhook?data.id=123&type=merchant_order', {
      headers: {
        'x-request-id': requestId,
        'x-signature': signWebhook(webhookSecret, { dataId: '123', requestId, ts }),
      },
      body: { type: 'merchant_order', data: { id: '123' } },
    });

    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    expect(await shop.eventStore.headPosition()).toBe(before);
  });

  it('given a notification about a payment nobody knows, then 200 and nothing appended', async () => {
    const { shop } = await pendingPix();
    const before = await shop.eventStore.headPosition();

    expect((await notify(shop, '99999999999')).status).toBe(200);
    expect(await shop.eventStore.headPosition()).toBe(before);
  });

  it('given the provider unreachable while a notification is handled, then 503 so that the provider tries again', async () => {
    let down = false;
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        get: async (id) => {
          if (down) throw new PaymentGatewayError('no answer', 0, true);
          return simulator.get(id);
        },
      }),
    });
    const maria = await shop.customer();
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);
    down = true;

    const answer = await notify(shop, paid.paymentId ?? '');

    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
  });
});

describe('cancel-payment', () => {
  it('given a pending Pix of her own, when the customer cancels, then 200 cancelSucceeded, the provider cancelled it and PaymentCancelled reason customer', async () => {
    const shop = await openShop();
    const maria = await shop.customer();
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);

    const answer = await maria.cancel(paid.paymentId);
    await shop.simulator.settled();

    expect(answer).toMatchObject({
      status: 200,
      body: {
        paymentId: paid.paymentId,
        orderId: paid.orderId,
        orderNumber: paid.orderNumber,
        paymentStatus: 'cancelled',
        status: 'cancelled',
        paymentMethod: 'pix',
        message: paymentMessages.cancelSucceeded,
      },
    });
    expect((await shop.simulator.get(paid.paymentId ?? ''))?.status).toBe('cancelled');
    const cancelled = await shop.ofType('PaymentCancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.data).toMatchObject({ reason: 'customer' });
  });

  it('given another customer’s payment, when cancelled, then 404 exactly like a payment that does not exist, and it stays pending', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const joana = await shop.customer('Joana');
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);

    const other = await joana.cancel(paid.paymentId);
    const missing = await joana.cancel('99999999999');

    expect(other).toMatchObject({
      status: 404,
      body: { message: paymentMessages.paymentNotFound },
    });
    expect(missing).toEqual({ ...other, headers: missing.headers });
    expect((await shop.simulator.get(paid.paymentId ?? ''))?.status).toBe('pending');
    expect(await shop.ofType('PaymentCancelled')).toEqual([]);
  });

  it('given an approved payment, when cancelled, then 409 cannotCancel', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const paid = result((await maria.checkout(pixBody(maria.userId))).body);
    await shop.simulator.approve(paid.paymentId ?? '');

    const answer = await maria.cancel(paid.paymentId);

    expect(answer).toMatchObject({ status: 409, body: { message: paymentMessages.cannotCancel } });
    expect(await shop.ofType('PaymentCancelled')).toEqual([]);
    // What the provider said was recorded on the way.
    expect(await shop.ofType('PaymentApproved')).toHaveLength(1);
  });

  it('given no token, then 401', async () => {
    const shop = await openShop({ notifications: false });

    const answer = await shop.call('POST', '/payments/cancel-payment', {
      body: { paymentId: '1' },
    });

    expect(answer.status).toBe(401);
  });
});
