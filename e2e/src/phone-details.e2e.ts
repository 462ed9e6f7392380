import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserAvailable,
  dismissLeadTimeNotice,
  logIn,
  openShop,
  register,
  type Shop,
} from './harness';
import { fillCartAndProceed, fillCustomer, payByPix } from './checkout-steps';

const enabled = browserAvailable();
const PHONE = { width: 390, height: 844 };

/** Lets the page run its scroll handlers and the buttons' 150 ms fade end (headless paints on demand). */
async function settle(page: Page): Promise<void> {
  for (let frame = 0; frame < 2; frame += 1) {
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
    );
  }
  await page.waitForTimeout(250);
}

/**
 * Scrolls the whole page a screen's fifth at a time and lists, at each stop,
 * the primary actions and totals that a visible floating button covers.
 */
async function coveredWhileScrolling(page: Page): Promise<string[]> {
  const covered: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 160) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await settle(page);
    covered.push(
      ...(await page.evaluate(() => {
        const visible = [
          ...document.querySelectorAll<HTMLElement>(
            'button[aria-label="Chat com o assistente"], button[aria-label="Voltar ao topo"]',
          ),
        ]
          .filter((button) => getComputedStyle(button).visibility === 'visible')
          .map((button) => button.getBoundingClientRect());
        return [
          ...document.querySelectorAll<HTMLElement>('[data-primary-action], form [type="submit"]'),
        ]
          .filter((action) => {
            const box = action.getBoundingClientRect();
            return visible.some(
              (b) =>
                b.left < box.right &&
                box.left < b.right &&
                b.top < box.bottom &&
                box.top < b.bottom,
            );
          })
          .map((action) => `${action.textContent?.trim() ?? ''} at ${scrollY}`);
      })),
    );
  }
  return covered;
}

/** Whether an element's content is wider than the element (something cut or scrolled off). */
const overflows = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollWidth > element.clientWidth);

describe.runIf(enabled)('phone details in Chromium (issue 36)', () => {
  let shop: Shop;
  const customer = { email: `telefone.${Date.now()}@example.com`, password: 'Festa2026' };
  beforeAll(async () => {
    shop = await openShop();
    const signUp = await shop.newPage();
    await register(signUp, shop, customer);
    await signUp.context().close();
  });
  afterAll(() => shop.close());

  it("given a first visit to the menu, then the 'Prazos para Pedidos' popup comes first and the cookie banner only once it is closed", async () => {
    const page = await shop.newPage(PHONE);
    await page.goto(`${shop.url}/cardapio`);
    const popup = page.getByRole('dialog', { name: 'Prazos para Pedidos' });
    await popup.waitFor();
    // The banner's own delay (1 s) has passed: it still waits for the popup.
    await page.waitForTimeout(1_500);
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    expect(await banner.count()).toBe(0);

    await popup.getByRole('button', { name: 'Entendi' }).click();
    await banner.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('given a customer at 390 px, when she scrolls the menu, the cart, the checkout, the order and her profile, then no floating button covers an action or a total, no table is cut, and the header search reads whole', async () => {
    const page = await shop.newPage(PHONE);
    page.setDefaultTimeout(10_000);
    await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
    await logIn(page, shop, customer);
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);
    await page.locator('article').first().waitFor();
    expect(await coveredWhileScrolling(page)).toEqual([]);

    // The menu again, as a visitor arrives: its popup, 20 coxinhas, the cart, the checkout.
    await page.goto(`${shop.url}/cardapio`);
    await fillCartAndProceed(page);
    expect(await coveredWhileScrolling(page)).toEqual([]);
    await page.goto(`${shop.url}/carrinho`);
    await page.getByRole('link', { name: 'Prosseguir para Pagamento' }).waitFor();
    expect(await coveredWhileScrolling(page)).toEqual([]);

    await page.getByRole('link', { name: 'Prosseguir para Pagamento' }).click();
    await page.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(page, 'Marina Souza');
    const result = await payByPix(page);
    await page.goto(`${shop.url}/my-orders/${result.orderId}`);
    await page.getByRole('heading', { name: `Pedido #${result.orderNumber}` }).waitFor();
    expect(await overflows(page, 'section[aria-labelledby="itens-do-pedido"] > div')).toBe(false);
    expect(await page.getByText('R$ 12,00').last().isVisible()).toBe(true);
    expect(await coveredWhileScrolling(page)).toEqual([]);

    await page.goto(`${shop.url}/perfil`);
    await page.getByRole('link', { name: String(result.orderNumber) }).waitFor();
    expect(await overflows(page, 'section[aria-labelledby="pedidos-recentes"] > div')).toBe(false);
    expect(await overflows(page, 'input[name="busca"]')).toBe(false);
    await page.context().close();
  }, 120_000);

  it('given the header at 360, 390, 1024 and 1280 px, then the search placeholder and the admin greeting are whole', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');
    const page = await shop.newPage({ width: 1280, height: 800 });
    await logIn(page, shop, { email: admin.email, password: admin.password });
    for (const width of [360, 390, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${shop.url}/admin`);
      await page.getByRole('heading', { name: 'Painel de Administração' }).waitFor();
      const fits = await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('input[name="busca"]');
        if (!input) throw new Error('no search box');
        // The placeholder typed in: the input would scroll if it did not fit.
        const probe = input.cloneNode();
        if (!(probe instanceof HTMLInputElement)) throw new Error('not an input');
        probe.value = input.placeholder;
        probe.style.position = 'absolute';
        probe.style.visibility = 'hidden';
        probe.style.width = `${input.getBoundingClientRect().width}px`;
        input.after(probe);
        const placeholder = probe.scrollWidth <= probe.clientWidth;
        probe.remove();
        const greeting = [...document.querySelectorAll('nav[aria-label="Conta"] button span')].find(
          (span) => span.textContent?.startsWith('Olá'),
        );
        // Phones: in the collapsed menu; tablets and laptops: the icon names the button (visually hidden text).
        const shown =
          greeting?.checkVisibility() === true && getComputedStyle(greeting).position === 'static';
        return {
          placeholder,
          greeting: shown ? greeting.scrollWidth <= greeting.clientWidth : 'not shown',
          bar:
            (document.querySelector('header')?.scrollWidth ?? 0) <=
            (document.querySelector('header')?.clientWidth ?? 0),
        };
      });
      expect({ width, ...fits }).toEqual({
        width,
        placeholder: true,
        greeting: width >= 1280 ? true : 'not shown',
        bar: true,
      });
    }
    await page.context().close();
  }, 60_000);
});
