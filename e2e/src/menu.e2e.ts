import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, dismissLeadTimeNotice, openShop, type Shop } from './harness';

const enabled = browserAvailable();

describe.runIf(enabled)('menu journeys in Chromium', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.close());

  it('given the seeded shop, when a customer opens /cardapio, then five sections show 7, 5, 5, 4 and 3 items', async () => {
    const page = await shop.newPage({ width: 360, height: 800 });
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);

    const sections = page.locator('section[aria-labelledby]');
    await expect.poll(() => sections.count()).toBe(5);
    const headings = await sections.locator('h2').allTextContents();
    expect(headings.map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      'Salgados Fritos (7)',
      'Salgados Assados (5)',
      'Doces Tradicionais (5)',
      'Doces Finos (4)',
      'Kits Festa (3)',
    ]);
    const counts = await sections.evaluateAll((elements) =>
      elements.map((element) => element.querySelectorAll('article').length),
    );
    expect(counts).toEqual([7, 5, 5, 4, 3]);

    const paoDeQueijo = page.locator('article', { hasText: 'Pão de Queijo' });
    await expect.poll(() => paoDeQueijo.textContent()).toContain('R$ 1,00/un');
    const kit = page.locator('article', { hasText: 'Kit Festa 1' });
    const kitText = await kit.textContent();
    expect(kitText).toContain('R$ 145,00');
    expect(kitText).not.toContain('/un');
    await page.context().close();
  });

  it('given the menu, when a customer searches "coxinha" from the header, then the result shows and Limpar Busca clears it', async () => {
    const page = await shop.newPage();
    await page.goto(`${shop.url}/cardapio`);
    await dismissLeadTimeNotice(page);

    const search = page.getByRole('searchbox', { name: 'Buscar' });
    await search.fill('  coxinha  ');
    await search.press('Enter');
    await page.waitForURL(/\/cardapio\?busca=coxinha$/);
    await page.getByText('Resultados da busca para').waitFor();
    await expect.poll(() => page.locator('article').count()).toBe(1);
    expect(await page.locator('article h3').textContent()).toBe('Coxinha de Frango');

    await page.getByRole('button', { name: 'Limpar Busca' }).click();
    await page.waitForURL(/\/cardapio$/);
    await expect.poll(() => page.locator('article').count()).toBe(24);
    await page.context().close();
  });

  it('given a search with no match, then "Nenhum item encontrado"', async () => {
    const page = await shop.newPage();
    await page.goto(`${shop.url}/cardapio?busca=lasanha`);
    await dismissLeadTimeNotice(page);
    await page.getByText('Nenhum item encontrado').waitFor();
    await page.context().close();
  });

  it('given an unknown path, then "Página Não Encontrada"', async () => {
    const page = await shop.newPage();
    await page.goto(`${shop.url}/nao-existe`);
    await page.getByText('Página Não Encontrada').waitFor();
    await page.context().close();
  });

  it('given /cardapio, then its title and introduction show without the JavaScript (prerendered), and React renders them in the same place, with no layout shift', async () => {
    const viewport = { width: 412, height: 823 };
    const introduction = 'main header p';
    const noScript = await shop.browser.newContext({ viewport, javaScriptEnabled: false });
    const before = await noScript.newPage();
    await before.goto(`${shop.url}/cardapio`);
    const prerendered = {
      title: await before.locator('main h1').textContent(),
      text: await before.locator(introduction).textContent(),
      box: await before.locator(introduction).boundingBox(),
    };
    await noScript.close();

    const page = await shop.newPage(viewport);
    await page.goto(`${shop.url}/cardapio`);
    await expect.poll(() => page.locator('article').count()).toBe(24);
    expect({
      title: await page.locator('main h1').textContent(),
      text: await page.locator(introduction).textContent(),
      box: await page.locator(introduction).boundingBox(),
    }).toEqual(prerendered);
    expect(prerendered.title).toBe('Cardápio');
    // Every layout shift so far (the observer reports the buffered ones, if any, at once).
    const layoutShift = await page.evaluate(`new Promise((resolve) => {
      let sum = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) sum += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      setTimeout(() => resolve(sum), 500);
    })`);
    expect(layoutShift).toBe(0);
    await page.context().close();
  });
});
