import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '@quitute/contracts';
import { closeShops, openShop, pixBody, type Shop } from './testing';
import { DEFAULT_PAYMENT_RATE_LIMITS } from './rate-limits';

afterEach(closeShops);

/** A checkout sent from `localAddress` (another loopback address is another client). */
function checkoutFrom(
  shop: Shop,
  localAddress: string,
  customer: { userId: string; token: string },
  body: unknown = pixBody(customer.userId),
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${shop.url}/payments/mercadopago/transparent-checkout`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('checkouts per client address (issue 38)', () => {
  const threeAnHour = {
    ...DEFAULT_PAYMENT_RATE_LIMITS,
    checkoutPerAddress: { limit: 3, windowMs: 60 * 60_000 },
  };

  it('given fresh accounts checking out from one address, when they pass its limit, then 429 in pt-BR for any account there, while a customer elsewhere still checks out', async () => {
    const shop = await openShop({ notifications: false, rateLimits: threeAnHour });
    const [first, second, third, neighbour] = await Promise.all(
      ['Ana', 'Bia', 'Cida', 'Dora'].map((name) => shop.customer(name)),
    );
    if (!first || !second || !third || !neighbour) throw new Error('no customers');

    for (const customer of [first, second, first]) {
      expect((await checkoutFrom(shop, '127.0.0.1', customer)).status).toBe(200);
    }
    const refused = await checkoutFrom(shop, '127.0.0.1', third);

    expect(refused).toEqual({
      status: 429,
      body: { message: accountMessages.tooManyRequests, code: 'too_many_requests' },
    });
    // The address's limit is its own: one who wore it out blocks nobody elsewhere.
    expect((await checkoutFrom(shop, '127.0.0.2', neighbour)).status).toBe(200);
    expect((await checkoutFrom(shop, '127.0.0.2', third)).status).toBe(200);
  });

  it('given junk checkouts from an address (400 each), when a customer there checks out, then she is not locked out: only accepted checkouts count (the attack pass locked an address out with 20 junk requests)', async () => {
    const shop = await openShop({ notifications: false, rateLimits: threeAnHour });
    const stranger = await shop.customer('Estranho');
    const maria = await shop.customer('Maria');
    for (let junk = 0; junk < 6; junk += 1) {
      const answer = await checkoutFrom(shop, '127.0.0.1', stranger, { userId: stranger.userId });
      expect(answer.status).toBe(400);
    }

    expect((await checkoutFrom(shop, '127.0.0.1', maria)).status).toBe(200);
  });

  it('given a customer refused by her own per-user limit, then those refusals spend nothing of her address', async () => {
    const shop = await openShop({
      notifications: false,
      rateLimits: { ...threeAnHour, checkoutPerUser: { limit: 1, windowMs: 60_000 } },
    });
    const maria = await shop.customer('Maria');
    const joana = await shop.customer('Joana');
    const bia = await shop.customer('Bia');

    expect((await checkoutFrom(shop, '127.0.0.1', maria)).status).toBe(200);
    for (let retry = 0; retry < 3; retry += 1) {
      expect((await checkoutFrom(shop, '127.0.0.1', maria)).status).toBe(429);
    }

    expect((await checkoutFrom(shop, '127.0.0.1', joana)).status).toBe(200);
    expect((await checkoutFrom(shop, '127.0.0.1', bia)).status).toBe(200);
  });
});
