import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { createEmbeddedServer, type EmbeddedConfig, type EmbeddedServer } from '@quitute/embedded';
import { silentLogger } from '@quitute/infra/logging';
import { preparedPgliteDirectory, scratchDirectory } from '@quitute/infra/testing';
import { onTestFailed } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same Blink and V8
 * as the browser without its window machinery, Playwright's own choice for headless, and
 * much lighter on CPU. Figures: BENCHMARKS.md.
 */
export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium-headless-shell';

/**
 * Whether Chromium is here. In CI it must be (.ci/run installs it): a missing
 * browser fails there instead of hiding the journeys behind a skip.
 */
export function browserAvailable(): boolean {
  if (fs.existsSync(chromiumPath)) return true;
  if (process.env['CI']) throw new Error(`Chromium is missing at ${chromiumPath} in CI`);
  console.log(
    `skipped: e2e: no Chromium at ${chromiumPath} (apt-get install chromium-headless-shell, or set CHROME_PATH)`,
  );
  return false;
}

export interface Shop {
  url: string;
  server: EmbeddedServer;
  browser: Browser;
  /** A page in a new browser context; `storageState` starts it with a saved session. */
  newPage(options?: {
    width?: number;
    height?: number;
    storageState?: BrowserContextOptions['storageState'];
  }): Promise<Page>;
  close(): Promise<void>;
}

/** Settings of the shop under test beyond its port and data dir (e.g. payments.viaCepUrl). */
export type ShopConfig = Omit<Partial<EmbeddedConfig>, 'port' | 'dataDir' | 'logLevel'>;

/**
 * A fresh shop on a free port with its own data dir (and `config` added, e.g.
 * a fake ViaCEP), and a headless Chromium (with `browserArgs` added, e.g.
 * host resolver rules). Files run two at a time: each has its own port, data dir
 * and browser profile.
 */
export async function openShop(
  options: { browserArgs?: string[]; config?: ShopConfig } = {},
): Promise<Shop> {
  const dataDir = await scratchDirectory('quitute-e2e');
  // The run's initialised PGlite (global setup) instead of seconds of initdb per shop.
  await preparedPgliteDirectory(path.join(dataDir, 'eventstore'));
  const server = await createEmbeddedServer(
    { ...options.config, port: 0, dataDir, logLevel: 'silent' },
    silentLogger,
  );
  const url = await server.listen();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.browserArgs ?? []),
    ],
  });
  return {
    url,
    server,
    browser,
    async newPage({ width = 1280, height = 900, storageState } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'pt-BR',
        ...(storageState ? { storageState } : {}),
      });
      const page = await context.newPage();
      // A wait that times out names only what it waited for: a failing test also
      // prints what its pages showed then (pages opened in a hook have no test).
      if (getCurrentTest()) onTestFailed(() => printPage(page));
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address and visible text of a page, to the test's output. */
async function printPage(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const text = await page
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((error: unknown) => `(its text could not be read: ${String(error)})`);
  console.log(`The page at ${page.url()} showed:\n${text.slice(0, 3_000)}`);
}

/** The menu's lead-time notice opens on load; read it and close it as a customer would. */
export async function dismissLeadTimeNotice(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The admin area's success modal: its text, then OK. */
export async function confirmSuccess(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Ticks the ALTCHA checkbox and waits until its proof of work is done, as a person would. */
export async function solveCaptcha(page: Page): Promise<number> {
  const started = Date.now();
  await page.locator('altcha-widget').getByText('Não sou um robô').click();
  await page.waitForFunction(() => {
    const field = document.querySelector<HTMLInputElement>('altcha-widget input[name="altcha"]');
    return Boolean(field?.value);
  });
  return Date.now() - started;
}

/** Signs a new customer up on /register, captcha included. */
export async function register(
  page: Page,
  shop: Shop,
  account: { name?: string; email: string; password: string },
): Promise<void> {
  await page.goto(`${shop.url}/register`);
  await page.getByLabel('Nome').fill(account.name ?? 'Marina Souza');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await page.getByText('Conta criada com sucesso!').waitFor();
}

/** Logs in on /login, captcha included, and waits for the success message. */
export async function logIn(
  page: Page,
  shop: Shop,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByText('Login realizado com sucesso!').waitFor();
}

/** On /cardapio: sets an item's quantity (when given) and adds it to the cart. */
export async function addToCart(page: Page, name: string, quantity?: string): Promise<void> {
  const item = page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  if (quantity !== undefined) {
    await item.getByLabel(`Quantidade de ${name}`).fill(quantity);
  }
  await item.getByRole('button', { name: 'Adicionar ao Carrinho' }).click();
}
