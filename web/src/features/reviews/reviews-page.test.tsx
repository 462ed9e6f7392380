import { STATIC_MENU } from '@quitute/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, json } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import {
  fakeReviewsServer,
  publicReview,
  type ReviewsServerOptions,
} from '../../testing/reviews-server';
import { admin, customer, storageWithSession, type AuthUser } from '../../testing/session';

const SUBMITTED = 'Avaliação enviada com sucesso! Aguarde a aprovação para aparecer publicamente.';

async function openReviews(user: AuthUser | null, options: ReviewsServerOptions = {}) {
  const server = fakeReviewsServer({ ...options, ...(user ? { user } : {}) });
  const rendered = renderApp({
    route: '/avaliacoes',
    ...(user ? { storage: storageWithSession(user) } : {}),
  });
  await screen.findByRole('heading', { name: 'Avaliações', level: 1 }, PAGE_LOAD);
  return { ...rendered, server };
}

function card(productName: string): HTMLElement {
  return screen.getByRole('article', { name: productName });
}

async function bodyOf(request: Request | undefined): Promise<unknown> {
  if (!request) throw new Error('no such request');
  return JSON.parse(await request.clone().text());
}

async function fillReview(
  user: Awaited<ReturnType<typeof openReviews>>['user'],
  { product, stars, comment }: { product: string; stars: string; comment?: string },
) {
  const select = screen.getByRole('combobox', { name: 'Produto' });
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
  await user.selectOptions(select, product);
  await user.click(screen.getByRole('radio', { name: stars }));
  if (comment)
    await user.type(screen.getByRole('textbox', { name: 'Comentário (opcional)' }), comment);
}

