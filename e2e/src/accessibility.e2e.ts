import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCartAndProceed, fillCustomer, goToMenu, payByPix } from './checkout-steps';
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

/** WCAG 2.1 A and AA, the level issue 14 asks of the shop. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** One line per violation: rule, what it asks and the elements that break it. */
function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}`)
        .join('\n');
      return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now: its serious and critical violations,
 * and how many checks passed (proof that it looked at the page). axe is
 * evaluated through the DevTools protocol, so the shop's
 * Content-Security-Policy (no inline scripts) does not stop it.
 */
async function runAxe(page: Page): Promise<{ violations: axe.Result[]; passed: number }> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(async (tags) => {
    const { violations, passes } = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
    });
    // Only what the assertion prints: the results hold DOM nodes that cannot leave the page.
    return {
      violations: violations.map((violation) => ({
        ...violation,
        nodes: violation.nodes.map((node) => ({ ...node, element: undefined })),
      })),
      passed: passes.length,
    };
  }, WCAG_TAGS);
  return {
    violations: results.violations.filter((violation) =>
      BLOCKING_IMPACTS.includes(violation.impact ?? ''),
    ),
    passed: results.passed,
  };
}

/** Asserts the page has no serious or critical WCAG violation, printing them if it has. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  // No fade-in half way through when contrast is measured (global.css honours reduced motion):
  // every animation that ends has ended; one that loops never settles, so it is not waited for.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const { violations, passed } = await runAxe(page);
  expect(passed, `${label}: rules axe found passing`).toBeGreaterThan(10);
  if (violations.length > 0) {
    console.log(`axe on ${label}:\n${describeViolations(violations)}`);
  }
  expect(
    violations.map((violation) => violation.id),
    `${label}: serious or critical violations`,
  ).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe.runIf(enabled)(
  'accessibility of the shop and the admin dashboard in Chromium (issue 14)',
  () => {
    let shop: Shop;
    let customerPage: Page;
    let paidOrderId: string;
    const customer = { email: `acesso.${Date.now()}@example.com`, password: 'Festa2026' };

    beforeAll(async () => {
      shop = await openShop();
      // A customer who ordered 20 coxinhas for pickup and paid by Pix (approved on the simulator).
      customerPage = await shop.newPage();
      await register(customerPage, shop, { ...customer, name: 'Marina Souza' });
      await logIn(customerPage, shop, customer);
      await goToMenu(customerPage);
      await fillCartAndProceed(customerPage);
      await customerPage.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
      await fillCustomer(customerPage, 'Marina Souza');
      const paid = await payByPix(customerPage);
      paidOrderId = paid.orderId;
      const approval = await fetch(`${shop.url}/simulator/payments/${paid.paymentId}/approve`, {
        method: 'POST',
      });
      expect(approval.ok).toBe(true);
      await customerPage.waitForURL(/\/success$/, { timeout: 15_000 });
    }, 120_000);

    afterAll(async () => {
      await shop?.close();
    });

    it('given a page with pale text and a button without a name, when axe checks it, then both are reported as serious or critical', async () => {
      const page = await shop.newPage();
      await page.setContent(
        '<!doctype html><html lang="pt-BR"><title>Teste</title><main>' +
          '<p style="color:#cccccc;background:#ffffff">Texto claro demais</p>' +
          '<button type="button"></button></main></html>',
      );

      const { violations } = await runAxe(page);

      expect(violations.map((violation) => violation.id).sort()).toEqual([
        'button-name',
        'color-contrast',
      ]);
    });

    it('given a visitor, when axe checks the home (also on a phone), the menu (notice open and closed), login, sign-up and the other public pages, then none has a serious or critical violation', async () => {
      const page = await shop.newPage();
      await page.goto(`${shop.url}/`);
      await page.getByRole('region', { name: 'O que dizem nossos clientes' }).waitFor();
      await expectAccessible(page, '/');

      await page.goto(`${shop.url}/cardapio`);
      await page.getByRole('dialog').getByRole('button', { name: 'Entendi' }).waitFor();
      await expectAccessible(page, '/cardapio with the lead-time notice');
      await dismissLeadTimeNotice(page);
      await page.getByRole('heading', { name: 'Coxinha de Frango', exact: true }).waitFor();
      await expectAccessible(page, '/cardapio');

      // A phone: the header folds into its menu button.
      const phone = await shop.newPage({ width: 390, height: 844 });
      await phone.goto(`${shop.url}/`);
      await phone.getByRole('region', { name: 'O que dizem nossos clientes' }).waitFor();
      await phone.getByRole('button', { name: 'Menu' }).click();
      await phone
        .getByRole('navigation', { name: 'Principal' })
        .getByRole('link', { name: 'Cardápio' })
        .waitFor();
      await expectAccessible(phone, '/ on a phone, menu open');

      for (const [path, heading] of [
        ['/login', 'Entrar'],
        ['/register', 'Criar Conta'],
        ['/avaliacoes', 'Avaliações'],
        ['/encomendas', 'Encomendas'],
        ['/contato', 'Contato'],
        ['/sobre', 'Nossa História'],
      ] as const) {
        await page.goto(`${shop.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        await expectAccessible(page, path);
      }
    }, 60_000);

    it('given a signed-in customer, when axe checks the cart with an item, the payment steps, the orders, a paid order and the profile, then none has a serious or critical violation', async () => {
      const page = customerPage;
      await expectAccessible(page, '/success');

      await page.goto(`${shop.url}/cardapio`);
      await dismissLeadTimeNotice(page);
      await addToCart(page, 'Coxinha de Frango', '20');
      await page.getByText('Coxinha de Frango (20 unidades) adicionado ao carrinho!').waitFor();
      await expectAccessible(page, '/cardapio with an item added');

      await page.getByRole('link', { name: 'Finalizar Pedido' }).click();
      await page.waitForURL(/\/carrinho$/);
      await page.getByRole('heading', { name: 'Seu Carrinho' }).waitFor();
      await page.getByText('Coxinha de Frango').first().waitFor();
      await expectAccessible(page, '/carrinho');

      await page.getByRole('link', { name: 'Prosseguir para Pagamento' }).click();
      await page.getByRole('heading', { name: 'Finalizar Pagamento' }).waitFor();
      await page.getByText('20x Coxinha de Frango').waitFor();
      await expectAccessible(page, '/pagamento');
      await page.getByRole('radio', { name: 'Entrega', exact: true }).check();
      await expectAccessible(page, '/pagamento for delivery');
      await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
      await fillCustomer(page, 'Marina Souza');
      await page.getByRole('radio', { name: 'Cartão de Crédito', exact: true }).check();
      await expectAccessible(page, '/pagamento by card');
      await payByPix(page);
      await page.getByText('Copiar código').first().waitFor();
      await expectAccessible(page, '/pagamento showing the Pix code');

      await page.goto(`${shop.url}/orders`);
      await page.getByRole('heading', { name: 'Meus Pedidos' }).waitFor();
      await page.getByText('Coxinha de Frango').first().waitFor();
      await expectAccessible(page, '/orders');

      await page.goto(`${shop.url}/my-orders/${paidOrderId}`);
      await page.getByText('Coxinha de Frango').first().waitFor();
      await expectAccessible(page, '/my-orders/:orderId');

      await page.goto(`${shop.url}/perfil`);
      await page.getByRole('heading', { name: 'Meu Perfil' }).waitFor();
      await expectAccessible(page, '/perfil');
    }, 90_000);

    it('given the admin, when axe checks the dashboard, the orders list and the shop’s settings, then none has a serious or critical violation', async () => {
      const admin = shop.server.admin;
      if (!admin.created) throw new Error('a fresh shop creates its admin');
      const page = await shop.newPage();
      await logIn(page, shop, { email: admin.email, password: admin.password });

      await page.goto(`${shop.url}/admin`);
      await page.getByRole('heading', { name: 'Painel de Administração' }).waitFor();
      await page
        .getByRole('region', { name: 'Pedidos Recentes' })
        .getByText('Marina Souza')
        .first()
        .waitFor();
      await expectAccessible(page, '/admin');

      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('cell', { name: 'Marina Souza' }).first().waitFor();
      await expectAccessible(page, '/admin/orders');

      await page.goto(`${shop.url}/admin/loja`);
      await page.getByRole('group', { name: 'Zona 1' }).waitFor();
      await expectAccessible(page, '/admin/loja');
    }, 60_000);
  },
);
