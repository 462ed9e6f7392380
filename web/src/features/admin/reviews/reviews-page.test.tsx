import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminReviewsRoute } from '../../../app/routes/admin-reviews-route';
import { json } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/render';
import {
  adminReview,
  fakeReviewsServer,
  type ReviewsServerOptions,
} from '../../../testing/reviews-server';
import { admin, customer, storageWithSession } from '../../../testing/session';
import { AdminReviewsPage } from './reviews-page';

const reviews = [
  adminReview({ _id: 'r-1', userId: 'u-1', productName: 'Brigadeiro', status: 'pending' }),
  adminReview({
    _id: 'r-2',
    userId: 'u-2',
    userName: 'João Souza',
    productName: 'Coxinha de Frango',
    rating: 2,
    status: 'approved',
  }),
  adminReview({ _id: 'r-3', productName: 'Empada', rating: 3, status: 'rejected' }),
];

async function openPage(options: ReviewsServerOptions = {}) {
  const server = fakeReviewsServer({ adminPage: { reviews }, ...options });
  const rendered = renderWithProviders(<AdminReviewsPage isAdmin searchDebounceMs={20} />, {
    route: '/admin/reviews',
  });
  await screen.findByRole('heading', { name: 'Gerenciar Avaliações', level: 1 });
  return { ...rendered, server };
}

/** The query strings of GET /api/admin/reviews, in order. */
function listQueries(requests: readonly Request[]): string[] {
  return requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === '/api/admin/reviews')
    .map((url) => url.search);
}

function card(productName: string): HTMLElement {
  return screen.getByRole('article', { name: productName });
}

