import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import {
  createMercadoPagoGateway,
  MERCADO_PAGO_API_URL,
  mercadoPagoDate,
  type MercadoPagoGatewayOptions,
} from './mercadopago';
import { startMercadoPagoFake, type MercadoPagoFake } from './mercadopago-fake';
import { PaymentGatewayError, type CreatePaymentRequest, type Payer } from './port';
import { signWebhook } from './webhook-signature';

const webhookSecret = 'segredo-do-webhook';
const clock = new Date('2026-11-23T15:00:00.000Z');
const clockIso = clock.toISOString();

const fakes: MercadoPagoFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(accessToken?: string) {
  const started = await startMercadoPagoFake({
    ...(accessToken ? { accessToken } : {}),
    now: () => clock,
  });
  fakes.push(started);
  return started;
}

function gatewayFor(server: MercadoPagoFake, options: Partial<MercadoPagoGatewayOptions> = {}) {
  return createMercadoPagoGateway({
    accessToken: server.accessToken,
    webhookSecret,
    baseUrl: server.url,
    maxRetries: 0,
    retryDelayMs: 0,
    now: () => clock.getTime(),
    ...options,
  });
}

function logLines() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line) => lines.push(line) },
  });
  return { lines, logger };
}

const payer: Payer = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Souza',
  cpf: '12345678909',
};
const address = {
  zipCode: '01310100',
  streetName: 'Avenida Paulista',
  streetNumber: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  federalUnit: 'SP',
};

function pix(overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  return {
    idempotencyKey: 'order-1:create',
    amountCents: 1005,
    description: 'Pedido 1 — Quitute',
    externalReference: 'order-1',
    payer,
    instrument: { method: 'pix', expiresAt: new Date('2026-11-24T15:00:00.000Z') },
    notificationUrl: 'https://quitute.example/payments/webhook',
    ...overrides,
  };
}

function card(
  method: 'credit_card' | 'debit_card',
  token: string,
  overrides: Partial<CreatePaymentRequest> = {},
): CreatePaymentRequest {
  return pix({
    instrument: {
      method,
      token,
      paymentMethodId: method === 'debit_card' ? 'debelo' : 'master',
      installments: 3,
      issuerId: '24',
    },
    ...overrides,
  });
}

async function approvedCard(server: MercadoPagoFake) {
  return gatewayFor(server).create(card('credit_card', 'APRO-token', { idempotencyKey: 'card' }));
}

