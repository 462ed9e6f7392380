import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { descriptionOf } from '../../../testing/forms';
import { MemoryStorage } from '../../../testing/memory-storage';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import {
  captchaWidget,
  customer,
  loginBody,
  solveCaptcha,
  storageWithSession,
  stubAccountApi,
  tokenFor,
} from '../../../testing/session';

type Handler = (url: URL, request: Request) => Response | Promise<Response> | undefined;

function loginRequests(requests: Request[]) {
  return requests.filter((r) => new URL(r.url).pathname === '/api/auth/login');
}

/** Answers POST /api/auth/login with `answer`; everything else as stubAccountApi does. */
function onLogin(answer: () => Response | Promise<Response>): Handler {
  return (url) => (url.pathname === '/api/auth/login' ? answer() : undefined);
}

async function openLogin(handler?: Handler, storage: Storage = new MemoryStorage()) {
  const requests = stubAccountApi(handler ? { handler } : {});
  const rendered = renderApp({ route: '/login', storage });
  await screen.findByRole('heading', { name: 'Entrar', level: 1 }, PAGE_LOAD);
  const form = {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Senha'),
    captcha: screen.getByRole('group', { name: 'Verificação anti-robô' }),
    submit: screen.getByRole('button', { name: 'Entrar' }),
  };
  return { ...rendered, requests, form };
}

async function fillIn(
  { user, form }: Awaited<ReturnType<typeof openLogin>>,
  email = 'Maria@Example.com ',
  password = 'Segura1',
) {
  await user.type(form.email, email);
  await user.type(form.password, password);
  const widget = captchaWidget();
  solveCaptcha(widget, 'cGF5bG9hZC0x');
  return widget;
}

describe('/login: client validation (spec §5)', () => {
  it('given an empty form, when submitted, then each rule under its field and nothing is sent', async () => {
    const { user, form, requests } = await openLogin();

    await user.click(form.submit);

    // The rules load with the form's first focus, here the click itself.
    await waitFor(() => expect(descriptionOf(form.email)).toBe('Email é obrigatório.'));
    expect(descriptionOf(form.password)).toBe('Senha é obrigatória.');
    expect(descriptionOf(form.captcha)).toBe('Por favor, complete o reCAPTCHA.');
    expect(loginRequests(requests)).toHaveLength(0);
  });

  it('given a bad e-mail and a password without a digit, then the first rule each breaks', async () => {
    const page = await openLogin();
    await fillIn(page, 'maria@example', 'Segura');

    await page.user.click(page.form.submit);

    expect(descriptionOf(page.form.email)).toBe('Formato de email inválido.');
    expect(descriptionOf(page.form.password)).toBe('A senha deve conter pelo menos um número.');
    expect(descriptionOf(page.form.captcha)).toBe('');
    expect(loginRequests(page.requests)).toHaveLength(0);
  });

  it('given the links, then to the reset request and to the register page', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Cadastre-se' }).getAttribute('href')).toBe(
      '/register',
    );
  });
});

