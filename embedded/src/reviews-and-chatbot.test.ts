import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformRateLimits } from '@quitute/command-api';
import {
  adminReviewListSchema,
  chatbotReplySchema,
  consentStreamName,
  CONSENT_ID_COOKIE,
  orderListSchema,
  paymentResultSchema,
  reviewListSchema,
  reviewMessages,
  submitReviewResponseSchema,
} from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { silentLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Issue 12's server side on the embedded shop, over real HTTP and the same
 * method split as nginx: a review waits for the admin's approval before it is
 * public, a paid order makes it a verified purchase, the chatbot (a POST that
 * query-api answers) knows prices, the minimum and the caller's own last
 * order, and the cookie banner's choice is recorded once per browser.
 */

const ADMIN_EMAIL = 'admin@quitute.com.br';
const ADMIN_PASSWORD = 'Admin2026';

let server: EmbeddedServer;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-reviews');
  server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent', adminPassword: ADMIN_PASSWORD },
    silentLogger,
    {
      web: noWebApp,
      passwords: cheapPasswords,
      rateLimits: uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
    },
  );
  url = await server.listen();
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
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
  const parsed: unknown = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  return { status: response.status, body: parsed, headers: response.headers };
}

async function captcha(): Promise<string> {
  const challenge: unknown = await (await fetch(`${url}/api/auth/captcha`)).json();
  return (await solveAsWidget(challenge)).payload;
}

const loginSchema = z.object({ userId: z.string(), token: z.string(), name: z.string() });

async function login(email: string, password: string) {
  const answer = await call('POST', '/api/auth/login', null, {
    email,
    password,
    recaptchaToken: await captcha(),
  });
  expect(answer.status).toBe(200);
  return { ...loginSchema.parse(answer.body), email };
}

