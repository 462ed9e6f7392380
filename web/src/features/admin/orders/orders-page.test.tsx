import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession, tokenFor } from '../../../testing/session';
import { fakeAdminServer, type AdminServerOptions, adminOrderDto } from '../testing/admin-server';

const delivered = adminOrderDto({
  _id: 'b1c2d3e4-0000-4000-8000-000000000002',
  orderNumber: 1002,
  orderStatus: 'delivered',
  paymentStatus: 'approved',
  deliveryType: 'delivery',
  customerName: 'José Lima',
});
const pending = adminOrderDto({ _id: 'a3f1c2d4-0000-4000-8000-000000000001', orderNumber: 1001 });

async function openOrders(options: AdminServerOptions = {}) {
  const server = fakeAdminServer({ orders: [delivered, pending], ...options });
  const rendered = renderApp({ route: '/admin/orders', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Gerenciamento de Pedidos' }, PAGE_LOAD);
  return { ...rendered, server };
}

function row(orderNumber: number): HTMLElement {
  const cell = screen.getByText(`#${orderNumber}`);
  const found = cell.closest('tr');
  if (!found) throw new Error(`no row for #${orderNumber}`);
  return found;
}

describe('/admin/orders (admin-spec §2 "Orders page")', () => {
  it('given orders, then five stat cards and rows with number and id, items as "quantity x name", delivery type, badges and the details link', async () => {
    await openOrders();
    await screen.findByText('#1002', {}, PAGE_LOAD);

    const stats = screen.getByRole('list', { name: 'Estatísticas de pedidos' });
    expect(within(stats).getAllByRole('listitem')).toHaveLength(5);
    expect(within(stats).getByText('Entregues').nextSibling?.textContent).toBe('1');
    const first = row(1002);
    expect(first.textContent).toContain(delivered._id);
    expect(first.textContent).toContain('50 x Coxinha de Frango');
    expect(first.textContent).toContain('30 x Brigadeiro');
    expect(first.textContent).toContain('Entrega');
    expect(first.textContent).toContain('25/11/2030 14:30');
    expect(first.textContent).toContain('Entregue');
    expect(first.textContent).toContain('Aprovado');
    expect(first.textContent).toContain('R$ 51,00');
    expect(row(1001).textContent).toContain('Retirada');
    expect(row(1001).textContent).toContain('Pendente');
    expect(
      within(first).getByRole('link', { name: 'Ver detalhes do pedido 1002' }).getAttribute('href'),
    ).toBe(`/admin/orders/${delivered._id}`);
    expect(screen.getByText(/Filtro: Todos \| Página: 1 \| Pedidos: 2 de 2/)).toBeTruthy();
  });

  it('given a status filter on page 2, then page 1 with that status is asked for; none found shows the empty text', async () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      adminOrderDto({ _id: `order-${index}`, orderNumber: 2000 + index }),
    );
    const { user, server } = await openOrders({ orders: many });
    await screen.findByText('Página 1 de 2', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 2');

    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(
      await screen.findByText('Nenhum pedido encontrado com os critérios de busca/filtro.'),
    ).toBeTruthy();
    expect(server.queries('/api/admin/orders').at(-1)).toBe(
      '?page=1&limit=10&orderStatus=cancelled',
    );
    expect(screen.getByText(/Filtro: Cancelado \| Página: 1/)).toBeTruthy();
  });

  it('given a new status chosen in the modal, then the success message and the list shows it', async () => {
    const { user, server } = await openOrders();
    await screen.findByText('#1001', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Atualizar status do pedido 1001' }));
    const dialog = screen.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    expect(dialog.textContent).toContain('#1001');
    expect(dialog.textContent).toContain('Maria da Silva');
    await user.selectOptions(within(dialog).getByLabelText('Status do pedido'), 'in_transit');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const success = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(success.textContent).toContain('Status do pedido atualizado com sucesso!');
    await waitFor(() => expect(row(1001).textContent).toContain('Em Trânsito'));
    const [put] = server.calls(`/api/admin/orders/${pending._id}/status`, 'PUT');
    expect(await put?.clone().json()).toEqual({ orderStatus: 'in_transit' });
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given a delete, then the confirmation names the order; a failure shows the server message in an error modal', async () => {
    const { user } = await openOrders({
      handler: (url, request) =>
        request.method === 'DELETE' ? json({ message: 'Falhou.' }, { status: 500 }) : undefined,
    });
    await screen.findByText('#1001', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Excluir pedido 1001' }));
    expect(screen.getByRole('dialog', { name: 'Confirmação' }).textContent).toContain(
      `Tem certeza que deseja excluir o pedido ${pending._id}? Esta ação é irreversível.`,
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('dialog', { name: 'Erro' })).textContent).toContain('Falhou.');
  });

  it('given cancelled chosen for a paid order, then the exact refund warning first; Cancelar sends nothing, Confirmar sends the PUT and tells how the refund went', async () => {
    const paid = adminOrderDto({
      ...pending,
      total: 120,
      paymentStatus: 'approved',
      orderStatus: 'processing',
      refundable: 120,
    });
    const { user, server } = await openOrders({ orders: [paid] });
    await screen.findByText('#1001', {}, PAGE_LOAD);
    const put = () => server.calls(`/api/admin/orders/${paid._id}/status`, 'PUT');

    await user.click(screen.getByRole('button', { name: 'Atualizar status do pedido 1001' }));
    let dialog = screen.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    await user.selectOptions(within(dialog).getByLabelText('Status do pedido'), 'cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirmação' });
    expect(confirm.textContent).toContain('O pagamento de R$ 120,00 será estornado ao cliente.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(put()).toHaveLength(0);

    dialog = screen.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    expect(dialog.textContent).toContain('#1001');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirmação' })).getByRole('button', {
        name: 'Confirmar',
      }),
    );
    const success = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(success.textContent).toContain(
      'Status do pedido atualizado com sucesso! Reembolso de R$ 120,00 realizado.',
    );
    expect(put()).toHaveLength(1);
    expect(await put()[0]?.clone().json()).toEqual({ orderStatus: 'cancelled' });
  });

  it('given delivered chosen for an unpaid order, then the unpaid warning before the PUT; another status of a paid order asks nothing', async () => {
    const paid = adminOrderDto({ ...delivered, orderStatus: 'processing', refundable: 51 });
    const { user, server } = await openOrders({ orders: [paid, pending] });
    await screen.findByText('#1001', {}, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Atualizar status do pedido 1001' }));
    let dialog = screen.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    await user.selectOptions(within(dialog).getByLabelText('Status do pedido'), 'delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirmação' });
    expect(confirm.textContent).toContain(
      'Este pedido ainda não foi pago. Marcar como entregue mesmo assim?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sucesso' })).getByRole('button', {
        name: 'OK',
      }),
    );
    expect(server.calls(`/api/admin/orders/${pending._id}/status`, 'PUT')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Atualizar status do pedido 1002' }));
    dialog = screen.getByRole('dialog', { name: 'Atualizar Status do Pedido' });
    await user.selectOptions(within(dialog).getByLabelText('Status do pedido'), 'delivered');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('dialog', { name: 'Sucesso' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirmação' })).toBeNull();
  });

  it('given a delete refused for a paid order (409), then the server message in the error modal', async () => {
    const refusal = 'Este pedido foi pago e não pode ser excluído.';
    const { user } = await openOrders({
      handler: (url, request) =>
        request.method === 'DELETE' ? json({ message: refusal }, { status: 409 }) : undefined,
    });
    await screen.findByText('#1002', {}, PAGE_LOAD);
    await user.click(screen.getByRole('button', { name: 'Excluir pedido 1002' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('dialog', { name: 'Erro' })).textContent).toContain(refusal);
  });

  it('given the list answered 401, then the login page', async () => {
    const { router } = await openOrders({
      handler: (url) =>
        url.pathname === '/api/admin/orders'
          ? json({ message: 'Não autorizado.' }, { status: 401 })
          : undefined,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });
});

/** Catches the CSV the page hands to the browser: its name and its text. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:csv-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

describe('/admin/orders: delivery date, sort and CSV (issue 40)', () => {
  it('given a delivery date and a sort, then page 1 of those orders is asked for, sorted so', async () => {
    const later = adminOrderDto({
      _id: 'c0000000-0000-4000-8000-000000000003',
      orderNumber: 1003,
      deliveryDate: '2030-11-25T09:00:00-03:00',
    });
    const other = adminOrderDto({
      _id: 'c0000000-0000-4000-8000-000000000004',
      orderNumber: 1004,
      deliveryDate: '2030-11-26T09:00:00-03:00',
    });
    const { user, server } = await openOrders({ orders: [pending, later, other] });
    await screen.findByText('#1004', {}, PAGE_LOAD);
    expect(screen.getByLabelText<HTMLSelectElement>('Ordenar por').value).toBe('createdAt_desc');

    fireEvent.change(screen.getByLabelText('Data de entrega'), {
      target: { value: '2030-11-25' },
    });
    await user.selectOptions(
      screen.getByLabelText('Ordenar por'),
      'Data de entrega (mais próxima)',
    );

    await waitFor(() =>
      expect(server.queries('/api/admin/orders').at(-1)).toBe(
        '?page=1&limit=10&deliveryDate=2030-11-25&sort=deliveryDate_asc',
      ),
    );
    await waitFor(() =>
      expect(screen.queryAllByText(/^#10\d\d$/).map((cell) => cell.textContent)).toEqual([
        '#1003',
        '#1001',
      ]),
    );
  });

  it("given 'Exportar CSV', then GET /api/admin/orders.csv with the list's filters and the session's token, saved under the server's file name", async () => {
    const token = tokenFor(admin);
    const server = fakeAdminServer({ orders: [delivered, pending] });
    const { user } = renderApp({
      route: '/admin/orders',
      storage: storageWithSession(admin, token),
    });
    await screen.findByText('#1002', {}, PAGE_LOAD);
    const saved = catchDownloads();
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    fireEvent.change(screen.getByLabelText('Data de entrega'), {
      target: { value: '2030-11-25' },
    });
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'deliveryDate_desc');

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const [request] = server.calls('/api/admin/orders.csv', 'GET');
    expect(new URL(request?.url ?? '').search).toBe(
      '?orderStatus=pending&deliveryDate=2030-11-25&sort=deliveryDate_desc',
    );
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(saved[0]?.name).toBe('pedidos-2030-11-21.csv');
    const bytes = new Uint8Array(await (saved[0]?.blob ?? new Blob()).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFPedido;Cliente\r\n1001;Maria da Silva\r\n',
    );
  });

  it('given the server refuses the export, then its message and nothing saved', async () => {
    const { user } = await openOrders({
      handler: (url) =>
        url.pathname === '/api/admin/orders.csv'
          ? json({ message: 'Acesso negado: apenas administradores.' }, { status: 403 })
          : undefined,
    });
    await screen.findByText('#1002', {}, PAGE_LOAD);
    const saved = catchDownloads();

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    const dialog = await screen.findByRole('dialog', { name: 'Erro' });
    expect(dialog.textContent).toContain('Acesso negado: apenas administradores.');
    expect(saved).toHaveLength(0);
  });
});