describe('/login: success (spec §2, §4)', () => {
  it("given valid credentials and a solved captcha, then the body sent, 'Entrando...', the success message and home after 5 s", async () => {
    const token = tokenFor(customer);
    const answer = deferredResponse();
    const page = await openLogin(onLogin(() => answer.promise));
    const widget = await fillIn(page);

    await page.user.click(page.form.submit);

    expect(screen.getByRole('button', { name: 'Entrando...' })).toHaveProperty('disabled', true);
    const [sent] = loginRequests(page.requests);
    expect(await sent?.json()).toEqual({
      email: 'maria@example.com',
      password: 'Segura1',
      recaptchaToken: 'cGF5bG9hZC0x',
    });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer.release(json(loginBody(customer, token)));
    expect(await screen.findByText('Login realizado com sucesso!')).toBeTruthy();
    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(page.storage.getItem('token')).toBe(token);
    expect(screen.getByText('Redirecionando para a página inicial em 5 segundos...')).toBeTruthy();
    // The form she may have scrolled down to is gone: the message is brought into view.
    await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1));
    expect(document.activeElement?.textContent).toBe('Bem-vindo!');

    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByText('Redirecionando para a página inicial em 1 segundo...')).toBeTruthy();
    expect(page.router.state.location.pathname).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(page.router.state.location.pathname).toBe('/');
  });

  it("given someone already logged in, then 'Você já está logado!' and home after 5 s", async () => {
    const storage = storageWithSession(customer);
    stubAccountApi({ user: customer });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderApp({ route: '/login', storage });

    expect(await screen.findByText('Você já está logado!')).toBeTruthy();
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(router.state.location.pathname).toBe('/login');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('/login: sent by a protected page (issue 36)', () => {
  it("given a visitor sent by the cart, then why, and once logged in 'Voltar ao carrinho' takes her back at once, the countdown to home still shown", async () => {
    const requests = stubAccountApi({
      handler: onLogin(() => json(loginBody(customer, tokenFor(customer)))),
    });
    const { user, router } = renderApp({ route: '/carrinho' });
    await screen.findByRole('heading', { name: 'Entrar', level: 1 }, PAGE_LOAD);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Faça login para ver o seu carrinho')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Senha'), 'Segura1');
    solveCaptcha(captchaWidget());
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Login realizado com sucesso!')).toBeTruthy();
    expect(loginRequests(requests)).toHaveLength(1);
    expect(screen.getByText('Redirecionando para a página inicial em 5 segundos...')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Voltar ao carrinho' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/carrinho'));
  });

  it('given a visitor sent by /pagamento, then a sentence of its own and no other page’s', async () => {
    stubAccountApi();
    renderApp({ route: '/pagamento' });
    await screen.findByRole('heading', { name: 'Entrar', level: 1 }, PAGE_LOAD);
    expect(screen.getByText('Faça login para finalizar o pagamento do seu pedido')).toBeTruthy();
    expect(screen.queryByText('Faça login para ver o seu carrinho')).toBeNull();
  });

  it('given /login opened by itself, then no reason and, once logged in, only the way home', async () => {
    const page = await openLogin(onLogin(() => json(loginBody(customer, tokenFor(customer)))));
    expect(screen.queryByText(/^Faça login para/)).toBeNull();
    await fillIn(page);
    await page.user.click(page.form.submit);
    expect(await screen.findByText('Login realizado com sucesso!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Voltar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para a Página Inicial' })).toBeTruthy();
  });
});

describe('/login: server errors (spec §8)', () => {
  it('given the server refuses the credentials, then its message above the form, and the captcha starts over', async () => {
    const page = await openLogin(
      onLogin(() => json({ message: 'Email ou senha incorretos.' }, { status: 401 })),
    );
    const widget = await fillIn(page);

    await page.user.click(page.form.submit);

    expect((await screen.findByRole('alert')).textContent).toBe('Email ou senha incorretos.');
    expect(widget.reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveProperty('disabled', false);

    await page.user.click(page.form.submit);
    expect(descriptionOf(page.form.captcha)).toBe('Por favor, complete o reCAPTCHA.');
    expect(loginRequests(page.requests)).toHaveLength(1);
  });

  it.each([
    ['User not found', 'email', 'Email não está cadastrado no sistema.'],
    ['Invalid credentials', 'password', 'Senha incorreta.'],
    [
      'Erro na verificação reCAPTCHA. Tente novamente.',
      'captcha',
      'Erro na verificação reCAPTCHA. Tente novamente.',
    ],
  ] as const)(
    'given the server says %j, then under the %s field: %j',
    async (message, field, shown) => {
      const page = await openLogin(onLogin(() => json({ message }, { status: 400 })));
      await fillIn(page);

      await page.user.click(page.form.submit);

      await waitFor(() => expect(descriptionOf(page.form[field])).toBe(shown));
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('given no network, then the connection message', async () => {
    const page = await openLogin(
      onLogin(() => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await fillIn(page);

    await page.user.click(page.form.submit);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Falha na conexão. Verifique sua rede.',
    );
  });

  it('given a validation answer with fields, then each field message under its field', async () => {
    const page = await openLogin(
      onLogin(() =>
        json(
          {
            message: 'A senha deve ter pelo menos 6 caracteres.',
            code: 'validation',
            fields: { password: 'A senha deve ter pelo menos 6 caracteres.' },
          },
          { status: 400 },
        ),
      ),
    );
    await fillIn(page);

    await page.user.click(page.form.submit);

    await waitFor(() =>
      expect(descriptionOf(page.form.password)).toBe('A senha deve ter pelo menos 6 caracteres.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('given a stored session the server refused, then its reason on the login page', async () => {
    stubAccountApi({
      handler: (url) =>
        url.pathname === '/api/users/profile'
          ? json({ message: 'Token inválido. Faça login novamente.' }, { status: 401 })
          : undefined,
    });
    renderApp({ route: '/login', storage: storageWithSession(customer) });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Token inválido. Faça login novamente.');
    expect(within(alert.closest('form') ?? document.body).getByLabelText('Email')).toBeTruthy();
  });
});
