import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentResultSchema,
  paymentStatusDtoSchema,
  type PaymentResult,
} from '@quitute/contracts';
import { browserAvailable, logIn, openShop, register, type Shop } from './harness';
import {
  CHECKOUT_PATH,
  fillCartAndProceed,
  fillCustomer,
  goToMenu,
  payByPix,
} from './checkout-steps';

const enabled = browserAvailable();

const APPROVED_LINE = 'Pagamento aprovado! Redirecionando...';
const POLL_PATH = '/payments/process-payment/';
const SOCKET = '**/socket.io/**';

/** The one CEP the fake ViaCEP knows (Praça da Sé, São Paulo). */
const KNOWN_CEP = '01001000';

interface FakeViaCep {
  url: string;
  /** The CEPs the shop asked for. */
  asked: string[];
  close(): Promise<void>;
}

/** A local stand-in for ViaCEP (integration-facts §6): GET /ws/{cep}/json/. */
async function startFakeViaCep(): Promise<FakeViaCep> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const cep = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '')?.[1];
    if (!cep) {
      res.writeHead(400).end();
      return;
    }
    asked.push(cep);
    const body =
      cep === KNOWN_CEP
        ? {
            cep: '01001-000',
            logradouro: 'Praça da Sé',
            complemento: 'lado ímpar',
            bairro: 'Sé',
            localidade: 'São Paulo',
            uf: 'SP',
          }
        : { erro: 'true' };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Delivery to the known CEP: leaving the CEP field fills the address from
 * (fake) ViaCEP; a delivery needs a phone to call (issue 37).
 */
async function fillDeliveryAddress(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Entrega', exact: true }).check();
  const phone = page.getByLabel('Telefone', { exact: true });
  await phone.fill('11912345678');
  expect(await phone.inputValue()).toBe('(11) 91234-5678');
  const cep = page.getByLabel('CEP', { exact: true });
  await cep.fill(KNOWN_CEP);
  await cep.press('Tab');
  await expect.poll(() => page.getByLabel('Rua').inputValue()).toBe('Praça da Sé');
  expect(await cep.inputValue()).toBe('01001-000');
  expect(await page.getByLabel('Bairro').inputValue()).toBe('Sé');
  expect(await page.getByLabel('Cidade').inputValue()).toBe('São Paulo');
  expect(await page.getByLabel('UF').inputValue()).toBe('SP');
  await page.getByLabel('Número').fill('100');
}

/** The Pix result box: the QR image and the copy button of the copia e cola. */
async function expectPixShown(page: Page, result: PaymentResult): Promise<void> {
  expect(result.paymentStatus).toBe('pending');
  const box = page.getByRole('region', { name: 'Processando Pagamento' });
  await box.getByText('QR Code PIX gerado!').waitFor();
  await box.getByText(`Pedido #${result.orderNumber}`).waitFor();
  const qr = box.getByRole('img', { name: 'QR Code Pix' });
  await qr.waitFor();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await box.getByRole('button', { name: 'Copiar código' }).waitFor();
  expect(await box.getByLabel('Pix Copia e Cola').inputValue()).toBe(result.pixQrCode);
}

/** Opens the simulator's page through the checkout's ticket link (a new tab). */
async function openSimulatorPage(page: Page, shop: Shop, result: PaymentResult): Promise<Page> {
  const link = page.getByRole('link', { name: 'Abrir página do pagamento' });
  // Root-relative: the page opens on the address the customer reached the shop by.
  expect(await link.getAttribute('href')).toBe(`/simulator/payments/${result.paymentId}`);
  const [simulator] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await simulator.getByRole('heading', { name: 'Simular pagamento' }).waitFor();
  return simulator;
}

interface ApprovalMarks {
  approvedAt: number | null;
  successAt: number | null;
}

/**
 * Records, on the page itself, when the approval line first shows and when
 * /success is first reached (epoch ms: the browser and the test share the
 * machine's clock), so neither is delayed by the test's own waiting.
 */
async function markApproval(page: Page): Promise<() => Promise<ApprovalMarks>> {
  await page.evaluate((line) => {
    const marks: ApprovalMarks = { approvedAt: null, successAt: null };
    Object.assign(window, { approvalMarks: marks });
    const look = () => {
      if (marks.approvedAt === null && document.body.textContent?.includes(line)) {
        marks.approvedAt = Date.now();
      }
      if (marks.successAt === null && location.pathname === '/success') {
        marks.successAt = Date.now();
      }
    };
    new MutationObserver(look).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }, APPROVED_LINE);
  return () =>
    page.evaluate(() => (window as unknown as { approvalMarks: ApprovalMarks }).approvalMarks);
}

