import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { customer, storageWithSession, stubAccountApi } from '../../../testing/session';

type Handler = (url: URL, request: Request) => Response | undefined;

const saved = { email: false, sms: true };

function preferencesApi({
  load = () => json({ notifications: { email: true, sms: false } }),
  save = () =>
    json({ notifications: saved, message: 'Preferências salvas com sucesso!', position: 5 }),
}: { load?: () => Response; save?: () => Response } = {}): Handler {
  return (url, request) => {
    if (url.pathname !== '/api/users/preferences') return undefined;
    return request.method === 'PUT' ? save() : load();
  };
}

async function openPreferences(handler: Handler = preferencesApi()) {
  const requests = stubAccountApi({ user: customer, handler });
  const rendered = renderApp({ route: '/preferences', storage: storageWithSession(customer) });
  await screen.findByRole('heading', { name: 'Preferências', level: 1 }, PAGE_LOAD);
  const puts = () =>
    requests.filter(
      (r) => new URL(r.url).pathname === '/api/users/preferences' && r.method === 'PUT',
    );
  return { ...rendered, puts };
}

describe('/preferences (spec §2, §8)', () => {
  it("given saved preferences, then the two checkboxes show them; when changed and saved, then the PUT and 'Preferências salvas com sucesso!'", async () => {
    const page = await openPreferences();
    const email = await screen.findByRole('checkbox', { name: 'Notificações por email' });
    const sms = screen.getByRole('checkbox', { name: 'Notificações por SMS' });
    expect(email).toHaveProperty('checked', true);
    expect(sms).toHaveProperty('checked', false);

    await page.user.click(email);
    await page.user.click(sms);
    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Preferências salvas com sucesso!')).toBeTruthy();
    expect(await page.puts()[0]?.json()).toEqual({ notifications: saved });
    expect(page.store.getState().auth.user?.preferences).toEqual({ notifications: saved });
    expect(screen.getByRole('link', { name: 'Voltar para o Perfil' }).getAttribute('href')).toBe(
      '/perfil',
    );
  });

  it.each([
    [
      'a 404',
      () => json({ message: 'x' }, { status: 404 }),
      'Endpoint de preferências não encontrado.',
    ],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Erro de conexão. Verifique sua internet.',
    ],
    ['another failure', () => new Response('', { status: 500 }), 'Erro ao carregar preferências.'],
  ])('given loading fails with %s, then %j', async (_l, load, message) => {
    await openPreferences(preferencesApi({ load }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it.each([
    ['a 404', () => json({}, { status: 404 }), 'Endpoint de preferências não encontrado.'],
    ['another failure', () => new Response('', { status: 500 }), 'Erro ao salvar preferências.'],
  ])('given saving fails with %s, then %j', async (_l, save, message) => {
    const page = await openPreferences(preferencesApi({ save }));
    await screen.findByRole('checkbox', { name: 'Notificações por SMS' });

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it("given an expired session, then 'Sessão expirada. Faça login novamente.' and the login page after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = await openPreferences(
      preferencesApi({
        load: () => json({ message: 'Token inválido. Faça login novamente.' }, { status: 401 }),
      }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sessão expirada. Faça login novamente.',
    );
    expect(page.store.getState().auth.user).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(page.router.state.location.pathname).toBe('/preferences');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(page.router.state.location.pathname).toBe('/login');
    expect(page.store.getState().auth.user).toBeNull();
  });
});
