import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubShopApi } from '../../testing/fetch-stub';
import { renderApp } from '../../testing/render';

describe('unknown paths', () => {
  it.each(['/nao-existe', '/cardapio/extra/coisa'])(
    "given %s, then 'Página Não Encontrada' with a link home, inside the layout",
    async (route) => {
      stubShopApi([]);
      renderApp({ route });

      const heading = await screen.findByRole('heading', {
        level: 1,
        name: 'Página Não Encontrada',
      });
      const main = screen.getByRole('main');
      expect(main.contains(heading)).toBe(true);
      expect(
        within(main)
          .getByRole('link', { name: 'Voltar para a Página Inicial' })
          .getAttribute('href'),
      ).toBe('/');
      expect(screen.getByRole('banner')).toBeTruthy();
      // The shop's name comes with its settings, read after the page draws.
      await waitFor(() => expect(document.title).toBe('Página Não Encontrada | Quitute'));
    },
  );
});

describe('known paths', () => {
  it('given /sobre, then the story, a WhatsApp button to the shop number and a chatbot button', async () => {
    stubShopApi([]);
    renderApp({ route: '/sobre' });

    await screen.findByRole('heading', { level: 1, name: 'Nossa História' });
    const whatsapp = screen.getByRole('link', { name: 'Fale conosco pelo WhatsApp' });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321(\?|$)/);
    expect(screen.getByRole('button', { name: 'Conversar com o assistente' })).toBeTruthy();
  });

  it('given /, then the banner with a call to the menu, the statistics and highlighted products from the API', async () => {
    stubShopApi((await import('../../testing/products')).menuProducts);
    renderApp({ route: '/' });

    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Ver Cardápio' }).getAttribute('href')).toBe(
      '/cardapio',
    );
    expect(
      (await within(main).findByRole('list', { name: 'A Quitute em números' })).textContent,
    ).toContain('24delícias no cardápio');
    const highlights = within(main).getByRole('region', { name: 'Destaques do Cardápio' });
    expect(await within(highlights).findByText('Coxinha de Frango')).toBeTruthy();
    expect(within(highlights).getByText('Kit Festa 1')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Quitute — Doces e Salgados para Festas'));
  });
});
