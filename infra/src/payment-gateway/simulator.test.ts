import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { listenOnFreePort } from '../testing';
import { digitableLineFromBarcode, dueDateFactor, isValidBarcode } from './boleto';
import { crc16ccittFalse } from './pix-brcode';
import {
  PaymentGatewayError,
  type CreatePaymentRequest,
  type Payer,
  type PaymentInstrument,
} from './port';
import {
  createPaymentSimulator,
  MAX_LIVE_CARD_TOKENS,
  type CardTokenRequest,
  type PaymentSimulator,
  type PaymentSimulatorOptions,
} from './simulator';
import { signWebhook } from './webhook-signature';

const SECRET = 'segredo-do-simulador';
const START = Date.parse('2026-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const payer: Payer = {
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Souza',
  cpf: '12345678909',
  address: {
    zipCode: '01310100',
    streetName: 'Avenida Paulista',
    streetNumber: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    federalUnit: 'SP',
  },
};

const cards = {
  master: '5031 4332 1540 6351',
  visa: '4235 6477 2802 5682',
  amex: '3753 651535 56885',
  elo: '5067 7667 8388 8311',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Received {
  url: URL;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A real HTTP endpoint standing in for the shop's /payments/webhook. */
async function webhookReceiver(failFirst = 0) {
  const received: Received[] = [];
  let failuresLeft = failFirst;
  let waiters: { predicate: (all: Received[]) => boolean; resolve: () => void }[] = [];
  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(200).end();
      waiters = waiters.filter((waiter) => {
        if (!waiter.predicate(received)) return true;
        waiter.resolve();
        return false;
      });
    });
  };
  const server = await listenOnFreePort(listener);
  cleanups.push(server.close);
  return {
    url: `${server.url}/payments/webhook`,
    received,
    /** Resolves when what was received satisfies the predicate (no timing involved). */
    until: (predicate: (all: Received[]) => boolean) =>
      new Promise<void>((resolve) => {
        if (predicate(received)) resolve();
        else waiters.push({ predicate, resolve });
      }),
  };
}

const asWebhookRequest = (delivery: Received) => ({
  headers: delivery.headers,
  query: Object.fromEntries(delivery.url.searchParams),
  body: delivery.body,
});

function actionsFor(received: Received[], paymentId: string): unknown[] {
  return received
    .map((delivery) => delivery.body)
    .filter((body) => JSON.stringify(body).includes(`"data":{"id":"${paymentId}"}`))
    .map((body) => (typeof body === 'object' && body && 'action' in body ? body.action : null));
}

function logCapture() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  });
  return { lines, logger: pino({ level: 'warn' }, stream) };
}

