import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { json } from '../../testing/fetch-stub';
import {
  admin,
  customer,
  storageWithSession,
  stubAccountApi,
  tokenFor,
} from '../../testing/session';

function accountMenu() {
  return within(screen.getByRole('banner')).getByRole('navigation', { name: 'Conta' });
}

function links(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

async function openAs(user: typeof customer | null, route = '/sobre') {
  stubAccountApi(user ? { user } : {});
  const storage = user ? storageWithSession(user) : undefined;
  const rendered = renderApp({ route, ...(storage ? { storage } : {}) });
  await screen.findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);
  if (user)
    await vi.waitFor(() => expect(rendered.store.getState().auth.authenticating).toBe(false));
  return rendered;
}

describe('header user menu (spec §2)', () => {
  it('given a visitor, then Entrar (/login) and Cadastrar (/register)', async () => {
    await openAs(null);
    expect(links(accountMenu())).toEqual([
      ['Entrar', '/login'],
      ['Cadastrar', '/register'],
    ]);
    expect(within(accountMenu()).queryByRole('button', { name: 'Sair' })).toBeNull();
    expect(within(accountMenu()).getByRole('button', { name: 'Minha Conta' })).toBeTruthy();
  });

  it('given a customer, then profile, orders, reviews and Sair, without the admin panel', async () => {
    await openAs(customer);
    const menu = accountMenu();
    expect(links(menu)).toEqual([
      ['Meu Perfil', '/perfil'],
      ['Meus Pedidos', '/orders'],
      ['Avaliações', '/avaliacoes'],
    ]);
    expect(within(menu).getByRole('button', { name: 'Sair' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Olá, Maria' })).toBeTruthy();
  });

  it("given an admin, then also 'Painel Admin' to /admin", async () => {
    await openAs(admin);
    expect(links(accountMenu())).toEqual([
      ['Meu Perfil', '/perfil'],
      ['Meus Pedidos', '/orders'],
      ['Avaliações', '/avaliacoes'],
      ['Painel Admin', '/admin'],
    ]);
  });

  it('given the account button, when pressed, then the dropdown opens; Escape closes it', async () => {
    const { user } = await openAs(customer);
    const toggle = within(accountMenu()).getByRole('button', { name: 'Olá, Maria' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('given the mobile menu, then the account items are inside the panel the toggle opens', async () => {
    await openAs(customer);
    const panel = document.getElementById(
      screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-controls') ?? '',
    );
    expect(panel?.contains(accountMenu())).toBe(true);
  });
});

describe('logout from the header (spec §2, §4)', () => {
  it("given Sair, then 'Deslogado com sucesso!', the session and cart wiped, and the home page after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router, storage, store } = await openAs(customer);
    storage.setItem(CART_STORAGE_KEY, '[]');

    await user.click(within(accountMenu()).getByRole('button', { name: 'Sair' }));

    const popup = screen.getByRole('dialog', { name: 'Deslogado com sucesso!' });
    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('authUser')).toBeNull();
    expect(storage.getItem('userId')).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(links(accountMenu())).toEqual([
      ['Entrar', '/login'],
      ['Cadastrar', '/register'],
    ]);

    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(popup.isConnected).toBe(true);
    expect(router.state.location.pathname).toBe('/sobre');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('given the popup, when closed, then the home page at once', async () => {
    const { user, router } = await openAs(customer);
    await user.click(within(accountMenu()).getByRole('button', { name: 'Sair' }));

    const popup = screen.getByRole('dialog', { name: 'Deslogado com sucesso!' });
    await user.click(within(popup).getByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('given the mobile menu open, when Sair is pressed there, then the menu closes and the popup shows', async () => {
    const { user } = await openAs(customer);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(within(accountMenu()).getByRole('button', { name: 'Sair' }));

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Deslogado com sucesso!' })).toBeTruthy();
  });

  it('given Sair, then the server is asked to end this session, with the token the store has just forgotten', async () => {
    const token = tokenFor(customer);
    const requests = stubAccountApi({
      user: customer,
      handler: (url) =>
        url.pathname === '/api/auth/logout' ? json({ message: 'Sessão encerrada.' }) : undefined,
    });
    const { user, store } = renderApp({
      route: '/sobre',
      storage: storageWithSession(customer, token),
    });
    await screen.findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);
    await vi.waitFor(() => expect(store.getState().auth.authenticating).toBe(false));

    await user.click(within(accountMenu()).getByRole('button', { name: 'Sair' }));

    await vi.waitFor(() =>
      expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toContain(
        'POST /api/auth/logout',
      ),
    );
    const logout = requests.find((r) => new URL(r.url).pathname === '/api/auth/logout');
    expect(logout?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(store.getState().auth.token).toBeNull();
  });

  it('given the server cannot be reached, when Sair, then the local session is cleared all the same', async () => {
    const requests = stubAccountApi({
      user: customer,
      handler: (url) => {
        if (url.pathname === '/api/auth/logout') throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const { user, store, storage } = renderApp({
      route: '/sobre',
      storage: storageWithSession(customer),
    });
    await screen.findByRole('heading', { name: 'Nossa História' }, PAGE_LOAD);
    await vi.waitFor(() => expect(store.getState().auth.authenticating).toBe(false));

    await user.click(within(accountMenu()).getByRole('button', { name: 'Sair' }));

    expect(screen.getByRole('dialog', { name: 'Deslogado com sucesso!' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(requests.some((r) => new URL(r.url).pathname === '/api/auth/logout')).toBe(true),
    );
    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem('token')).toBeNull();
  });
});
