import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDayFromToday } from './checkout-steps';
import {
  browserAvailable,
  dismissLeadTimeNotice,
  logIn,
  openShop,
  register,
  type Shop,
} from './harness';

const enabled = browserAvailable();

/** wa.me is outside this machine: answer it locally, as WhatsApp's page would load. */
async function answerWhatsAppLocally(page: Page): Promise<void> {
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
}

describe.runIf(enabled)('the chatbot and the custom order in Chromium (issue 36)', () => {
  let shop: Shop;
  let customer: Page;
  const account = { email: `encomenda.${Date.now()}@example.com`, password: 'Festa2026' };

  beforeAll(async () => {
    shop = await openShop();
    // A customer with her phone in her profile.
    customer = await shop.newPage({ width: 390, height: 844 });
    await register(customer, shop, { ...account, name: 'Marina Souza' });
    await logIn(customer, shop, account);
    await customer.goto(`${shop.url}/perfil`);
    await customer.getByLabel('Telefone').fill('(11) 98765-4321');
    await customer
      .getByRole('button', { name: /Salvar/ })
      .first()
      .click();
    await customer.getByText('Perfil atualizado com sucesso!').waitFor();
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('given "quero 100 coxinhas" in the chat, then the price of 100 from the menu and a link that shows the coxinha on the menu', async () => {
    await customer.goto(`${shop.url}/sobre`);
    await customer.getByRole('button', { name: 'Chat com o assistente' }).click();
    const input = customer.getByPlaceholder('Digite sua mensagem...');
    await input.fill('quero 100 coxinhas');
    await input.press('Enter');

    const log = customer.getByRole('log', { name: 'Mensagens' });
    await log.getByText('Coxinha de Frango: 100 unidades × R$ 0,60 = R$ 60,00.').waitFor();
    await log.getByRole('link', { name: 'Ver Coxinha de Frango no cardápio' }).click();

    await customer.waitForURL(/\/cardapio\?busca=Coxinha\+de\+Frango$/);
    await customer.getByRole('heading', { name: 'Coxinha de Frango', exact: true }).waitFor();
  }, 30_000);

  it('given a custom order sent by the signed-in customer (her contact filled from her profile), then the admin finds it under Encomendas, newest first, with her contact and the event day', async () => {
    await answerWhatsAppLocally(customer);
    await customer.goto(`${shop.url}/encomendas`);
    await dismissLeadTimeNotice(customer);
    const form = customer.getByRole('form', { name: 'Encomenda' });
    expect(await form.getByLabel('Nome').inputValue()).toBe('Marina Souza');
    expect(await form.getByLabel('E-mail').inputValue()).toBe(account.email);
    expect(await form.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321');
    const eventDay = shopDayFromToday(12);
    await form.getByLabel('Data do evento').fill(eventDay);
    await form
      .getByLabel('Descrição')
      .fill('Aniversário de 40 anos: 80 convidados, salgados e doces.');

    const popup = customer.waitForEvent('popup');
    await form.getByRole('button', { name: 'Enviar Encomenda pelo WhatsApp' }).click();
    await customer.getByRole('dialog', { name: 'Encomenda enviada com sucesso!' }).waitFor();
    expect(new URL((await popup).url()).origin).toBe('https://wa.me');

    const adminAccount = shop.server.admin;
    if (!adminAccount.created) throw new Error('a fresh shop creates its admin');
    const admin = await shop.newPage({ width: 1024, height: 768 });
    await logIn(admin, shop, { email: adminAccount.email, password: adminAccount.password });
    await admin.goto(`${shop.url}/admin`);
    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Encomendas' })
      .click();
    await admin.getByRole('heading', { name: 'Encomendas' }).waitFor();
    const table = admin.getByRole('region', { name: 'Encomendas recebidas' });
    const row = table.getByRole('row').filter({ hasText: 'Marina Souza' });
    await row.waitFor();
    const [year, month, day] = eventDay.split('-');
    expect(await row.textContent()).toContain(`${day}/${month}/${year}`);
    expect(await row.getByRole('link', { name: account.email }).getAttribute('href')).toBe(
      `mailto:${account.email}`,
    );
    expect(
      await row
        .getByRole('link', { name: 'WhatsApp de Marina Souza: (11) 98765-4321' })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
  }, 60_000);
});