function simulatorWith(options: Partial<PaymentSimulatorOptions> = {}) {
  let nowMs = START;
  const simulator = createPaymentSimulator({
    webhookSecret: SECRET,
    now: () => new Date(nowMs),
    webhookRetryDelaysMs: [0, 0],
    ...options,
  });
  cleanups.push(() => simulator.close());
  return {
    simulator,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

let requests = 0;
function request(
  instrument: PaymentInstrument,
  overrides: Partial<CreatePaymentRequest> = {},
): CreatePaymentRequest {
  requests += 1;
  return {
    idempotencyKey: `order-${requests}:create`,
    amountCents: 4590,
    description: 'Pedido Quitute',
    externalReference: `order-${requests}`,
    payer,
    instrument,
    ...overrides,
  };
}

const pix = (expiresInMs = 30 * MINUTE): PaymentInstrument => ({
  method: 'pix',
  expiresAt: new Date(START + expiresInMs),
});
const boleto = (expiresInMs = 3 * DAY): PaymentInstrument => ({
  method: 'boleto',
  expiresAt: new Date(START + expiresInMs),
});

function cardToken(
  simulator: PaymentSimulator,
  cardholderName: string,
  overrides: Partial<CardTokenRequest> = {},
) {
  return simulator.createCardToken({
    cardNumber: cards.master,
    cardholderName,
    expirationMonth: '11',
    expirationYear: '30',
    securityCode: '123',
    docNumber: '123.456.789-09',
    ...overrides,
  });
}

async function cardPayment(
  simulator: PaymentSimulator,
  cardholderName: string,
  card: { method?: 'credit_card' | 'debit_card'; installments?: number } = {},
) {
  const token = await cardToken(simulator, cardholderName);
  return simulator.create(
    request({
      method: card.method ?? 'credit_card',
      token: token.id,
      paymentMethodId: token.paymentMethodId,
      installments: card.installments ?? 1,
    }),
  );
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('payment simulator: Pix', () => {
  it('given a Pix request, when created, then it is pending with a valid BR Code for its amount, a QR PNG and a ticket page', async () => {
    const { simulator } = simulatorWith({ pixKey: 'pix@quitute.test', merchantName: 'Quitute' });
    const payment = await simulator.create(request(pix()));
    expect(payment).toMatchObject({
      status: 'pending',
      statusDetail: 'pending_waiting_transfer',
      method: 'pix',
      amountCents: 4590,
      expiresAt: new Date(START + 30 * MINUTE).toISOString(),
    });
    expect(payment.id).toMatch(/^\d{10,12}$/);
    const qrCode = payment.pix?.qrCode ?? '';
    expect(qrCode.slice(-4)).toBe(crc16ccittFalse(qrCode.slice(0, -4)));
    expect(qrCode).toContain('0116pix@quitute.test');
    expect(qrCode).toContain('540545.90');
    expect(qrCode).toContain(`05${String(payment.id.length).padStart(2, '0')}${payment.id}`);
    const png = Buffer.from(payment.pix?.qrCodeBase64 ?? '', 'base64');
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(payment.pix?.ticketUrl).toBe(`/simulator/payments/${payment.id}`);
    expect(await simulator.get(payment.id)).toEqual(payment);
  });

  it('given an expiry in the past, when a Pix is created, then it is refused with 400', async () => {
    const { simulator } = simulatorWith();
    const error = await rejection(simulator.create(request(pix(-MINUTE))));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ status: 400 });
  });

  it('given an unknown id, when read, then it is null', async () => {
    const { simulator } = simulatorWith();
    expect(await simulator.get('1234567890')).toBeNull();
  });
});

describe('payment simulator: idempotency', () => {
  it('given one key sent twice, even at once, when created, then there is one payment and one creation notice', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url });
    const body = request(pix());
    const [first, second] = await Promise.all([simulator.create(body), simulator.create(body)]);
    const third = await simulator.create({ ...body, instrument: { ...body.instrument } });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    await simulator.settled();
    expect(actionsFor(receiver.received, first.id)).toEqual(['payment.created']);
    expect(receiver.received).toHaveLength(1);
  });

  it('given a key already used, when sent with another amount, then it conflicts with 409', async () => {
    const { simulator } = simulatorWith();
    const body = request(pix());
    await simulator.create(body);
    const error = await rejection(simulator.create({ ...body, amountCents: 9990 }));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ status: 409 });
  });

  it('given two keys, when created, then the payments have different ids', async () => {
    const { simulator } = simulatorWith();
    const first = await simulator.create(request(pix()));
    const second = await simulator.create(request(pix()));
    expect(second.id).not.toBe(first.id);
  });
});

describe('payment simulator: boleto', () => {
  it('given a payer with CPF and address, when a boleto is created, then it is pending with a consistent Bradesco barcode and linha digitável', async () => {
    const { simulator } = simulatorWith();
    // 02:30 UTC on the 13th is still the 12th in São Paulo: the boleto falls due on the 12th.
    const expiresAt = new Date('2026-03-13T02:30:00.000Z');
    const payment = await simulator.create(request({ method: 'boleto', expiresAt }));
    expect(payment).toMatchObject({
      status: 'pending',
      statusDetail: 'pending_waiting_payment',
      method: 'boleto',
      expiresAt: expiresAt.toISOString(),
    });
    const { barcode = '', digitableLine, url } = payment.boleto ?? {};
    expect(isValidBarcode(barcode)).toBe(true);
    expect(barcode.slice(0, 4)).toBe('2379');
    expect(barcode.slice(5, 19)).toBe(`${dueDateFactor('2026-03-12')}0000004590`);
    expect(digitableLine).toBe(digitableLineFromBarcode(barcode));
    expect(url).toBe(`/simulator/payments/${payment.id}`);
  });

  it('given no address or a CPF that is not 11 digits, when a boleto is created, then it is refused with a clear 400', async () => {
    const { simulator } = simulatorWith();
    const { address: _address, ...withoutAddress } = payer;
    for (const who of [withoutAddress, { ...payer, cpf: '123' }]) {
      const error = await rejection(simulator.create(request(boleto(), { payer: who })));
      expect(error).toBeInstanceOf(PaymentGatewayError);
      expect(error).toMatchObject({
        status: 400,
        message: expect.stringContaining('Boleto exige o CPF e o endereço completo'),
      });
    }
  });
});

