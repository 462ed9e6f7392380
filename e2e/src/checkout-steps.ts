import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addDays,
  DEFAULT_KITCHEN_SCHEDULE,
  firstBookableSlot,
  paymentResultSchema,
  shopDate,
  type PaymentResult,
} from '@quitute/contracts';
import { addToCart, dismissLeadTimeNotice } from './harness';

/** The customer's steps of a checkout, shared by the journeys that buy something. */

export const CHECKOUT_PATH = '/payments/mercadopago/transparent-checkout';

/** yyyy-MM-dd, `days` after today in the shop's time zone (America/Sao_Paulo). */
export function shopDayFromToday(days: number): string {
  return addDays(shopDate(new Date()), days);
}

/** The header's Cardápio link: the app moves there without reloading. */
export async function goToMenu(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Cardápio', exact: true })
    .click();
}

/** On /cardapio: 20 coxinhas → 'Finalizar Pedido' → 'Prosseguir para Pagamento' → /pagamento. */
export async function fillCartAndProceed(page: Page): Promise<void> {
  await dismissLeadTimeNotice(page);
  await addToCart(page, 'Coxinha de Frango', '20');
  await page.getByText('Coxinha de Frango (20 unidades) adicionado ao carrinho!').waitFor();
  await page.getByRole('link', { name: 'Finalizar Pedido' }).click();
  await page.getByRole('link', { name: 'Prosseguir para Pagamento' }).click();
  await page.waitForURL(/\/pagamento$/);
  await page.getByRole('heading', { name: 'Finalizar Pagamento' }).waitFor();
  await page.getByText('20x Coxinha de Frango').waitFor();
}

/**
 * The customer's part of the form every method needs, once the delivery type
 * is chosen: the date and slot (`when`, else the first the default calendar
 * opens: issue 40), name, CPF. The e-mail is her account's, read-only (issue 37).
 */
export async function fillCustomer(
  page: Page,
  fullName: string,
  when?: { date: string; time: string },
) {
  const first = firstBookableSlot(DEFAULT_KITCHEN_SCHEDULE, 'pickup', new Date());
  if (!first) throw new Error('the default calendar opens no day');
  await page.getByLabel('Data', { exact: true }).fill(when?.date ?? first.date);
  await page.getByLabel('Horário', { exact: true }).selectOption(when?.time ?? first.slot.start);
  await page.getByLabel('Nome completo').fill(fullName);
  const cpf = page.getByLabel('CPF', { exact: true });
  await cpf.fill('52998224725');
  expect(await cpf.inputValue()).toBe('529.982.247-25');
  expect(await page.getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();
}

/** Pays by Pix: 'Prosseguir', and the answer of the checkout call. */
export async function payByPix(page: Page): Promise<PaymentResult> {
  await page.getByRole('radio', { name: 'Pix', exact: true }).check();
  const answer = page.waitForResponse((response) => response.url().endsWith(CHECKOUT_PATH));
  await page.getByRole('button', { name: 'Prosseguir', exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  return paymentResultSchema.parse(await response.json());
}
