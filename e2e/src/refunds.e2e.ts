import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCartAndProceed, fillCustomer, goToMenu, payByPix } from './checkout-steps';
import { browserAvailable, confirmSuccess, logIn, openShop, register, type Shop } from './harness';

const enabled = browserAvailable();

describe.runIf(enabled)('money given back, in Chromium (issue 38)', () => {
  let shop: Shop;
  const customer = { email: `ana.${Date.now()}@example.com`, password: 'Festa2026' };

  beforeAll(async () => {
    shop = await openShop();
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('given an order paid by Pix, when the admin refunds R$ 2,00 typed the Brazilian way and then cancels it through the confirmation, then the customer sees both refunds and "Reembolsado"', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');

    // Given: 20 coxinhas (R$ 12,00) for pickup, paid by Pix on the simulator.
    const buyer = await shop.newPage();
    await register(buyer, shop, customer);
    await logIn(buyer, shop, customer);
    await goToMenu(buyer);
    await fillCartAndProceed(buyer);
    await buyer.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(buyer, 'Ana Beatriz');
    const paid = await payByPix(buyer);
    const approval = await fetch(`${shop.url}/simulator/payments/${paid.paymentId}/approve`, {
      method: 'POST',
    });
    expect(approval.ok).toBe(true);
    await buyer.waitForURL(/\/success$/, { timeout: 15_000 });

    // When: the admin refunds '2,00' (a missing item) on the order's page…
    const page = await shop.newPage();
    await logIn(page, shop, { email: admin.email, password: admin.password });
    await page.goto(`${shop.url}/admin/orders/${paid.orderId}`);
    await page.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reembolsar pedido #${paid.orderNumber}` });
    await dialog.getByLabel('Valor (R$)').fill('2,00');
    await dialog.getByText('Será salvo: R$ 2,00').waitFor();
    await dialog.getByLabel('Motivo').fill('Faltou um salgado');
    await dialog.getByRole('button', { name: 'Reembolsar', exact: true }).click();
    await confirmSuccess(page, 'Reembolso de R$ 2,00 realizado.');

    // …then cancels it, confirming that the rest goes back to the customer.
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click();
    await page.getByRole('heading', { name: 'Gerenciamento de Pedidos' }).waitFor();
    await page
      .getByRole('button', { name: `Atualizar status do pedido ${paid.orderNumber}` })
      .click();
    const status = page.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    await status.getByLabel('Status do pedido').selectOption('cancelled');
    await status.getByRole('button', { name: 'Salvar' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmação' });
    await confirmation.getByText('O pagamento de R$ 10,00 será estornado ao cliente.').waitFor();
    await confirmation.getByRole('button', { name: 'Confirmar' }).click();
    await confirmSuccess(page, 'Reembolso de R$ 10,00 realizado.');

    // Then: her orders say so, and her order lists both refunds.
    await buyer.goto(`${shop.url}/orders`);
    await buyer.getByText('Cancelado (Reembolsado)').first().waitFor();
    await buyer.goto(`${shop.url}/my-orders/${paid.orderId}`);
    await buyer.getByText('Reembolsado', { exact: true }).first().waitFor();
    await buyer.getByText('Faltou um salgado').waitFor();
    await buyer.getByText('Pedido cancelado pela loja').waitFor();
  }, 90_000);
});