describe('payment simulator: cards', () => {
  it.each([
    ['APRO', 'approved', 'accredited'],
    ['CONT', 'in_process', 'pending_contingency'],
    ['OTHE', 'rejected', 'cc_rejected_other_reason'],
    ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
    ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
    ['Ana Souza', 'rejected', 'cc_rejected_other_reason'],
  ])(
    'given the cardholder %s, when paid by card, then the payment is %s/%s',
    async (name, status, statusDetail) => {
      const { simulator } = simulatorWith();
      const payment = await cardPayment(simulator, name);
      expect(payment).toMatchObject({ status, statusDetail, method: 'credit_card' });
      expect(payment.expiresAt).toBeUndefined();
    },
  );

  it('given a used token, when a second payment uses it, then it is refused with 400', async () => {
    const { simulator } = simulatorWith();
    const token = await cardToken(simulator, 'APRO');
    const instrument: PaymentInstrument = {
      method: 'credit_card',
      token: token.id,
      paymentMethodId: 'master',
      installments: 1,
    };
    await simulator.create(request(instrument));
    const error = await rejection(simulator.create(request(instrument)));
    expect(error).toMatchObject({ name: 'PaymentGatewayError', status: 400 });
  });

  it('given more live tokens than the simulator keeps, when the oldest is paid with, then it is refused and the newest still pays', async () => {
    const { simulator } = simulatorWith();
    const card = (token: { id: string; paymentMethodId: string }): PaymentInstrument => ({
      method: 'credit_card',
      token: token.id,
      paymentMethodId: token.paymentMethodId,
      installments: 1,
    });
    const oldest = await cardToken(simulator, 'APRO');
    let newest = oldest;
    for (let index = 0; index < MAX_LIVE_CARD_TOKENS; index += 1) {
      newest = await cardToken(simulator, 'APRO');
    }

    expect(await rejection(simulator.create(request(card(oldest))))).toMatchObject({ status: 400 });
    expect((await simulator.create(request(card(newest)))).status).toBe('approved');
  });

  it('given an unknown token or one past its 7 days, when paid, then it is refused with 400', async () => {
    const { simulator, advance } = simulatorWith();
    const card = (token: string): PaymentInstrument => ({
      method: 'credit_card',
      token,
      paymentMethodId: 'master',
      installments: 1,
    });
    expect(await rejection(simulator.create(request(card('nope'))))).toMatchObject({
      status: 400,
    });
    const token = await cardToken(simulator, 'APRO');
    advance(7 * DAY + 1);
    expect(await rejection(simulator.create(request(card(token.id))))).toMatchObject({
      status: 400,
    });
  });

  it('given a debit card with 3 installments, when paid, then it is rejected for invalid installments', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'APRO', { method: 'debit_card', installments: 3 });
    expect(payment).toMatchObject({
      status: 'rejected',
      statusDetail: 'cc_rejected_invalid_installments',
      method: 'debit_card',
    });
  });

  it('given a debit card in one installment named by its debit brand, when paid, then it is approved', async () => {
    const { simulator } = simulatorWith();
    const token = await cardToken(simulator, 'APRO', { cardNumber: cards.elo });
    expect(token.paymentMethodId).toBe('elo');
    const payment = await simulator.create(
      request({
        method: 'debit_card',
        token: token.id,
        paymentMethodId: 'debelo',
        installments: 1,
      }),
    );
    expect(payment).toMatchObject({ status: 'approved', method: 'debit_card' });
  });

  it('given a brand that is not the card’s, when paid, then it is refused with 400 and the token stays usable', async () => {
    const { simulator } = simulatorWith();
    const token = await cardToken(simulator, 'APRO');
    const card = (paymentMethodId: string): PaymentInstrument => ({
      method: 'credit_card',
      token: token.id,
      paymentMethodId,
      installments: 1,
    });
    expect(await rejection(simulator.create(request(card('visa'))))).toMatchObject({
      status: 400,
    });
    expect(await simulator.create(request(card('master')))).toMatchObject({ status: 'approved' });
  });
});