/** /success after a payment: the title, the order's number and its link. */
async function expectSuccessPage(page: Page, result: PaymentResult): Promise<void> {
  await page.getByRole('heading', { name: 'Compra Concluída!' }).waitFor();
  await page.getByText(`Pedido #${result.orderNumber}`).waitFor();
  expect(await page.getByRole('link', { name: 'Ver Pedido' }).getAttribute('href')).toBe(
    `/my-orders/${result.orderId}`,
  );
}

/** The status each poll (GET /payments/process-payment/{id}) answered, in order. */
function recordPolls(page: Page): string[] {
  const statuses: string[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().includes(POLL_PATH)) return;
    void response
      .json()
      .then((body: unknown) => statuses.push(paymentStatusDtoSchema.parse(body).paymentStatus))
      .catch(() => statuses.push(`HTTP ${response.status()}`));
  });
  return statuses;
}

interface PaymentTimings {
  checkoutAnsweredAt: number | null;
  polls: { sentAt: number; answeredAt: number }[];
}

/**
 * When the checkout call was answered and each poll sent and answered, on the
 * page's own clock (Resource Timing), so the test's waiting cannot blur them.
 */
function paymentTimings(page: Page): Promise<PaymentTimings> {
  return page.evaluate(
    ([checkoutPath, pollPath]) => {
      const entries = performance.getEntriesByType('resource');
      const checkout = entries.find((entry) => entry.name.endsWith(checkoutPath));
      return {
        checkoutAnsweredAt: checkout ? checkout.startTime + checkout.duration : null,
        polls: entries
          .filter((entry) => entry.name.includes(pollPath))
          .map((entry) => ({
            sentAt: entry.startTime,
            answeredAt: entry.startTime + entry.duration,
          })),
      };
    },
    [CHECKOUT_PATH, POLL_PATH] as const,
  );
}

/** Cuts the page's context off the socket.io server: its websocket and its HTTP long-polling. */
async function blockSocket(context: BrowserContext): Promise<{ websockets: number; http: number }> {
  const blocked = { websockets: 0, http: 0 };
  await context.routeWebSocket(SOCKET, (socket) => {
    blocked.websockets += 1;
    void socket.close();
  });
  await context.route(SOCKET, (route) => {
    blocked.http += 1;
    void route.abort();
  });
  return blocked;
}

/** Pays by card through the simulator's card form (the holder's name decides the outcome). */
async function payByCard(page: Page, holder: string): Promise<PaymentResult> {
  await page.getByRole('radio', { name: 'Cartão de Crédito', exact: true }).check();
  await page.getByRole('button', { name: 'Prosseguir', exact: true }).click();
  return payWithOpenCardForm(page, holder);
}