function stats(): string[] {
  return within(screen.getByRole('list', { name: 'Resumo das avaliações' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('/admin/reviews (admin spec §2 "Reviews page", §7, §8)', () => {
  it("given a session that is not an administrator's, then 'Acesso Negado' and nothing is asked", async () => {
    const server = fakeReviewsServer({ user: customer, adminPage: { reviews } });
    renderWithProviders(<AdminReviewsRoute />, { storage: storageWithSession(customer) });

    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeTruthy();
    expect(server.calls('GET', '/api/admin/reviews')).toHaveLength(0);
  });

  it("given an administrator's session, then the route shows the page", async () => {
    fakeReviewsServer({ user: admin, adminPage: { reviews } });
    renderWithProviders(<AdminReviewsRoute />, { storage: storageWithSession(admin) });

    expect(await screen.findByRole('heading', { name: 'Gerenciar Avaliações' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Brigadeiro' })).toBeTruthy();
  });

  it('given a page of reviews, then the first page of 10, newest first, is asked, and the stats count that page (no reported card while none is reported)', async () => {
    const { server } = await openPage();
    await screen.findByRole('article', { name: 'Brigadeiro' });

    expect(listQueries(server.requests)).toEqual(['?page=1&limit=10&sortBy=newest']);
    expect(stats()).toEqual(['3Total', '1Pendentes', '1Aprovadas', '1Rejeitadas']);
  });

  it('given reported reviews on the page, then a reported card with their number, and the mark on each', async () => {
    await openPage({
      adminPage: {
        reviews: [
          adminReview({ _id: 'a', productName: 'Brigadeiro', isReported: true, reportCount: 2 }),
          adminReview({ _id: 'b', productName: 'Empada' }),
        ],
      },
    });
    await screen.findByRole('article', { name: 'Brigadeiro' });

    expect(stats()).toContain('1Denunciadas');
    expect(card('Brigadeiro').textContent).toContain('Denunciada (2)');
    expect(card('Empada').textContent).not.toContain('Denunciada');
  });

  it('given a review card, then its stars, comment, author, e-mail, date and a link to the author in a new tab; Aprovar only while pending', async () => {
    await openPage();
    await screen.findByRole('article', { name: 'Brigadeiro' });

    const pending = card('Brigadeiro');
    expect(within(pending).getByRole('img', { name: 'Nota 5 de 5' })).toBeTruthy();
    expect(pending.textContent).toContain('Os melhores brigadeiros da festa!');
    expect(pending.textContent).toContain('maria@example.com');
    expect(pending.textContent).toContain('20/11/2030 12:00');
    expect(pending.textContent).toContain('Pendente');
    const link = within(pending).getByRole('link', { name: /Ver cliente/ });
    expect(link.getAttribute('href')).toBe('/admin/users/u-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(pending).getByRole('button', { name: 'Aprovar' })).toBeTruthy();

    expect(within(card('Coxinha de Frango')).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(within(card('Coxinha de Frango')).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(
      within(card('Coxinha de Frango'))
        .getByRole('link', { name: /Ver cliente/ })
        .getAttribute('href'),
    ).toBe('/admin/users/u-2');
  });

  it('given the filters, then status, rating, sort and the search (after a pause) go in the query, each change back on page 1, and Limpar Filtros resets them', async () => {
    const { user, server } = await openPage({ adminPage: { reviews, totalPages: 3 } });
    await screen.findByRole('article', { name: 'Brigadeiro' });
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(listQueries(server.requests).at(-1)).toContain('page=2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await waitFor(() =>
      expect(listQueries(server.requests).at(-1)).toBe(
        '?page=1&limit=10&sortBy=newest&status=pending',
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nota' }), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'rating_low');
    // Typed without yielding between keys (delay: null): the keys always come faster than
    // the pause, however loaded the machine, so only the whole term may be asked.
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('searchbox', { name: 'Buscar' }), '  bolo ');
    await waitFor(() =>
      expect(listQueries(server.requests).at(-1)).toBe(
        '?page=1&limit=10&sortBy=rating_low&status=pending&rating=4&search=bolo',
      ),
    );
    expect(listQueries(server.requests)).not.toContain(
      '?page=1&limit=10&sortBy=rating_low&status=pending&rating=4&search=b',
    );

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));

    await waitFor(() =>
      expect(listQueries(server.requests).at(-1)).toBe('?page=1&limit=10&sortBy=newest'),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Nota' })).toHaveProperty('value', '');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveProperty('value', '');
  });

  it('given the filter options, then the statuses, ratings and orders the spec names', async () => {
    await openPage();
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'));

    expect(options('Status')).toEqual(['', 'pending', 'approved', 'rejected']);
    expect(options('Nota')).toEqual(['', '5', '4', '3', '2', '1']);
    expect(options('Ordenar por')).toEqual(['newest', 'oldest', 'rating_high', 'rating_low']);
  });

  it('given one page, then no pagination; given three, then Página 1 de 3 with Anterior disabled, and Próxima asks for page 2', async () => {
    const { unmount } = await openPage();
    await screen.findByRole('article', { name: 'Brigadeiro' });
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull();
    unmount();

    const { user, server } = await openPage({ adminPage: { reviews, total: 25, totalPages: 3 } });
    const pagination = await screen.findByRole('navigation', { name: 'Paginação' });
    expect(pagination.textContent).toContain('Página 1 de 3');
    expect(within(pagination).getByRole('button', { name: 'Anterior' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(within(pagination).getByRole('button', { name: 'Próxima' }));

    await waitFor(() => expect(pagination.textContent).toContain('Página 2 de 3'));
    expect(listQueries(server.requests).at(-1)).toBe('?page=2&limit=10&sortBy=newest');
  });

  it('given Aprovar, then a confirmation whose Cancelar looks apart from Confirmar; Cancelar sends nothing; Confirmar approves, says so, and reads the list again waiting for that change', async () => {
    const { user, server } = await openPage();
    await screen.findByRole('article', { name: 'Brigadeiro' });

    await user.click(within(card('Brigadeiro')).getByRole('button', { name: 'Aprovar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(dialog.textContent).toContain('Tem certeza que deseja aprovar esta avaliação?');
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    // The safe choice is drawn as the quiet (ghost) button, apart from the one that acts.
    expect(cancel.className).toMatch(/ghost/);
    expect(within(dialog).getByRole('button', { name: 'Confirmar' }).className).not.toMatch(
      /ghost/,
    );
    await user.click(cancel);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls('PATCH', '/api/admin/reviews/r-1/approve')).toHaveLength(0);

    await user.click(within(card('Brigadeiro')).getByRole('button', { name: 'Aprovar' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));

    const done = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(done.textContent).toContain('Avaliação aprovada com sucesso!');
    expect(server.calls('PATCH', '/api/admin/reviews/r-1/approve')).toHaveLength(1);
    await waitFor(() =>
      expect(server.calls('GET', '/api/admin/reviews').at(-1)?.headers.get('X-Min-Position')).toBe(
        '7',
      ),
    );
  });

  it("given approving fails, then the server's message in an error dialog, or 'Erro ao aprovar avaliação'", async () => {
    let answer = json(
      { message: 'Esta avaliação já foi aprovada.', code: 'conflict' },
      { status: 409 },
    );
    const { user } = await openPage({
      handler: (url) => (url.pathname.endsWith('/approve') ? answer : undefined),
    });
    await screen.findByRole('article', { name: 'Brigadeiro' });

    await user.click(within(card('Brigadeiro')).getByRole('button', { name: 'Aprovar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    let error = await screen.findByRole('dialog', { name: 'Erro' });
    expect(error.textContent).toContain('Esta avaliação já foi aprovada.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));

    answer = json({}, { status: 500 });
    await user.click(within(card('Brigadeiro')).getByRole('button', { name: 'Aprovar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    error = await screen.findByRole('dialog', { name: 'Erro' });
    expect(error.textContent).toContain('Erro ao aprovar avaliação');
  });

  it("given Excluir, then a confirmation that it is irreversible; Confirmar deletes; a failure says 'Erro ao excluir avaliação'", async () => {
    let answer: Response | undefined = undefined;
    const { user, server } = await openPage({
      handler: (url, request) =>
        request.method === 'DELETE' && url.pathname === '/api/admin/reviews/r-2'
          ? answer
          : undefined,
    });
    await screen.findByRole('article', { name: 'Coxinha de Frango' });

    await user.click(within(card('Coxinha de Frango')).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmação' });
    expect(dialog.textContent).toContain(
      'Tem certeza que deseja excluir esta avaliação? Esta ação é irreversível.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('dialog', { name: 'Sucesso' })).textContent).toContain(
      'Avaliação excluída com sucesso!',
    );
    expect(server.calls('DELETE', '/api/admin/reviews/r-2')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    answer = json({}, { status: 500 });
    await user.click(within(card('Coxinha de Frango')).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    expect((await screen.findByRole('dialog', { name: 'Erro' })).textContent).toContain(
      'Erro ao excluir avaliação',
    );
  });

  it("given the list fails, then 'Erro ao carregar avaliações'; given an answer of the wrong shape, then 'Resposta inválida do servidor.'", async () => {
    const { unmount } = await openPage({ adminPage: () => json({}, { status: 500 }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao carregar avaliações');
    unmount();

    await openPage({ adminPage: () => json([adminReview()]) });
    expect((await screen.findByRole('alert')).textContent).toBe('Resposta inválida do servidor.');
  });

  it("given no review matches, then 'Nenhuma avaliação encontrada.'", async () => {
    await openPage({ adminPage: { reviews: [] } });
    expect(await screen.findByText('Nenhuma avaliação encontrada.')).toBeTruthy();
    expect(stats()).toEqual(['0Total', '0Pendentes', '0Aprovadas', '0Rejeitadas']);
  });
});
