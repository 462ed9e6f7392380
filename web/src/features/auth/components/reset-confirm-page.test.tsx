import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { descriptionOf } from '../../../testing/forms';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { stubAccountApi } from '../../../testing/session';

type Handler = (url: URL, request: Request) => Response | undefined;

function onConfirm(answer: () => Response): Handler {
  return (url) => (url.pathname === '/api/auth/reset-password/confirm' ? answer() : undefined);
}

async function openResetConfirm(route = '/reset/tok3n-de-teste', handler?: Handler) {
  const requests = stubAccountApi(handler ? { handler } : {});
  const rendered = renderApp({ route });
  await screen.findByRole('heading', { name: 'Criar Nova Senha', level: 1 }, PAGE_LOAD);
  const password = screen.getByLabelText('Nova senha');
  const confirmation = screen.getByLabelText('Confirmar nova senha');
  const sent = () =>
    requests.filter((r) => new URL(r.url).pathname === '/api/auth/reset-password/confirm');
  return { ...rendered, password, confirmation, sent };
}

describe('/reset/:token: indicators (spec §2, §5)', () => {
  it('given a password being typed, then its strength goes Fraca, Média, Forte', async () => {
    const page = await openResetConfirm();
    expect(descriptionOf(page.password)).toBe('Força da senha: Fraca');

    await page.user.type(page.password, 'abcdef');
    expect(descriptionOf(page.password)).toBe('Força da senha: Média');

    await page.user.type(page.password, 'G1');
    expect(descriptionOf(page.password)).toBe('Força da senha: Forte');
  });

  it('given a confirmation, then whether both match', async () => {
    const page = await openResetConfirm();
    await page.user.type(page.password, 'NovaSenha1');
    expect(descriptionOf(page.confirmation)).toBe('');

    await page.user.type(page.confirmation, 'NovaSenha');
    expect(descriptionOf(page.confirmation)).toBe('✗ As senhas não coincidem.');

    await page.user.type(page.confirmation, '1');
    expect(descriptionOf(page.confirmation)).toBe('✓ As senhas coincidem.');
  });
});

describe('/reset/:token: submit (spec §5, §8)', () => {
  it('given a short password and a different confirmation, then their messages and nothing sent', async () => {
    const page = await openResetConfirm();
    await page.user.type(page.password, 'Nova1');
    await page.user.type(page.confirmation, 'Nova2');

    await page.user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));

    expect(descriptionOf(page.password)).toContain('A senha deve ter pelo menos 8 caracteres.');
    expect(descriptionOf(page.confirmation)).toBe('As senhas não coincidem.');
    expect(page.sent()).toHaveLength(0);
  });

  it("given a good password, then token and password are sent and 'Ir para Login' leads to /login", async () => {
    const page = await openResetConfirm(
      '/reset/tok3n-de-teste',
      onConfirm(() => json({ message: 'Senha redefinida com sucesso!', position: 9 })),
    );
    await page.user.type(page.password, 'NovaSenha1');
    await page.user.type(page.confirmation, 'NovaSenha1');

    await page.user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Senha redefinida com sucesso!');
    expect(await page.sent()[0]?.json()).toEqual({
      token: 'tok3n-de-teste',
      newPassword: 'NovaSenha1',
    });
    await page.user.click(within(dialog).getByRole('button', { name: 'Ir para Login' }));
    expect(page.router.state.location.pathname).toBe('/login');
  });

  it.each([
    [
      'a used or expired token',
      () =>
        json(
          {
            message: 'Token de redefinição inválido ou expirado. Solicite um novo link.',
            code: 'validation',
          },
          { status: 400 },
        ),
      'Token Inválido ou Expirado',
      'O link de redefinição expirou ou é inválido. Solicite um novo link.',
    ],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Erro de Conexão',
      'Servidor não respondeu. Verifique sua conexão.',
    ],
    [
      'anything else',
      () => new Response('', { status: 500 }),
      'Erro ao Redefinir Senha',
      'Erro inesperado. Tente novamente.',
    ],
  ])(
    'given %s, then the dialog %j, and Tentar Novamente closes it',
    async (_l, answer, title, text) => {
      const page = await openResetConfirm('/reset/tok3n-de-teste', onConfirm(answer));
      await page.user.type(page.password, 'NovaSenha1');
      await page.user.type(page.confirmation, 'NovaSenha1');

      await page.user.click(screen.getByRole('button', { name: 'Redefinir Senha' }));

      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog.textContent).toContain(text);
      await page.user.click(within(dialog).getByRole('button', { name: 'Tentar Novamente' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(page.router.state.location.pathname).toBe('/reset/tok3n-de-teste');
    },
  );

  it('given no token in the link, then it says so and nothing can be sent', async () => {
    const page = await openResetConfirm('/reset');
    expect(screen.getByRole('alert').textContent).toBe(
      'Token de redefinição não encontrado. Solicite um novo link.',
    );
    expect(screen.getByRole('button', { name: 'Redefinir Senha' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(page.sent()).toHaveLength(0);
  });
});
