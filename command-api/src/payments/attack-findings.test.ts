import { afterEach, describe, expect, it } from 'vitest';
import {
  createMercadoPagoGateway,
  startMercadoPagoFake,
  type MercadoPagoFake,
} from '@quitute/infra/payment-gateway';
import { closeShops, openShop, pixBody, webhookSecret } from './testing';

/**
 * Findings of the attack pass on issue 10 (wip/attack): each test states what
 * should hold, and failed before the finding was fixed.
 */

let fake: MercadoPagoFake | undefined;
afterEach(async () => {
  await closeShops();
  await fake?.close();
  fake = undefined;
});

/** What Mercado Pago answers a payment whose card token it does not know (HTTP 400). */
const invalidCardToken = {
  message: 'Invalid card_token_id',
  error: 'bad_request',
  status: 400,
  cause: [{ code: 3003, description: 'Invalid card_token_id' }],
};

describe('attack: provider refusals reach the customer', () => {
  it('given Mercado Pago refusing a card payment (400 Invalid card_token_id), then the customer reads pt-BR, not the adapter’s English diagnostics', async () => {
    const started = await startMercadoPagoFake();
    fake = started;
    const shop = await openShop({
      notifications: false,
      gateway: () =>
        createMercadoPagoGateway({
          accessToken: started.accessToken,
          webhookSecret,
          baseUrl: started.url,
          maxRetries: 0,
        }),
    });
    const maria = await shop.customer();
    started.failNext({ status: 400, body: invalidCardToken });

    const answer = await maria.checkout(
      pixBody(maria.userId, {
        paymentMethod: 'credit_card',
        paymentMethodId: 'visa',
        token: 'APRO-a-token-mercado-pago-no-longer-knows',
      }),
    );

    expect(answer.status).toBe(400);
    const { message } = answer.body as { message: string };
    // The adapter's diagnostic ("Mercado Pago create failed (HTTP 400): …") stays in the log.
    expect(message).not.toMatch(/Mercado Pago|failed|HTTP \d{3}|card_token_id/);

    // The same text is kept as the payment's statusDetail, shown later as the order's details.
    const [rejected] = await shop.ofType('PaymentRejected');
    expect(rejected).toBeDefined();
    expect(rejected?.data.statusDetail).not.toMatch(/Mercado Pago|failed|HTTP \d{3}/);
  });
});
