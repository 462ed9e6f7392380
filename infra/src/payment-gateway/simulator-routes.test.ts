import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler, securityHeaders } from '../http';
import { silentLogger } from '../logging';
import { listenOnFreePort } from '../testing';
import type { CreatePaymentRequest, PaymentInstrument } from './port';
import { createPaymentSimulator, type PaymentSimulator } from './simulator';
import { paymentSimulatorRouter } from './simulator-routes';

const START = Date.parse('2026-03-10T12:00:00.000Z');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The shop's stack around the router: helmet first, the central error handler last. */
async function shop(mountPath = '/') {
  const simulator = createPaymentSimulator({
    webhookSecret: 'segredo',
    now: () => new Date(START),
  });
  cleanups.push(() => simulator.close());
  const app = express();
  app.use(securityHeaders({ https: false }));
  app.use(mountPath, paymentSimulatorRouter(simulator));
  app.get('/elsewhere', (_req, res) => {
    res.send('ok');
  });
  app.use(errorHandler(silentLogger));
  const server = await listenOnFreePort(app);
  cleanups.push(server.close);
  return { simulator, url: server.url };
}

let orders = 0;
function create(
  simulator: PaymentSimulator,
  instrument: PaymentInstrument,
  overrides: Partial<CreatePaymentRequest> = {},
) {
  orders += 1;
  return simulator.create({
    idempotencyKey: `order-${orders}`,
    amountCents: 4590,
    description: 'Pedido',
    externalReference: `order-${orders}`,
    payer: {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Souza',
      cpf: '12345678909',
      address: {
        zipCode: '01310100',
        streetName: 'Avenida Paulista',
        streetNumber: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        federalUnit: 'SP',
      },
    },
    instrument,
    ...overrides,
  });
}

const pix: PaymentInstrument = { method: 'pix', expiresAt: new Date(START + 3600_000) };
const boleto: PaymentInstrument = { method: 'boleto', expiresAt: new Date(START + 3 * 86_400_000) };

const json = { accept: 'application/json' };
const form = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'content-type': 'application/x-www-form-urlencoded',
};

const formActions = (html: string) => [...html.matchAll(/action="([^"]+)"/g)].map((m) => m[1]);

