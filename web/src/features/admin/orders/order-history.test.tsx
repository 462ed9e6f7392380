import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import {
  fakeAdminServer,
  historyEntry,
  orderDocument,
  type AdminServerOptions,
  adminOrderDto,
} from '../testing/admin-server';

const orderId = 'a3f1c2d4-0000-4000-8000-000000000001';
const paymentStream = 'payment-c4a7e0b2-5555-4aaa-8bbb-000000000001';

const placed = historyEntry({
  position: 10,
  eventId: 'e0000000-0000-4000-8000-000000000010',
  occurredAt: '2030-11-20T13:05:00.000Z',
  description: 'Pedido realizado',
});
const approved = historyEntry({
  position: 12,
  stream: paymentStream,
  eventId: 'e0000000-0000-4000-8000-000000000012',
  type: 'PaymentApproved',
  occurredAt: '2030-11-20T13:10:30.000Z',
  actor: { id: 'system', role: 'system', name: null },
  correlationId: 'c0000000-0000-4000-8000-000000000001',
  causationId: 'e0000000-0000-4000-8000-000000000011',
  description: 'Pagamento aprovado via Pix',
  state: orderDocument({ paymentStatus: 'approved' }),
});
const preparing = historyEntry({
  position: 20,
  revision: 2,
  eventId: 'e0000000-0000-4000-8000-000000000020',
  type: 'OrderStatusChanged',
  occurredAt: '2030-11-20T15:00:00.000Z',
  actor: { id: admin.id, role: 'admin', name: 'Ana Admin' },
  correlationId: 'c0000000-0000-4000-8000-000000000002',
  causationId: 'c0000000-0000-4000-8000-000000000002',
  description: 'Status alterado para Em Preparação',
  state: orderDocument({ paymentStatus: 'approved', orderStatus: 'processing' }),
});

