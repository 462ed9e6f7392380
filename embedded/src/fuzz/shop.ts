import fs from 'node:fs/promises';
import { z } from 'zod';
import { DEFAULT_ADMIN_EMAIL, uniformRateLimits } from '@quitute/command-api';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { loadOrCreateSecrets } from '@quitute/infra/auth';
import { createLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from '../server';
import { cheapPasswords, makeDataDir, noWebApp } from '../testing/shop';

/**
 * The embedded shop the fuzz suite talks to over real HTTP, with what its
 * routes need to reach their validation: a customer, the admin, and one of
 * each thing a route names by id (a product, a sale, a review, an order and
 * its payments, another user).
 */
export interface FuzzShop {
  server: EmbeddedServer;
  url: string;
  /** Lines the server logged at error level (a crash, an unhandled error). */
  errorLines: string[];
  customer: { userId: string; email: string; token: string };
  adminToken: string;
  /** The key the simulator signs its notifications with (the data directory's secrets). */
  webhookSecret: string;
  ids: {
    /** A menu product the cart and checkout name. */
    menuProductId: string;
    /** A product of its own for the admin's edits, so they cannot spoil the menu item. */
    productId: string;
    saleId: string;
    /** A review still waiting for approval, and an approved one (only those can be reported). */
    reviewId: string;
    approvedReviewId: string;
    /** A user of its own for the admin's edits, so the customer's session stays valid. */
    userId: string;
    orderId: string;
    /** Provider ids of two Pix payments: one the simulator approves or rejects, one the customer cancels. */
    simulatorPaymentId: string;
    cancelPaymentId: string;
    /** Card tokens of the simulator, each good for one payment: approved (APRO) or refused (OTHE). */
    cardTokens: string[];
  };
  close(): Promise<void>;
}

const ADMIN_PASSWORD = 'Admin12345';
const CUSTOMER_PASSWORD = 'Segredo123';
/** Far above what the suite sends: a fuzz request must reach validation, not a 429. */
const lifted = { limit: 1_000_000, windowMs: 60_000 };

/** A delivery date the two-day rule and the default kitchen calendar accept. */
export const validDeliveryDate = () => bookableDeliveryDate(new Date(), 2);

/** Twenty coxinhas, the smallest order the shop takes (spec §5). */
export const coxinhas = (productId: string) => [
  { id: productId, title: 'Coxinha de Frango', unit_price: 0.6, quantity: 20 },
];

/** A Pix checkout of `coxinhas` for the customer: every field valid. */
export const pixCheckout = (customer: { userId: string; email: string }, productId: string) => ({
  userId: customer.userId,
  email: customer.email,
  docNumber: '529.982.247-25',
  firstName: 'Maria',
  lastName: 'Souza',
  total: 12,
  items: coxinhas(productId),
  paymentMethod: 'pix',
  paymentMethodId: 'pix',
  deliveryType: 'pickup',
  deliveryDate: validDeliveryDate(),
});

const idSchema = z.object({ _id: z.string() });

export async function openFuzzShop(): Promise<FuzzShop> {
  const dataDir = await makeDataDir('quitute-fuzz');
  const errorLines: string[] = [];
  const logger = createLogger({
    level: 'error',
    destination: { write: (line) => errorLines.push(line) },
  });
  const server = await createEmbeddedServer(
    { port: 0, host: '127.0.0.1', dataDir, logLevel: 'error', adminPassword: ADMIN_PASSWORD },
    logger,
    {
      web: noWebApp,
      // Cheap hashing: the fuzz is about request bodies, not the KDF's cost.
      passwords: cheapPasswords,
      rateLimits: uniformRateLimits(lifted),
      paymentRateLimits: {
        checkoutPerUser: lifted,
        cancelPerUser: lifted,
        checkoutPerAddress: lifted,
      },
      reviewRateLimits: { submissionsPerUser: lifted, reportsPerUser: lifted },
      consentRateLimit: lifted,
      customOrderRateLimit: lifted,
      chatbotRateLimit: lifted,
    },
  );
  const url = await server.listen();

  const call = async (method: string, route: string, body: unknown, token?: string) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer: unknown = await response.json();
    if (!response.ok) {
      throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    }
    return answer;
  };
  const captcha = async () =>
    (await solveAsWidget(await (await fetch(`${url}/api/auth/captcha`)).json())).payload;
  const login = async (email: string, password: string) =>
    z
      .object({ userId: z.string(), token: z.string() })
      .parse(
        await call('POST', '/api/auth/login', { email, password, recaptchaToken: await captcha() }),
      );

  const email = 'fuzz@example.com';
  await call('POST', '/api/auth/register', {
    name: 'Maria Souza',
    email,
    password: CUSTOMER_PASSWORD,
    recaptchaToken: await captcha(),
  });
  const customer = { ...(await login(email, CUSTOMER_PASSWORD)), email };
  const adminToken = (await login(DEFAULT_ADMIN_EMAIL, ADMIN_PASSWORD)).token;

  const menuProductId = 'coxinha-de-frango';
  const product = idSchema.parse(
    z
      .object({ product: z.unknown() })
      .parse(
        await call(
          'POST',
          '/api/admin/products',
          { name: 'Bolo de Fubá', price: 30, category: 'Doces Tradicionais', stock: 10 },
          adminToken,
        ),
      ).product,
  );
  const sale = z
    .object({ sale: z.object({ id: z.string() }) })
    .parse(
      await call(
        'POST',
        '/api/admin/sales',
        { clientName: 'Padaria Central', amount: 50, date: '2026-01-15' },
        adminToken,
      ),
    );
  const submitReview = async () =>
    z
      .object({ review: idSchema })
      .parse(
        await call('POST', '/api/reviews', { productId: menuProductId, rating: 5 }, customer.token),
      ).review._id;
  const reviewId = await submitReview();
  const approvedReviewId = await submitReview();
  await call('PATCH', `/api/admin/reviews/${approvedReviewId}/approve`, {}, adminToken);
  const user = z
    .object({ user: z.object({ id: z.string() }) })
    .parse(
      await call(
        'POST',
        '/api/admin/users',
        { name: 'João Alvo', email: 'alvo@example.com' },
        adminToken,
      ),
    );
  const paid = z.object({ orderId: z.string(), paymentId: z.string() });
  const first = paid.parse(
    await call(
      'POST',
      '/payments/mercadopago/transparent-checkout',
      pixCheckout(customer, menuProductId),
      customer.token,
    ),
  );
  const second = paid.parse(
    await call(
      'POST',
      '/payments/mercadopago/transparent-checkout',
      pixCheckout(customer, menuProductId),
      customer.token,
    ),
  );

  const cardTokens: string[] = [];
  for (const holder of ['APRO', 'APRO', 'OTHE', 'OTHE', 'CONT']) {
    const card = z.object({ id: z.string() }).parse(
      await call('POST', '/simulator/card_tokens', {
        cardNumber: '4235647728025682',
        cardholderName: holder,
        expirationMonth: '11',
        expirationYear: '2030',
        securityCode: '123',
        docNumber: '12345678909',
      }),
    );
    cardTokens.push(card.id);
  }

  return {
    server,
    url,
    errorLines,
    customer,
    adminToken,
    webhookSecret: (await loadOrCreateSecrets(dataDir)).webhookSecret,
    ids: {
      menuProductId,
      productId: product._id,
      saleId: sale.sale.id,
      reviewId,
      approvedReviewId,
      userId: user.user.id,
      orderId: first.orderId,
      simulatorPaymentId: first.paymentId,
      cancelPaymentId: second.paymentId,
      cardTokens,
    },
    async close() {
      await server.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
