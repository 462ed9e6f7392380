import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import {
  customer,
  profileBody,
  storageWithSession,
  stubAccountApi,
} from '../../../testing/session';

describe('protected routes (spec §2)', () => {
  it.each(['/perfil', '/preferences', '/carrinho'])(
    'given a visitor, when %s is opened, then /login',
    async (route) => {
      stubAccountApi();
      const { router } = renderApp({ route });

      await screen.findByRole('heading', { name: 'Entrar', level: 1 }, PAGE_LOAD);
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it("given a stored session being checked, then 'Carregando rotas protegidas...', then the page", async () => {
    const profile = deferredResponse();
    stubAccountApi({
      handler: (url) => (url.pathname === '/api/users/profile' ? profile.promise : undefined),
    });
    const { router } = renderApp({ route: '/perfil', storage: storageWithSession(customer) });

    expect((await screen.findByRole('status')).textContent).toBe('Carregando rotas protegidas...');
    expect(screen.queryByRole('heading', { name: 'Meu Perfil' })).toBeNull();

    profile.release(json(profileBody(customer)));

    expect(await screen.findByRole('heading', { name: 'Meu Perfil', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/perfil');
  });

  it('given a stored session the server refuses, then /login after the check', async () => {
    stubAccountApi({
      handler: (url) =>
        url.pathname === '/api/users/profile'
          ? json({ message: 'Token inválido. Faça login novamente.' }, { status: 401 })
          : undefined,
    });
    const { router } = renderApp({ route: '/perfil', storage: storageWithSession(customer) });

    await screen.findByRole('heading', { name: 'Entrar', level: 1 }, PAGE_LOAD);
    expect(router.state.location.pathname).toBe('/login');
  });
});