describe('/avaliacoes (customer spec §2 "Reviews", §5, §8)', () => {
  it('given approved reviews, when a visitor opens the page, then each shows product, stars, comment, author and date, with the verified-purchase mark and the date fallbacks', async () => {
    await openReviews(null, {
      reviews: [
        publicReview({ _id: 'a', productName: 'Brigadeiro', rating: 5, verifiedPurchase: true }),
        publicReview({ _id: 'b', productName: 'Coxinha de Frango', rating: 3, createdAt: null }),
        publicReview({ _id: 'c', productName: 'Empada', rating: 1, createdAt: 'ontem' }),
      ],
    });

    await screen.findByRole('article', { name: 'Brigadeiro' });
    const brigadeiro = card('Brigadeiro');
    expect(within(brigadeiro).getByRole('img', { name: 'Nota 5 de 5' })).toBeTruthy();
    expect(brigadeiro.textContent).toContain('Os melhores brigadeiros da festa!');
    expect(brigadeiro.textContent).toContain('Maria da Silva');
    expect(brigadeiro.textContent).toContain('20/11/2030');
    expect(brigadeiro.textContent).toContain('Compra verificada');

    const coxinha = card('Coxinha de Frango');
    expect(within(coxinha).getByRole('img', { name: 'Nota 3 de 5' })).toBeTruthy();
    expect(coxinha.textContent).toContain('Data não disponível');
    expect(coxinha.textContent).not.toContain('Compra verificada');
    expect(card('Empada').textContent).toContain('Data inválida');
  });

  it('given a visitor, then there is no form to submit, only the way to log in, and no report button', async () => {
    await openReviews(null, { reviews: [publicReview()] });
    await screen.findByRole('article', { name: 'Brigadeiro' });

    expect(screen.queryByRole('form', { name: 'Avaliação' })).toBeNull();
    expect(screen.getByText(/Faça login para deixar sua avaliação\./)).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Entrar' }).getAttribute('href'),
    ).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Denunciar avaliação' })).toBeNull();
  });

  it('given no approved review yet, then the page says so', async () => {
    await openReviews(null, { reviews: [] });
    expect(
      await screen.findByText('Ainda não há avaliações publicadas. Seja o primeiro a avaliar!'),
    ).toBeTruthy();
  });

  it("given a customer, when the form is sent without a product or a rating, then 'Login, produto e nota são necessários.' and nothing is posted", async () => {
    const { user, server } = await openReviews(customer);
    await screen.findByRole('form', { name: 'Avaliação' });

    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Login, produto e nota são necessários.',
    );

    await fillReview(user, { product: 'Brigadeiro', stars: '4 estrelas' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Produto' }), '');
    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));
    expect(screen.getByRole('alert').textContent).toBe('Login, produto e nota são necessários.');
    expect(server.calls('POST', '/api/reviews')).toHaveLength(0);
  });

  it('given a customer, when a product, 4 stars and a comment are sent, then the button is busy meanwhile, the review goes with the author, and the success text shows over an empty form', async () => {
    const pending = deferredResponse();
    const { user, server } = await openReviews(customer, {
      handler: (url, request) =>
        url.pathname === '/api/reviews' && request.method === 'POST' ? pending.promise : undefined,
    });
    await fillReview(user, {
      product: 'Brigadeiro',
      stars: '4 estrelas',
      comment: '  Delicioso!  ',
    });

    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));

    const busy = await screen.findByRole('button', { name: 'Enviando...' });
    expect(busy).toHaveProperty('disabled', true);
    const brigadeiro = STATIC_MENU.find((item) => item.name === 'Brigadeiro');
    expect(await bodyOf(server.calls('POST', '/api/reviews')[0])).toEqual({
      productId: brigadeiro?.slug,
      productName: 'Brigadeiro',
      rating: 4,
      comment: 'Delicioso!',
      userName: customer.name,
      userEmail: customer.email,
    });

    pending.release(json({ message: 'ok', position: 3 }, { status: 201 }));

    expect((await screen.findByRole('status')).textContent).toBe(SUBMITTED);
    expect(screen.getByRole('combobox', { name: 'Produto' })).toHaveProperty('value', '');
    expect(screen.getByRole('radio', { name: '4 estrelas' })).toHaveProperty('checked', false);
    expect(screen.getByRole('textbox', { name: 'Comentário (opcional)' })).toHaveProperty(
      'value',
      '',
    );
  });

  it('given no comment, then the review goes without one (the server writes its default)', async () => {
    const { user, server } = await openReviews(customer);
    await fillReview(user, { product: 'Coxinha de Frango', stars: '5 estrelas' });

    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));

    await screen.findByText(SUBMITTED);
    expect(await bodyOf(server.calls('POST', '/api/reviews')[0])).not.toHaveProperty('comment');
  });

  it("given the server refuses with a message, then that message; without one, 'Erro ao enviar avaliação. Tente novamente.'", async () => {
    let answer = json({ message: 'Produto não encontrado.', code: 'not_found' }, { status: 404 });
    const { user } = await openReviews(customer, {
      handler: (url, request) =>
        url.pathname === '/api/reviews' && request.method === 'POST' ? answer : undefined,
    });
    await fillReview(user, { product: 'Brigadeiro', stars: '2 estrelas' });

    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Produto não encontrado.');

    answer = json({}, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Enviar Avaliação' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Erro ao enviar avaliação. Tente novamente.',
      ),
    );
  });

  it('given the reviews fail twice, then they are asked again after 1 s and 2 s and shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { server } = await openReviews(null, {
      reviews: () =>
        ++calls <= 2 ? json({ message: 'fora' }, { status: 503 }) : json([publicReview()]),
    });

    await vi.advanceTimersByTimeAsync(3_100);

    expect(await screen.findByRole('article', { name: 'Brigadeiro' })).toBeTruthy();
    expect(server.calls('GET', '/api/reviews')).toHaveLength(3);
    expect(screen.queryByText('Erro ao carregar dados. Tente recarregar a página.')).toBeNull();
  });

  it("given the reviews keep failing, then after 3 retries 'Erro ao carregar dados. Tente recarregar a página.'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = await openReviews(null, {
      reviews: () => json({ message: 'fora' }, { status: 503 }),
    });

    await vi.advanceTimersByTimeAsync(6_100);

    expect(
      await screen.findByText('Erro ao carregar dados. Tente recarregar a página.'),
    ).toBeTruthy();
    expect(server.calls('GET', '/api/reviews')).toHaveLength(4);
  });

  it('given an administrator, then the page sends the static menu to the sync endpoint once, in reais', async () => {
    const { server } = await openReviews(admin);

    await waitFor(() => expect(server.calls('POST', '/api/admin/products/sync')).toHaveLength(1));
    const body = await bodyOf(server.calls('POST', '/api/admin/products/sync')[0]);
    expect(body).toMatchObject({
      items: expect.arrayContaining([
        {
          name: 'Pão de Queijo',
          price: 1,
          description: expect.any(String),
          category: 'Salgados Assados',
        },
        {
          name: 'Kit Festa 1',
          price: 145,
          description: expect.any(String),
          category: 'Kits Festa',
        },
      ]),
    });
    expect(body).toHaveProperty('items.length', STATIC_MENU.length);
  });

  it('given an administrator and a failing sync, then nothing shows on the page', async () => {
    const { server } = await openReviews(admin, {
      reviews: [publicReview()],
      handler: (url) =>
        url.pathname === '/api/admin/products/sync'
          ? json({ message: 'Falhou' }, { status: 500 })
          : undefined,
    });

    await waitFor(() => expect(server.calls('POST', '/api/admin/products/sync')).toHaveLength(1));
    await screen.findByRole('article', { name: 'Brigadeiro' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Falhou')).toBeNull();
  });

  it('given a customer, then no sync is sent', async () => {
    const { server } = await openReviews(customer, { reviews: [publicReview()] });
    await screen.findByRole('article', { name: 'Brigadeiro' });
    expect(server.calls('POST', '/api/admin/products/sync')).toHaveLength(0);
  });

  it('given a customer, when a review is reported, then the report is posted and thanked; a second report is refused with the server message', async () => {
    const { user, server } = await openReviews(customer, {
      reviews: [publicReview({ _id: 'a' }), publicReview({ _id: 'b', productName: 'Empada' })],
      handler: (url) =>
        url.pathname === '/api/reviews/b/report'
          ? json({ message: 'Você já denunciou esta avaliação.' }, { status: 409 })
          : undefined,
    });
    await screen.findByRole('article', { name: 'Brigadeiro' });

    await user.click(
      within(card('Brigadeiro')).getByRole('button', { name: 'Denunciar avaliação' }),
    );
    expect((await within(card('Brigadeiro')).findByRole('status')).textContent).toBe(
      'Avaliação denunciada. Obrigado por nos avisar!',
    );
    expect(server.calls('POST', '/api/reviews/a/report')).toHaveLength(1);

    await user.click(within(card('Empada')).getByRole('button', { name: 'Denunciar avaliação' }));
    expect((await within(card('Empada')).findByRole('alert')).textContent).toBe(
      'Você já denunciou esta avaliação.',
    );
  });
});
