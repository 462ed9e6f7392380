import { INTERRUPTED_ATTEMPT_ERROR } from '@quitute/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, customer, storageWithSession, stubAccountApi } from '../../../testing/session';
import { fakeAdminServer, notificationDto, type AdminServerOptions } from '../testing/admin-server';

async function openNotifications(options: AdminServerOptions = {}) {
  const server = fakeAdminServer(options);
  const rendered = renderApp({ route: '/admin/notificacoes', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Notificações' }, PAGE_LOAD);
  return { ...rendered, server };
}

const table = () => screen.findByRole('region', { name: 'Notificações' }, PAGE_LOAD);

function bodyRows(region: HTMLElement): HTMLElement[] {
  return within(region).getAllByRole('row').slice(1);
}

const cells = (row: HTMLElement | undefined) =>
  row
    ? within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    : [];

describe('/admin/notificacoes (issue 41)', () => {
  it("given the sidebar, then 'Notificações' leads to the page, current there", async () => {
    await openNotifications();

    const nav = screen.getByRole('navigation', { name: 'Administração' });
    const link = within(nav).getByRole('link', { name: 'Notificações' });
    expect(link.getAttribute('href')).toBe('/admin/notificacoes');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it("given failed and sent notifications, then the failed ones by default ('Falhou'), each row with date, kind, channel, recipient, order link, attempts, error and status", async () => {
    const { server } = await openNotifications({
      notifications: [
        notificationDto(),
        notificationDto({
          id: '6a1d2c3b-7777-4aaa-8bbb-000000000002',
          kind: 'shop_new_order',
          customer: null,
          lastError: INTERRUPTED_ATTEMPT_ERROR,
          interrupted: true,
          attempts: 1,
          orderNumber: 1002,
          orderId: 'a3f1c2d4-0000-4000-8000-000000000002',
        }),
        notificationDto({
          id: '6a1d2c3b-7777-4aaa-8bbb-000000000003',
          status: 'sent',
          lastError: null,
          attempts: 1,
        }),
      ],
    });

    const region = await table();
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Data', 'Tipo', 'Canal', 'Destinatário', 'Pedido', 'Tentativas', 'Erro', 'Status']);
    const [maria, shop] = bodyRows(region);
    expect(cells(maria)).toEqual([
      '20/11/2030 10:05',
      'Pedido recebido',
      'E-mail',
      'Maria da Silvamaria@example.com',
      '#1001',
      '5',
      '550 5.1.1 mailbox unavailable',
      'FalhouReenviar',
    ]);
    expect(
      within(maria ?? region)
        .getByRole('link', { name: '#1001' })
        .getAttribute('href'),
    ).toBe('/admin/orders/a3f1c2d4-0000-4000-8000-000000000001');
    expect(cells(shop).slice(1, 4)).toEqual(['Novo pedido (loja)', 'E-mail', 'Loja']);
    expect(cells(shop)[6]).toBe(INTERRUPTED_ATTEMPT_ERROR);
    expect(bodyRows(region)).toHaveLength(2);
    expect(server.queries('/api/admin/notifications')).toEqual(['?status=failed&page=1']);
  });

  it("given the filter set to 'Todos', then every status is asked for (no status sent), only failed rows offer 'Reenviar', and a retrying one says when", async () => {
    const { user, server } = await openNotifications({
      notifications: [
        notificationDto({ status: 'sent', lastError: null }),
        notificationDto({
          id: '6a1d2c3b-7777-4aaa-8bbb-000000000009',
          status: 'retrying',
          nextAttemptAt: '2030-11-20T13:10:00.000Z',
        }),
      ],
    });
    expect(await screen.findByText('Nenhuma notificação encontrada.', {}, PAGE_LOAD)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'Todos');

    const region = await table();
    const rows = bodyRows(region);
    expect(rows.map((row) => cells(row)[7])).toEqual([
      'Enviada',
      'Nova tentativa agendada (próxima em 20/11/2030 10:10)',
    ]);
    expect(within(region).queryByRole('button', { name: /Reenviar/ })).toBeNull();
    expect(server.queries('/api/admin/notifications').at(-1)).toBe('?page=1');
  });

  it("given 'Reenviar' on a failed row, then the POST, the server's message, and the list asked again after that write (X-Min-Position)", async () => {
    const { user, server } = await openNotifications({ notifications: [notificationDto()] });
    const region = await table();

    await user.click(
      within(region).getByRole('button', { name: 'Reenviar Pedido recebido de 20/11/2030 10:05' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(dialog.textContent).toContain('Reenvio solicitado.');
    expect(
      server.calls('/api/admin/notifications/6a1d2c3b-7777-4aaa-8bbb-000000000001/retry', 'POST'),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(
        server.calls('/api/admin/notifications', 'GET').at(-1)?.headers.get('X-Min-Position'),
      ).toBe('101'),
    );
    // Now sending, it is no longer among the failed ones.
    expect(await screen.findByText('Nenhuma notificação encontrada.')).toBeTruthy();
  });

  it('given a retry refused (409), then its message as an error and the row stays', async () => {
    const { user } = await openNotifications({
      notifications: [notificationDto()],
      handler: (url, request) =>
        request.method === 'POST' && url.pathname.endsWith('/retry')
          ? json({ message: 'Só é possível reenviar uma notificação que falhou.' }, { status: 409 })
          : undefined,
    });
    const region = await table();

    await user.click(within(region).getByRole('button', { name: /^Reenviar/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Erro' });
    expect(dialog.textContent).toContain('Só é possível reenviar uma notificação que falhou.');
    expect(bodyRows(region)).toHaveLength(1);
  });

  it('given more than a page, then Próxima asks for page 2', async () => {
    const many = Array.from({ length: 51 }, (_, index) =>
      notificationDto({ id: `6a1d2c3b-7777-4aaa-8bbb-${String(index).padStart(12, '0')}` }),
    );
    const { user, server } = await openNotifications({ notifications: many });
    await table();
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Próxima' }));

    await screen.findByText('Página 2 de 2');
    await waitFor(() =>
      expect(server.queries('/api/admin/notifications').at(-1)).toBe('?status=failed&page=2'),
    );
    await waitFor(async () => expect(bodyRows(await table())).toHaveLength(1));
  });

  it('given the list fails, then its message in the form-error paragraph', async () => {
    await openNotifications({
      handler: (url) =>
        url.pathname === '/api/admin/notifications'
          ? json({ message: 'Serviço indisponível.' }, { status: 503 })
          : undefined,
    });

    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Serviço indisponível.',
    );
  });

  it('given a customer, then the admin guard sends her to /login and the list is never asked', async () => {
    const requests = stubAccountApi({ user: customer });
    const { router } = renderApp({
      route: '/admin/notificacoes',
      storage: storageWithSession(customer),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
    expect(requests.some((r) => new URL(r.url).pathname === '/api/admin/notifications')).toBe(
      false,
    );
  });
});
