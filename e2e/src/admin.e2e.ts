import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPng } from '@quitute/infra/testing';
import { fillCartAndProceed, fillCustomer, goToMenu, payByPix } from './checkout-steps';
import { browserAvailable, confirmSuccess, logIn, openShop, register, type Shop } from './harness';

const enabled = browserAvailable();

/** A stat card's figure, found by its label (the cards are list items of a labelled list). */
function statCard(page: Page, label: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
}

/** Whether the box lies inside the other one, horizontally (a pixel of rounding allowed). */
function withinWidth(
  inner: { x: number; width: number } | null,
  outer: { x: number; width: number },
): boolean {
  return (
    inner !== null && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1
  );
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

  it('given an order from a customer with a long e-mail, when the admin opens Pedidos on a 1024 px laptop, then the table fits and every row shows Ver, Status and Excluir (issue 36)', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');
    const buyer = await shop.newPage();
    const longEmail = {
      email: `maria.aparecida.dos.santos.oliveira.${Date.now()}@provedor-de-email-muito-longo.com.br`,
      password: 'Festa2026',
    };
    await register(buyer, shop, { ...longEmail, name: 'Maria Aparecida dos Santos Oliveira' });
    await logIn(buyer, shop, longEmail);
    await goToMenu(buyer);
    await fillCartAndProceed(buyer);
    await buyer.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(buyer, 'Maria Aparecida dos Santos Oliveira');
    await payByPix(buyer);

    const page = await shop.newPage({ width: 1024, height: 768 });
    await logIn(page, shop, { email: admin.email, password: admin.password });
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('heading', { name: 'Gerenciamento de Pedidos' }).waitFor();
    await page.getByText('Maria Aparecida dos Santos Oliveira').first().waitFor();
    await page.getByText('Filtro: Todos | Página: 1').waitFor();

    const table = page.getByRole('table');
    const frame = table.locator('xpath=..');
    const fits = await frame.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    const frameBox = await frame.boundingBox();
    if (!frameBox) throw new Error('the orders table is on the page');
    const viewport = { x: 0, width: 1024 };
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    for (const row of await rows.all()) {
      for (const action of [
        row.getByRole('link', { name: /^Ver detalhes do pedido/ }),
        row.getByRole('button', { name: /^Atualizar status do pedido/ }),
        row.getByRole('button', { name: /^Excluir pedido/ }),
      ]) {
        const box = await action.boundingBox();
        expect(withinWidth(box, frameBox)).toBe(true);
        expect(withinWidth(box, viewport)).toBe(true);
      }
    }

    // The status filter is named in pt-BR on the debug line.
    await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
    await page.getByText('Filtro: Cancelado | Página: 1').waitFor();
  }, 120_000);

  it('given a photo the admin uploads in the product form, then the menu card shows it, served as WebP with a year of immutable caching (issue 36)', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');
    const page = await shop.newPage({ width: 1024, height: 768 });
    await logIn(page, shop, { email: admin.email, password: admin.password });
    await page.goto(`${shop.url}/admin/products`);
    await page.getByRole('heading', { name: 'Gerenciamento de Produtos' }).waitFor();
    await page.getByLabel('Buscar produtos').fill('Brigadeiro');
    await page.getByRole('button', { name: 'Editar Brigadeiro', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Editar Produto' });
    await form.getByLabel('Foto do produto').setInputFiles({
      name: 'brigadeiro.png',
      mimeType: 'image/png',
      buffer: testPng(1600, 1200),
    });
    await form.getByText('Foto enviada com sucesso!').waitFor();
    const imageUrl = await form.getByLabel('URL da Imagem').inputValue();
    expect(imageUrl).toMatch(/^\/photos\/[0-9a-f]{64}\.webp$/);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto atualizado com sucesso!').waitFor();

    const customer = await shop.newPage();
    await customer.goto(`${shop.url}/cardapio`);
    const card = customer
      .locator('article')
      .filter({ has: customer.getByRole('heading', { name: 'Brigadeiro', exact: true }) });
    const picture = card.getByRole('img', { name: 'Brigadeiro' });
    await expect.poll(() => picture.getAttribute('src')).toBe(`${shop.url}${imageUrl}`);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1200);

    const served = await fetch(`${shop.url}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('etag')).toBe(
      `"${imageUrl.slice('/photos/'.length, -'.webp'.length)}"`,
    );
  }, 120_000);
});