async function customer(name: string) {
  const email = `cliente.${crypto.randomUUID()}@exemplo.com.br`;
  const registered = await call('POST', '/api/auth/register', null, {
    email,
    password: 'Bolo2026',
    name,
    recaptchaToken: await captcha(),
  });
  expect(registered.status).toBe(201);
  return login(email, 'Bolo2026');
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

/** The customer buys 20 coxinhas by Pix and the simulator approves it: a paid order. */
async function paidCoxinhaOrder(buyer: { userId: string; token: string; email: string }) {
  const added = await call('POST', '/carrinho', buyer.token, {
    userId: buyer.userId,
    item: { id: 'coxinha-de-frango', nome: 'Coxinha de Frango', preco: 0.6 },
    quantidade: 20,
  });
  expect(added.status).toBe(200);
  const checkout = await call(
    'POST',
    '/payments/mercadopago/transparent-checkout',
    buyer.token,
    {
      userId: buyer.userId,
      email: buyer.email,
      docNumber: '529.982.247-25',
      firstName: 'Maria',
      lastName: 'Cliente',
      total: 12,
      paymentMethod: 'pix',
      paymentMethodId: 'pix',
      deliveryType: 'pickup',
      deliveryDate: bookableDeliveryDate(new Date(), 1),
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(checkout.status).toBe(200);
  const result = paymentResultSchema.parse(checkout.body);
  const approved = await call('POST', `/simulator/payments/${result.paymentId}/approve`, null, {});
  expect(approved.status).toBe(200);
  await eventually(
    () => call('GET', '/api/orders', buyer.token),
    (answer) => orderListSchema.parse(answer.body)[0]?.orderStatus === 'processing',
  );
  return result;
}

const publicReviews = async (position: number) =>
  reviewListSchema.parse(
    (await call('GET', '/api/reviews', null, undefined, { 'x-min-position': String(position) }))
      .body,
  );

describe('reviews on the embedded shop', () => {
  it('given a customer’s review, then it is not public until the admin approves it; approving again is refused and changes nothing', async () => {
    const ana = await customer('Ana Souza');
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);

    const submitted = await call('POST', '/api/reviews', ana.token, {
      productId: 'brigadeiro',
      productName: 'Brigadeiro',
      rating: 5,
      comment: 'O melhor da cidade!',
      userName: ana.name,
      userEmail: ana.email,
    });
    expect(submitted.status).toBe(201);
    const { message, review, position } = submitReviewResponseSchema.parse(submitted.body);
    expect(message).toBe(
      'Avaliação enviada com sucesso! Aguarde a aprovação para aparecer publicamente.',
    );
    expect((await publicReviews(position)).map((r) => r._id)).not.toContain(review._id);

    const pending = adminReviewListSchema.parse(
      (await call('GET', '/api/admin/reviews?status=pending', admin.token)).body,
    );
    expect(pending.reviews.map((r) => r._id)).toContain(review._id);

    const approved = await call('PATCH', `/api/admin/reviews/${review._id}/approve`, admin.token);
    expect(approved.status).toBe(200);
    const approvedAt = z.object({ position: z.number() }).parse(approved.body).position;
    const visible = await publicReviews(approvedAt);
    expect(visible.find((r) => r._id === review._id)).toMatchObject({
      productName: 'Brigadeiro',
      rating: 5,
      comment: 'O melhor da cidade!',
      userName: 'Ana Souza',
      verifiedPurchase: false,
    });

    const again = await call('PATCH', `/api/admin/reviews/${review._id}/approve`, admin.token);
    expect(again).toMatchObject({
      status: 409,
      body: { message: reviewMessages.alreadyApproved },
    });
    expect((await publicReviews(approvedAt)).filter((r) => r._id === review._id)).toHaveLength(1);
  });

  it('given a customer who paid for coxinhas, then her approved coxinha review is a verified purchase', async () => {
    const bia = await customer('Bia Lima');
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await paidCoxinhaOrder(bia);

    const submitted = await call('POST', '/api/reviews', bia.token, {
      productName: 'coxinha de frango',
      rating: 4,
    });
    const { review } = submitReviewResponseSchema.parse(submitted.body);
    const approved = await call('PATCH', `/api/admin/reviews/${review._id}/approve`, admin.token);
    const position = z.object({ position: z.number() }).parse(approved.body).position;

    expect((await publicReviews(position)).find((r) => r._id === review._id)).toMatchObject({
      productName: 'Coxinha de Frango',
      comment: 'Sem comentário',
      verifiedPurchase: true,
    });
  });
});

describe('the chatbot on the embedded shop', () => {
  const ask = async (message: string, token: string | null = null) => {
    const answer = await call('POST', '/api/chatbot', token, { message });
    expect(answer.status).toBe(200);
    return chatbotReplySchema.parse(answer.body).reply;
  };

  it('given "quanto custa o brigadeiro?", then the real price', async () => {
    expect(await ask('quanto custa o brigadeiro?')).toContain('R$ 0,70');
  });

  it('given "qual o pedido mínimo?", then 20 unidades', async () => {
    expect(await ask('qual o pedido mínimo?')).toContain('20 unidades');
  });

  it('given "status do meu pedido", then the signed-in customer’s own last order, and a visitor is asked to log in', async () => {
    const carla = await customer('Carla Dias');
    const order = await paidCoxinhaOrder(carla);

    const reply = await ask('status do meu pedido', carla.token);

    expect(reply).toContain(`Seu último pedido é o #${order.orderNumber}`);
    expect(reply).toContain('Status: Em Preparação. Pagamento: Aprovado.');
    const daniel = await customer('Daniel Alves');
    expect(await ask(`status do meu pedido ${order.orderNumber}`, daniel.token)).toBe(
      'Você ainda não fez nenhum pedido. Que tal conhecer o nosso cardápio?',
    );
    expect(await ask('status do meu pedido')).toContain('faça login');
  });
});

describe('cookie consent on the embedded shop', () => {
  it('given the banner’s accept, then one event under the browser’s new cookie; the same choice again appends nothing', async () => {
    const first = await call('POST', '/api/cookie-consent', null, { consent: 'accepted' });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie') ?? '';
    const consentId = new RegExp(`^${CONSENT_ID_COOKIE}=([0-9a-f-]{36});`).exec(cookie)?.[1] ?? '';
    expect(cookie).toMatch(/HttpOnly/);

    const again = await call(
      'POST',
      '/api/cookie-consent',
      null,
      { consent: 'accepted' },
      { cookie: `${CONSENT_ID_COOKIE}=${consentId}` },
    );

    expect(again.status).toBe(200);
    const events = await server.eventStore.readStream(consentStreamName(consentId));
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['CookieConsentRecorded', { consentId, consent: 'accepted' }],
    ]);
  });
});
