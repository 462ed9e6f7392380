import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import {
  createPaymentProcessCommandsClient,
  PaymentProcessCommandError,
} from './process-commands-client';

/**
 * The client alone, against a stand-in for command-api that answers as told;
 * the client and command-api's real routes together run the process commands'
 * contract suite in embedded/src/payment-process-over-http.test.ts.
 */

const TOKEN = 'a-service-token-for-tests-0123456789abcdef';

const approval: RecordedEvent = {
  id: '6f1c2a4e-0b7d-4c55-9a8e-3d2f1b0c9e77',
  type: 'PaymentApproved',
  streamName: 'payment-p1',
  revision: 2,
  position: 42,
  data: { paymentId: 'p1' },
  metadata: {
    correlationId: 'checkout-1',
    causationId: 'webhook-1',
    actorId: 'system',
    actorRole: 'system',
    occurredAt: '2026-11-21T12:00:00.000Z',
  },
  recordedAt: '2026-11-21T12:00:00.001Z',
};

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A stand-in for command-api answering each request with the next status (the last repeats; null: never answers). */
async function commandApi(statuses: (number | null)[]) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = await listenOnFreePort((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(text),
      });
      const next = statuses[Math.min(received.length, statuses.length) - 1];
      const status = next === undefined ? 204 : next;
      if (status === null) {
        hanging.push(res);
        return;
      }
      if (status === 204) res.writeHead(204).end();
      else
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Requisição inválida.', code: 'validation' }));
    });
  });
  closing.push(async () => {
    for (const res of hanging) res.destroy();
    await server.close();
  });
  return { url: server.url, received };
}

const client = (baseUrl: string, overrides: { timeoutMs?: number; attempts?: number } = {}) =>
  createPaymentProcessCommandsClient({
    baseUrl,
    token: TOKEN,
    logger: silentLogger,
    retryDelayMs: 1,
    ...overrides,
  });

describe('payment process commands client', () => {
  it('given command-api answers 204, when markOrderPaid runs, then one POST to its internal path with the token, the input and only the cause’s id and envelope', async () => {
    const api = await commandApi([204]);

    await client(`${api.url}/`).markOrderPaid(
      { orderId: 'o1', paymentId: 'p1', amountCents: 1200 },
      approval,
    );

    expect(api.received).toEqual([
      {
        method: 'POST',
        url: '/internal/payment-process/markOrderPaid',
        authorization: `Bearer ${TOKEN}`,
        body: {
          input: { orderId: 'o1', paymentId: 'p1', amountCents: 1200 },
          cause: { id: approval.id, metadata: approval.metadata },
        },
      },
    ]);
  });

  it('given a reconciliation (no cause), when syncPaymentFromProvider runs, then the cause is sent as null', async () => {
    const api = await commandApi([204]);

    await client(api.url).syncPaymentFromProvider({ paymentId: 'p1' }, null);

    expect(api.received[0]?.body).toEqual({ input: { paymentId: 'p1' }, cause: null });
  });

  it('given command-api answers 503 twice, when a command runs with three attempts, then it is sent again and succeeds on the third', async () => {
    const api = await commandApi([503, 500, 204]);

    await client(api.url, { attempts: 3 }).cancelOrder(
      { orderId: 'o1', reason: 'payment_expired' },
      approval,
    );

    expect(api.received).toHaveLength(3);
    expect(new Set(api.received.map((request) => JSON.stringify(request.body))).size).toBe(1);
  });

  it('given command-api keeps answering 503, when a command runs, then it fails with the status after the attempts', async () => {
    const api = await commandApi([503]);

    const failure = client(api.url, { attempts: 2 }).checkOutCart(
      { userId: 'u1', orderId: 'o1' },
      approval,
    );

    await expect(failure).rejects.toMatchObject({
      name: 'PaymentProcessCommandError',
      command: 'checkOutCart',
      status: 503,
    });
    expect(api.received).toHaveLength(2);
  });

  it.each([400, 401, 404, 409])(
    'given command-api answers %i, when a command runs, then it fails at once without sending it again',
    async (status) => {
      const api = await commandApi([status, 204]);

      const failure = client(api.url).recordOnlineSale({ orderId: 'o1' }, approval);

      await expect(failure).rejects.toBeInstanceOf(PaymentProcessCommandError);
      await expect(failure).rejects.toMatchObject({ status, retryable: false });
      expect(api.received).toHaveLength(1);
    },
  );

  it('given command-api is slower than the timeout, when a command runs, then each attempt is abandoned and sent again, and the last error says no answer came', async () => {
    const api = await commandApi([null, null]);

    const failure = client(api.url, { timeoutMs: 50, attempts: 2 }).expirePayment(
      { paymentId: 'p1', reason: 'expired' },
      approval,
    );

    await expect(failure).rejects.toMatchObject({ status: null, retryable: true });
    expect(api.received).toHaveLength(2);
  });

  it('given nothing listens at COMMAND_API_URL, when a command runs, then it fails with no status after the attempts', async () => {
    const api = await commandApi([204]);
    const gone = api.url;
    for (const close of closing.splice(0)) await close();

    await expect(
      client(gone, { attempts: 2 }).refundApprovedPayment({ paymentId: 'p1' }, approval),
    ).rejects.toMatchObject({ command: 'refundApprovedPayment', status: null });
  });
});
