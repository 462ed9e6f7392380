import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, customer, storageWithSession } from '../../../testing/session';
import { fakeAdminServer, logEvent, type AdminServerOptions } from '../testing/admin-server';

const orderStream = 'order-a3f1c2d4-0000-4000-8000-000000000001';
const paymentStream = 'payment-c4a7e0b2-5555-4aaa-8bbb-000000000001';

const placed = logEvent({ position: 0, eventId: 'e0000000-0000-4000-8000-000000000000' });
const requested = logEvent({
  position: 1,
  stream: paymentStream,
  eventId: 'e0000000-0000-4000-8000-000000000001',
  type: 'PaymentRequested',
  data: { paymentId: 'c4a7e0b2-5555-4aaa-8bbb-000000000001', amountCents: 3000 },
  metadata: { ...placed.metadata, occurredAt: '2030-11-20T13:06:00.000Z' },
});
const approved = logEvent({
  position: 2,
  stream: paymentStream,
  revision: 1,
  eventId: 'e0000000-0000-4000-8000-000000000002',
  type: 'PaymentApproved',
  data: { paymentId: 'c4a7e0b2-5555-4aaa-8bbb-000000000001', method: 'pix' },
  metadata: {
    ...placed.metadata,
    actorId: 'system',
    actorRole: 'system',
    occurredAt: '2030-11-20T13:10:30.000Z',
  },
});
const statusChanged = logEvent({
  position: 3,
  revision: 1,
  eventId: 'e0000000-0000-4000-8000-000000000003',
  type: 'OrderStatusChanged',
  metadata: {
    ...placed.metadata,
    actorId: admin.id,
    actorRole: 'admin',
    occurredAt: '2030-11-20T15:00:00.000Z',
  },
});

async function openLog(route = '/admin/eventos', options: AdminServerOptions = {}) {
  const server = fakeAdminServer({
    events: [placed, requested, approved, statusChanged],
    ...options,
  });
  const rendered = renderApp({ route, storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Log de Eventos' }, PAGE_LOAD);
  return { ...rendered, server };
}

function rows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table).getAllByRole('row').slice(1);
}

