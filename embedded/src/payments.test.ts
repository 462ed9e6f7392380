import fs from 'node:fs/promises';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformRateLimits } from '@quitute/command-api';
import {
  cartDtoSchema,
  orderListSchema,
  paymentApprovedPushSchema,
  paymentResultSchema,
  paymentStatusDtoSchema,
  saleStreamName,
} from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { silentLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * The whole selling loop on the embedded shop over real HTTP and a real
 * socket: cart → checkout → the simulator's approval → the socket push → the
 * order paid, the cart emptied and the sale recorded by the process manager.
 */

let server: EmbeddedServer;
let url: string;
let dataDir: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-payments');
  server = await createEmbeddedServer({ port: 0, dataDir, logLevel: 'silent' }, silentLogger, {
    web: noWebApp,
    passwords: cheapPasswords,
    rateLimits: uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
  });
  url = await server.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
  headers = {},
) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
  };
}

async function loggedInCustomer(): Promise<{ userId: string; token: string; email: string }> {
  const captcha = async () => {
    const challenge: unknown = await (await fetch(`${url}/api/auth/captcha`)).json();
    return (await solveAsWidget(challenge)).payload;
  };
  const email = `cliente.${crypto.randomUUID()}@exemplo.com.br`;
  expect(
    (
      await call('POST', '/api/auth/register', null, {
        email,
        password: 'Bolo2026',
        name: 'Maria Cliente',
        recaptchaToken: await captcha(),
      })
    ).status,
  ).toBe(201);
  const login = await call('POST', '/api/auth/login', null, {
    email,
    password: 'Bolo2026',
    recaptchaToken: await captcha(),
  });
  return { ...z.object({ userId: z.string(), token: z.string() }).parse(login.body), email };
}

function checkoutBody(
  customer: { userId: string; email: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    userId: customer.userId,
    email: customer.email,
    docNumber: '529.982.247-25',
    firstName: 'Maria',
    lastName: 'Cliente',
    total: 12,
    paymentMethod: 'pix',
    paymentMethodId: 'pix',
    deliveryType: 'pickup',
    deliveryDate: bookableDeliveryDate(new Date(), 1),
    ...overrides,
  };
}

