import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emailConfirmationQueryApi } from '../api/email-confirmation-api';
import { fakeEmailLinksServer } from '../../../testing/email-links-server';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { orderDto } from '../../../testing/payments-server';
import { descriptionOf } from '../../../testing/forms';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import {
  customer,
  profileBody,
  storageWithSession,
  stubAccountApi,
  tokenFor,
} from '../../../testing/session';

type Handler = (url: URL, request: Request) => Response | Promise<Response> | undefined;

function onSave(answer: () => Response | Promise<Response>): Handler {
  return (url, request) =>
    url.pathname === '/api/users/profile' && request.method === 'PUT' ? answer() : undefined;
}

async function openProfile(handler?: Handler) {
  const token = tokenFor(customer);
  // The recent orders table asks for orders: none unless the test says otherwise.
  const orders: Handler = (url, request) =>
    handler?.(url, request) ?? (url.pathname === '/api/orders' ? json([]) : undefined);
  const requests = stubAccountApi({ user: customer, handler: orders });
  const rendered = renderApp({ route: '/perfil', storage: storageWithSession(customer, token) });
  await screen.findByRole('heading', { name: 'Meu Perfil', level: 1 }, PAGE_LOAD);
  const form = {
    name: screen.getByLabelText('Nome'),
    email: screen.getByLabelText('Email'),
    phone: screen.getByLabelText('Telefone'),
    address: screen.getByLabelText('Endereço'),
  };
  const saves = () =>
    requests.filter((r) => new URL(r.url).pathname === '/api/users/profile' && r.method === 'PUT');
  return { ...rendered, form, requests, saves, token };
}

describe('/perfil (spec §2)', () => {
  it('given a logged-in user, then name, phone and address to edit and the e-mail read-only', async () => {
    const { form } = await openProfile();
    expect(form.name).toHaveProperty('value', 'Maria da Silva');
    expect(form.phone).toHaveProperty('value', '(11) 98765-4321');
    expect(form.phone.getAttribute('inputmode')).toBe('tel');
    expect(form.phone.getAttribute('autocomplete')).toBe('tel');
    expect(form.address).toHaveProperty('value', 'Rua das Flores, 123');
    expect(form.email).toHaveProperty('value', 'maria@example.com');
    expect(form.email).toHaveProperty('readOnly', true);
  });

  it('given orders, then the table of the 3 most recent from GET /api/orders?limit=3: number, day, items, total and the combined status', async () => {
    const recent = [
      orderDto({
        _id: 'o-3',
        orderNumber: 1003,
        orderStatus: 'ready_for_pickup',
        paymentStatus: 'approved',
        createdAt: '2030-11-20T13:05:00.000Z',
      }),
      orderDto({ _id: 'o-2', orderNumber: 1002, createdAt: '2030-11-19T02:30:00.000Z' }),
    ];
    const { requests } = await openProfile((url) =>
      url.pathname === '/api/orders' ? json(recent) : undefined,
    );
    const table = screen.getByRole('table');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Pedido #', 'Data', 'Itens', 'Total', 'Status']);
    await within(table).findByText('1003');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['1003', '20/11/2030', '2 itens', 'R$ 51,00', 'Aprovado ✔ (Pronto para Retirada)'],
      ['1002', '18/11/2030', '2 itens', 'R$ 51,00', 'Pendente (Pendente)'],
    ]);
    expect(within(table).getByRole('link', { name: '1003' }).getAttribute('href')).toBe(
      '/my-orders/o-3',
    );
    const asked = requests
      .map((r) => new URL(r.url))
      .filter((url) => url.pathname === '/api/orders')
      .map((url) => url.search);
    expect(asked).toEqual(['?limit=3']);
  });

  it('given no orders, then the table says so', async () => {
    await openProfile((url) => (url.pathname === '/api/orders' ? json([]) : undefined));
    expect(
      await within(screen.getByRole('table')).findByText('Você ainda não fez pedidos.'),
    ).toBeTruthy();
  });

  it('given the account links, then all orders, change password, preferences', async () => {
    await openProfile();
    const nav = screen.getByRole('navigation', { name: 'Minha conta' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Ver todos os pedidos', '/orders'],
      ['Alterar senha', '/reset-password'],
      ['Preferências de notificação', '/preferences'],
    ]);
  });

  it('given Sair, then logged out and on the login page', async () => {
    const { user, router, store } = await openProfile();
    const nav = screen.getByRole('navigation', { name: 'Minha conta' });

    await user.click(within(nav).getByRole('button', { name: 'Sair' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.user).toBeNull();
  });
});