describe('/admin/eventos: the event log browser (issue 13 point 9)', () => {
  it('given the log, when the page opens from the admin menu, then a table of position, time, stream, type and actor from the start of the log', async () => {
    const server = fakeAdminServer({ events: [placed, requested, approved, statusChanged] });
    const { user } = renderApp({ route: '/admin', storage: storageWithSession(admin) });
    const menu = await screen.findByRole('navigation', { name: 'Administração' }, PAGE_LOAD);
    await user.click(within(menu).getByRole('link', { name: 'Eventos' }));
    await screen.findByRole('heading', { name: 'Log de Eventos' }, PAGE_LOAD);

    await waitFor(() => expect(rows()).toHaveLength(4), PAGE_LOAD);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Posição', 'Data e hora', 'Stream', 'Tipo', 'Ator']);
    const cells = (row: HTMLElement | undefined) =>
      row
        ? within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent)
        : [];
    expect(cells(rows()[0])).toEqual([
      '0',
      '20/11/2030 10:05:00',
      orderStream,
      'OrderPlaced',
      `${placed.metadata['actorId'] as string} (Cliente)`,
    ]);
    expect(cells(rows()[2])).toContain('Sistema');
    expect(cells(rows()[3])).toContain(`${admin.id} (Administrador)`);
    expect(server.queries('/api/admin/events')).toEqual(['']);
    expect(screen.getByRole('heading', { name: 'Desde o início do log' })).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Voltar ao início' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('given filters, when "Filtrar" is pressed, then they are sent (times with the shop offset), kept in the address and only matching events listed', async () => {
    const { user, server, router } = await openLog();
    await waitFor(() => expect(rows()).toHaveLength(4), PAGE_LOAD);

    await user.selectOptions(screen.getByLabelText('Categoria'), 'payment');
    await user.type(screen.getByLabelText('Tipo de evento'), 'PaymentApproved');
    await user.type(screen.getByLabelText('ID do ator'), 'system');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2030-11-20T10:00' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2030-11-20T11:00' } });
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('PaymentApproved');
    const asked = new URLSearchParams(server.queries('/api/admin/events').at(-1));
    expect(Object.fromEntries(asked)).toEqual({
      category: 'payment',
      type: 'PaymentApproved',
      actorId: 'system',
      since: '2030-11-20T10:00:00-03:00',
      until: '2030-11-20T11:00:00-03:00',
    });
    const address = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(address)).toEqual({
      category: 'payment',
      type: 'PaymentApproved',
      actorId: 'system',
      since: '2030-11-20T10:00',
      until: '2030-11-20T11:00',
    });

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('Tipo de evento') as HTMLInputElement).value).toBe('');
  });

  it('given a shared address with a stream and a position, then those are asked for and shown in the form', async () => {
    const { server } = await openLog(`/admin/eventos?stream=${paymentStream}&from=2`);

    await waitFor(() => expect(rows()).toHaveLength(1), PAGE_LOAD);
    expect(server.queries('/api/admin/events')).toEqual([`?from=2&stream=${paymentStream}`]);
    expect((screen.getByLabelText('Stream') as HTMLInputElement).value).toBe(paymentStream);
    expect(screen.getByRole('heading', { name: 'A partir da posição 2' })).toBeTruthy();
  });

  it('given more events than a page, when "Próxima página" is pressed, then the next page starts at `next`; "Voltar ao início" goes back to the first', async () => {
    const many = Array.from({ length: 60 }, (_, position) =>
      logEvent({
        position,
        eventId: `e0000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      }),
    );
    const { user, server, router } = await openLog('/admin/eventos?category=order', {
      events: many,
    });
    await waitFor(() => expect(rows()).toHaveLength(50), PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));

    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0]?.textContent).toContain('50');
    expect(server.queries('/api/admin/events')).toEqual([
      '?category=order',
      '?from=50&category=order',
    ]);
    expect(router.state.location.search).toBe('?category=order&from=50');
    expect(
      (screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Voltar ao início' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(router.state.location.search).toBe('?category=order');
  });

  it('given a filter that matches nothing in the stretch read but the log goes on, then the page says to go on to the next page', async () => {
    await openLog('/admin/eventos?type=Nada', {
      handler: (url) =>
        url.pathname === '/api/admin/events'
          ? json({ events: [], next: 5000, position: 9000 })
          : undefined,
    });

    expect(
      await screen.findByText(
        'Nenhum evento encontrado neste trecho do log. Use "Próxima página" para continuar a busca.',
        {},
        PAGE_LOAD,
      ),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('given a stream in the table, when it is opened, then every event of the stream with its data and metadata as JSON; the way back keeps the filters', async () => {
    const { user, server, router } = await openLog('/admin/eventos?category=payment');
    await waitFor(() => expect(rows()).toHaveLength(2), PAGE_LOAD);

    await user.click(
      within(rows()[0] as HTMLElement).getByRole('link', {
        name: `Abrir o stream ${paymentStream}`,
      }),
    );

    const events = await screen.findByRole(
      'list',
      { name: `Eventos do stream ${paymentStream}` },
      PAGE_LOAD,
    );
    expect(server.queries(`/api/admin/events/streams/${paymentStream}`)).toEqual(['']);
    const items = within(events).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[1] as HTMLElement).getByRole('heading', { name: '#1 PaymentApproved' }),
    ).toBeTruthy();
    const data = within(items[1] as HTMLElement).getByLabelText('Dados do evento #1');
    expect(JSON.parse(data.textContent ?? '')).toEqual(approved.data);
    const metadata = within(items[1] as HTMLElement).getByLabelText('Metadados do evento #1');
    expect(JSON.parse(metadata.textContent ?? '')).toEqual(approved.metadata);
    expect(metadata.textContent).toContain('\n  "actorRole": "system"');

    await user.click(screen.getByRole('link', { name: 'Voltar ao log de eventos' }));
    await screen.findByRole('heading', { name: 'Log de Eventos' });
    expect(router.state.location.search).toBe('?category=payment');
  });

  it('given a stream longer than a page, when it is opened, then its first page, and the next page asked from the revision the server named', async () => {
    const long = Array.from({ length: 3 }, (_, revision) =>
      logEvent({
        position: 10 + revision,
        revision,
        stream: 'sequence-order-numbers',
        eventId: `e0000000-0000-4000-8000-00000000010${revision}`,
        type: 'OrderNumberAssigned',
      }),
    );
    const server = fakeAdminServer({ events: long, streamPageSize: 2 });
    const { user, router } = renderApp({
      route: '/admin/eventos/stream/sequence-order-numbers',
      storage: storageWithSession(admin),
    });
    const firstPage = await screen.findByRole(
      'list',
      { name: 'Eventos do stream sequence-order-numbers' },
      PAGE_LOAD,
    );
    expect(within(firstPage).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('link', { name: 'Próxima página' }));

    await waitFor(
      () => expect(screen.getByRole('heading', { name: '#2 OrderNumberAssigned' })).toBeTruthy(),
      PAGE_LOAD,
    );
    expect(router.state.location.search).toBe('?from=2');
    expect(server.queries('/api/admin/events/streams/sequence-order-numbers')).toEqual([
      '',
      '?from=2',
    ]);
    expect(screen.queryByRole('link', { name: 'Próxima página' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toBeTruthy();
  });

  it('given a stream the server does not know, then its message', async () => {
    fakeAdminServer({ events: [placed] });
    renderApp({ route: '/admin/eventos/stream/order-nada', storage: storageWithSession(admin) });

    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Stream não encontrado.',
    );
  });

  it('given a customer, when the log is opened, then the login page', async () => {
    fakeAdminServer({ user: customer });
    const { router } = renderApp({
      route: '/admin/eventos',
      storage: storageWithSession(customer),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });
});