describe('payment simulator: card tokens', () => {
  it("given Mercado Pago's test cards, when tokenized, then each gets a 32-hex token with its brand", async () => {
    const { simulator } = simulatorWith();
    for (const [brand, cardNumber] of Object.entries(cards)) {
      const token = await cardToken(simulator, 'APRO', {
        cardNumber,
        securityCode: brand === 'amex' ? '1234' : '123',
      });
      expect(token.id).toMatch(/^[0-9a-f]{32}$/);
      expect(token).toMatchObject({ paymentMethodId: brand, lastFourDigits: cardNumber.slice(-4) });
    }
  });

  it.each<[string, Partial<CardTokenRequest>, string, string]>([
    [
      'a number failing Luhn',
      { cardNumber: '5031 4332 1540 6352' },
      'cardNumber',
      'Número do cartão inválido.',
    ],
    [
      'an unknown brand',
      { cardNumber: '6011 1111 1111 1117' },
      'cardNumber',
      'Bandeira do cartão não aceita.',
    ],
    [
      'last month’s expiry',
      { expirationMonth: '02', expirationYear: '2026' },
      'expirationYear',
      'Cartão vencido.',
    ],
    ['month 13', { expirationMonth: '13' }, 'expirationMonth', 'Data de validade inválida.'],
    ['a 2-digit CVV', { securityCode: '12' }, 'securityCode', 'Código de segurança inválido.'],
    [
      'a 3-digit Amex CVV',
      { cardNumber: cards.amex, securityCode: '123' },
      'securityCode',
      'Código de segurança inválido.',
    ],
    ['a 10-digit CPF', { docNumber: '1234567890' }, 'docNumber', 'CPF inválido'],
    ['a blank name', { cardholderName: '  ' }, 'cardholderName', 'Nome do titular é obrigatório.'],
  ])(
    'given %s, when tokenized, then it is a 400 with a pt-BR message',
    async (_case, overrides, fieldName, message) => {
      const { simulator } = simulatorWith();
      const error = await rejection(cardToken(simulator, 'APRO', overrides));
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, message, fields: { [fieldName]: message } });
    },
  );

  it('given this month as expiry, when tokenized, then the card is still valid', async () => {
    const { simulator } = simulatorWith();
    const token = await cardToken(simulator, 'APRO', {
      expirationMonth: '3',
      expirationYear: '26',
    });
    expect(token.id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('payment simulator: cancel and refund', () => {
  it('given a pending Pix, when cancelled and retried with the same key, then it is cancelled once; another key is refused', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url });
    const payment = await simulator.create(request(pix()));
    const cancelled = await simulator.cancel(payment.id, 'cancel-1');
    expect(cancelled).toMatchObject({ status: 'cancelled', statusDetail: 'by_collector' });
    expect(await simulator.cancel(payment.id, 'cancel-1')).toEqual(cancelled);
    expect(await rejection(simulator.cancel(payment.id, 'cancel-2'))).toMatchObject({
      status: 400,
    });
    await simulator.settled();
    expect(actionsFor(receiver.received, payment.id)).toEqual([
      'payment.created',
      'payment.updated',
    ]);
  });

  it('given an approved card payment, when cancelled, then it is refused: only a refund undoes it', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'APRO');
    const error = await rejection(simulator.cancel(payment.id, 'cancel'));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ status: 400 });
  });

  it('given a card payment in review, when cancelled, then it is cancelled', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'CONT');
    expect(await simulator.cancel(payment.id, 'cancel')).toMatchObject({ status: 'cancelled' });
  });

  it('given an approved payment, when refunded twice with one key, then one refund, answered again; the payment is refunded and notified once', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url });
    const payment = await cardPayment(simulator, 'APRO');
    const refund = await simulator.refund(payment.id, { idempotencyKey: 'refund-1' });
    expect(refund).toMatchObject({ amountCents: payment.amountCents, status: 'approved' });
    expect(await simulator.refund(payment.id, { idempotencyKey: 'refund-1' })).toEqual(refund);
    expect(await simulator.get(payment.id)).toMatchObject({
      status: 'refunded',
      statusDetail: 'refunded',
      refunds: [refund],
    });
    expect(
      await rejection(simulator.refund(payment.id, { idempotencyKey: 'refund-2' })),
    ).toMatchObject({
      status: 400,
    });
    await simulator.settled();
    expect(actionsFor(receiver.received, payment.id)).toEqual([
      'payment.created',
      'payment.updated',
    ]);
  });

  it('given an approved payment, when refunded in two parts, then partially refunded, then refunded; more than is left is refused', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'APRO');
    await simulator.refund(payment.id, { idempotencyKey: 'refund-1', amountCents: 1000 });
    expect(await simulator.get(payment.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'partially_refunded',
    });
    expect(
      await rejection(
        simulator.refund(payment.id, {
          idempotencyKey: 'refund-2',
          amountCents: payment.amountCents,
        }),
      ),
    ).toMatchObject({ status: 400 });
    const rest = await simulator.refund(payment.id, { idempotencyKey: 'refund-3' });
    expect(rest.amountCents).toBe(payment.amountCents - 1000);
    expect(await simulator.get(payment.id)).toMatchObject({
      status: 'refunded',
      refunds: [{ amountCents: 1000 }, { amountCents: payment.amountCents - 1000 }],
    });
  });

  it('given an approved payment, when refunded or charged back at the provider (its page), then the payment says so; a pending one conflicts', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'APRO');
    expect(await simulator.refundAtProvider(payment.id, 500)).toMatchObject({
      status: 'approved',
      statusDetail: 'partially_refunded',
      refunds: [{ amountCents: 500, status: 'approved' }],
    });
    expect(await simulator.chargeBack(payment.id)).toMatchObject({ status: 'charged_back' });
    const pending = await simulator.create(request(pix()));
    expect(await rejection(simulator.chargeBack(pending.id))).toMatchObject({ status: 409 });
    expect(await rejection(simulator.refundAtProvider(pending.id))).toMatchObject({ status: 409 });
  });

  it('given a pending or rejected payment, when refunded, then it is refused with 400', async () => {
    const { simulator } = simulatorWith();
    const pending = await simulator.create(request(pix()));
    const rejected = await cardPayment(simulator, 'FUND');
    for (const payment of [pending, rejected]) {
      expect(
        await rejection(simulator.refund(payment.id, { idempotencyKey: 'refund' })),
      ).toMatchObject({
        name: 'PaymentGatewayError',
        status: 400,
      });
    }
  });

  it('given an unknown id, when cancelled or refunded, then it is a 404', async () => {
    const { simulator } = simulatorWith();
    expect(await rejection(simulator.cancel('1234567890', 'k'))).toMatchObject({ status: 404 });
    expect(await rejection(simulator.refund('1234567890', { idempotencyKey: 'k' }))).toMatchObject({
      status: 404,
    });
  });
});

