import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { descriptionOf } from '../../../testing/forms';
import { MemoryStorage } from '../../../testing/memory-storage';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { customer, storageWithSession, stubAccountApi } from '../../../testing/session';

type Handler = (url: URL, request: Request) => Response | undefined;

const resetRequested =
  'Se o email estiver cadastrado, você receberá um link para redefinir sua senha. O link expira em 1 hora.';

function onReset(answer: () => Response): Handler {
  return (url) => (url.pathname === '/api/auth/reset-password' ? answer() : undefined);
}

async function openResetRequest(handler?: Handler, storage: Storage = new MemoryStorage()) {
  const requests = stubAccountApi({ user: customer, ...(handler ? { handler } : {}) });
  const rendered = renderApp({ route: '/reset-password', storage });
  await screen.findByRole('heading', { name: 'Redefinir Senha', level: 1 }, PAGE_LOAD);
  const email = screen.getByLabelText('Email');
  const sent = () => requests.filter((r) => new URL(r.url).pathname === '/api/auth/reset-password');
  return { ...rendered, email, sent };
}

describe('/reset-password (spec §2, §5, §8)', () => {
  it('given the page, then it stands outside the main layout (only the logo, no menu, no footer)', async () => {
    await openResetRequest();
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Buscar' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    // The logo names the shop once its settings (GET /api/shop) answer.
    expect((await screen.findByRole('link', { name: 'Quitute' })).getAttribute('href')).toBe('/');
  });

  it.each([
    ['', 'Por favor, digite seu email.'],
    ['maria@', 'Por favor, digite um email válido.'],
  ])('given %j, then %j under the field and nothing sent', async (typed, message) => {
    const page = await openResetRequest();
    if (typed) await page.user.type(page.email, typed);

    await page.user.click(screen.getByRole('button', { name: 'Enviar Link' }));

    // The rules load with the form's first focus (the click itself when nothing was typed).
    await waitFor(() => expect(descriptionOf(page.email)).toBe(message));
    expect(page.sent()).toHaveLength(0);
  });

  it('given an e-mail, then it is sent lower-cased and trimmed and a dialog lists the next steps', async () => {
    const page = await openResetRequest(onReset(() => json({ message: resetRequested })));
    await page.user.type(page.email, '  Maria@Example.COM ');

    await page.user.click(screen.getByRole('button', { name: 'Enviar Link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verifique seu Email' });
    expect(await page.sent()[0]?.json()).toEqual({ email: 'maria@example.com' });
    expect(dialog.textContent).toContain(resetRequested);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Verifique sua caixa de entrada e também a pasta de spam.',
      'Clique no link de redefinição de senha do email.',
      'O link expira em 1 hora.',
    ]);
    await page.user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    [
      "the server's message",
      () => json({ message: 'Muitas tentativas. Tente mais tarde.' }, { status: 429 }),
      'Muitas tentativas. Tente mais tarde.',
    ],
    [
      "'Erro {status}: {statusText}' without one",
      () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
      'Erro 503: Service Unavailable',
    ],
    [
      'that the server did not answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Servidor não respondeu. Verifique sua conexão.',
    ],
  ])('given a failure, then %s, shown for 7 s', async (_label, answer, message) => {
    const page = await openResetRequest(onReset(answer));
    await page.user.type(page.email, 'maria@example.com');
    vi.useFakeTimers({ shouldAdvanceTime: true });

    await page.user.click(screen.getByRole('button', { name: 'Enviar Link' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    await act(() => vi.advanceTimersByTimeAsync(6_500));
    expect(screen.queryByRole('alert')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given a visitor, when Voltar is pressed, then the login page', async () => {
    const page = await openResetRequest();
    await page.user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(page.router.state.location.pathname).toBe('/login');
  });

  it('given a logged-in user, when Voltar is pressed, then the profile', async () => {
    const page = await openResetRequest(undefined, storageWithSession(customer));
    await page.user.click(screen.getByRole('button', { name: 'Voltar' }));
    await vi.waitFor(() => expect(page.router.state.location.pathname).toBe('/perfil'));
  });
});
