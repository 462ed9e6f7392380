import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCartAndProceed, fillCustomer, goToMenu, payByPix } from './checkout-steps';
import { browserAvailable, logIn, openShop, register, type Shop } from './harness';

const enabled = browserAvailable();

/** A stat card's figure, found by its label (the cards are list items of a labelled list). */
function statCard(page: Page, label: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
}

/** The admin area's success modal: its text, then OK. */
async function confirmSuccess(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.runIf(enabled)('admin area in Chromium (issue 11)', () => {
  let shop: Shop;
  const customer = { email: `cliente.${Date.now()}@example.com`, password: 'Festa2026' };

  beforeAll(async () => {
    shop = await openShop();
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('given a customer who paid by Pix, when the admin works the shop, then the dashboard, the menu, the customer\u2019s orders and the sales reports all follow', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');

    // A customer orders 20 coxinhas for pickup and pays by Pix (approved on the simulator).
    const buyer = await shop.newPage();
    await register(buyer, shop, customer);
    await logIn(buyer, shop, customer);
    await goToMenu(buyer);
    await fillCartAndProceed(buyer);
    await buyer.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(buyer, 'Marina Souza');
    const paid = await payByPix(buyer);
    const approval = await fetch(`${shop.url}/simulator/payments/${paid.paymentId}/approve`, {
      method: 'POST',
    });
    expect(approval.ok).toBe(true);
    await buyer.waitForURL(/\/success$/, { timeout: 15_000 });

    // The dashboard counts today's order and its R$ 12,00.
    const page = await shop.newPage();
    await logIn(page, shop, { email: admin.email, password: admin.password });
    await page.goto(`${shop.url}/admin`);
    await page.getByRole('heading', { name: 'Painel de Administração' }).waitFor();
    await expect.poll(() => statCard(page, 'Pedidos Hoje').textContent()).toContain('1');
    await expect.poll(() => statCard(page, 'Vendas Hoje').textContent()).toContain('R$ 12,00');
    await page
      .getByRole('region', { name: 'Pedidos Recentes' })
      .getByText('Marina Souza')
      .waitFor();

    // A new product appears on the menu.
    await page.getByRole('link', { name: 'Produtos', exact: true }).click();
    await page.getByRole('heading', { name: 'Gerenciamento de Produtos' }).waitFor();
    await page.getByRole('button', { name: 'Novo Produto' }).click();
    const form = page.getByRole('dialog', { name: 'Adicionar Novo Produto' });
    await form.getByLabel('Nome').fill('Empadinha de Palmito');
    await form.getByLabel('Preço (R$)').fill('0.85');
    await form.getByLabel('Estoque').fill('300');
    await form.getByLabel('Categoria').selectOption('Salgados Assados');
    await form.getByLabel('Descrição').fill('Massa podre e recheio cremoso de palmito.');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto adicionado com sucesso!').waitFor();
    await page.getByRole('cell', { name: 'Empadinha de Palmito', exact: true }).first().waitFor();
    await buyer.goto(`${shop.url}/cardapio`);
    await buyer.getByRole('heading', { name: 'Empadinha de Palmito', exact: true }).waitFor();

    // The order's new status reaches the customer's /orders.
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.getByRole('heading', { name: 'Gerenciamento de Pedidos' }).waitFor();
    await page
      .getByRole('button', { name: `Atualizar status do pedido ${paid.orderNumber}` })
      .click();
    const status = page.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    await status.getByLabel('Status do pedido').selectOption('ready_for_pickup');
    await status.getByRole('button', { name: 'Salvar' }).click();
    await confirmSuccess(page, 'Status do pedido atualizado com sucesso!');
    await buyer.goto(`${shop.url}/orders`);
    await buyer.getByText('Pronto para Retirada').first().waitFor();

    // A counter sale of R$ 250,40 today counts in the overview and in the month's report.
    await page.getByRole('link', { name: 'Vendas', exact: true }).click();
    await page.getByRole('heading', { name: 'Gerenciamento de Vendas' }).waitFor();
    await expect.poll(() => statCard(page, 'Receita do Mês').textContent()).toContain('R$ 12,00');
    await page.getByRole('tab', { name: 'Listagem de Vendas' }).click();
    await page.getByRole('button', { name: 'Adicionar Venda' }).click();
    const sale = page.getByRole('dialog', { name: 'Adicionar Venda' });
    await sale.getByLabel('Cliente').fill('Dona Cida (balcão)');
    await sale.getByLabel('Valor').fill('250.40');
    await sale.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Venda adicionada com sucesso!').waitFor();
    await page.getByRole('cell', { name: 'Dona Cida (balcão)', exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'Visão Geral' }).click();
    await expect.poll(() => statCard(page, 'Receita do Mês').textContent()).toContain('R$ 262,40');
    await page.getByRole('tab', { name: 'Relatórios Mensais' }).click();
    await expect.poll(() => statCard(page, 'Receita Total').textContent()).toContain('R$ 262,40');
    await expect.poll(() => statCard(page, 'Total de Vendas').textContent()).toContain('2');
  }, 120_000);
});