describe('payment simulator: approving and rejecting by hand', () => {
  it('given a pending boleto, when approved, then it is approved/accredited and approving again conflicts', async () => {
    const { simulator } = simulatorWith();
    const payment = await simulator.create(request(boleto()));
    expect(await simulator.approve(payment.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
    });
    const error = await rejection(simulator.approve(payment.id));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Este pagamento não está pendente e não pode ser aprovado.',
    });
  });

  it('given a pending Pix, when rejected, then it is rejected and can no longer be approved', async () => {
    const { simulator } = simulatorWith();
    const payment = await simulator.create(request(pix()));
    expect(await simulator.reject(payment.id)).toMatchObject({ status: 'rejected' });
    expect(await rejection(simulator.approve(payment.id))).toMatchObject({ status: 409 });
  });

  it('given a card payment in review, when approved by hand, then it is approved', async () => {
    const { simulator } = simulatorWith();
    const payment = await cardPayment(simulator, 'CONT');
    expect(await simulator.approve(payment.id)).toMatchObject({ status: 'approved' });
  });

  it('given an unknown id, when approved, then it is a 404 AppError', async () => {
    const { simulator } = simulatorWith();
    expect(await rejection(simulator.reject('1234567890'))).toMatchObject({
      name: 'AppError',
      status: 404,
    });
  });
});

