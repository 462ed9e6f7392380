import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, dismissLeadTimeNotice, openShop, type Shop } from './harness';

const enabled = browserAvailable();

/**
 * Opened by a host name over plain http, as on a LAN or a fresh server: not
 * localhost, which Chromium treats as secure. The shop must not send the
 * browser to https for its scripts and stylesheets.
 */
describe.runIf(enabled)('the shop served by host name over http', () => {
  const host = 'shop.quitute.test';
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ browserArgs: [`--host-resolver-rules=MAP ${host} 127.0.0.1`] });
  });
  afterAll(() => shop.close());

  it('given http://shop.quitute.test:<port>/cardapio, when a customer opens it, then the menu shows', async () => {
    const page = await shop.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    const url = new URL('/cardapio', shop.url);
    url.hostname = host;

    await page.goto(url.href);
    await dismissLeadTimeNotice(page);

    await expect.poll(() => page.locator('section[aria-labelledby]').count()).toBe(5);
    expect(await page.locator('article').count()).toBe(24);
    expect(failed).toEqual([]);
    await page.context().close();
  });

  it('given /login there, then the form says to open the shop over https instead of a captcha that cannot work', async () => {
    const page = await shop.newPage();
    const url = new URL('/login', shop.url);
    url.hostname = host;

    await page.goto(url.href);

    await page
      .getByText('A verificação anti-robô só funciona em conexão segura', { exact: false })
      .waitFor();
    expect(await page.locator('altcha-widget').count()).toBe(0);
    await page.context().close();
  });
});
