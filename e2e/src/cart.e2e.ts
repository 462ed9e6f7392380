import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cartDtoSchema } from '@quitute/contracts';
import {
  addToCart,
  browserAvailable,
  dismissLeadTimeNotice,
  logIn,
  openShop,
  register,
  solveCaptcha,
  type Shop,
} from './harness';

const enabled = browserAvailable();

describe.runIf(enabled)('cart journeys in Chromium', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.close());

  it('given a visitor offline, when she adds 20 coxinhas and Kit Festa 1, reloads, comes back online and logs in, then the server cart holds both and the sync message shows', async () => {
    const email = `marina.${Date.now()}@example.com`;
    const password = 'Festa2026';
    const signUp = await shop.newPage();
    await register(signUp, shop, { email, password });
    await signUp.context().close();

    const page = await shop.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);
    await page.locator('article').first().waitFor();

    // Offline: the browser's events and the failing health check say so.
    await page.context().setOffline(true);
    await page
      .getByText(
        'Você está offline. Os itens serão sincronizados com o servidor quando a conexão voltar.',
      )
      .waitFor();
    await addToCart(page, 'Coxinha de Frango', '20');
    await page
      .getByText(
        'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.',
      )
      .first()
      .waitFor();
    await addToCart(page, 'Kit Festa 1');
    const cartLink = page.getByRole('link', { name: /^Carrinho/ });
    await expect.poll(() => cartLink.getAttribute('aria-label')).toBe('Carrinho, 2 itens');

    // Back online, a reload keeps the cart (localStorage).
    await page.context().setOffline(false);
    await page.reload();
    await expect
      .poll(() => page.getByRole('link', { name: /^Carrinho/ }).getAttribute('aria-label'))
      .toBe('Carrinho, 2 itens');

    // Logging in merges the local cart into the server's and says so.
    await logIn(page, shop, { email, password });
    await page.getByText('Dados sincronizados com o servidor com sucesso!').waitFor();

    const session = z.object({ token: z.string(), userId: z.string() }).parse(
      await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        userId: localStorage.getItem('userId'),
      })),
    );
    const response = await fetch(`${shop.url}/carrinho/${session.userId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(response.status).toBe(200);
    const cart = cartDtoSchema.parse(await response.json());
    expect(cart.itens.map((line) => [line.item.nome, line.quantidade, line.item.preco])).toEqual([
      ['Coxinha de Frango', 20, 0.6],
      ['Kit Festa 1', 1, 145],
    ]);

    // The cart screen shows the lines and the total in reais.
    await page.goto(`${shop.url}/carrinho`);
    await page.getByRole('button', { name: 'Remover Kit Festa 1' }).waitFor();
    expect(await page.getByRole('region', { name: 'Resumo do pedido' }).textContent()).toContain(
      'R$ 157,00',
    );
    await page.context().close();
  }, 60_000);

  it('given one customer in two tabs, when one tab removes a line and the other, not yet refreshed, raises another line, then both changes are kept', async () => {
    const email = `rita.${Date.now()}@example.com`;
    const password = 'Festa2026';
    const first = await shop.newPage();
    first.setDefaultTimeout(10_000);
    await register(first, shop, { email, password });
    await logIn(first, shop, { email, password });
    await first.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(first);
    await addToCart(first, 'Brigadeiro', '25');
    await first.getByText('Brigadeiro (25 unidades) adicionado ao carrinho!').waitFor();
    await addToCart(first, 'Kit Festa 2');
    await first.getByText('Kit Festa 2 (1 unidade) adicionado ao carrinho!').waitFor();
    await first.goto(`${shop.url}/carrinho`);
    await first.getByRole('button', { name: 'Remover Brigadeiro' }).waitFor();

    // The second tab shares the session (same browser profile) and removes the brigadeiros.
    const second = await first.context().newPage();
    second.setDefaultTimeout(10_000);
    await second.goto(`${shop.url}/carrinho`);
    await second.getByRole('button', { name: 'Remover Brigadeiro' }).click();
    await expect
      .poll(() => second.getByRole('button', { name: 'Remover Brigadeiro' }).count())
      .toBe(0);

    // The first tab still shows them, and adds a second kit.
    await first.getByRole('button', { name: 'Aumentar quantidade de Kit Festa 2' }).click();
    await expect
      .poll(() => first.getByRole('spinbutton', { name: 'Quantidade de Kit Festa 2' }).inputValue())
      .toBe('2');

    const session = z.object({ token: z.string(), userId: z.string() }).parse(
      await first.evaluate(() => ({
        token: localStorage.getItem('token'),
        userId: localStorage.getItem('userId'),
      })),
    );
    const response = await fetch(`${shop.url}/carrinho/${session.userId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const cart = cartDtoSchema.parse(await response.json());
    expect(cart.itens.map((line) => [line.item.nome, line.quantidade])).toEqual([
      ['Kit Festa 2', 2],
    ]);
    await first.context().close();
  }, 60_000);

  it("given a visitor with an item in her cart, when she opens the cart icon, then the login page says why, and once logged in 'Voltar ao carrinho' shows her line; the toast never covered the button she pressed", async () => {
    const email = `lia.${Date.now()}@example.com`;
    const password = 'Festa2026';
    const signUp = await shop.newPage();
    await register(signUp, shop, { email, password });
    await signUp.context().close();

    const page = await shop.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);
    const item = page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: 'Kit Festa 1', exact: true }) });
    const add = item.getByRole('button', { name: 'Adicionar ao Carrinho' });
    // The button low on the phone's screen, where the toast used to stand.
    await add.evaluate((button) =>
      window.scrollBy({
        top: button.getBoundingClientRect().bottom - window.innerHeight + 40,
        behavior: 'instant',
      }),
    );
    await add.click();
    const toast = page
      .getByText(
        'Item adicionado offline. Será sincronizado quando o servidor voltar ou você fizer login.',
      )
      .first();
    await toast.waitFor();
    const [button, message] = await Promise.all([add.boundingBox(), toast.boundingBox()]);
    if (!button || !message) throw new Error('the button and the toast are on the screen');
    expect(
      button.y + button.height <= message.y || message.y + message.height <= button.y,
      `the toast ${JSON.stringify(message)} covers the button ${JSON.stringify(button)}`,
    ).toBe(true);

    await page.getByRole('link', { name: /^Carrinho/ }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('Faça login para ver o seu carrinho').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByText('Login realizado com sucesso!').waitFor();
    // The spec's countdown to the home page still runs; the button goes back at once.
    await page.getByText(/Redirecionando para a página inicial em \d segundos?\.\.\./).waitFor();
    await page.getByRole('link', { name: 'Voltar ao carrinho' }).click();

    await page.waitForURL(/\/carrinho$/);
    await page.getByRole('button', { name: 'Remover Kit Festa 1' }).waitFor();
    await page.waitForTimeout(5_500);
    expect(new URL(page.url()).pathname, 'the countdown ended with the login page').toBe(
      '/carrinho',
    );
    await page.context().close();
  }, 60_000);
});
