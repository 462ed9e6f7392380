import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  messages,
  orderStreamName,
  paymentResultSchema,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { requireServiceToken } from './internal-routes';
import { closeShops, openShop, pixBody, type Shop } from './testing';

/**
 * The payment process commands over HTTP, as the projections service calls
 * them: behind the service token, strict bodies, 204 when done.
 */

afterEach(closeShops);

const TOKEN = 'a-service-token-for-tests-0123456789abcdef';

const wire = (event: RecordedEvent) => ({ id: event.id, metadata: event.metadata });

/** A shop serving the internal endpoint, with one pending Pix order. */
async function shopWithPendingOrder() {
  const shop = await openShop({ notifications: false, internalApiToken: TOKEN });
  const maria = await shop.customer();
  const answer = paymentResultSchema.parse((await maria.checkout(pixBody(maria.userId))).body);
  const [pending] = await shop.ofType('PaymentPending');
  if (!pending) throw new Error('no pending payment');
  return { shop, orderId: answer.orderId, pending };
}

/** Posts a command as the projections service would; a 204 has no body (null). */
async function post(
  shop: Shop,
  command: string,
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
) {
  const response = await fetch(`${shop.url}/internal/payment-process/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

describe('POST /internal/payment-process/{command}', () => {
  it('given the service token and a valid body, when cancelOrder is posted twice, then 204 both times and one OrderCancelled', async () => {
    const { shop, orderId, pending } = await shopWithPendingOrder();
    const body = { input: { orderId, reason: 'payment_expired' }, cause: wire(pending) };

    expect((await post(shop, 'cancelOrder', body)).status).toBe(204);
    expect((await post(shop, 'cancelOrder', body)).status).toBe(204);

    const events = await shop.eventStore.readStream(orderStreamName(orderId));
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
    expect(events[1]?.metadata).toMatchObject({ causationId: pending.id, actorId: 'system' });
  });

  it.each([
    ['no Authorization header', {}, accountMessages.tokenMissing],
    ['another scheme', { authorization: `Basic ${TOKEN}` }, accountMessages.tokenMissing],
    [
      'a wrong token',
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      accountMessages.tokenInvalid,
    ],
    ['a shorter token', { authorization: 'Bearer abc' }, accountMessages.tokenInvalid],
    ['the token twice', { authorization: `Bearer ${TOKEN}${TOKEN}` }, accountMessages.tokenInvalid],
  ])(
    'given %s, when a command is posted, then 401 and nothing is appended',
    async (_case, headers, message) => {
      const { shop, orderId, pending } = await shopWithPendingOrder();
      const before = await shop.eventStore.headPosition();

      const answer = await post(
        shop,
        'cancelOrder',
        { input: { orderId, reason: 'payment_expired' }, cause: wire(pending) },
        headers,
      );

      expect(answer).toMatchObject({ status: 401, body: { message, code: 'unauthorized' } });
      expect(await shop.eventStore.headPosition()).toBe(before);
    },
  );

  it.each([
    [
      'an unknown key',
      (orderId: string) => ({ input: { orderId, reason: 'payment_expired', role: 'admin' } }),
    ],
    [
      'no cause',
      (orderId: string) => ({ input: { orderId, reason: 'payment_expired' }, cause: undefined }),
    ],
    ['a reason it does not know', (orderId: string) => ({ input: { orderId, reason: 'whim' } })],
    [
      'a cause without its envelope',
      (orderId: string) => ({ input: { orderId, reason: 'payment_expired' }, cause: { id: 'x' } }),
    ],
  ])(
    'given a body with %s, when cancelOrder is posted, then 400 and nothing is appended',
    async (_case, makeBody) => {
      const { shop, orderId, pending } = await shopWithPendingOrder();
      const before = await shop.eventStore.headPosition();

      const answer = await post(shop, 'cancelOrder', {
        cause: wire(pending),
        ...makeBody(orderId),
      });

      expect(answer).toMatchObject({ status: 400, body: { code: 'validation' } });
      expect(await shop.eventStore.headPosition()).toBe(before);
    },
  );

  it('given a body that is not JSON, when posted, then 400', async () => {
    const { shop } = await shopWithPendingOrder();

    const response = await fetch(`${shop.url}/internal/payment-process/cancelOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: '{"input":',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: messages.invalidRequest, code: 'validation' });
  });

  it('given a command that does not exist, when posted with the token, then 404', async () => {
    const { shop, pending } = await shopWithPendingOrder();

    const answer = await post(shop, 'deleteEverything', { input: {}, cause: wire(pending) });

    expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('given a shop without a service token, when a command is posted, then the route does not exist', async () => {
    const shop = await openShop({ notifications: false });

    const answer = await post(shop, 'syncPaymentFromProvider', {
      input: { paymentId: 'p1' },
      cause: null,
    });

    expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('given a token shorter than 32 characters, when the guard is made, then it refuses', () => {
    expect(() => requireServiceToken('short')).toThrow(/at least 32 characters/);
  });
});
