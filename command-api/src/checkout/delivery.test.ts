import { afterEach, describe, expect, it } from 'vitest';
import {
  belowMinimumOrderMessage,
  checkoutMessages,
  paymentResultSchema,
  shopMessages,
} from '@quitute/contracts';
import type { CreatePaymentRequest } from '@quitute/infra/payment-gateway';
import {
  address,
  centro,
  closeShops,
  deliveryBody,
  line,
  openShop,
  paoDeQueijo,
  saveDeliveryZones,
} from '../payments/testing';

/**
 * The checkout's delivery fee and the customer it knows (issue 37), over real
 * HTTP with the payment simulator: the server prices the fee from the CEP's
 * zone in the shop's settings, whatever the page sent, charges items and fee,
 * and records on the order the fee, the zone, the phone and the account's e-mail.
 */

afterEach(closeShops);

/** A shop delivering in Centro only, whose provider notes what it is asked. */
async function shopDeliveringInCentro() {
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
  await saveDeliveryZones(shop.eventStore, [centro]);
  const maria = await shop.customer();
  return { shop, maria, asked };
}

describe('checkout: the delivery fee comes from the CEP’s zone', () => {
  it('given a delivery to CEP 01310-100 in Centro (fee R$ 15,00, minimum R$ 100,00), then the order costs items + fee, records the fee, the zone, the phone and the complement, and the provider is asked for items + fee', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(deliveryBody(maria.userId));

    expect(answer.status).toBe(200);
    const paid = paymentResultSchema.parse(answer.body);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({
      items: [{ productId: paoDeQueijo.productId, unitPriceCents: 100, quantity: 100 }],
      totalCents: 11_500,
      deliveryFeeCents: 1500,
      deliveryZone: 'Centro',
      deliveryType: 'delivery',
      customer: { userId: maria.userId, email: maria.email, phone: '11988887777' },
      address: { zipCode: '01310100', complement: 'apto 52' },
    });
    const [requested] = await shop.ofType('PaymentRequested');
    expect(requested?.data).toMatchObject({ amountCents: 11_500 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ amountCents: 11_500, description: 'Pedido #1001 — Quitute' });
    expect(await shop.simulator.get(paid.paymentId ?? '')).toMatchObject({ amountCents: 11_500 });
  });

  it('given a delivery to CEP 20040-020, outside every zone, then 400 with the pt-BR message on the CEP, and nothing appended nor charged', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, {
        address: { ...address, zipCode: '20040-020', city: 'Rio de Janeiro', federalUnit: 'RJ' },
      }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message: shopMessages.outsideZones,
        fields: { 'address.zipCode': shopMessages.outsideZones },
      },
    });
    expect(await shop.appended()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('given the page sending a fee of R$ 0,00 and a total of the items alone, then 409 with the server’s total (items + fee), and nothing appended nor charged', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(deliveryBody(maria.userId, { deliveryFee: 0, total: 100 }));

    expect(answer).toMatchObject({
      status: 409,
      body: { message: checkoutMessages.totalChanged, code: 'total_changed', total: 115 },
    });
    expect(await shop.appended()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('given the page sending a fee of R$ 0,00 with the right total, then the fee it sent changes nothing: R$ 15,00 is charged', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(deliveryBody(maria.userId, { deliveryFee: 0 }));

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({ totalCents: 11_500, deliveryFeeCents: 1500 });
    expect(asked[0]).toMatchObject({ amountCents: 11_500 });
  });

  it('given items below Centro’s minimum (R$ 99,00), then 400 naming the zone’s minimum, and nothing appended', async () => {
    const { shop, maria } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, { items: [line(paoDeQueijo, 99)], total: 114 }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: { message: belowMinimumOrderMessage('Centro', 10_000) },
    });
    expect(belowMinimumOrderMessage('Centro', 10_000)).toBe(
      'O pedido mínimo para entrega em Centro é de R$ 100,00.',
    );
    expect(await shop.appended()).toEqual([]);
  });

  it('given a pickup paid by boleto with a payer address outside every zone, then no fee: the items alone, fee 0 and no zone on the order', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, {
        deliveryType: 'pickup',
        // A boleto clears in time for the 30th (Monday), not for the 25th.
        deliveryDate: '2026-11-30T10:00',
        paymentMethod: 'boleto',
        paymentMethodId: 'bolbradesco',
        address: { ...address, zipCode: '20040-020', city: 'Rio de Janeiro', federalUnit: 'RJ' },
        phone: undefined,
        total: 100,
      }),
    );

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({
      totalCents: 10_000,
      deliveryFeeCents: 0,
      address: { zipCode: '20040020', federalUnit: 'RJ' },
    });
    expect(placed?.data).not.toHaveProperty('deliveryZone');
    expect(placed?.data['customer']).not.toHaveProperty('phone');
    expect(asked[0]).toMatchObject({ amountCents: 10_000 });
  });

  it('given a pickup paid by Pix with an address, then the order keeps no address (nobody reads one as where to deliver)', async () => {
    const { shop, maria } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, { deliveryType: 'pickup', phone: undefined, total: 100 }),
    );

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({ totalCents: 10_000, deliveryFeeCents: 0 });
    expect(placed?.data).not.toHaveProperty('address');
  });

  it('given a Rio street under a São Paulo CEP (a cheaper zone), then 400: the UF is not the CEP’s, and nothing appended', async () => {
    const { shop, maria } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, {
        address: {
          ...address,
          streetName: 'Av. Atlântica',
          city: 'Rio de Janeiro',
          federalUnit: 'RJ',
        },
      }),
    );

    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { 'address.federalUnit': checkoutMessages.cepStateMismatch } },
    });
    expect(await shop.appended()).toEqual([]);
  });

  it('given a delivery without a phone, then 400 with the phone’s pt-BR message, and nothing appended', async () => {
    const { shop, maria } = await shopDeliveringInCentro();

    const answer = await maria.checkout(deliveryBody(maria.userId, { phone: undefined }));

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message: checkoutMessages.phoneRequired,
        fields: { phone: checkoutMessages.phoneRequired },
      },
    });
    expect(await shop.appended()).toEqual([]);
  });

  it('given the shop’s default settings (one zone for every CEP, no fee), then a delivery costs the items alone, as before zones existed', async () => {
    const shop = await openShop({ notifications: false });
    const maria = await shop.customer();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, {
        address: { ...address, zipCode: '69900-000', city: 'Rio Branco', federalUnit: 'AC' },
        total: 100,
      }),
    );

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({
      totalCents: 10_000,
      deliveryFeeCents: 0,
      deliveryZone: 'Todo o Brasil',
    });
  });
});

describe('checkout: the order’s e-mail is the account’s', () => {
  it('given a body e-mail other than the account’s, then the order and the provider’s payer get the account’s', async () => {
    const { shop, maria, asked } = await shopDeliveringInCentro();

    const answer = await maria.checkout(
      deliveryBody(maria.userId, { email: 'outra.pessoa@example.com' }),
    );

    expect(answer.status).toBe(200);
    const [placed] = await shop.ofType('OrderPlaced');
    expect(placed?.data).toMatchObject({ customer: { email: maria.email } });
    expect(asked[0]?.payer.email).toBe(maria.email);
  });

  it('given a body whose e-mail is malformed, then 400 still: it is validated as the spec says, though not used', async () => {
    const { shop, maria } = await shopDeliveringInCentro();

    const answer = await maria.checkout(deliveryBody(maria.userId, { email: 'não é e-mail' }));

    expect(answer).toMatchObject({ status: 400, body: { message: checkoutMessages.invalidEmail } });
    expect(await shop.appended()).toEqual([]);
  });
});
