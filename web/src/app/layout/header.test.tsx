import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubShopApi } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { admin, storageWithSession, stubAccountApi } from '../../testing/session';
import { searchTarget } from './search-form';

describe('searchTarget', () => {
  it('given text with spaces, then /cardapio?busca= with the trimmed text', () => {
    expect(searchTarget('  coxinha  ')).toBe('/cardapio?busca=coxinha');
    expect(searchTarget(' pão de queijo ')).toBe('/cardapio?busca=p%C3%A3o+de+queijo');
  });

  it('given blank text, then nothing to search', () => {
    expect(searchTarget('')).toBeNull();
    expect(searchTarget('   ')).toBeNull();
  });
});

describe('header', () => {
  it('given the home page, then the logo, the five links, the search box and the cart link', async () => {
    stubShopApi([]);
    renderApp({ route: '/sobre' });

    const header = screen.getByRole('banner');
    await within(header).findByRole('searchbox', { name: 'Buscar' });
    const nav = within(header).getByRole('navigation', { name: 'Principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Início', '/'],
      ['Cardápio', '/cardapio'],
      ['Encomendas', '/encomendas'],
      ['Sobre', '/sobre'],
      ['Contato', '/contato'],
    ]);
    // The logo names the shop from its settings (GET /api/shop), which may answer after the search box shows.
    expect(
      (await within(header).findByRole('link', { name: 'Quitute' })).getAttribute('href'),
    ).toBe('/');
    expect(within(header).getByRole('link', { name: 'Carrinho' }).getAttribute('href')).toBe(
      '/carrinho',
    );
  });

  it('given text with spaces, when Enter is pressed, then /cardapio?busca=<trimmed>', async () => {
    stubShopApi([]);
    const { router, user } = renderApp({ route: '/sobre' });
    const search = await screen.findByRole('searchbox', { name: 'Buscar' });

    await user.type(search, '  coxinha  {Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/cardapio'));
    expect(router.state.location.search).toBe('?busca=coxinha');
  });

  it('given text, when the search button is pressed, then the same', async () => {
    stubShopApi([]);
    const { router, user } = renderApp({ route: '/' });
    const header = screen.getByRole('banner');

    await user.type(await within(header).findByRole('searchbox', { name: 'Buscar' }), 'brigadeiro');
    await user.click(within(header).getByRole('button', { name: 'Buscar' }));

    await waitFor(() => expect(router.state.location.search).toBe('?busca=brigadeiro'));
  });

  it('given only spaces, when Enter is pressed, then nothing happens', async () => {
    stubShopApi([]);
    const { router, user } = renderApp({ route: '/sobre' });
    const search = await screen.findByRole('searchbox', { name: 'Buscar' });

    await user.type(search, '    {Enter}');

    expect(router.state.location.pathname).toBe('/sobre');
    expect(router.state.location.search).toBe('');
  });

  it('given a menu search in the URL, then the search box shows it', async () => {
    stubShopApi([]);
    renderApp({ route: '/cardapio?busca=kibe' });
    expect(await screen.findByRole('searchbox', { name: 'Buscar' })).toHaveProperty(
      'value',
      'kibe',
    );
  });

  it('given the mobile menu toggle, when pressed, then it opens the links; a navigation closes it', async () => {
    stubShopApi([]);
    const { user } = renderApp({ route: '/' });
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('menu-principal');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await user.click(within(nav).getByRole('link', { name: 'Sobre' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
  });
});

describe('layout', () => {
  it('given a customer page, then the social links bar and a footer with terms, privacy, e-mail and phone', async () => {
    stubShopApi([]);
    renderApp({ route: '/sobre' });

    expect(await screen.findByRole('list', { name: 'Redes sociais' })).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    // The contacts come with the shop's settings, which may arrive after the links bar.
    await within(footer).findByRole('link', { name: 'contato@quitute.com.br' }, PAGE_LOAD);
    expect(within(footer).getByRole('link', { name: 'Termos de Uso' }).getAttribute('href')).toBe(
      '/termos',
    );
    expect(
      within(footer).getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href'),
    ).toBe('/privacidade');
    expect(
      within(footer).getByRole('link', { name: 'contato@quitute.com.br' }).getAttribute('href'),
    ).toBe('mailto:contato@quitute.com.br');
    expect(within(footer).getByRole('link', { name: '(11) 98765-4321' }).getAttribute('href')).toBe(
      'tel:+5511987654321',
    );
  });

  it('given a path under /admin, then no social links bar', async () => {
    // Only an admin stays on /admin paths (admin-spec §2); an unknown one is the not-found page.
    stubAccountApi({ user: admin });
    renderApp({ route: '/admin/produtos', storage: storageWithSession(admin) });

    await screen.findByRole('heading', { name: 'Página Não Encontrada' }, PAGE_LOAD);
    expect(screen.queryByRole('list', { name: 'Redes sociais' })).toBeNull();
  });

  it('given the page is scrolled more than 100 px, then the scroll-to-top button appears', async () => {
    stubShopApi([]);
    renderApp({ route: '/sobre' });
    await screen.findByRole('heading', { name: 'Nossa História' });
    expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).toBeNull();

    Object.defineProperty(window, 'scrollY', { value: 100, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Voltar ao topo' })).toBeNull();

    Object.defineProperty(window, 'scrollY', { value: 101, configurable: true });
    fireEvent.scroll(window);
    expect(await screen.findByRole('button', { name: 'Voltar ao topo' })).toBeTruthy();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
