import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredResponse, json, stubFetch } from '../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import {
  admin,
  customer,
  profileBody,
  stubAccountApi,
  storageWithSession,
} from '../../testing/session';
import { fakeAdminServer } from './testing/admin-server';

describe('/admin guard (admin-spec §2 "Access guard")', () => {
  it('given nobody signed in, when /admin is opened, then the login page replaces it', async () => {
    stubAccountApi();
    const { router } = renderApp({ route: '/admin' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('given a customer signed in, when /admin/products is opened, then the login page replaces it', async () => {
    stubAccountApi({ user: customer });
    const { router } = renderApp({
      route: '/admin/products',
      storage: storageWithSession(customer),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('given a stored admin session still being checked, then "Carregando perfil admin..." until the profile answers', async () => {
    const profile = deferredResponse();
    stubFetch((url) => {
      if (url.pathname === '/api/users/profile') return profile.promise;
      if (url.pathname === '/health') return json({ status: 'ok' });
      return json([], { status: 200 });
    });
    renderApp({ route: '/admin', storage: storageWithSession(admin) });

    expect(await screen.findByText('Carregando perfil admin...', {}, PAGE_LOAD)).toBeTruthy();
    profile.release(json(profileBody(admin)));
    expect(
      await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD),
    ).toBeTruthy();
  });
});

describe('admin shell (admin-spec §2 "Admin shell")', () => {
  it('given an admin, then the sidebar links, Dashboard current only on /admin itself', async () => {
    fakeAdminServer();
    const { router } = renderApp({ route: '/admin', storage: storageWithSession(admin) });
    const nav = await screen.findByRole('navigation', { name: 'Administração' }, PAGE_LOAD);

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Produtos', '/admin/products'],
      ['Pedidos', '/admin/orders'],
      ['Clientes', '/admin/users'],
      ['Vendas', '/admin/sales'],
      ['Avaliações', '/admin/reviews'],
      ['Encomendas', '/admin/encomendas'],
      ['Notificações', '/admin/notificacoes'],
      ['Eventos', '/admin/eventos'],
      ['Agenda e Produção', '/admin/agenda'],
      ['Configurações da Loja', '/admin/loja'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await router.navigate('/admin/products');
    await screen.findByRole('heading', { name: 'Gerenciamento de Produtos' }, PAGE_LOAD);
    expect(
      within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Produtos' }).getAttribute('aria-current')).toBe(
      'page',
    );

    // The day's production list is reached from 'Agenda e Produção': that entry stays current.
    await router.navigate('/admin/producao?date=2030-12-07');
    await screen.findByRole('heading', { name: 'Produção do dia' }, PAGE_LOAD);
    const agenda = within(nav).getByRole('link', { name: 'Agenda e Produção' });
    expect(agenda.getAttribute('aria-current')).toBe('page');
    expect(
      within(nav).getByRole('link', { name: 'Produtos' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('given Sair, when cancelled then nothing changes, when confirmed then the admin is logged out and sent to /login', async () => {
    fakeAdminServer();
    const { user, router, store } = renderApp({
      route: '/admin',
      storage: storageWithSession(admin),
    });
    await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);

    const sidebar = screen.getByRole('complementary', { name: 'Painel administrativo' });
    await user.click(within(sidebar).getByRole('button', { name: 'Sair' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmação' });
    expect(dialog.textContent).toContain('Tem certeza que deseja sair do painel administrativo?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().auth.user).not.toBeNull();

    await user.click(within(sidebar).getByRole('button', { name: 'Sair' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().auth.token).toBeNull();
  });

  it('given /admin/reviews, then the reviews moderation page inside the admin shell', async () => {
    fakeAdminServer();
    renderApp({ route: '/admin/reviews', storage: storageWithSession(admin) });

    expect(
      await screen.findByRole('heading', { name: 'Gerenciar Avaliações' }, PAGE_LOAD),
    ).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Administração' })).toBeTruthy();
  });
});