describe('Mercado Pago gateway: create', () => {
  it('given a Pix order, when created, then Mercado Pago gets reais, the payer, pix, the expiry on Brasília time, the key and the device id, and the QR code comes back', async () => {
    const server = await fake();
    const payment = await gatewayFor(server).create(pix({ deviceId: 'device-abc' }));

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payments');
    expect(request?.headers.authorization).toBe(`Bearer ${server.accessToken}`);
    expect(request?.headers['x-idempotency-key']).toBe('order-1:create');
    expect(request?.headers['x-meli-session-id']).toBe('device-abc');
    expect(request?.body).toEqual({
      transaction_amount: 10.05,
      description: 'Pedido 1 — Quitute',
      external_reference: 'order-1',
      notification_url: 'https://quitute.example/payments/webhook',
      payer: {
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Souza',
        identification: { type: 'CPF', number: '12345678909' },
      },
      payment_method_id: 'pix',
      date_of_expiration: '2026-11-24T12:00:00.000-03:00',
    });

    const id = String(server.payments.keys().next().value);
    expect(payment).toEqual({
      id,
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      method: 'pix',
      amountCents: 1005,
      externalReference: 'order-1',
      expiresAt: '2026-11-24T15:00:00.000Z',
      pix: {
        qrCode: `fake-pix-copia-e-cola-${id}`,
        qrCodeBase64: 'iVBORw0KGgo=',
        ticketUrl: `${server.url}/payments/${id}/ticket`,
      },
      updatedAt: clockIso,
    });
  });

  it('given amounts whose reais are not exact binary fractions, when created, then the centavos come back unchanged', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    for (const [index, amountCents] of [1, 29, 1005, 1999, 123_456_789].entries()) {
      const payment = await gateway.create(pix({ idempotencyKey: `k${index}`, amountCents }));
      expect(payment.amountCents).toBe(amountCents);
      expect(server.requests.at(-1)?.body).toMatchObject({ transaction_amount: amountCents / 100 });
    }
  });

  it('given a boleto with the payer address, when created, then bolbradesco goes with the whole address and the boleto comes back', async () => {
    const server = await fake();
    const payment = await gatewayFor(server).create(
      pix({
        payer: { ...payer, address },
        instrument: { method: 'boleto', expiresAt: new Date('2026-11-26T02:59:59.000Z') },
      }),
    );

    expect(server.requests[0]?.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      date_of_expiration: '2026-11-25T23:59:59.000-03:00',
      payer: {
        first_name: 'Ana',
        last_name: 'Souza',
        identification: { type: 'CPF', number: '12345678909' },
        address: {
          zip_code: '01310100',
          street_name: 'Avenida Paulista',
          street_number: '1000',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          federal_unit: 'SP',
        },
      },
    });
    expect(payment).toMatchObject({
      status: 'pending',
      statusDetail: 'pending_waiting_payment',
      method: 'boleto',
      expiresAt: '2026-11-26T02:59:59.000Z',
      boleto: {
        url: `${server.url}/payments/${payment.id}/boleto`,
        digitableLine: payment.id.padStart(47, '0'),
        barcode: payment.id.padStart(44, '0'),
      },
    });
    expect(payment.pix).toBeUndefined();
  });

  it('given a boleto without the payer address, when created, then it is refused before any request', async () => {
    const server = await fake();
    const refusal = gatewayFor(server).create(
      pix({ instrument: { method: 'boleto', expiresAt: new Date('2026-11-26T00:00:00Z') } }),
    );
    await expect(refusal).rejects.toMatchObject({ status: 400, retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('given a credit card, when created, then the token, brand, installments and numeric issuer go, and the approval comes back', async () => {
    const server = await fake();
    const payment = await gatewayFor(server).create(card('credit_card', 'APRO-tok-1'));

    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      token: 'APRO-tok-1',
      payment_method_id: 'master',
      installments: 3,
      issuer_id: 24,
    });
    expect(body).not.toHaveProperty('date_of_expiration');
    expect(payment).toEqual({
      id: payment.id,
      status: 'approved',
      statusDetail: 'accredited',
      method: 'credit_card',
      amountCents: 1005,
      externalReference: 'order-1',
      updatedAt: clockIso,
    });
  });

  it('given a debit card asked in 3 installments, when created, then 1 installment is sent and it comes back as debit', async () => {
    const server = await fake();
    const payment = await gatewayFor(server).create(card('debit_card', 'APRO-tok-2'));
    expect(server.requests[0]?.body).toMatchObject({
      payment_method_id: 'debelo',
      installments: 1,
    });
    expect(payment.method).toBe('debit_card');
  });

  it('given a card the provider declines, when created, then the rejection is a payment, not an error', async () => {
    const server = await fake();
    const payment = await gatewayFor(server).create(card('credit_card', 'FUND-tok'));
    expect(payment).toMatchObject({
      status: 'rejected',
      statusDetail: 'cc_rejected_insufficient_amount',
    });
  });

  it('given our own retry with the same key, when created twice, then both requests carry the key and one payment exists', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const first = await gateway.create(pix());
    const second = await gateway.create(pix());
    expect(second.id).toBe(first.id);
    expect(server.payments.size).toBe(1);
    expect(server.requests.map((request) => request.headers['x-idempotency-key'])).toEqual([
      'order-1:create',
      'order-1:create',
    ]);
  });

  it('given Mercado Pago fails once with 500 and one retry allowed, when created, then the retry reuses the key and succeeds', async () => {
    const server = await fake();
    const { lines, logger } = logLines();
    server.failNext({ status: 500 });
    const payment = await gatewayFor(server, { maxRetries: 1, logger }).create(pix());

    expect(payment.status).toBe('pending');
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((request) => request.headers['x-idempotency-key'])).toEqual([
      'order-1:create',
      'order-1:create',
    ]);
    expect(lines.join('')).toContain('retrying with the same idempotency key');
  });

  it('given Mercado Pago keeps failing with 503, when created, then a retryable PaymentGatewayError with the status', async () => {
    const server = await fake();
    server.failNext({ status: 503, times: 2 });
    const failure = gatewayFor(server, { maxRetries: 1 }).create(pix());
    await expect(failure).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(failure).rejects.toMatchObject({ status: 503, retryable: true });
    expect(server.requests).toHaveLength(2);
  });

  it('given a wrong access token, when created, then a non-retryable 401 whose message does not carry the token', async () => {
    const server = await fake('TEST-the-right-token');
    const token = 'TEST-1234567890-secret-token';
    const failure = gatewayFor(server, { accessToken: token }).create(pix());
    await expect(failure).rejects.toMatchObject({ status: 401, retryable: false });
    const error = (await failure.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain('401');
    expect(error.message).not.toContain(token);
  });

  it('given an answer that quotes the access token, when it fails after a retry, then neither the error nor the logs carry the token', async () => {
    const server = await fake();
    const { lines, logger } = logLines();
    const echo = { message: `bad token ${server.accessToken}`, error: 'x', status: 502 };
    server.failNext({ status: 502, times: 2, body: echo });
    const failure = gatewayFor(server, { maxRetries: 1, logger }).create(pix());
    const error = (await failure.catch((caught: unknown) => caught)) as PaymentGatewayError;
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.message).toContain('bad token [access token]');
    expect(error.message).not.toContain(server.accessToken);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(server.accessToken);
  });

  it('given nothing listens at the address, when created, then a retryable error with no HTTP status', async () => {
    const server = await fake();
    await server.close();
    fakes.splice(fakes.indexOf(server), 1);
    const failure = gatewayFor(server).create(pix());
    await expect(failure).rejects.toMatchObject({ status: 0, retryable: true });
  });
});

