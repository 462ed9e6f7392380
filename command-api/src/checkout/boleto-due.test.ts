import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { boletoTooCloseMessage, paymentResultSchema } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import {
  createMercadoPagoGateway,
  startMercadoPagoFake,
  type CreatePaymentRequest,
  type MercadoPagoFake,
} from '@quitute/infra/payment-gateway';
import { address, cardToken, closeShops, now, openShop, pixBody } from '../payments/testing';
import { boletoDueDay, boletoExpiry } from './boleto-due';

/** The test shop's clock: Saturday 21/11/2026, 09:00 in São Paulo. */
const saturdayMorning = now();
const at = (text: string) => new Date(text);

/** A boleto pickup of 20 coxinhas (R$ 12,00) on `deliveryDate` (the shop's wall clock). */
const boletoBody = (userId: string, deliveryDate: string) =>
  pixBody(userId, {
    paymentMethod: 'boleto',
    paymentMethodId: 'bolbradesco',
    address,
    deliveryDate,
  });

const fakes: MercadoPagoFake[] = [];
afterEach(async () => {
  await closeShops();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

describe('boleto due day (issue 38: a boleto only when it clears before the date)', () => {
  it('given an order on Saturday for the next Monday week, then due Tuesday (three days out), to its last second in the shop', () => {
    const due = boletoDueDay(saturdayMorning, at('2026-11-30T13:00:00.000Z'));
    expect(due).toBe('2026-11-24');
    expect(boletoExpiry(due).toISOString()).toBe('2026-11-25T02:59:59.000Z');
  });

  it('given an order late on Friday evening in São Paulo (already Saturday in UTC), then the days count from Friday', () => {
    // 22:30 on Friday 27/11 in São Paulo; delivery Thursday 03/12: due that Friday itself.
    expect(boletoDueDay(at('2026-11-28T01:30:00.000Z'), at('2026-12-03T13:00:00.000Z'))).toBe(
      '2026-11-27',
    );
  });

  it('given a date too close to clear, then 400 naming the earliest date a boleto can pay for', () => {
    const refusal = (() => {
      try {
        boletoDueDay(saturdayMorning, at('2026-11-26T13:00:00.000Z'));
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'validation',
      message: boletoTooCloseMessage('27/11/2026'),
    });
  });
});

describe('checkout by boleto (issue 38)', () => {
  it('given a pickup on Wednesday 25/11, ordered on Saturday, when paid by boleto, then 400 with the earliest date and nothing placed nor asked of the provider', async () => {
    const asked: CreatePaymentRequest[] = [];
    const shop = await openShop({
      notifications: false,
      gateway: (simulator) => ({
        ...simulator,
        create: (request) => {
          asked.push(request);
          return simulator.create(request);
        },
      }),
    });
    const maria = await shop.customer();

    const answer = await maria.checkout(boletoBody(maria.userId, '2026-11-25T10:00'));

    expect(answer).toMatchObject({
      status: 400,
      body: { message: boletoTooCloseMessage('27/11/2026'), code: 'validation' },
    });
    expect(await shop.appended()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('given a pickup on the earliest date (Friday 27/11), when paid by boleto, then the simulator issues it due on Monday 23/11, credited by Thursday (its barcode says so)', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(boletoBody(maria.userId, '2026-11-27T10:00'));

    expect(answer.status).toBe(200);
    const paid = paymentResultSchema.parse(answer.body);
    expect(paid.boletoExpirationDate).toBe('2026-11-24T02:59:59.000Z');
    // The due-date factor (days since 22/02/2025, from 1000) sits at digits 34–37 of the line.
    const factor = 1000 + Math.round((Date.UTC(2026, 10, 23) - Date.UTC(2025, 1, 22)) / 86_400_000);
    expect(paid.boletoDigitableLine?.slice(33, 37)).toBe(String(factor));
  });

  it('given Mercado Pago, when a boleto is paid for Monday 30/11, then its date_of_expiration is the end of Tuesday 24/11 in the shop', async () => {
    const fake = await startMercadoPagoFake({ now });
    fakes.push(fake);
    const shop = await openShop({
      notifications: false,
      gateway: () =>
        createMercadoPagoGateway({
          accessToken: fake.accessToken,
          webhookSecret: 'segredo-do-webhook',
          baseUrl: fake.url,
          maxRetries: 0,
          retryDelayMs: 0,
          now: () => now().getTime(),
        }),
    });
    const maria = await shop.customer();

    const answer = await maria.checkout(boletoBody(maria.userId, '2026-11-30T10:00'));

    expect(answer.status).toBe(200);
    const created = fake.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payments',
    );
    expect(created.map((request) => request.body)).toEqual([
      expect.objectContaining({
        payment_method_id: 'bolbradesco',
        date_of_expiration: '2026-11-24T23:59:59.000-03:00',
      }),
    ]);
  });
});

describe('a boleto after a declined card (issue 36 meets issue 38)', () => {
  it('given a declined card for Wednesday 25/11, when the same order comes by boleto, then 400 with the earliest date and no payment requested again', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();
    const key = randomUUID();
    const token = await cardToken(shop.simulator, 'OTHE');
    const declined = await maria.checkout(
      pixBody(maria.userId, {
        address,
        paymentMethod: 'credit_card',
        paymentMethodId: token.paymentMethodId,
        token: token.id,
        installments: 1,
      }),
      key,
    );
    expect(declined.body).toMatchObject({ paymentStatus: 'rejected' });

    const answer = await maria.checkout(boletoBody(maria.userId, '2026-11-25T10:00'), key);

    expect(answer).toMatchObject({
      status: 400,
      body: { message: boletoTooCloseMessage('27/11/2026') },
    });
    expect(await shop.ofType('PaymentRequested')).toHaveLength(1);
  });
});
