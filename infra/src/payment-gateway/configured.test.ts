import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging';
import { createConfiguredGateway, type ConfiguredGatewayOptions } from './configured';
import type { CreatePaymentRequest } from './port';
import { signWebhook } from './webhook-signature';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function options(overrides: Partial<ConfiguredGatewayOptions> = {}) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'quitute-gateway-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return {
    webhookUrl: () => 'http://127.0.0.1:1/payments/webhook',
    dir,
    logger: silentLogger,
    ...overrides,
  };
}

const pix = (): CreatePaymentRequest => ({
  idempotencyKey: randomUUID(),
  amountCents: 1200,
  description: 'Pedido',
  externalReference: randomUUID(),
  payer: { email: 'maria@example.com', firstName: 'Maria', lastName: 'Silva', cpf: '52998224725' },
  instrument: { method: 'pix', expiresAt: new Date(Date.now() + 30 * 60_000) },
});

/** A notification about `paymentId` signed with `secret`, as the provider would post it. */
const notification = (secret: string, paymentId: string) => {
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    headers: {
      'x-request-id': requestId,
      'x-signature': signWebhook(secret, { dataId: paymentId, requestId, ts }),
    },
    query: { 'data.id': paymentId, type: 'payment' },
    body: { action: 'payment.updated', data: { id: paymentId } },
  };
};

describe('createConfiguredGateway', () => {
  it('given Mercado Pago settings, then Mercado Pago and no simulator', async () => {
    const { gateway, simulator } = createConfiguredGateway(
      { mercadoPago: { accessToken: 'APP_USR-0000000000', webhookSecret: 'segredo-0123456789' } },
      await options(),
    );

    expect(gateway.provider).toBe('mercadopago');
    expect(simulator).toBeNull();
  });

  it('given no Mercado Pago, then the simulator, signing with MP_WEBHOOK_SECRET before a generated secret', async () => {
    const { gateway, simulator } = createConfiguredGateway(
      { webhookSecret: 'the-configured-secret-0123456789' },
      await options({ generatedWebhookSecret: 'a-generated-secret-0123456789abc' }),
    );
    if (!simulator) throw new Error('the simulator was expected');
    cleanups.push(() => simulator.close());
    const payment = await simulator.create(pix());

    expect(gateway).toBe(simulator);
    expect(
      simulator.verifyWebhook(notification('the-configured-secret-0123456789', payment.id)),
    ).toEqual({ kind: 'payment', paymentId: payment.id });
    expect(
      simulator.verifyWebhook(notification('a-generated-secret-0123456789abc', payment.id)),
    ).toMatchObject({ kind: 'invalid' });
  });

  it('given the simulator, when a Pix is created, then its page link is root-relative: the browser opens it on the address it reached the shop by, never a hard-coded localhost', async () => {
    const { simulator } = createConfiguredGateway(
      {},
      await options({ generatedWebhookSecret: 'a-generated-secret-0123456789abc' }),
    );
    if (!simulator) throw new Error('the simulator was expected');
    cleanups.push(() => simulator.close());

    const payment = await simulator.create(pix());

    expect(payment.pix?.ticketUrl).toBe(`/simulator/payments/${payment.id}`);
  });

  it('given no webhook secret at all, then the simulator is refused', async () => {
    const settings = await options();

    expect(() => createConfiguredGateway({}, settings)).toThrow(/webhook secret/);
  });
});
