import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, logIn, openShop, type Shop } from './harness';

const enabled = browserAvailable();

/**
 * Issue 14.2: the shop's Content-Security-Policy as Chromium applies it to the
 * built web app. The suite in embedded/src/security reads the HTML; here the
 * browser runs it — the scripts, the styles React and ALTCHA inject, ALTCHA's
 * workers, the map frame, the socket — and not one thing may be blocked.
 */

declare global {
  interface Window {
    reportCspViolation?: (violation: string) => void;
  }
}

/**
 * A page that records every CSP violation (the DOM event, reported to this
 * process so that it outlives the page's navigations) and every CSP error on
 * the console.
 */
async function watchedPage(shop: Shop): Promise<{ page: Page; violations: () => string[] }> {
  const page = await shop.newPage();
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (violation: string) => found.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation?.(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return { page, violations: () => [...found] };
}

/** Opens the path and waits for its heading and for the network to settle. */
async function visit(page: Page, shop: Shop, path: string, heading: string | RegExp) {
  await page.goto(`${shop.url}${path}`);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.runIf(enabled)('the Content-Security-Policy in Chromium', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop();
  }, 60_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('given the public pages, /login with its captcha solved, then the cart, the profile and the admin area as the admin, then Chromium reports no CSP violation', async () => {
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');
    const { page, violations } = await watchedPage(shop);

    await visit(page, shop, '/', /Quitute|Doces|Salgados/);
    await visit(page, shop, '/cardapio', /Cardápio/);
    await visit(page, shop, '/contato', /Contato/);
    await visit(page, shop, '/avaliacoes', 'Avaliações');
    // Logging in runs ALTCHA's proof of work in its workers.
    await logIn(page, shop, { email: admin.email, password: admin.password });
    await visit(page, shop, '/carrinho', 'Seu Carrinho');
    await visit(page, shop, '/perfil', 'Meu Perfil');
    await visit(page, shop, '/admin', 'Painel de Administração');
    await visit(page, shop, '/admin/products', 'Gerenciamento de Produtos');

    expect(violations()).toEqual([]);
  }, 60_000);

  it('given the checker, then it does see a violation (an inline script the policy blocks)', async () => {
    const { page, violations } = await watchedPage(shop);
    await visit(page, shop, '/cardapio', /Cardápio/);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });

    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem blocked inline/)]));
  });
});
