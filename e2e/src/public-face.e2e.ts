import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centsToReais,
  formatBRL,
  MINIMUM_UNITS_PER_ITEM,
  reviewMessages,
  STATIC_MENU,
} from '@quitute/contracts';
import {
  fillCartAndProceed,
  fillCustomer,
  goToMenu,
  payByPix,
  shopDayFromToday,
} from './checkout-steps';
import { browserAvailable, logIn, openShop, register, type Shop } from './harness';

const enabled = browserAvailable();

const COMMENT = 'Sequinha, crocante e chegou quentinha para a festa!';

/** The session token the web app keeps for the signed-in user. */
function tokenOf(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
}

/** Asks the chatbot one question and waits for the reply that follows it. */
async function ask(page: Page, question: string): Promise<string> {
  const log = page.getByRole('log', { name: 'Mensagens' });
  const input = page.getByPlaceholder('Digite sua mensagem...');
  await input.waitFor();
  const before = await log.getByRole('listitem').count();
  await input.fill(question);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  // The question and its answer are the two new lines.
  await expect.poll(() => log.getByRole('listitem').count(), { timeout: 10_000 }).toBe(before + 2);
  return (await log.getByRole('listitem').last().textContent()) ?? '';
}

/** Opens /admin/reviews and waits for the review's card. */
async function openModeration(page: Page, shop: Shop) {
  await page.goto(`${shop.url}/admin/reviews`);
  await page.getByRole('heading', { name: 'Gerenciar Avaliações' }).waitFor();
  const card = page.getByRole('article').filter({ hasText: COMMENT });
  await card.waitFor();
  return card;
}

/** Clicks 'Aprovar' on the card and confirms; returns the outcome dialog's text. */
async function approve(page: Page, card: ReturnType<Page['getByRole']>): Promise<string> {
  await card.getByRole('button', { name: 'Aprovar' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirmação' });
  await confirmation.getByText('Tem certeza que deseja aprovar esta avaliação?').waitFor();
  await confirmation.getByRole('button', { name: 'Confirmar' }).click();
  const outcome = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'OK' }) });
  await outcome.waitFor();
  const text = (await outcome.textContent()) ?? '';
  await outcome.getByRole('button', { name: 'OK' }).click();
  return text;
}

