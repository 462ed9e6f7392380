import { CONFIRM_EMAIL_PATH, UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PATH } from '@quitute/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fakeEmailLinksServer,
  type EmailLinksServerOptions,
} from '../../../testing/email-links-server';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { customer, storageWithSession, stubAccountApi } from '../../../testing/session';

function openLink(
  route: string,
  options: EmailLinksServerOptions & { signedIn?: boolean; offline?: boolean } = {},
) {
  const server = fakeEmailLinksServer(options);
  const requests = stubAccountApi({
    ...(options.signedIn ? { user: customer } : {}),
    handler: (url, request) =>
      options.offline && request.method === 'POST'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : server.answer(url, request),
  });
  const rendered = renderApp({
    route,
    ...(options.signedIn ? { storage: storageWithSession(customer) } : {}),
  });
  const posts = (pathname: string) =>
    requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === pathname);
  return { ...rendered, server, posts };
}

const card = (title: string) => screen.findByRole('region', { name: title }, PAGE_LOAD);

describe(`${CONFIRM_EMAIL_PATH}?token= (issue 41: the confirmation link)`, () => {
  it("given a valid link and nobody signed in, when it opens, then it posts the token once and says 'E-mail confirmado com sucesso!', with a link to 'Início'", async () => {
    const { posts } = openLink(`${CONFIRM_EMAIL_PATH}?token=abc.def`, {
      confirmations: { 'abc.def': 'confirmed' },
    });
    const page = await card('Confirmação de e-mail');

    expect(
      (await within(page).findByText('E-mail confirmado com sucesso!')).getAttribute('role'),
    ).toBe('status');
    const sent = posts('/api/users/confirm-email');
    expect(sent).toHaveLength(1);
    expect(await sent[0]?.clone().json()).toEqual({ token: 'abc.def' });
    expect(within(page).getByRole('link', { name: 'Início' }).getAttribute('href')).toBe('/');
  });

  it("given her session in this browser, then the link after the answer is 'Meu perfil'", async () => {
    openLink(`${CONFIRM_EMAIL_PATH}?token=abc`, {
      signedIn: true,
      confirmations: { abc: 'already-confirmed' },
    });
    const page = await card('Confirmação de e-mail');

    expect(
      (await within(page).findByText('Seu e-mail já está confirmado.')).getAttribute('role'),
    ).toBe('status');
    expect(within(page).getByRole('link', { name: 'Meu perfil' }).getAttribute('href')).toBe(
      '/perfil',
    );
  });

  it.each([
    [
      'expired',
      'expired' as const,
      'Este link de confirmação expirou. Peça um novo no seu perfil.',
    ],
    [
      'for an e-mail changed since',
      'stale' as const,
      'Este link confirma um e-mail que não é mais o da sua conta.',
    ],
    ['unknown or tampered', undefined, 'Link de confirmação inválido.'],
  ])("given a link %s, then the server's message as an error", async (_case, outcome, message) => {
    openLink(`${CONFIRM_EMAIL_PATH}?token=abc`, {
      confirmations: outcome ? { abc: outcome } : {},
    });
    const page = await card('Confirmação de e-mail');

    expect((await within(page).findByRole('alert')).textContent).toBe(message);
  });

  it("given a link without a token, then 'Link de confirmação inválido.' without asking the server", async () => {
    const { posts } = openLink(`${CONFIRM_EMAIL_PATH}?token=%20`);
    const page = await card('Confirmação de e-mail');

    expect(within(page).getByRole('alert').textContent).toBe('Link de confirmação inválido.');
    expect(posts('/api/users/confirm-email')).toEqual([]);
  });

  it("given the server still answering, then 'Processando...' until its answer", async () => {
    const answer = deferredResponse();
    stubAccountApi({
      handler: (url) => (url.pathname === '/api/users/confirm-email' ? answer.promise : undefined),
    });
    renderApp({ route: `${CONFIRM_EMAIL_PATH}?token=abc` });
    const page = await card('Confirmação de e-mail');

    expect(within(page).getByRole('status').textContent).toBe('Processando...');
    answer.release(json({ message: 'E-mail confirmado com sucesso!', position: 9 }));
    expect(await within(page).findByText('E-mail confirmado com sucesso!')).toBeTruthy();
    expect(within(page).queryByText('Processando...')).toBeNull();
  });

  it('given no connection, then the connection message', async () => {
    openLink(`${CONFIRM_EMAIL_PATH}?token=abc`, { offline: true });
    const page = await card('Confirmação de e-mail');

    expect((await within(page).findByRole('alert')).textContent).toBe(
      'Erro de conexão. Verifique sua internet.',
    );
  });
});

describe(`${UNSUBSCRIBE_PATH}?token= (issue 41: one-click unsubscribe in the browser)`, () => {
  it("given her link, when it opens, then POST …/unsubscribe?token= without a body, the server's message and a link to the preferences", async () => {
    const { posts, server } = openLink(`${UNSUBSCRIBE_PATH}?token=u.sig`, {
      unsubscribes: { 'u.sig': { emailOn: true } },
    });
    const page = await card('Cancelar e-mails');

    expect((await within(page).findByText(/não receberá mais e-mails/)).textContent).toBe(
      'Pronto: você não receberá mais e-mails sobre seus pedidos. Você pode reativá-los em Preferências.',
    );
    const [sent] = posts(UNSUBSCRIBE_API_PATH);
    expect(new URL(sent?.url ?? '').searchParams.get('token')).toBe('u.sig');
    expect(await sent?.clone().text()).toBe('');
    expect(server.state.unsubscribes['u.sig']?.emailOn).toBe(false);
    expect(
      within(page).getByRole('link', { name: 'Preferências de notificação' }).getAttribute('href'),
    ).toBe('/preferences');
  });

  it('given the preference already off, then the server says so', async () => {
    openLink(`${UNSUBSCRIBE_PATH}?token=u.sig`, { unsubscribes: { 'u.sig': { emailOn: false } } });
    const page = await card('Cancelar e-mails');

    expect(
      (
        await within(page).findByText('Você já não recebe e-mails sobre seus pedidos.')
      ).getAttribute('role'),
    ).toBe('status');
  });

  it("given a tampered link, then 'Link de descadastro inválido.' as an error", async () => {
    openLink(`${UNSUBSCRIBE_PATH}?token=u.forged`, {
      unsubscribes: { 'u.sig': { emailOn: true } },
    });
    const page = await card('Cancelar e-mails');

    expect((await within(page).findByRole('alert')).textContent).toBe(
      'Link de descadastro inválido.',
    );
  });

  it("given a link without a token, then 'Link de descadastro inválido.' without asking the server", async () => {
    const { posts } = openLink(UNSUBSCRIBE_PATH);
    const page = await card('Cancelar e-mails');

    expect(within(page).getByRole('alert').textContent).toBe('Link de descadastro inválido.');
    expect(posts(UNSUBSCRIBE_API_PATH)).toEqual([]);
  });
});
