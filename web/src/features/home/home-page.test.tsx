import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { fakeReviewsServer, publicReview } from '../../testing/reviews-server';
import { shopStatistics } from './shop-statistics';

async function openHome(options: Parameters<typeof fakeReviewsServer>[0] = {}) {
  const server = fakeReviewsServer(options);
  renderApp({ route: '/' });
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  return server;
}

function statistics(): string[] {
  return within(screen.getByRole('list', { name: 'A Quitute em números' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

describe('home / (customer spec §2)', () => {
  it('given the menu and approved reviews, then the statistics, featured products and newest testimonials come from them', async () => {
    await openHome({
      reviews: [
        publicReview({
          _id: 'a',
          productName: 'Brigadeiro',
          rating: 5,
          createdAt: '2030-01-01T12:00:00Z',
        }),
        publicReview({
          _id: 'b',
          productName: 'Empada',
          rating: 4,
          createdAt: '2030-03-01T12:00:00Z',
        }),
        publicReview({
          _id: 'c',
          productName: 'Quibe',
          rating: 4,
          createdAt: '2030-02-01T12:00:00Z',
        }),
        publicReview({
          _id: 'd',
          productName: 'Kit Festa 1',
          rating: 5,
          createdAt: '2029-12-01T12:00:00Z',
        }),
      ],
    });

    await screen.findByRole('list', { name: 'A Quitute em números' });
    expect(statistics()).toEqual([
      '24delícias no cardápio',
      '5categorias para montar sua festa',
      '4,5 ★nota média dos clientes',
      '4avaliações publicadas',
    ]);
    const featured = screen.getByRole('region', { name: 'Destaques do Cardápio' });
    expect(await within(featured).findByText('Coxinha de Frango')).toBeTruthy();
    const testimonials = screen.getByRole('region', { name: 'O que dizem nossos clientes' });
    const articles = await within(testimonials).findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Empada',
      'Quibe',
      'Brigadeiro',
    ]);
  });

  it('given no approved review, then the statistics leave the rating out and the testimonials invite a first review', async () => {
    await openHome({ reviews: [] });

    await screen.findByRole('list', { name: 'A Quitute em números' });
    expect(statistics()).toEqual(['24delícias no cardápio', '5categorias para montar sua festa']);
    const testimonials = screen.getByRole('region', { name: 'O que dizem nossos clientes' });
    expect(
      await within(testimonials).findByText(/Ainda não há avaliações publicadas/),
    ).toBeTruthy();
    expect(
      within(testimonials).getByRole('link', { name: 'Avaliar agora' }).getAttribute('href'),
    ).toBe('/avaliacoes');
  });

  it('given the reviews cannot be read, then the statistics still show the menu and the testimonials say the data failed', async () => {
    await openHome({
      reviews: () => json({ message: 'Recurso não encontrado.' }, { status: 404 }),
    });

    await screen.findByRole('list', { name: 'A Quitute em números' });
    expect(statistics()).toEqual(['24delícias no cardápio', '5categorias para montar sua festa']);
    const testimonials = screen.getByRole('region', { name: 'O que dizem nossos clientes' });
    expect(
      await within(testimonials).findByText('Erro ao carregar dados. Tente recarregar a página.'),
    ).toBeTruthy();
  });
});

describe('shopStatistics', () => {
  it('given products and ratings, then counts and the average with one decimal in pt-BR', () => {
    expect(
      shopStatistics(
        [{ category: 'Doces Finos' }, { category: 'Doces Finos' }, { category: 'Kits Festa' }],
        [5, 4, 4],
      ),
    ).toEqual([
      { value: '3', label: 'delícias no cardápio' },
      { value: '2', label: 'categorias para montar sua festa' },
      { value: '4,3 ★', label: 'nota média dos clientes' },
      { value: '3', label: 'avaliações publicadas' },
    ]);
  });

  it('given one category and one rating, then the singular labels', () => {
    expect(shopStatistics([{ category: 'Kits Festa' }], [5])).toEqual([
      { value: '1', label: 'delícia no cardápio' },
      { value: '1', label: 'categoria para montar sua festa' },
      { value: '5,0 ★', label: 'nota média dos clientes' },
      { value: '1', label: 'avaliação publicada' },
    ]);
  });
});
