import type { Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_KITCHEN_SCHEDULE,
  scheduleMessages,
  shopDate,
  STATIC_MENU,
  weekdayOf,
} from '@quitute/contracts';
import { solveAsWidget } from '@quitute/infra/testing';
import { fillCartAndProceed, fillCustomer, payByPix } from './checkout-steps';
import { browserAvailable, logIn, openShop, register, type Shop } from './harness';

const enabled = browserAvailable();

/**
 * Issue 40's Done-when, in Chromium: the admin closes a date ('Natal'), opens
 * Saturday's pickup 08:00–12:00 and sets a capacity of 1,000 units; the
 * customer's checkout does not offer the closed date, offers Saturday's slots
 * from 08:00 to 11:00 only, and says 'Agenda cheia' once Saturday is full; a
 * cancelled order gives its units back; the production sheet printed to PDF
 * holds the day's totals.
 */

/** The first day from `from` on that is `weekday` (and not `except`). */
function nextWeekday(from: string, wanted: (date: string) => boolean): string {
  let date = from;
  while (!wanted(date)) date = addDays(date, 1);
  return date;
}

const today = shopDate(new Date());
const earliest = addDays(today, DEFAULT_KITCHEN_SCHEDULE.leadDays);
const saturday = nextWeekday(earliest, (date) => weekdayOf(date) === 'sat');
/** A weekday the default calendar opens, closed by the admin 'Natal'. */
const closedDay = nextWeekday(earliest, (date) => !['sat', 'sun'].includes(weekdayOf(date)));

const coxinha = STATIC_MENU.find((item) => item.name === 'Coxinha de Frango');
const brigadeiro = STATIC_MENU.find((item) => item.name === 'Brigadeiro');

/** A captcha solved as the widget would solve it. */
async function captcha(shop: Shop): Promise<string> {
  const challenge = (await (await fetch(`${shop.url}/api/auth/captcha`)).json()) as unknown;
  return (await solveAsWidget(challenge)).payload;
}

