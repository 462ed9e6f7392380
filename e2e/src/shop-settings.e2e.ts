import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentResultSchema, shopMessages } from '@quitute/contracts';
import { CHECKOUT_PATH, fillCustomer, shopDayFromToday } from './checkout-steps';
import {
  addToCart,
  browserAvailable,
  dismissLeadTimeNotice,
  logIn,
  openShop,
  register,
  type Shop,
} from './harness';

const enabled = browserAvailable();

/** A local stand-in for ViaCEP (GET /ws/{cep}/json/) that knows the two CEPs of the journey. */
async function startFakeViaCep(): Promise<{ url: string; close: () => Promise<void> }> {
  const known: Record<string, object> = {
    '01310100': {
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
    },
    '20040020': {
      logradouro: 'Avenida Rio Branco',
      bairro: 'Centro',
      localidade: 'Rio de Janeiro',
      uf: 'RJ',
    },
  };
  const server = http.createServer((req, res) => {
    const cep = /^\/ws\/(\d{8})\/json\/$/.exec(req.url ?? '')?.[1] ?? '';
    const found = known[cep];
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(found ? { cep, complemento: '', ...found } : { erro: 'true' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** wa.me is outside this machine: answer it locally, as WhatsApp's page would load. */
async function answerWhatsAppLocally(page: Page): Promise<void> {
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
}

/** A field of the zone `index` (1-based) of the admin's form. */
function zoneField(page: Page, index: number, label: string) {
  return page.getByRole('group', { name: `Zona ${index}` }).getByLabel(label, { exact: true });
}

describe.runIf(enabled)('the shop’s own settings and delivery zones in Chromium (issue 37)', () => {
  let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
  let shop: Shop;

  beforeAll(async () => {
    viaCep = await startFakeViaCep();
    shop = await openShop({ config: { payments: { viaCepUrl: viaCep.url } } });
  });
  afterAll(async () => {
    await shop?.close();
    await viaCep?.close();
  });

  it('given the admin changes the WhatsApp number and adds the Centro zone on /admin/loja, then a visitor’s custom order and contact page use the new number, without a restart or rebuild', async () => {
    const adminAccount = shop.server.admin;
    if (!adminAccount.created) throw new Error('a fresh shop creates its admin');
    const admin = await shop.newPage({ width: 1024, height: 768 });
    await logIn(admin, shop, { email: adminAccount.email, password: adminAccount.password });
    await admin.goto(`${shop.url}/admin`);
    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Configurações da Loja' })
      .click();
    const form = admin.getByRole('form', { name: 'Configurações da Loja' });
    const whatsapp = form.getByLabel('WhatsApp', { exact: true });
    await expect.poll(() => whatsapp.inputValue()).toBe('(11) 98765-4321');

    await whatsapp.fill('21998765432');
    expect(await whatsapp.inputValue()).toBe('(21) 99876-5432');
    await form.getByRole('button', { name: 'Remover Todo o Brasil' }).click();
    await form.getByRole('button', { name: 'Adicionar zona' }).click();
    await zoneField(admin, 1, 'Nome da zona').fill('Centro');
    await zoneField(admin, 1, 'CEP inicial').fill('01000000');
    await zoneField(admin, 1, 'CEP final').fill('05999999');
    await zoneField(admin, 1, 'Taxa (R$)').fill('15,00');
    await zoneField(admin, 1, 'Pedido mínimo (R$)').fill('100,00');
    await form.getByRole('button', { name: 'Salvar', exact: true }).click();
    const saved = admin.getByRole('dialog', { name: 'Sucesso' });
    await saved.getByText(shopMessages.saved).waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();
    expect(await zoneField(admin, 1, 'CEP final').inputValue()).toBe('05999-999');

    // A visitor who never saw the old number: her pages read the settings when they load.
    const visitor = await shop.newPage({ width: 390, height: 844 });
    await answerWhatsAppLocally(visitor);
    await visitor.goto(`${shop.url}/contato`);
    const main = visitor.getByRole('main');
    const contactLink = main.getByRole('link', { name: 'WhatsApp', exact: true });
    await expect
      .poll(() => contactLink.getAttribute('href'))
      .toMatch(/^https:\/\/wa\.me\/5521998765432\?text=/);
    // The number itself is shown too.
    expect(
      await main.getByRole('link', { name: 'WhatsApp (21) 99876-5432' }).getAttribute('href'),
    ).toBe('https://wa.me/5521998765432');

    await visitor.goto(`${shop.url}/encomendas`);
    await dismissLeadTimeNotice(visitor);
    const order = visitor.getByRole('form', { name: 'Encomenda' });
    await order.getByLabel('Nome').fill('Marina Souza');
    await order.getByLabel('E-mail').fill('marina@example.com');
    await order.getByLabel('Telefone').fill('(11) 98765-4321');
    await order.getByLabel('Data do evento').fill(shopDayFromToday(10));
    await order.getByLabel('Descrição').fill('100 coxinhas para 30 convidados.');
    const popup = visitor.waitForEvent('popup');
    await order.getByRole('button', { name: 'Enviar Encomenda pelo WhatsApp' }).click();
    const sent = new URL((await popup).url());
    expect(`${sent.origin}${sent.pathname}`).toBe('https://wa.me/5521998765432');
  }, 60_000);

  it('given the Centro zone, when a customer asks a delivery to 01310-100, then R$ 15,00 is shown and charged as its own line; 20040-020 is refused with the pt-BR message', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    const account = { email: `zona.${Date.now()}@example.com`, password: 'Festa2026' };
    await register(page, shop, { ...account, name: 'Marina Souza' });
    await logIn(page, shop, account);
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);
    // R$ 120,00 of coxinhas: above the zone's minimum of R$ 100,00.
    await addToCart(page, 'Coxinha de Frango', '200');
    await page.getByText('Coxinha de Frango (200 unidades) adicionado ao carrinho!').waitFor();
    await page.getByRole('link', { name: 'Finalizar Pedido' }).click();
    await page.getByRole('link', { name: 'Prosseguir para Pagamento' }).click();
    await page.getByRole('heading', { name: 'Finalizar Pagamento' }).waitFor();

    await page.getByRole('radio', { name: 'Entrega', exact: true }).check();
    await page.getByLabel('Telefone', { exact: true }).fill('11912345678');
    const cep = page.getByLabel('CEP', { exact: true });
    await cep.fill('20040020');
    await cep.press('Tab');
    await page.getByText(shopMessages.outsideZones).waitFor();
    const checkouts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(CHECKOUT_PATH)) checkouts.push(request.url());
    });
    await page.getByRole('button', { name: 'Prosseguir', exact: true }).click();
    expect(checkouts).toEqual([]);

    await cep.fill('01310100');
    await cep.press('Tab');
    await expect.poll(() => page.getByLabel('Rua').inputValue()).toBe('Avenida Paulista');
    await page.getByLabel('Número').fill('1000');
    await page.getByLabel('Complemento').fill('Apto 12');
    const summary = page.getByRole('region', { name: 'Resumo do Pedido' });
    await summary.getByText('Taxa de entrega').waitFor();
    await expect.poll(() => summary.innerText()).toContain('R$ 15,00');
    await expect.poll(() => summary.innerText()).toMatch(/Total\s+R\$ 135,00/);
    await fillCustomer(page, 'Marina Souza');
    await page.getByRole('radio', { name: 'Pix', exact: true }).check();
    const answer = page.waitForResponse((response) => response.url().endsWith(CHECKOUT_PATH));
    await page.getByRole('button', { name: 'Prosseguir', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const result = paymentResultSchema.parse(await response.json());
    await page
      .getByRole('region', { name: 'Processando Pagamento' })
      .getByText('Valor: R$ 135,00')
      .waitFor();

    await page.goto(`${shop.url}/my-orders/${result.orderId}`);
    const items = page.getByRole('table');
    await items.getByText('Taxa de entrega').waitFor();
    expect(await page.getByText('R$ 135,00').first().isVisible()).toBe(true);
    expect(await page.locator('address').last().innerText()).toContain('Apto 12');
    await page.getByText('(11) 91234-5678').waitFor();
  }, 60_000);
});