describe('payment simulator: expiry', () => {
  it('given an unpaid Pix past its expiry, when read, then it is cancelled/expired, the shop is told and it cannot be approved', async () => {
    const receiver = await webhookReceiver();
    const { simulator, advance } = simulatorWith({ webhookUrl: receiver.url });
    const payment = await simulator.create(request(pix(30 * MINUTE)));
    advance(30 * MINUTE - 1);
    expect(await simulator.get(payment.id)).toMatchObject({ status: 'pending' });
    advance(1);
    expect(await simulator.get(payment.id)).toMatchObject({
      status: 'cancelled',
      statusDetail: 'expired',
    });
    expect(await rejection(simulator.approve(payment.id))).toMatchObject({ status: 409 });
    await simulator.settled();
    expect(actionsFor(receiver.received, payment.id)).toEqual([
      'payment.created',
      'payment.updated',
    ]);
  });

  it('given an unpaid boleto past its expiry that nobody reads, when the sweep runs, then the shop is told it expired', async () => {
    const receiver = await webhookReceiver();
    const { simulator, advance } = simulatorWith({ webhookUrl: receiver.url, expirySweepMs: 5 });
    const payment = await simulator.create(request(boleto(DAY)));
    advance(DAY);
    await receiver.until((all) => all.length === 2);
    expect(actionsFor(receiver.received, payment.id)).toEqual([
      'payment.created',
      'payment.updated',
    ]);
    expect(await simulator.get(payment.id)).toMatchObject({ statusDetail: 'expired' });
  });

  it('given an approved Pix, when its expiry passes, then it stays approved', async () => {
    const { simulator, advance } = simulatorWith();
    const payment = await simulator.create(request(pix(30 * MINUTE)));
    await simulator.approve(payment.id);
    advance(DAY);
    expect(await simulator.get(payment.id)).toMatchObject({ status: 'approved' });
  });
});

describe('payment simulator: webhooks', () => {
  it('given a status change, when notified, then the shop receives what Mercado Pago sends and verifyWebhook accepts it', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url });
    const payment = await simulator.create(request(pix()));
    await simulator.approve(payment.id);
    await simulator.settled();
    expect(receiver.received).toHaveLength(2);
    const [created, updated] = receiver.received;
    if (!created || !updated) throw new Error('two deliveries expected');
    expect(updated.url.pathname).toBe('/payments/webhook');
    expect(Object.fromEntries(updated.url.searchParams)).toEqual({
      'data.id': payment.id,
      type: 'payment',
    });
    expect(updated.body).toEqual({
      id: expect.any(Number),
      live_mode: false,
      type: 'payment',
      date_created: new Date(START).toISOString(),
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: payment.id },
    });
    expect(created.body).toMatchObject({ action: 'payment.created' });
    expect(updated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated.headers['x-signature']).toMatch(/^ts=\d{10},v1=[0-9a-f]{64}$/);
    for (const delivery of receiver.received) {
      expect(simulator.verifyWebhook(asWebhookRequest(delivery))).toEqual({
        kind: 'payment',
        paymentId: payment.id,
      });
    }
  });

  it('given a payment that names its own notification URL, when created, then the notice goes there', async () => {
    const configured = await webhookReceiver();
    const own = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: configured.url });
    await simulator.create(request(pix(), { notificationUrl: own.url }));
    await simulator.settled();
    expect(own.received).toHaveLength(1);
    expect(configured.received).toHaveLength(0);
  });

  it('given a forged, altered, stale or unsigned notification, when verified, then it is invalid', async () => {
    const receiver = await webhookReceiver();
    const { simulator, advance } = simulatorWith({ webhookUrl: receiver.url });
    const payment = await simulator.create(request(pix()));
    await simulator.settled();
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('one delivery expected');
    const genuine = asWebhookRequest(delivery);
    const requestId = String(delivery.headers['x-request-id']);
    const ts = String(Math.floor(START / 1000));
    const forged = signWebhook('outro-segredo', { dataId: payment.id, requestId, ts });
    const verdict = (changes: Partial<typeof genuine>) =>
      simulator.verifyWebhook({ ...genuine, ...changes });
    expect(verdict({ headers: { ...genuine.headers, 'x-signature': forged } })).toMatchObject({
      kind: 'invalid',
    });
    expect(verdict({ query: { ...genuine.query, 'data.id': '999999999999' } })).toMatchObject({
      kind: 'invalid',
    });
    expect(verdict({ headers: { 'x-request-id': requestId } })).toEqual({
      kind: 'invalid',
      reason: 'missing x-signature',
    });
    advance(5 * MINUTE + 1000);
    expect(verdict({})).toEqual({ kind: 'invalid', reason: 'ts outside tolerance' });
  });

  it('given a signed notice with data.id only in the body, or about another topic, when verified, then it is read from the body or ignored', async () => {
    const { simulator } = simulatorWith();
    const ts = String(Math.floor(START / 1000));
    const signed = (dataId: string) => ({
      'x-request-id': 'req-1',
      'x-signature': signWebhook(SECRET, { dataId, requestId: 'req-1', ts }),
    });
    expect(
      simulator.verifyWebhook({
        headers: signed('123456789012'),
        query: { type: 'payment' },
        body: { type: 'payment', data: { id: '123456789012' } },
      }),
    ).toEqual({ kind: 'payment', paymentId: '123456789012' });
    expect(
      simulator.verifyWebhook({
        headers: signed('77'),
        query: { 'data.id': '77', type: 'merchant_order' },
        body: {},
      }),
    ).toEqual({ kind: 'ignored' });
    expect(
      simulator.verifyWebhook({
        headers: signed('77'),
        query: { 'data.id': '77', topic: 'chargebacks' },
        body: {},
      }),
    ).toEqual({ kind: 'ignored' });
  });

  it('given a shop answering 500 twice, when notified, then the third attempt delivers it, freshly signed', async () => {
    const receiver = await webhookReceiver(2);
    const { lines, logger } = logCapture();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url, logger });
    const payment = await simulator.create(request(pix()));
    await simulator.settled();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('one delivery expected');
    expect(simulator.verifyWebhook(asWebhookRequest(delivery))).toEqual({
      kind: 'payment',
      paymentId: payment.id,
    });
    expect(lines.filter((line) => line.msg.includes('retrying'))).toHaveLength(2);
  });

  it('given a shop that cannot be reached, when notified, then the simulator keeps working and logs that it gave up', async () => {
    const gone = await listenOnFreePort((_req, res) => res.end());
    await gone.close();
    const { lines, logger } = logCapture();
    const { simulator } = simulatorWith({ webhookUrl: `${gone.url}/payments/webhook`, logger });
    const payment = await simulator.create(request(pix()));
    await simulator.settled();
    expect(await simulator.approve(payment.id)).toMatchObject({ status: 'approved' });
    await simulator.settled();
    expect(lines.filter((line) => line.msg.includes('not delivered'))).toHaveLength(2);
  });
});