function connectedSocket(token: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe('paying an order on the embedded shop', () => {
  it('given 20 coxinhas in the cart, when the customer pays by Pix and the simulator approves it, then the socket tells her, the order is paid, the cart is empty and the sale is recorded', async () => {
    const customer = await loggedInCustomer();
    const added = await call('POST', '/carrinho', customer.token, {
      userId: customer.userId,
      item: { id: 'coxinha-de-frango', nome: 'Coxinha de Frango', preco: 0.6 },
      quantidade: 20,
    });
    expect(added.status).toBe(200);
    const socket = await connectedSocket(customer.token);
    const pushed = new Promise((resolve) => socket.once('paymentApproved', resolve));

    const checkout = await call(
      'POST',
      '/payments/mercadopago/transparent-checkout',
      customer.token,
      checkoutBody(customer),
      {
        'idempotency-key': crypto.randomUUID(),
      },
    );

    expect(checkout.status).toBe(200);
    const result = paymentResultSchema.parse(checkout.body);
    expect(result).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      message: 'Aguardando pagamento via Pix.',
    });
    expect(result.pixQrCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(result.orderNumber).toBeGreaterThanOrEqual(1001);
    const page = await call('GET', `/simulator/payments/${result.paymentId}`, null);
    expect(page.body).toContain('Simular pagamento');

    expect(
      (await call('POST', `/simulator/payments/${result.paymentId}/approve`, null, {})).status,
    ).toBe(200);

    expect(paymentApprovedPushSchema.parse(await pushed)).toEqual({
      orderId: result.orderId,
      orderNumber: result.orderNumber,
      paymentId: result.paymentId,
    });
    const status = paymentStatusDtoSchema.parse(
      (
        await eventually(
          () => call('GET', `/payments/process-payment/${result.paymentId}`, customer.token),
          (answer) => answer.body.paymentStatus === 'approved',
        )
      ).body,
    );
    expect(status.message).toBe('Pagamento aprovado com sucesso!');
    const orders = orderListSchema.parse(
      (
        await eventually(
          () => call('GET', '/api/orders', customer.token),
          (answer) => answer.body[0]?.orderStatus === 'processing',
        )
      ).body,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderNumber: result.orderNumber,
      total: 12,
      paymentStatus: 'approved',
    });
    const cart = await eventually(
      () => call('GET', `/carrinho/${customer.userId}`, customer.token),
      (answer) => cartDtoSchema.parse(answer.body).itens.length === 0,
    );
    expect(cartDtoSchema.parse(cart.body).itens).toEqual([]);
    const sale = await eventually(
      () => server.eventStore.readStream(saleStreamName(result.orderId)),
      (events) => events.length > 0,
    );
    expect(sale.map((event) => event.type)).toEqual(['SaleRecorded']);
    expect(sale[0]?.data).toMatchObject({
      source: 'online',
      amountCents: 1200,
      orderNumber: result.orderNumber,
    });
  });

  it('given card payments, when the holder is APRO, then approved at once; when OTHE, then rejected with the detail and the order waits for another card (pending, its payment rejected)', async () => {
    const customer = await loggedInCustomer();
    const items = [{ title: 'Brigadeiro', unit_price: 0.7, quantity: 20, id: 'brigadeiro' }];
    const pay = async (holder: string) => {
      const token = await call('POST', '/simulator/card_tokens', null, {
        cardNumber: '4235647728025682',
        cardholderName: holder,
        expirationMonth: '11',
        expirationYear: '2030',
        securityCode: '123',
        docNumber: '12345678909',
      });
      expect(token.status).toBe(201);
      const card = z.object({ id: z.string(), paymentMethodId: z.string() }).parse(token.body);
      return call(
        'POST',
        '/payments/mercadopago/transparent-checkout',
        customer.token,
        checkoutBody(customer, {
          total: 14,
          items,
          paymentMethod: 'credit_card',
          paymentMethodId: card.paymentMethodId,
          token: card.id,
          installments: 1,
        }),
        { 'idempotency-key': crypto.randomUUID() },
      );
    };

    const approved = paymentResultSchema.parse((await pay('APRO')).body);
    expect(approved).toMatchObject({ status: 'approved', paymentStatus: 'approved' });

    const rejected = paymentResultSchema.parse((await pay('OTHE')).body);
    expect(rejected.message).toBe(
      'Pagamento rejeitado. Detalhes: o emissor do cartão recusou o pagamento. Tente novamente.',
    );
    const order = await eventually(
      () => call('GET', `/api/orders/${rejected.orderId}`, customer.token),
      (answer) => answer.body.paymentStatus === 'rejected',
    );
    // Another card may still pay it (issue 36); the process manager cancels it 30 min on.
    expect(order.body).toMatchObject({ orderStatus: 'pending', paymentStatus: 'rejected' });
  });

  it("given another customer's order, when she asks for it or its payment, then 404 as if it did not exist", async () => {
    const owner = await loggedInCustomer();
    const stranger = await loggedInCustomer();
    const checkout = paymentResultSchema.parse(
      (
        await call(
          'POST',
          '/payments/mercadopago/transparent-checkout',
          owner.token,
          checkoutBody(owner, {
            items: [{ title: 'Kibe', unit_price: 0.6, quantity: 20 }],
          }),
        )
      ).body,
    );

    expect((await call('GET', `/api/orders/${checkout.orderId}`, stranger.token)).status).toBe(404);
    expect(
      (await call('GET', `/payments/process-payment/${checkout.paymentId}`, stranger.token)).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/payments/cancel-payment', stranger.token, {
          paymentId: checkout.paymentId,
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `/api/admin/orders/${checkout.orderId}`, owner.token)).status).toBe(
      403,
    );
  });
});