describe.runIf(enabled)('reviews, chatbot and custom orders in Chromium (issue 12)', () => {
  let shop: Shop;
  let buyer: Page;
  const customer = { email: `festa.${Date.now()}@example.com`, password: 'Festa2026' };

  beforeAll(async () => {
    shop = await openShop();
    // A customer who bought 20 coxinhas by Pix (approved on the simulator).
    buyer = await shop.newPage();
    await register(buyer, shop, { ...customer, name: 'Marina Souza' });
    await logIn(buyer, shop, customer);
    await goToMenu(buyer);
    await fillCartAndProceed(buyer);
    await buyer.getByRole('radio', { name: 'Retirada no Local', exact: true }).check();
    await fillCustomer(buyer, 'Marina Souza');
    const paid = await payByPix(buyer);
    const approval = await fetch(`${shop.url}/simulator/payments/${paid.paymentId}/approve`, {
      method: 'POST',
    });
    expect(approval.ok).toBe(true);
    await buyer.waitForURL(/\/success$/, { timeout: 15_000 });
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
  });

  it('given a paying customer\u2019s review, when an admin approves it, then it is public with a verified purchase, on /avaliacoes and the home, and a second approval changes nothing', async () => {
    // The customer reviews the coxinha: it waits for moderation.
    await buyer.goto(`${shop.url}/avaliacoes`);
    const reviewForm = buyer.getByRole('form', { name: 'Avaliação' });
    await reviewForm.getByLabel('Produto').selectOption({ label: 'Coxinha de Frango' });
    // The stars are the radios' labels: a customer clicks the fifth star.
    await reviewForm.locator('label').filter({ hasText: '5 estrelas' }).click();
    expect(await reviewForm.getByRole('radio', { name: '5 estrelas' }).isChecked()).toBe(true);
    await reviewForm.getByLabel('Comentário (opcional)').fill(COMMENT);
    await reviewForm.getByRole('button', { name: 'Enviar Avaliação' }).click();
    await buyer.getByText(reviewMessages.submitted).waitFor();

    // The admin sees it pending, in two tabs; meanwhile it is not public.
    const admin = shop.server.admin;
    if (!admin.created) throw new Error('a fresh shop creates its admin');
    const moderator = await shop.newPage();
    await logIn(moderator, shop, { email: admin.email, password: admin.password });
    const card = await openModeration(moderator, shop);
    await card.getByText('Pendente').waitFor();
    const staleTab = await moderator.context().newPage();
    const staleCard = await openModeration(staleTab, shop);

    const visitor = await shop.newPage();
    await visitor.goto(`${shop.url}/avaliacoes`);
    await visitor.getByRole('heading', { name: 'Avaliações', level: 1 }).waitFor();
    await visitor.getByText(/Ainda não há avaliações publicadas|Compra verificada/).waitFor();
    expect(await visitor.getByText(COMMENT).count()).toBe(0);
    const hidden = (await (await fetch(`${shop.url}/api/reviews`)).json()) as unknown[];
    expect(JSON.stringify(hidden)).not.toContain(COMMENT);

    // Approved: public, marked as a verified purchase, and among the home's testimonials.
    expect(await approve(moderator, card)).toContain(reviewMessages.approved);
    await card.getByText('Aprovada').waitFor();
    await visitor.goto(`${shop.url}/avaliacoes`);
    const published = visitor.getByRole('article').filter({ hasText: COMMENT });
    await published.waitFor();
    await published.getByText('Compra verificada').waitFor();
    await visitor.goto(`${shop.url}/`);
    await visitor
      .getByRole('region', { name: 'O que dizem nossos clientes' })
      .getByText(COMMENT)
      .waitFor();

    // Approving again, from the tab that still shows it pending, is refused and changes nothing.
    expect(await approve(staleTab, staleCard)).toContain(reviewMessages.alreadyApproved);
    const publicReviews = async () =>
      (
        (await (await fetch(`${shop.url}/api/reviews`)).json()) as {
          _id: string;
          comment: string;
        }[]
      ).filter((review) => review.comment === COMMENT);
    const before = await publicReviews();
    const [publicReview] = before;
    if (!publicReview) throw new Error('the approved review is public');
    const headers = { authorization: `Bearer ${(await tokenOf(moderator)) ?? ''}` };
    const again = await fetch(`${shop.url}/api/admin/reviews/${publicReview._id}/approve`, {
      method: 'PATCH',
      headers,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      reviewMessages.alreadyApproved,
    );
    expect(await publicReviews()).toEqual(before);
    // The event log holds one approval of it.
    const approvals = (await (
      await fetch(`${shop.url}/api/admin/events?type=ReviewApproved`, { headers })
    ).json()) as { events: { stream: string }[] };
    expect(
      approvals.events.filter((event) => event.stream.endsWith(publicReview._id)),
    ).toHaveLength(1);
  }, 120_000);

  it('given the signed-in customer, when they ask the chatbot, then it answers the real price, the minimum and their own last order', async () => {
    const brigadeiro = STATIC_MENU.find((item) => item.name === 'Brigadeiro');
    if (!brigadeiro) throw new Error('the menu has a brigadeiro');
    await buyer.goto(`${shop.url}/`);
    await buyer.getByRole('button', { name: 'Chat com o assistente' }).click();

    expect(await ask(buyer, 'quanto custa o brigadeiro?')).toContain(
      formatBRL(centsToReais(brigadeiro.priceCents)),
    );
    expect(await ask(buyer, 'qual o pedido mínimo?')).toContain(
      `${MINIMUM_UNITS_PER_ITEM} unidades`,
    );
    const status = await ask(buyer, 'status do meu pedido');
    expect(status).toContain('Seu último pedido é o #1001');
    expect(status).toContain('Pagamento: Aprovado');

    // A visitor asking the same gets no one's order.
    const visitor = await shop.newPage();
    await visitor.goto(`${shop.url}/`);
    await visitor.getByRole('button', { name: 'Chat com o assistente' }).click();
    const anonymous = await ask(visitor, 'status do meu pedido');
    expect(anonymous).toContain('faça login');
    expect(anonymous).not.toContain('#1001');
  }, 60_000);

  it('given /encomendas, when the date is past or the phone has 8 digits, then the spec\u2019s alerts; when valid, then WhatsApp opens with the composed text', async () => {
    const page = await shop.newPage({ width: 390, height: 844 });
    // wa.me is outside this machine: answer it locally, as WhatsApp's page would load.
    await page
      .context()
      .route('https://wa.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
    await page.goto(`${shop.url}/encomendas`);
    const notice = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: 'Entendi' }) });
    await notice.getByRole('button', { name: 'Entendi' }).click();

    const form = page.getByRole('form', { name: 'Encomenda' });
    await form.getByLabel('Nome').fill('Marina Souza');
    await form.getByLabel('E-mail').fill('marina@example.com');
    await form.getByLabel('Telefone').fill('(11) 98765-4321');
    await form.getByLabel('Data do evento').fill(shopDayFromToday(-1));
    await form.getByLabel('Descrição').fill('100 coxinhas e 50 brigadeiros para 30 convidados.');
    const alertSays = async (text: string) => {
      await form.getByRole('button', { name: 'Enviar Encomenda pelo WhatsApp' }).click();
      const alert = page.getByRole('dialog', { name: 'Atenção' });
      await alert.getByText(text).waitFor();
      await alert.getByRole('button', { name: 'OK' }).click();
    };
    await alertSays('A data do evento deve ser no futuro.');

    const eventDay = shopDayFromToday(10);
    await form.getByLabel('Data do evento').fill(eventDay);
    await form.getByLabel('Telefone').fill('98765432');
    await alertSays('Por favor, insira um número de telefone válido (10-15 dígitos).');

    await form.getByLabel('Telefone').fill('(11) 98765-4321');
    const popup = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'Enviar Encomenda pelo WhatsApp' }).click();
    const whatsapp = await popup;
    await whatsapp.waitForLoadState();
    const link = new URL(whatsapp.url());
    expect(link.origin).toBe('https://wa.me');
    expect(link.pathname).toMatch(/^\/55\d{10,11}$/);
    const [year, month, day] = eventDay.split('-');
    expect(link.searchParams.get('text')).toBe(
      [
        'Olá! Gostaria de fazer uma encomenda personalizada.',
        '',
        'Nome: Marina Souza',
        'E-mail: marina@example.com',
        'Telefone: (11) 98765-4321',
        `Data do evento: ${day}/${month}/${year}`,
        'Descrição: 100 coxinhas e 50 brigadeiros para 30 convidados.',
      ].join('\n'),
    );
    await page.getByRole('dialog', { name: 'Encomenda enviada com sucesso!' }).waitFor();
  }, 60_000);
});