async function openOrder(route = `/admin/orders/${orderId}`, options: AdminServerOptions = {}) {
  const server = fakeAdminServer({
    orders: [adminOrderDto({ _id: orderId, orderStatus: 'processing', paymentStatus: 'approved' })],
    histories: { [orderId]: [placed, approved, preparing] },
    ...options,
  });
  const rendered = renderApp({ route, storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Detalhes do Pedido' }, PAGE_LOAD);
  return { ...rendered, server };
}

function timelineEntries(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Histórico do pedido' })).getAllByRole('listitem');
}

describe('/admin/orders/{id}: the order history (issue 13)', () => {
  it('given an order with three events, when the page opens, then the timeline shows each step with its time, description, actor and type, and expands to its ids and the order after it', async () => {
    const { user, server } = await openOrder();

    await screen.findByRole('list', { name: 'Histórico do pedido' }, PAGE_LOAD);
    const [first, second, third] = timelineEntries();
    expect(first?.textContent).toContain('20/11/2030 10:05:00');
    expect(first?.textContent).toContain('Pedido realizado');
    expect(first?.textContent).toContain('Por: Maria da Silva (Cliente)');
    expect(first?.textContent).toContain('OrderPlaced');
    expect(second?.textContent).toContain('20/11/2030 10:10:30');
    expect(second?.textContent).toContain('Pagamento aprovado via Pix');
    expect(second?.textContent).toContain('Por: Sistema');
    expect(third?.textContent).toContain('Por: Ana Admin (Administrador)');
    expect(third?.textContent).toContain('OrderStatusChanged');
    expect(server.queries(`/api/admin/orders/${orderId}/history`)).toEqual(['']);
    // Today's details stay on the page above the history.
    expect(screen.getByRole('heading', { name: 'Pedido #1001' })).toBeTruthy();

    if (!second) throw new Error('no second entry');
    const details = second.querySelector('details');
    await user.click(within(second).getByText('Detalhes do evento'));
    expect(details?.open).toBe(true);
    expect(second.textContent).toContain('e0000000-0000-4000-8000-000000000011');
    expect(second.textContent).toContain(
      'Status: Pendente · Pagamento: Aprovado · Total: R$ 30,00',
    );
    expect(within(second).getByRole('link', { name: paymentStream }).getAttribute('href')).toBe(
      `/admin/eventos/stream/${paymentStream}`,
    );
  });

  it('given a moment between two steps, when it is applied, then asOf is sent with the shop offset and the page shows the order as it was then, marked as the past, and the events up to it; "Agora" goes back', async () => {
    const { user, server, router } = await openOrder();
    await screen.findByRole('list', { name: 'Histórico do pedido' }, PAGE_LOAD);

    fireEvent.change(screen.getByLabelText('Ver pedido como estava em'), {
      target: { value: '2030-11-20T10:12' },
    });
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    const past = await screen.findByRole('region', { name: 'Estado em 20/11/2030 10:12' });
    expect(server.queries(`/api/admin/orders/${orderId}/history`).at(-1)).toBe(
      `?asOf=${encodeURIComponent('2030-11-20T10:12:00-03:00')}`,
    );
    expect(router.state.location.search).toBe('?asOf=2030-11-20T10%3A12');
    expect(past.textContent).toContain('Visão do passado');
    expect(past.textContent).toContain('Pendente');
    expect(past.textContent).toContain('Aprovado');
    expect(past.textContent).toContain('R$ 30,00');
    expect(within(past).getByRole('cell', { name: 'Coxinha de Frango' })).toBeTruthy();
    await waitFor(() => expect(timelineEntries()).toHaveLength(2));
    expect(screen.getByText('Eventos até 20/11/2030 10:12.')).toBeTruthy();
    // The order as it is now is not shown beside the past one.
    expect(screen.queryByRole('heading', { name: 'Pedido #1001' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Agora' }));
    expect(await screen.findByRole('heading', { name: 'Pedido #1001' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('region', { name: /Estado em/ })).toBeNull();
    await waitFor(() => expect(timelineEntries()).toHaveLength(3));
    expect((screen.getByLabelText('Ver pedido como estava em') as HTMLInputElement).value).toBe('');
  });

  it('given an event in the timeline, when the order right after it is asked for, then the position is sent and the past view shows the order after that event', async () => {
    const { user, server, router } = await openOrder();
    await screen.findByRole('list', { name: 'Histórico do pedido' }, PAGE_LOAD);
    const second = timelineEntries()[1] as HTMLElement;

    await user.click(within(second).getByText('Detalhes do evento'));
    await user.click(
      within(second).getByRole('button', { name: 'Ver o pedido logo após este evento' }),
    );

    const past = await screen.findByRole('region', {
      name: 'Estado após o evento da posição 12',
    });
    expect(server.queries(`/api/admin/orders/${orderId}/history`).at(-1)).toBe('?position=12');
    expect(router.state.location.search).toBe('?position=12');
    expect(past.textContent).toContain('Aprovado');
    await waitFor(() => expect(timelineEntries()).toHaveLength(2));
    expect(screen.getByText('Eventos até a posição 12.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Agora' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('given a shared link with a moment before the order existed, then the page says so and lists no events', async () => {
    await openOrder(`/admin/orders/${orderId}?asOf=2030-11-19T09:00`);

    expect(
      await screen.findByText('O pedido ainda não existia nesse momento.', {}, PAGE_LOAD),
    ).toBeTruthy();
    expect(screen.getByText('Nenhum evento até esse momento.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Estado em 19/11/2030 09:00' })).toBeTruthy();
    expect((screen.getByLabelText('Ver pedido como estava em') as HTMLInputElement).value).toBe(
      '2030-11-19T09:00',
    );
  });

  it('given no moment typed, when "Aplicar" is pressed, then the field says what is missing and nothing is asked', async () => {
    const { user, server } = await openOrder();
    await screen.findByRole('list', { name: 'Histórico do pedido' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    expect(screen.getByText('Informe uma data e hora válidas.')).toBeTruthy();
    expect(server.queries(`/api/admin/orders/${orderId}/history`)).toEqual(['']);
  });

  it('given the history fails, then the message of the server is shown in the history section', async () => {
    await openOrder(undefined, {
      handler: (url) =>
        url.pathname.endsWith('/history')
          ? json({ message: 'Falha ao ler o event store.' }, { status: 503 })
          : undefined,
    });
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Falha ao ler o event store.',
    );
  });

  it('given the history answers without a message, then a generic pt-BR message', async () => {
    await openOrder(undefined, {
      handler: (url) =>
        url.pathname.endsWith('/history') ? new Response('', { status: 500 }) : undefined,
    });
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Não foi possível carregar o histórico do pedido.',
    );
  });
});