describe('/perfil: saving (spec §5, §8)', () => {
  it('given a short phone and address, then their messages under the fields and nothing sent', async () => {
    const { user, form, saves } = await openProfile();
    await user.clear(form.phone);
    await user.type(form.phone, '1234');
    await user.clear(form.address);
    await user.type(form.address, 'Rua');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(descriptionOf(form.phone)).toBe('Telefone inválido (10-15 dígitos).'),
    );
    expect(descriptionOf(form.address)).toBe('Endereço deve ter pelo menos 5 caracteres.');
    expect(saves()).toHaveLength(0);
  });

  it('given a phone pasted as +55 11 91111-2222, then the field shows (11) 91111-2222 and the national digits are sent', async () => {
    const page = await openProfile(onSave(() => json({ ...profileBody(customer), position: 12 })));
    await page.user.clear(page.form.phone);
    await page.user.paste('+55 11 91111-2222');
    expect(page.form.phone).toHaveProperty('value', '(11) 91111-2222');

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(page.saves()).toHaveLength(1));
    expect(await page.saves()[0]?.json()).toMatchObject({ phone: '11911112222' });
  });

  it("given new data, then 'Salvando...', the PUT with the token, 'Perfil atualizado com sucesso!' and the session user updated", async () => {
    const answer = deferredResponse();
    const page = await openProfile(onSave(() => answer.promise));
    await page.user.clear(page.form.address);
    await page.user.type(page.form.address, 'Av. Brasil, 500');
    await page.user.clear(page.form.phone);
    await page.user.type(page.form.phone, '11911112222');
    expect(page.form.phone).toHaveProperty('value', '(11) 91111-2222');

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(screen.getByRole('button', { name: 'Salvando...' })).toHaveProperty('disabled', true);
    const [put] = page.saves();
    expect(put?.headers.get('Authorization')).toBe(`Bearer ${page.token}`);
    expect(await put?.json()).toEqual({
      name: 'Maria da Silva',
      phone: '11911112222',
      address: 'Av. Brasil, 500',
    });
    const saved = { ...customer, phone: '11911112222', address: 'Av. Brasil, 500' };
    answer.release(json({ ...profileBody(saved), position: 12 }));

    expect(await screen.findByText('Perfil atualizado com sucesso!')).toBeTruthy();
    expect(page.form.phone).toHaveProperty('value', '(11) 91111-2222');
    expect(page.store.getState().auth.user).toEqual(saved);
    expect(JSON.parse(page.storage.getItem('authUser') ?? 'null')).toEqual(saved);
  });

  it('given the server refuses a field, then its message under the field and above the form', async () => {
    const page = await openProfile(
      onSave(() =>
        json(
          {
            message: 'Endereço deve ter pelo menos 5 caracteres.',
            code: 'validation',
            fields: { address: 'Endereço deve ter pelo menos 5 caracteres.' },
          },
          { status: 400 },
        ),
      ),
    );

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Endereço deve ter pelo menos 5 caracteres.',
    );
    expect(descriptionOf(page.form.address)).toBe('Endereço deve ter pelo menos 5 caracteres.');
  });

  it("given a failure without a message, then 'Erro ao atualizar perfil.'", async () => {
    const page = await openProfile(onSave(() => new Response('', { status: 500 })));

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao atualizar perfil.');
  });

  it('given an expired session on save, then logged out and sent to the login page', async () => {
    const page = await openProfile(
      onSave(() =>
        json(
          { message: 'Sessão expirada: token expirado. Faça login novamente.' },
          { status: 401 },
        ),
      ),
    );

    await page.user.click(screen.getByRole('button', { name: 'Salvar' }));

    await vi.waitFor(() => expect(page.router.state.location.pathname).toBe('/login'));
    expect(page.store.getState().auth.token).toBeNull();
  });
});

describe('/perfil: the e-mail not confirmed yet (issue 41)', () => {
  async function openUnconfirmed(options: { emailConfirmed: boolean; resendsUsed?: number }) {
    const links = fakeEmailLinksServer();
    links.state.resends = options.resendsUsed ?? 0;
    const requests = stubAccountApi({
      user: customer,
      emailConfirmed: options.emailConfirmed,
      handler: (url, request) =>
        url.pathname === '/api/orders' ? json([]) : links.answer(url, request),
    });
    const rendered = renderApp({ route: '/perfil', storage: storageWithSession(customer) });
    await screen.findByRole('heading', { name: 'Meu Perfil', level: 1 }, PAGE_LOAD);
    const resends = () =>
      requests.filter(
        (r) => r.method === 'POST' && new URL(r.url).pathname === '/api/users/email-confirmation',
      );
    return { ...rendered, resends };
  }

  it("given her e-mail not confirmed, then the notice and 'Reenviar link de confirmação', which sends the link again and says so", async () => {
    const { user, resends } = await openUnconfirmed({ emailConfirmed: false });

    expect(
      await screen.findByText('Confirme seu e-mail para receber as notificações dos seus pedidos.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reenviar link de confirmação' }));

    expect(
      (
        await screen.findByText('Enviamos um novo link de confirmação para o seu e-mail.')
      ).getAttribute('role'),
    ).toBe('status');
    expect(resends()).toHaveLength(1);
    expect(resends()[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it("given the hour's resends spent (429), then the server's message as an error", async () => {
    const { user } = await openUnconfirmed({ emailConfirmed: false, resendsUsed: 3 });

    await user.click(await screen.findByRole('button', { name: 'Reenviar link de confirmação' }));

    expect(
      (await screen.findByText('Muitas tentativas. Tente novamente mais tarde.')).getAttribute(
        'role',
      ),
    ).toBe('alert');
  });

  it('given her e-mail confirmed, then no notice and the profile as the spec fixes it', async () => {
    const { store } = await openUnconfirmed({ emailConfirmed: true });

    await waitFor(() =>
      expect(
        emailConfirmationQueryApi.endpoints.getEmailConfirmed.select(undefined)(store.getState())
          .data,
      ).toBe(true),
    );
    expect(screen.getByLabelText('Email')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Reenviar link de confirmação' })).toBeNull();
    expect(
      screen.queryByText('Confirme seu e-mail para receber as notificações dos seus pedidos.'),
    ).toBeNull();
  });
});