async function postJson(shop: Shop, path: string, body: unknown): Promise<Response> {
  return fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Logs in over HTTP, as another browser would: the account's id and session token. */
async function logInOverHttp(shop: Shop, email: string, password: string) {
  const loggedIn = await postJson(shop, '/api/auth/login', {
    email,
    password,
    recaptchaToken: await captcha(shop),
  });
  expect(loggedIn.status).toBe(200);
  const { userId, token } = (await loggedIn.json()) as { userId: string; token: string };
  return { email, userId, token };
}

/** A new customer over HTTP (registered, logged in). */
async function customerOverHttp(shop: Shop, email: string) {
  const password = 'Festa2026';
  const registered = await postJson(shop, '/api/auth/register', {
    email,
    password,
    name: 'Cliente Festa',
    recaptchaToken: await captcha(shop),
  });
  expect(registered.status).toBe(201);
  return logInOverHttp(shop, email, password);
}

/** A Pix order of `quantity` units of one item, picked up on `deliveryDate`: its answer. */
async function orderOverHttp(
  shop: Shop,
  customer: { email: string; userId: string; token: string },
  item: (typeof STATIC_MENU)[number],
  quantity: number,
  deliveryDate: string,
) {
  const response = await fetch(`${shop.url}/payments/mercadopago/transparent-checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${customer.token}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      userId: customer.userId,
      email: customer.email,
      docNumber: '52998224725',
      firstName: 'Cliente',
      lastName: 'Festa',
      total: (item.priceCents * quantity) / 100,
      items: [{ id: item.slug, title: item.name, unit_price: item.priceCents / 100, quantity }],
      paymentMethod: 'pix',
      paymentMethodId: 'pix',
      deliveryType: 'pickup',
      deliveryDate,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The checkout's date field set to `date`, pickup chosen: the slots it offers and the day's reason. */
async function offeredOn(page: Page, date: string) {
  await page.getByLabel('Data', { exact: true }).fill(date);
  const select = page.getByLabel('Horário', { exact: true });
  return { select };
}

describe.runIf(enabled)('the kitchen calendar in Chromium (issue 40)', () => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it(`given the admin closes ${closedDay} ('Natal'), opens Saturday ${saturday} 08:00–12:00 for pickup with 1,000 units, then the checkout offers only what the kitchen can do, and the printed production sheet holds the day's totals`, async () => {
    if (!coxinha || !brigadeiro) throw new Error('the menu has coxinhas and brigadeiros');
    const adminAccount = shop.server.admin;
    if (!adminAccount.created) throw new Error('a fresh shop creates its admin');

    // The admin sets the calendar on /admin/agenda.
    const admin = await shop.newPage({ width: 1280, height: 900 });
    await logIn(admin, shop, { email: adminAccount.email, password: adminAccount.password });
    await admin.goto(`${shop.url}/admin`);
    await admin
      .getByRole('navigation', { name: 'Administração' })
      .getByRole('link', { name: 'Agenda e Produção' })
      .click();
    await admin.waitForURL(/\/admin\/agenda$/);
    await admin.getByLabel('Capacidade diária (unidades)').fill('1000');
    await admin.getByLabel('Retirada, Sábado: abertura do período 1').fill('08:00');
    await admin.getByLabel('Retirada, Sábado: fechamento do período 1').fill('12:00');
    await admin.getByRole('button', { name: 'Adicionar data' }).click();
    const closed = admin.getByRole('group', { name: 'Data fechada 1' });
    await closed.getByLabel('Data', { exact: true }).fill(closedDay);
    await closed.getByLabel('Motivo (opcional)').fill('Natal');
    await admin.getByRole('button', { name: 'Salvar', exact: true }).click();
    await admin.getByText(scheduleMessages.saved).first().waitFor();

    // The customer's checkout: the closed day offers nothing, Saturday 08:00 to 11:00.
    const page = await shop.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(10_000);
    const account = { email: `agenda.${Date.now()}@example.com`, password: 'Festa2026' };
    await register(page, shop, { ...account, name: 'Marina Souza' });
    await logIn(page, shop, account);
    await page.goto(`${shop.url}/cardapio`);
    await fillCartAndProceed(page);
    await page.getByRole('radio', { name: 'Retirada no Local' }).check();

    const { select } = await offeredOn(page, closedDay);
    await page.getByText('Fechado (Natal)').waitFor();
    await expect.poll(() => select.isDisabled()).toBe(true);

    await offeredOn(page, saturday);
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual([
        'Selecione um horário',
        '08:00 – 09:00',
        '09:00 – 10:00',
        '10:00 – 11:00',
        '11:00 – 12:00',
      ]);

    // Two other customers fill Saturday to 990 of 1,000 units: her 20 coxinhas no longer fit.
    const ana = await customerOverHttp(shop, `ana.${Date.now()}@example.com`);
    const bia = await customerOverHttp(shop, `bia.${Date.now()}@example.com`);
    const big = await orderOverHttp(shop, ana, coxinha, 500, `${saturday}T08:00`);
    expect(big.status).toBe(200);
    expect((await orderOverHttp(shop, bia, brigadeiro, 490, `${saturday}T10:00`)).status).toBe(200);
    await offeredOn(page, addDays(saturday, -1));
    await offeredOn(page, saturday);
    await page.getByText('Agenda cheia').waitFor();

    // The admin cancels Ana's order: its 500 units go back to Saturday.
    const { token: adminToken } = await logInOverHttp(
      shop,
      adminAccount.email,
      adminAccount.password,
    );
    const cancelled = await fetch(
      `${shop.url}/api/admin/orders/${String(big.body['orderId'])}/status`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ orderStatus: 'cancelled' }),
      },
    );
    expect(cancelled.status).toBe(200);
    await expect
      .poll(async () => {
        await offeredOn(page, addDays(saturday, -1));
        await offeredOn(page, saturday);
        return select.isEnabled();
      })
      .toBe(true);

    // She pays for her 20 coxinhas on Saturday at 08:00.
    await fillCustomer(page, 'Marina Souza', { date: saturday, time: '08:00' });
    await payByPix(page);

    // The production sheet of Saturday, printed to PDF by Chromium.
    await admin.goto(`${shop.url}/admin/producao?date=${saturday}`);
    await admin.getByRole('button', { name: 'Imprimir' }).waitFor();
    await admin.getByText('Coxinha de Frango').first().waitFor();
    await admin.emulateMedia({ media: 'print' });
    const pdf = await admin.pdf({ format: 'A4', printBackground: true });
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    const sheet = text.replace(/\s+/g, ' ');
    // The totals are the orders that stand: Bia's 490 brigadeiros and Marina's 20 coxinhas (Ana's is cancelled).
    expect(sheet).toMatch(/Brigadeiro 490\b/);
    expect(sheet).toMatch(/Coxinha de Frango 20\b/);
    expect(sheet).not.toMatch(/Coxinha de Frango 520\b/);
    expect(sheet).not.toContain('Agenda e Produção');
  }, 120_000);
});
