import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnFreePort } from '../testing/http';
import { startMercadoPagoFake, type MercadoPagoFake } from './mercadopago-fake';
import { verifyWebhookSignature } from './webhook-signature';

const secret = 'a-webhook-secret-for-the-fake';
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function createPix(fake: MercadoPagoFake, notificationUrl: string) {
  const answer = await fetch(`${fake.url}/v1/payments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${fake.accessToken}`,
      'x-idempotency-key': crypto.randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      transaction_amount: 90,
      payment_method_id: 'pix',
      payer: { email: 'maria@exemplo.com.br' },
      date_of_expiration: '2030-01-01T10:00:00.000-03:00',
      notification_url: notificationUrl,
    }),
  });
  return ((await answer.json()) as { id: number }).id;
}

const approve = (fake: MercadoPagoFake, id: number | string) =>
  fetch(`${fake.url}/test-control/payments/${id}/approve`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${fake.accessToken}`,
      'x-idempotency-key': crypto.randomUUID(),
    },
  });

describe('the Mercado Pago fake as a provider process (test-control route)', () => {
  it('given a pending Pix and a webhook secret, when the control route approves it, then the payment reads approved and a signed notification reaches its notification_url', async () => {
    const received: { url: string; headers: IncomingHttpHeaders }[] = [];
    const shop = await listenOnFreePort((req, res) => {
      received.push({ url: req.url ?? '', headers: req.headers });
      res.end();
    });
    closing.push(shop.close);
    const fake = await startMercadoPagoFake({ webhookSecret: secret });
    closing.push(fake.close);
    const id = await createPix(fake, `${shop.url}/payments/webhook`);

    const answer = await approve(fake, id);

    expect(answer.status).toBe(200);
    expect(fake.payments.get(String(id))).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
    });
    await expect.poll(() => received.length).toBe(1);
    const [notification] = received;
    expect(notification?.url).toBe(`/payments/webhook?data.id=${id}&type=payment`);
    const header = (name: string) => {
      const value = notification?.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    expect(
      verifyWebhookSignature(
        secret,
        header('x-signature'),
        { dataId: String(id), requestId: header('x-request-id') },
        { nowMs: Date.now(), toleranceMs: 60_000 },
      ),
    ).toEqual({ ok: true });
    // Approved once: a second approval is refused.
    expect((await approve(fake, id)).status).toBe(400);
  });

  it('given no webhook secret (the fake inside a test process), then the control route does not exist', async () => {
    const fake = await startMercadoPagoFake();
    closing.push(fake.close);
    const id = await createPix(fake, 'http://127.0.0.1:9/payments/webhook');
    expect((await approve(fake, id)).status).toBe(404);
    expect(fake.payments.get(String(id))?.status).toBe('pending');
  });
});