describe('Mercado Pago gateway: get, cancel, refund', () => {
  it('given a created Pix, when read, then the same payment; given an unknown id, then null', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const created = await gateway.create(pix());
    expect(await gateway.get(created.id)).toEqual(created);
    expect(await gateway.get('999')).toBeNull();
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/999' });
  });

  it('given the provider moved a payment on, when read, then the new status and update time come back', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const created = await gateway.create(pix());
    server.settle(created.id, 'approved', 'accredited');
    expect(await gateway.get(created.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
    });
  });

  it('given a pending Pix made with a device id, when cancelled, then a PUT cancelled with the cancel key and no leftover device id', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const created = await gateway.create(pix({ deviceId: 'device-abc' }));
    const cancelled = await gateway.cancel(created.id, 'order-1:cancel');

    expect(cancelled).toMatchObject({ id: created.id, status: 'cancelled' });
    const request = server.requests.at(-1);
    expect(request).toMatchObject({
      method: 'PUT',
      path: `/v1/payments/${created.id}`,
      body: { status: 'cancelled' },
    });
    expect(request?.headers['x-idempotency-key']).toBe('order-1:cancel');
    expect(request?.headers).not.toHaveProperty('x-meli-session-id');
  });

  it('given an approved card payment, when refunded without an amount, then a refund of all with the key, no body, and the refund comes back', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const approved = await approvedCard(server);
    const refund = await gateway.refund(approved.id, { idempotencyKey: 'refund-1' });

    expect(refund).toMatchObject({ amountCents: 1005, status: 'approved', createdAt: clockIso });
    const request = server.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: `/v1/payments/${approved.id}/refunds` });
    expect(request?.body).toBeUndefined();
    expect(request?.headers['x-idempotency-key']).toBe('refund-1');
    expect(await gateway.get(approved.id)).toMatchObject({
      status: 'refunded',
      refunds: [{ id: refund.id, amountCents: 1005, status: 'approved' }],
    });
  });

  it('given an approved card payment, when part is refunded, then Mercado Pago gets the amount in reais and the payment stays approved, partially refunded', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const approved = await approvedCard(server);
    const refund = await gateway.refund(approved.id, {
      idempotencyKey: 'refund-1',
      amountCents: 205,
    });

    expect(refund).toMatchObject({ amountCents: 205, status: 'approved' });
    expect(server.requests.at(-1)?.body).toEqual({ amount: 2.05 });
    expect(await gateway.get(approved.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'partially_refunded',
      refunds: [{ amountCents: 205 }],
    });
  });

  it('given a pending payment, when refunded, then a non-retryable 400', async () => {
    const server = await fake();
    const gateway = gatewayFor(server);
    const created = await gateway.create(pix());
    await expect(gateway.refund(created.id, { idempotencyKey: 'r' })).rejects.toMatchObject({
      status: 400,
      retryable: false,
    });
  });
});