describe('payment simulator page', () => {
  it('given a pending Pix, when its page is opened, then it shows amount, method, status, the code and QR, and both buttons, with no script', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    const response = await fetch(`${url}/simulator/payments/${payment.id}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(html).toContain(`<title>Simular pagamento — ${payment.id}</title>`);
    expect(html).toMatch(/R\$\s45,90/);
    expect(html).toContain('<dd>Pix</dd>');
    expect(html).toContain('Pendente <code>pending / pending_waiting_transfer</code>');
    expect(html).toContain(payment.pix?.qrCode);
    expect(html).toContain(`src="data:image/png;base64,${payment.pix?.qrCodeBase64 ?? ''}"`);
    expect(html).toContain('Aprovar pagamento');
    expect(html).toContain('Rejeitar pagamento');
    expect(formActions(html)).toEqual([
      `/simulator/payments/${payment.id}/approve`,
      `/simulator/payments/${payment.id}/reject`,
    ]);
    expect(html).not.toMatch(/<script|\son\w+=|\sstyle=/i);
  });

  it("given the shop's helmet, when the page is served, then its own policy allows only inline styles, data: images and forms to itself — all the shop's policy allows too", async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    const page = await fetch(`${url}/simulator/payments/${payment.id}`);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    const shopPolicy = (await fetch(`${url}/elsewhere`)).headers.get('content-security-policy');
    expect(shopPolicy).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(shopPolicy).toMatch(/img-src [^;]*data:/);
    expect(shopPolicy).toMatch(/form-action 'self'/);
  });

  it('given a pending boleto, when its page is opened, then it shows the formatted linha digitável', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, boleto);
    const html = await (await fetch(`${url}/simulator/payments/${payment.id}`)).text();
    const line = payment.boleto?.digitableLine ?? '';
    expect(html).toContain('<dd>Boleto</dd>');
    expect(html).toContain(
      `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ` +
        `${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`,
    );
  });

  it('given markup in the order reference, when the page is opened, then it is shown as text', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix, {
      externalReference: '<img src=x onerror="alert(1)">',
    });
    const html = await (await fetch(`${url}/simulator/payments/${payment.id}`)).text();
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img src=x');
  });

  it('given an unknown id, when its page is opened, then a pt-BR 404 page answers', async () => {
    const { url } = await shop();
    const response = await fetch(`${url}/simulator/payments/1234567890`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Pagamento não encontrado.');
  });
});

describe('payment simulator approve/reject', () => {
  it('given a pending Pix, when a JSON client approves it, then 200 with the approved payment; again, 409 with a pt-BR message', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    const approve = () =>
      fetch(`${url}/simulator/payments/${payment.id}/approve`, { method: 'POST', headers: json });
    const first = await approve();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ id: payment.id, status: 'approved' });
    const second = await approve();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      message: 'Este pagamento não está pendente e não pode ser aprovado.',
    });
  });

  it('given a pending boleto, when a JSON client rejects it, then 200 with the rejected payment', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, boleto);
    const response = await fetch(`${url}/simulator/payments/${payment.id}/reject`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'rejected' });
  });

  it('given an unknown id, when approved over JSON, then 404 with a pt-BR message', async () => {
    const { url } = await shop();
    const response = await fetch(`${url}/simulator/payments/1234567890/approve`, {
      method: 'POST',
      headers: json,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Pagamento não encontrado.' });
  });

  it('given a form post from the page, when approved, then it redirects back and the page shows it approved without buttons', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    const response = await fetch(`${url}/simulator/payments/${payment.id}/approve`, {
      method: 'POST',
      headers: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/simulator/payments/${payment.id}`);
    const html = await (await fetch(`${url}/simulator/payments/${payment.id}`)).text();
    expect(html).toContain('Aprovado <code>approved / accredited</code>');
    expect(html).not.toContain('Aprovar pagamento');
  });

  it('given a form post for a payment no longer pending, when rejected, then the page comes back with the reason and 409', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    await simulator.approve(payment.id);
    const response = await fetch(`${url}/simulator/payments/${payment.id}/reject`, {
      method: 'POST',
      headers: form,
      redirect: 'manual',
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain('Este pagamento não está pendente e não pode ser rejeitado.');
    expect(html).toContain('Aprovado');
  });

  it('given the router mounted under a prefix, when the page posts, then its forms and redirect keep the prefix', async () => {
    const { simulator, url } = await shop('/dev');
    const payment = await create(simulator, pix);
    const html = await (await fetch(`${url}/dev/simulator/payments/${payment.id}`)).text();
    expect(formActions(html)).toContain(`/dev/simulator/payments/${payment.id}/approve`);
    const response = await fetch(`${url}/dev/simulator/payments/${payment.id}/approve`, {
      method: 'POST',
      headers: form,
      redirect: 'manual',
    });
    expect(response.headers.get('location')).toBe(`/dev/simulator/payments/${payment.id}`);
  });
});

describe('payment simulator card tokens', () => {
  const valid = {
    cardNumber: '5031 4332 1540 6351',
    cardholderName: 'APRO',
    expirationMonth: '11',
    expirationYear: '2030',
    securityCode: '123',
    docNumber: '12345678909',
  };
  const post = (url: string, body: unknown) =>
    fetch(`${url}/simulator/card_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('given a valid test card, when tokenized, then 201 with a token that pays', async () => {
    const { simulator, url } = await shop();
    const response = await post(url, valid);
    expect(response.status).toBe(201);
    const token: unknown = await response.json();
    expect(token).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      paymentMethodId: 'master',
      lastFourDigits: '6351',
    });
    const id = typeof token === 'object' && token && 'id' in token ? String(token.id) : '';
    const payment = await create(simulator, {
      method: 'credit_card',
      token: id,
      paymentMethodId: 'master',
      installments: 1,
    });
    expect(payment.status).toBe('approved');
  });

  it.each([
    [
      'a card failing Luhn',
      { ...valid, cardNumber: '5031 4332 1540 6350' },
      'Número do cartão inválido.',
    ],
    ['an expired card', { ...valid, expirationYear: '2025' }, 'Cartão vencido.'],
    ['a missing CPF', { ...valid, docNumber: undefined }, 'CPF inválido'],
    ['a number instead of text', { ...valid, securityCode: 123 }, 'Código de segurança inválido.'],
    ['an unknown key', { ...valid, role: 'admin' }, 'Requisição inválida.'],
    ['a body that is not JSON', '{"cardNumber":', 'Requisição inválida.'],
  ])('given %s, when tokenized, then 400 with a pt-BR message', async (_case, body, message) => {
    const { url } = await shop();
    const response = await post(url, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
  });
});

describe('payment simulator: refund and chargeback at the provider (issue 38)', () => {
  it('given an approved Pix, when its page refunds R$ 10,00 then the rest, then the page lists both refunds and the payment is refunded', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    await simulator.approve(payment.id);
    const page = await (await fetch(`${url}/simulator/payments/${payment.id}`)).text();
    expect(page).toContain('Reembolsar');
    expect(page).toContain('Simular contestação (chargeback)');

    const refund = (body: string) =>
      fetch(`${url}/simulator/payments/${payment.id}/refund`, {
        method: 'POST',
        headers: { ...form, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    expect((await refund('amount=10%2C00')).status).toBe(303);
    expect((await refund('amount=')).status).toBe(303);
    const html = await (await fetch(`${url}/simulator/payments/${payment.id}`)).text();
    expect(html).toContain('Reembolsos');
    expect(html).toMatch(/R\$\s10,00/u);
    expect(html).toMatch(/R\$\s35,90/u);
    expect(await simulator.get(payment.id)).toMatchObject({ status: 'refunded' });
  });

  it('given an approved Pix, when a JSON client asks an ambiguous amount, then 400 with the pt-BR reason and nothing moves', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    await simulator.approve(payment.id);
    const response = await fetch(`${url}/simulator/payments/${payment.id}/refund`, {
      method: 'POST',
      headers: { ...json, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '1.234' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('ambíguo') });
    expect((await simulator.get(payment.id))?.refunds).toBeUndefined();
  });

  it('given an approved Pix, when charged back over JSON, then charged_back; a pending one answers 409', async () => {
    const { simulator, url } = await shop();
    const payment = await create(simulator, pix);
    await simulator.approve(payment.id);
    const chargeBack = (id: string) =>
      fetch(`${url}/simulator/payments/${id}/chargeback`, { method: 'POST', headers: json });
    const answer = await chargeBack(payment.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'charged_back' });
    const pending = await create(simulator, pix);
    expect((await chargeBack(pending.id)).status).toBe(409);
  });
});