/** Fills the open card form (the number pasted without spaces, grouped as it lands) and pays. */
async function payWithOpenCardForm(page: Page, holder: string): Promise<PaymentResult> {
  const card = page.getByRole('region', { name: 'Dados do Cartão' });
  // The page brings the form into view and focus.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Dados do Cartão');
  const number = card.getByLabel('Número do cartão');
  await number.fill('4235647728025682');
  expect(await number.inputValue()).toBe('4235 6477 2802 5682');
  await card.getByLabel('Nome do titular').fill(holder);
  await card.getByLabel('Mês de validade').fill('11');
  await card.getByLabel('Ano de validade').fill('2030');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('CPF do titular').fill('12345678909');
  expect(await card.getByLabel('CPF do titular').inputValue()).toBe('123.456.789-09');
  const answer = page.waitForResponse((response) => response.url().endsWith(CHECKOUT_PATH));
  await card.getByRole('button', { name: 'Pagar R$ 12,00' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return paymentResultSchema.parse(await response.json());
}

describe.runIf(enabled)('checkout journeys in Chromium', () => {
  let viaCep: FakeViaCep;
  let shop: Shop;
  /** The card journey's page and its two orders, for the orders journey. */
  let cardJourney: { page: Page; paid: PaymentResult; rejected: PaymentResult } | undefined;
  /** The session of the customer the first journey signs up; the later journeys are her coming back. */
  let customerSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

  /** A new browser context where the customer is already logged in, on /cardapio. */
  async function returningCustomer(prepare?: (context: BrowserContext) => Promise<void>) {
    if (!customerSession) throw new Error('the first journey did not sign the customer up');
    const page = await shop.newPage({ storageState: customerSession });
    page.setDefaultTimeout(10_000);
    await prepare?.(page.context());
    await page.goto(`${shop.url}/cardapio`);
    return page;
  }

  beforeAll(async () => {
    viaCep = await startFakeViaCep();
    shop = await openShop({ config: { payments: { viaCepUrl: viaCep.url } } });
  });
  afterAll(async () => {
    await shop.close();
    await viaCep.close();
  });

  it('given a new customer paying 20 coxinhas by Pix for delivery, when the payment is approved on the simulator, then the socket tells the checkout at once and /success follows 3 s later', async () => {
    const page = await shop.newPage();
    page.setDefaultTimeout(10_000);
    const websockets: string[] = [];
    page.on('websocket', (socket) => websockets.push(socket.url()));
    const polls = recordPolls(page);
    const account = {
      name: 'Marina Souza',
      email: `marina.${Date.now()}@example.com`,
      password: 'Festa2026',
    };
    await register(page, shop, account);
    await logIn(page, shop, account);
    customerSession = await page.context().storageState();
    await goToMenu(page);
    await fillCartAndProceed(page);

    await fillDeliveryAddress(page);
    expect(viaCep.asked).toEqual([KNOWN_CEP]);
    await fillCustomer(page, 'Marina Souza');
    const result = await payByPix(page);
    await expectPixShown(page, result);

    const simulator = await openSimulatorPage(page, shop, result);
    const marks = await markApproval(page);
    const clickedAt = Date.now();
    await simulator.getByRole('button', { name: 'Aprovar pagamento' }).click();
    await page.getByText(APPROVED_LINE).waitFor();
    await page.waitForURL(/\/success$/);
    await expectSuccessPage(page, result);
    await simulator.getByText('Aprovado').first().waitFor();

    const { approvedAt, successAt } = await marks();
    if (approvedAt === null || successAt === null) throw new Error('approval not marked');
    console.log(
      `Pix: approval shown ${approvedAt - clickedAt} ms after the click, /success ${successAt - approvedAt} ms after that`,
    );
    // The socket brought it: the page had its websocket and had not polled yet (the first poll is 10 s away).
    expect(websockets.some((url) => url.includes('/socket.io/'))).toBe(true);
    expect(polls).toEqual([]);
    expect(approvedAt - clickedAt).toBeLessThan(1_000);
    // The redirect waits its 3 s (spec §9).
    expect(successAt - approvedAt).toBeGreaterThanOrEqual(2_500);
    expect(successAt - approvedAt).toBeLessThan(5_000);

    // The order keeps the address ViaCEP filled in.
    await page.getByRole('link', { name: 'Ver Pedido' }).click();
    await page.waitForURL(`${shop.url}/my-orders/${result.orderId}`);
    const address = page.locator('address');
    await address.waitFor();
    expect(await address.innerText()).toBe('Praça da Sé, 100\nSé, São Paulo - SP\nCEP 01001-000');
    await page.context().close();
  }, 45_000);

  it('given the socket is blocked, when a Pix is approved after the first poll, then polling (after 10 s, then every 5 s) sees it and the customer reaches /success', async () => {
    let blocked = { websockets: 0, http: 0 };
    const page = await returningCustomer(async (context) => {
      blocked = await blockSocket(context);
    });
    await fillCartAndProceed(page);
    const polls = recordPolls(page);
    // Only this payment's requests in the page's timeline from here on.
    await page.evaluate(() => performance.clearResourceTimings());

    await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(page, 'Marina Souza');
    const result = await payByPix(page);
    await expectPixShown(page, result);
    const simulator = await openSimulatorPage(page, shop, result);

    // The first look comes 10 s after the QR code, and finds the Pix still waiting.
    await expect.poll(() => polls.length, { timeout: 12_000 }).toBe(1);
    expect(polls[0]).toBe('pending');
    await simulator.getByRole('button', { name: 'Aprovar pagamento' }).click();

    // The next look, 5 s later, sees the approval.
    await page.getByText(APPROVED_LINE).waitFor({ timeout: 7_000 });
    await page.waitForURL(/\/success$/, { timeout: 5_000 });
    await expectSuccessPage(page, result);
    expect(polls).toEqual(['pending', 'approved']);

    const { checkoutAnsweredAt, polls: looks } = await paymentTimings(page);
    const [first, second] = looks;
    if (checkoutAnsweredAt === null || !first || !second) throw new Error('requests not timed');
    console.log(
      `Pix without socket: polls sent ${Math.round(first.sentAt - checkoutAnsweredAt)} ms after the checkout's answer and ${Math.round(second.sentAt - first.answeredAt)} ms after the first poll's`,
    );
    expect(first.sentAt - checkoutAnsweredAt).toBeGreaterThanOrEqual(9_990);
    expect(second.sentAt - first.answeredAt).toBeGreaterThanOrEqual(4_990);
    // Nothing came through the socket: its websocket was cut.
    expect(blocked.websockets).toBeGreaterThan(0);
    await page.context().close();
  }, 60_000);

  it('given a declined card (the cart left empty by the paid Pix before), when she tries another card on the same page, then the same order is approved and /success sums it up with the shop’s address for the pickup', async () => {
    const page = await returningCustomer();
    await fillCartAndProceed(page);
    await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await page
      .getByText('Local de retirada: Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP')
      .waitFor();
    await fillCustomer(page, 'Marina Souza');
    const declined = await payByCard(page, 'FUND');
    expect(declined.paymentStatus).toBe('rejected');
    const box = page.getByRole('region', { name: 'Processando Pagamento' });
    await box.getByRole('heading', { name: 'Cartão recusado' }).waitFor();
    await box.getByText(`Pedido #${declined.orderNumber}`).waitFor();
    await page
      .getByRole('dialog', { name: 'Erro' })
      .getByRole('button', { name: 'Fechar' })
      .click();

    await box.getByRole('button', { name: 'Tentar outro cartão' }).click();
    const card = page.getByRole('region', { name: 'Dados do Cartão' });
    expect(await card.getByLabel('Nome do titular').inputValue()).toBe('');
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('Marina Souza');
    const paid = await payWithOpenCardForm(page, 'APRO');

    expect(paid).toMatchObject({
      paymentStatus: 'approved',
      orderId: declined.orderId,
      orderNumber: declined.orderNumber,
    });
    await page.getByText(APPROVED_LINE).waitFor();
    await page.waitForURL(/\/success$/);
    await expectSuccessPage(page, paid);
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    await summary.getByText('20x Coxinha de Frango').waitFor();
    await summary.getByText('Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP').waitFor();
    await page.context().close();
  }, 45_000);

  it('given a card payment, when the holder is APRO, then it is approved at once; when OTHE, then the page says it was rejected and why', async () => {
    const page = await returningCustomer();
    await fillCartAndProceed(page);
    const polls = recordPolls(page);
    await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(page, 'Marina Souza');
    const paid = await payByCard(page, 'APRO');
    expect(paid.paymentStatus).toBe('approved');
    await page.getByText(APPROVED_LINE).waitFor();
    await page.waitForURL(/\/success$/);
    await expectSuccessPage(page, paid);
    // Approved by the checkout's own answer: nothing was polled.
    expect(polls).toEqual([]);

    await goToMenu(page);
    await fillCartAndProceed(page);
    await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(page, 'Marina Souza');
    const rejected = await payByCard(page, 'OTHE');
    expect(rejected.paymentStatus).toBe('rejected');
    const rejection =
      'Pagamento rejeitado. Detalhes: o emissor do cartão recusou o pagamento. Tente novamente.';
    await page.getByRole('heading', { name: 'Cartão recusado' }).waitFor();
    await page
      .getByRole('region', { name: 'Processando Pagamento' })
      .getByRole('status')
      .filter({ hasText: rejection })
      .waitFor();
    await page
      .getByRole('dialog', { name: 'Erro' })
      .getByText(`Erro no pagamento: ${rejection}`, { exact: true })
      .waitFor();
    expect(page.url()).toBe(`${shop.url}/pagamento`);
    cardJourney = { page, paid, rejected };
  }, 45_000);

  it('given the customer’s paid card order and her rejected one, when she opens /orders, then the paid one reads “Aprovado ✔ (Em Preparação)” and “Ver Detalhes” opens it', async () => {
    if (!cardJourney) throw new Error('the card journey did not leave its customer');
    const { page, paid, rejected } = cardJourney;
    await page.goto(`${shop.url}/orders`);
    const paidCard = page.getByRole('article', { name: `Pedido #${paid.orderNumber}` });
    await paidCard.getByText('Aprovado ✔ (Em Preparação)', { exact: true }).waitFor();
    // Declined, it waits for another card (30 min) before it is cancelled.
    const rejectedCard = page.getByRole('article', { name: `Pedido #${rejected.orderNumber}` });
    await rejectedCard.getByText('Pendente (Rejeitado)', { exact: true }).waitFor();

    await paidCard.getByRole('link', { name: 'Ver Detalhes' }).click();
    await page.waitForURL(`${shop.url}/my-orders/${paid.orderId}`);
    await page.getByText(`Pedido #${paid.orderNumber}`).first().waitFor();
    await page.getByText('Em Preparação', { exact: true }).waitFor();
    await page.getByText('Cartão de Crédito', { exact: true }).waitFor();
    await page.context().close();
  });
});