describe('payment simulator: auto-approval', () => {
  it('given autoApproveMs, when a Pix is left pending, then it approves itself and the shop is told', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url, autoApproveMs: 10 });
    const payment = await simulator.create(request(pix()));
    await receiver.until((all) => all.length === 2);
    expect(actionsFor(receiver.received, payment.id)).toEqual([
      'payment.created',
      'payment.updated',
    ]);
    expect(await simulator.get(payment.id)).toMatchObject({
      status: 'approved',
      statusDetail: 'accredited',
    });
  });

  it('given autoApproveMs, when a card payment is in review, then it is left for a person to settle', async () => {
    const receiver = await webhookReceiver();
    const { simulator } = simulatorWith({ webhookUrl: receiver.url, autoApproveMs: 0 });
    const card = await cardPayment(simulator, 'CONT');
    const boletoPayment = await simulator.create(request(boleto()));
    // The boleto's approval proves the timers ran; the card was created before it.
    await receiver.until((all) => actionsFor(all, boletoPayment.id).length === 2);
    expect(await simulator.get(card.id)).toMatchObject({ status: 'in_process' });
  });
});

describe('payment simulator: persistence', () => {
  it('given a folder, when the simulator restarts on it, then pending payments, idempotency and cancel keys survive', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quitute-simulator-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const first = simulatorWith({ dir }).simulator;
    const body = request(pix(DAY));
    const pending = await first.create(body);
    const cancelled = await first.create(request(boleto()));
    await first.cancel(cancelled.id, 'cancel-key');
    first.close();
    // A crash in the middle of a write.
    await appendFile(join(dir, 'payments.jsonl'), '{"payment":{"id":"1111111111"');

    const second = simulatorWith({ dir }).simulator;
    expect(await second.get(pending.id)).toEqual(pending);
    expect(await second.create(body)).toEqual(pending);
    expect(await second.cancel(cancelled.id, 'cancel-key')).toMatchObject({ status: 'cancelled' });
    expect(await second.get('1111111111')).toBeNull();
    expect(await second.approve(pending.id)).toMatchObject({ status: 'approved' });

    const third = simulatorWith({ dir }).simulator;
    expect(await third.get(pending.id)).toMatchObject({ status: 'approved' });
    expect(await readdir(dir)).toEqual(['payments.jsonl']);
  });

  it('given no folder, when a second simulator starts, then it knows nothing of the first', async () => {
    const first = simulatorWith().simulator;
    const payment = await first.create(request(pix()));
    const second = simulatorWith().simulator;
    expect(await second.get(payment.id)).toBeNull();
  });
});
