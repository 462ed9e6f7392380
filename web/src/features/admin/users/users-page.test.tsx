import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import {
  fakeAdminServer,
  userDto,
  type AdminServerOptions,
  adminOrderDto,
} from '../testing/admin-server';

const me = userDto({ id: admin.id, name: admin.name, email: admin.email, role: 'admin' });
const maria = userDto({ phone: '' });

async function openUsers(options: AdminServerOptions = {}) {
  const server = fakeAdminServer({ users: [me, maria], ...options });
  const rendered = renderApp({ route: '/admin/users', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Gerenciamento de Usuários' }, PAGE_LOAD);
  await screen.findByRole('table', {}, PAGE_LOAD);
  return { ...rendered, server };
}

function row(name: string): HTMLElement {
  const found = screen.getByRole('link', { name }).closest('tr');
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

describe('/admin/users (admin-spec §2 "Users page", §5)', () => {
  it('given users, then the stat cards and rows with an 8-character ID, N/A for no phone and the role badge', async () => {
    await openUsers();

    const stats = screen.getByRole('list', { name: 'Estatísticas de usuários' });
    expect(within(stats).getByText('Administradores').nextSibling?.textContent).toBe('1');
    expect(within(stats).getByText('Clientes').nextSibling?.textContent).toBe('1');
    expect(row('Maria da Silva').textContent).toContain(maria.id.slice(0, 8));
    expect(row('Maria da Silva').textContent).not.toContain(maria.id.slice(0, 9));
    expect(row('Maria da Silva').textContent).toContain('N/A');
    expect(row('Maria da Silva').textContent).toContain('Cliente');
    expect(row(admin.name).textContent).toContain('Administrador');
    expect(row(admin.name).textContent).toContain('(11) 98765-4321');
  });

  it("given my own row, then its delete is disabled and its role cannot be changed; another user's can", async () => {
    const { user } = await openUsers();

    const ownDelete = within(row(admin.name)).getByRole('button', {
      name: `Excluir ${admin.name}`,
    });
    expect(ownDelete).toHaveProperty('disabled', true);
    expect(ownDelete.getAttribute('title')).toBe('Você não pode excluir sua própria conta.');
    expect(
      within(row('Maria da Silva')).getByRole('button', { name: 'Excluir Maria da Silva' }),
    ).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('button', { name: `Editar ${admin.name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Usuário' });
    const role = within(dialog).getByLabelText('Role');
    expect(role).toHaveProperty('disabled', true);
    expect(role.getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.textContent).toContain('Não é possível mudar a própria role.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Editar Maria da Silva' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Role')).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByRole('dialog').textContent).not.toContain(
      'Não é possível mudar a própria role.',
    );
  });

  it('given a user edited, then "Usuário atualizado com sucesso!" and the list shows the new name', async () => {
    const { user, server } = await openUsers();

    await user.click(screen.getByRole('button', { name: 'Editar Maria da Silva' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Maria Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect((await screen.findByRole('dialog', { name: 'Sucesso' })).textContent).toContain(
      'Usuário atualizado com sucesso!',
    );
    expect(await screen.findByRole('link', { name: 'Maria Souza' })).toBeTruthy();
    const [put] = server.calls(`/api/admin/users/${maria.id}`, 'PUT');
    expect(await put?.clone().json()).toEqual({
      name: 'Maria Souza',
      email: maria.email,
      phone: '',
      address: maria.address,
      role: 'user',
    });
  });

  it('given a phone pasted in the form as +55 11 91111-2222, then it reads (11) 91111-2222', async () => {
    const { user, server } = await openUsers();

    await user.click(screen.getByRole('button', { name: 'Editar Maria da Silva' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('Telefone'));
    await user.paste('+55 11 91111-2222');
    expect(within(dialog).getByLabelText('Telefone')).toHaveProperty('value', '(11) 91111-2222');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await screen.findByRole('dialog', { name: 'Sucesso' });
    const [put] = server.calls(`/api/admin/users/${maria.id}`, 'PUT');
    expect(await put?.clone().json()).toMatchObject({ phone: '(11) 91111-2222' });
  });

  it('given a save refused, then the server message stays in the form; without one, "Falha ao salvar usuário."', async () => {
    let message: string | null = 'Email já registrado.';
    const { user } = await openUsers({
      handler: (url, request) =>
        request.method === 'POST'
          ? json(message ? { message } : {}, { status: message ? 409 : 500 })
          : undefined,
    });

    await user.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Novo Usuário' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Email já registrado.')).toBeTruthy();

    message = null;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Falha ao salvar usuário.')).toBeTruthy();
  });

  it('given no users match, then "Nenhum usuário encontrado."; a failing list says "Erro ao carregar usuários."', async () => {
    let failing = false;
    const { user } = await openUsers({
      handler: (url) =>
        failing && url.pathname === '/api/admin/users' ? json({}, { status: 500 }) : undefined,
    });

    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.type(screen.getByLabelText('Buscar usuários'), 'ninguém');
    expect(
      await screen.findByText('Nenhum usuário encontrado.', {}, { timeout: 2_000 }),
    ).toBeTruthy();

    failing = true;
    await user.selectOptions(screen.getByLabelText('Role'), 'user');
    expect(await screen.findByText('Erro ao carregar usuários.')).toBeTruthy();
  });
});

describe('admin detail pages (admin-spec §2)', () => {
  it('given a user id, then name, e-mail, phone, N/A address, role and registration date, with the back link', async () => {
    fakeAdminServer({ users: [userDto({ address: '' })] });
    renderApp({ route: `/admin/users/${maria.id}`, storage: storageWithSession(admin) });

    const details = await screen.findByRole('region', { name: 'Dados do usuário' }, PAGE_LOAD);
    expect(details.textContent).toContain('Maria da Silva');
    expect(details.textContent).toContain('maria@example.com');
    expect(details.textContent).toContain('(11) 98765-4321');
    expect(details.textContent).toContain('N/A');
    expect(details.textContent).toContain('Cliente');
    expect(details.textContent).toContain('01/10/2030');
    expect(screen.getByRole('link', { name: 'Voltar para Usuários' }).getAttribute('href')).toBe(
      '/admin/users',
    );
  });

  it('given an unknown user, then "Usuário não encontrado." on the page (no redirect)', async () => {
    fakeAdminServer({
      handler: (url) =>
        url.pathname.startsWith('/api/admin/users/') ? json({}, { status: 404 }) : undefined,
    });
    const { router } = renderApp({
      route: '/admin/users/nope',
      storage: storageWithSession(admin),
    });

    expect(await screen.findByText('Usuário não encontrado.', {}, PAGE_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users/nope');
  });

  it('given an order id, then its details with items, payment fields and the back link; a 403 goes to /login', async () => {
    const order = adminOrderDto({
      deliveryType: 'delivery',
      customerAddress: {
        streetName: 'Rua A',
        streetNumber: '10',
        neighborhood: 'Centro',
        city: 'São Paulo',
        federalUnit: 'SP',
        zipCode: '01001000',
        complement: 'Apto 5',
      },
      details: 'Sem açúcar',
    });
    let forbidden = false;
    fakeAdminServer({
      orders: [order],
      handler: (url) =>
        forbidden && url.pathname.startsWith('/api/admin/orders/')
          ? json({ message: 'Acesso negado.' }, { status: 403 })
          : undefined,
    });
    const { router } = renderApp({
      route: `/admin/orders/${order._id}`,
      storage: storageWithSession(admin),
    });

    expect(await screen.findByText('Pedido #1001', {}, PAGE_LOAD)).toBeTruthy();
    const main = screen.getByRole('main');
    for (const text of [
      order._id,
      'Pendente',
      'R$ 51,00',
      'Maria da Silva',
      'Entrega',
      'Apto 5',
      'CEP 01001-000',
      'R$ 0,60',
      'R$ 30,00',
      'Pix',
      '1234567890',
      'Sem açúcar',
    ]) {
      expect(main.textContent).toContain(text);
    }
    expect(screen.getByRole('link', { name: 'Voltar para Pedidos' }).getAttribute('href')).toBe(
      '/admin/orders',
    );

    forbidden = true;
    await router.navigate('/admin/orders/outro');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });
});
