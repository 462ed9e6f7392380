import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uniformRateLimits } from '@quitute/command-api';
import { auditCommand } from '@quitute/projections';
import {
  eventLogPageSchema,
  eventMetadataSchema,
  orderHistorySchema,
  paymentResultSchema,
  type OrderHistory,
} from '@quitute/contracts';
import { bookableDeliveryDate } from '@quitute/contracts/testing';
import { silentLogger } from '@quitute/infra/logging';
import { solveAsWidget } from '@quitute/infra/testing';
import { createEmbeddedServer, type EmbeddedServer } from './server';
import { cheapPasswords, makeDataDir, noWebApp } from './testing/shop';

/**
 * Issue 13's first "done when", on the embedded shop over real HTTP: a Pix
 * purchase approved on the simulator, an admin status change and a
 * cancellation; the history shows every step with its actor, `asOf` shows the
 * order as it was between two steps, and the audit CLI prints the same
 * entries from the data directory once the shop is stopped.
 */

let server: EmbeddedServer;
let running = false;
let url: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('quitute-history');
  server = await createEmbeddedServer(
    { port: 0, dataDir, logLevel: 'silent', adminPassword: 'Admin12345' },
    silentLogger,
    {
      web: noWebApp,
      passwords: cheapPasswords,
      rateLimits: uniformRateLimits({ limit: 10_000, windowMs: 60_000 }),
    },
  );
  url = await server.listen();
  running = true;
});
afterAll(async () => {
  if (running) await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, route: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(route.includes('checkout') ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

async function captcha(): Promise<string> {
  const challenge: unknown = await (await fetch(`${url}/api/auth/captcha`)).json();
  return (await solveAsWidget(challenge)).payload;
}

async function login(email: string, password: string) {
  const answer = await call('POST', '/api/auth/login', null, {
    email,
    password,
    recaptchaToken: await captcha(),
  });
  return z.object({ userId: z.string(), token: z.string() }).parse(answer.body);
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run audit` on the shop's data directory, in this process (cli.test runs it as one). */
const auditCli = (args: string[]) =>
  auditCommand(args, { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '' });

describe("an order's history on the embedded shop", () => {
  let admin: string;
  let order: { orderId: string; orderNumber: number };
  let history: OrderHistory;

  it('given a Pix purchase approved on the simulator, an admin status change and a cancellation, then the history shows every step with its actor and the order after it', async () => {
    const email = `marina.${crypto.randomUUID()}@exemplo.com.br`;
    const registered = await call('POST', '/api/auth/register', null, {
      email,
      password: 'Bolo2026',
      name: 'Marina Souza',
      recaptchaToken: await captcha(),
    });
    expect(registered.status).toBe(201);
    const customer = await login(email, 'Bolo2026');
    admin = (await login('admin@quitute.com.br', 'Admin12345')).token;
    await call('POST', '/carrinho', customer.token, {
      userId: customer.userId,
      item: { id: 'coxinha-de-frango', nome: 'Coxinha de Frango', preco: 0.6 },
      quantidade: 20,
    });
    const checkout = await call(
      'POST',
      '/payments/mercadopago/transparent-checkout',
      customer.token,
      {
        userId: customer.userId,
        email,
        docNumber: '529.982.247-25',
        firstName: 'Marina',
        lastName: 'Souza',
        total: 12,
        paymentMethod: 'pix',
        paymentMethodId: 'pix',
        deliveryType: 'pickup',
        deliveryDate: bookableDeliveryDate(new Date(), 1),
      },
    );
    expect(checkout.status).toBe(200);
    const paying = paymentResultSchema.parse(checkout.body);
    order = { orderId: paying.orderId, orderNumber: paying.orderNumber };
    expect(
      (await call('POST', `/simulator/payments/${paying.paymentId}/approve`, null, {})).status,
    ).toBe(200);
    const readHistory = async (query = '') =>
      orderHistorySchema.parse(
        (await call('GET', `/api/admin/orders/${order.orderNumber}/history${query}`, admin)).body,
      );
    await eventually(readHistory, (read) => read.state?.orderStatus === 'processing');
    await pause(5);
    const readied = await call('PUT', `/api/admin/orders/${order.orderId}/status`, admin, {
      orderStatus: 'ready_for_pickup',
    });
    expect(readied.status).toBe(200);
    await pause(5);
    const cancelled = await call('PUT', `/api/admin/orders/${order.orderId}/status`, admin, {
      orderStatus: 'cancelled',
    });
    expect(cancelled.status).toBe(200);

    // The sale's refund is the process manager's, after the cancellation's answer.
    history = await eventually(readHistory, (read) =>
      read.entries.some((entry) => entry.type === 'OnlineSaleRefunded'),
    );

    expect(history.orderId).toBe(order.orderId);
    const steps = history.entries.map((entry) => ({
      type: entry.type,
      role: entry.actor.role,
      name: entry.actor.name,
      status: entry.state?.orderStatus,
      payment: entry.state?.paymentStatus,
    }));
    expect(steps[0]).toEqual({
      type: 'OrderPlaced',
      role: 'user',
      name: 'Marina Souza',
      status: 'pending',
      payment: 'pending',
    });
    // The online sale (recorded by the system once paid) sits among them; the order's own steps end so:
    const sale = steps.find((step) => step.type === 'SaleRecorded');
    expect(sale).toEqual({
      type: 'SaleRecorded',
      role: 'system',
      name: null,
      status: 'processing',
      payment: 'approved',
    });
    // Issue 38: cancelling the paid order gave its money back, after the order's own steps.
    const moneyBack = new Set([
      'PaymentRefundRequested',
      'PaymentRefundCompleted',
      'PaymentRefunded',
      'OnlineSaleRefunded',
    ]);
    expect(steps.some((step) => step.type === 'OnlineSaleRefunded')).toBe(true);
    const orderSteps = steps.filter(
      (step) => step.type !== 'SaleRecorded' && !moneyBack.has(step.type),
    );
    expect(orderSteps.slice(-4)).toEqual([
      {
        type: 'PaymentApproved',
        role: 'system',
        name: null,
        status: 'pending',
        payment: 'approved',
      },
      { type: 'OrderPaid', role: 'system', name: null, status: 'processing', payment: 'approved' },
      {
        type: 'OrderStatusChanged',
        role: 'admin',
        name: 'Administrador',
        status: 'ready_for_pickup',
        payment: 'approved',
      },
      {
        type: 'OrderStatusChanged',
        role: 'admin',
        name: 'Administrador',
        status: 'cancelled',
        payment: 'approved',
      },
    ]);
    const cancelledAt = steps.findIndex(
      (step) => step.type === 'OrderStatusChanged' && step.status === 'cancelled',
    );
    expect(steps.slice(cancelledAt + 1).map((step) => step.type)).toEqual(
      expect.arrayContaining([
        'PaymentRefundRequested',
        'PaymentRefundCompleted',
        'PaymentRefunded',
      ]),
    );
    expect(steps.find((step) => step.type === 'PaymentRefundRequested')).toMatchObject({
      role: 'admin',
      name: 'Administrador',
    });
    expect(steps.at(-1)?.payment).toBe('refunded');
    expect(steps.map((step) => step.type)).toContain('PaymentRequested');
    const descriptions = history.entries.map((entry) => entry.description);
    expect(descriptions[0]).toBe(
      `Pedido #${order.orderNumber} feito por Marina Souza (20 itens, R$ 12,00, Pix)`,
    );
    expect(descriptions).toContain('Pagamento aprovado via Pix');
    expect(descriptions).toContain('Venda online de R$ 12,00 registrada nos relatórios de vendas');
    expect(descriptions).toContain(
      'Status alterado de Pronto para Retirada para Cancelado por Administrador',
    );
    expect(descriptions).toContain('Reembolso de R$ 12,00 concluído');
    expect(history.state).toMatchObject({
      orderStatus: 'cancelled',
      cancelledAt: expect.any(String),
    });
    for (const entry of history.entries) {
      expect(entry.correlationId).not.toBe('');
      expect(entry.causationId).not.toBe('');
    }
  });

  it('given asOf a moment between the two admin steps or before the first, then the order exactly as it was then', async () => {
    const [readiedAt, cancelledAt] = history.entries
      .filter((entry) => entry.type === 'OrderStatusChanged')
      .map((entry) => entry.occurredAt);
    const before = new Date(Date.parse(readiedAt ?? '') - 1).toISOString();
    const asOf = async (moment: string) =>
      orderHistorySchema.parse(
        (
          await call(
            'GET',
            `/api/admin/orders/${order.orderId}/history?asOf=${encodeURIComponent(moment)}`,
            admin,
          )
        ).body,
      );

    const paid = await asOf(before);
    const readied = await asOf(readiedAt ?? '');

    expect(Date.parse(cancelledAt ?? '')).toBeGreaterThan(Date.parse(readiedAt ?? ''));
    expect(paid.entries.map((entry) => entry.type)).toContain('OrderPaid');
    expect(paid.entries.at(-1)?.type).not.toBe('OrderStatusChanged');
    expect(paid.state).toMatchObject({ orderStatus: 'processing', paymentStatus: 'approved' });
    expect(readied.state).toMatchObject({ orderStatus: 'ready_for_pickup' });
    const cancelling = history.entries.findIndex(
      (entry) => entry.type === 'OrderStatusChanged' && entry.occurredAt === cancelledAt,
    );
    expect(readied.entries).toEqual(history.entries.slice(0, cancelling));
  });

  it('given the whole log after the journey, then every event carries the metadata auditors rely on', async () => {
    const page = eventLogPageSchema.parse(
      (await call('GET', '/api/admin/events?limit=200', admin)).body,
    );
    const all = await server.eventStore.readAll();

    expect(page.events.length).toBe(Math.min(all.length, 200));
    for (const event of all) {
      expect(eventMetadataSchema.safeParse(event.metadata).success, event.type).toBe(true);
    }
  });

  it('given the shop running, then the audit CLI refuses its data directory; once stopped, the CLI prints the same entries', async () => {
    const refused = await auditCli(['order', String(order.orderNumber)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('A loja está rodando');

    await server.close();
    running = false;
    const printed = await auditCli(['order', String(order.orderNumber), '--json']);
    const table = await auditCli(['order', order.orderId]);

    expect(printed.code).toBe(0);
    expect(orderHistorySchema.parse(JSON.parse(printed.stdout)).entries).toEqual(history.entries);
    expect(table.stdout).toContain('Pagamento aprovado via Pix');
    expect(table.stdout).toContain('Administrador (administrador)');
  }, 120_000);
});