describe('Mercado Pago gateway: one process, several adapters', () => {
  it('given two adapters with their own address and token, when used at once, then each provider sees only its own token and keys, and the SDK address is left as it was', async () => {
    const first = await fake('TEST-first-token');
    const second = await fake('TEST-second-token');
    const a = gatewayFor(first);
    const b = gatewayFor(second);

    const [fromA, fromB] = await Promise.all([
      a.create(pix({ idempotencyKey: 'a-create', deviceId: 'device-a' })),
      b.create(pix({ idempotencyKey: 'b-create' })),
    ]);
    await Promise.all([a.cancel(fromA.id, 'a-cancel'), b.get(fromB.id)]);

    const seen = (server: MercadoPagoFake) =>
      server.requests.map((request) => [
        request.method,
        request.headers.authorization,
        request.headers['x-idempotency-key'],
        request.headers['x-meli-session-id'],
      ]);
    expect(seen(first)).toEqual([
      ['POST', 'Bearer TEST-first-token', 'a-create', 'device-a'],
      ['PUT', 'Bearer TEST-first-token', 'a-cancel', undefined],
    ]);
    expect(seen(second)).toEqual([
      ['POST', 'Bearer TEST-second-token', 'b-create', undefined],
      ['GET', 'Bearer TEST-second-token', undefined, undefined],
    ]);
    expect(AppConfig.BASE_URL).toBe(MERCADO_PAGO_API_URL);
  });
});

describe('Mercado Pago gateway: webhooks', () => {
  const tsSeconds = String(clock.getTime() / 1000);
  const gateway = createMercadoPagoGateway({
    accessToken: 'TEST-token',
    webhookSecret,
    baseUrl: 'http://127.0.0.1:9',
    now: () => clock.getTime(),
  });

  function notification(options: {
    secret?: string;
    ts?: string;
    type?: string;
    dataIdInQuery?: boolean;
  }) {
    const {
      secret = webhookSecret,
      ts = tsSeconds,
      type = 'payment',
      dataIdInQuery = true,
    } = options;
    const signature = signWebhook(secret, { dataId: '123456', requestId: 'req-9', ts });
    return {
      headers: { 'X-Signature': signature, 'x-request-id': 'req-9' },
      query: dataIdInQuery ? { 'data.id': '123456', type } : {},
      body: { type, action: `${type}.updated`, data: { id: '123456' } },
    };
  }

  it('given a payment notification signed with our secret, when verified, then the payment to re-read', () => {
    expect(gateway.verifyWebhook(notification({}))).toEqual({
      kind: 'payment',
      paymentId: '123456',
    });
  });

  it('given no data.id in the query, when verified, then the body data.id is signed and used', () => {
    expect(gateway.verifyWebhook(notification({ dataIdInQuery: false }))).toEqual({
      kind: 'payment',
      paymentId: '123456',
    });
  });

  it('given a notification signed with another secret, when verified, then invalid', () => {
    expect(gateway.verifyWebhook(notification({ secret: 'forged' }))).toEqual({
      kind: 'invalid',
      reason: 'signature mismatch',
    });
  });

  it('given a correctly signed notification older than five minutes, when verified, then invalid', () => {
    const old = String(clock.getTime() / 1000 - 301);
    expect(gateway.verifyWebhook(notification({ ts: old }))).toEqual({
      kind: 'invalid',
      reason: 'ts outside tolerance',
    });
  });

  it('given a correctly signed notification of another topic, when verified, then ignored', () => {
    expect(gateway.verifyWebhook(notification({ type: 'merchant_order' }))).toEqual({
      kind: 'ignored',
    });
  });

  it('given an unsigned notification, when verified, then invalid', () => {
    const { query, body } = notification({});
    expect(gateway.verifyWebhook({ headers: {}, query, body })).toEqual({
      kind: 'invalid',
      reason: 'missing x-signature',
    });
  });
});

describe('Mercado Pago date format', () => {
  it('given an instant, when formatted, then it is Brasília wall time with milliseconds and -03:00', () => {
    expect(mercadoPagoDate(new Date('2026-11-24T02:30:00.123Z'))).toBe(
      '2026-11-23T23:30:00.123-03:00',
    );
  });
});
