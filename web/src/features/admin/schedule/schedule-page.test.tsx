import { addDays, firstBookableSlot, formatDateBR, scheduleMessages } from '@quitute/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { kitchenSchedule } from '../../../testing/schedule';
import { admin, storageWithSession } from '../../../testing/session';
import {
  adminScheduleDto,
  fakeAdminServer,
  type AdminServerOptions,
} from '../testing/admin-server';

async function openSchedule(options: AdminServerOptions = {}) {
  const server = fakeAdminServer(options);
  const rendered = renderApp({ route: '/admin/agenda', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Agenda e Produção', level: 1 }, PAGE_LOAD);
  const form = await screen.findByRole('form', { name: 'Agenda e Produção' }, PAGE_LOAD);
  return { ...rendered, server, form };
}

function input(scope: HTMLElement, label: string): HTMLInputElement {
  const element = within(scope).getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

async function putBodies(server: ReturnType<typeof fakeAdminServer>): Promise<unknown[]> {
  return Promise.all(
    server.calls('/api/admin/schedule', 'PUT').map((request) => request.clone().json()),
  );
}

describe('/admin/agenda "Agenda e Produção" (issue 40)', () => {
  it('given a calendar another admin saved, then when and by whom', async () => {
    await openSchedule({
      schedule: adminScheduleDto({
        updatedAt: '2030-11-20T13:05:00.000Z',
        updatedBy: 'outra-admin',
        position: 7,
      }),
    });

    expect(screen.getByText(/^Última alteração:/).textContent).toBe(
      'Última alteração: 20/11/2030 10:05 por outra-admin',
    );
  });

  it('given no calendar was ever saved, then the default one shows (Sunday closed, capacity Ilimitada) and the sidebar names the page', async () => {
    const { form } = await openSchedule();

    expect(input(form, 'Antecedência mínima (dias)').value).toBe('2');
    expect(input(form, 'Prazo máximo de agendamento (dias)').value).toBe('60');
    expect(within(form).getByLabelText<HTMLSelectElement>('Duração de cada horário').value).toBe(
      '60',
    );
    expect(input(form, 'Capacidade diária (unidades)').value).toBe('');
    expect(input(form, 'Capacidade diária (unidades)').placeholder).toBe('Ilimitada');
    expect(input(form, 'Unidades por kit').value).toBe('20');
    expect(input(form, 'Retirada, Sábado: abertura do período 1').value).toBe('09:00');
    expect(input(form, 'Entrega, Segunda: fechamento do período 1').value).toBe('18:00');
    const pickup = screen.getByRole('region', { name: 'Horários de Retirada' });
    expect(within(pickup).getAllByText('Fechado')).toHaveLength(1);
    expect(screen.getByText(/ainda não foi salva/)).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Administração' }))
        .getByRole('link', { name: 'Agenda e Produção' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('link', { name: 'Produção do dia' }).getAttribute('href')).toBe(
      '/admin/producao',
    );
  });

  it('given Saturday pickup 08:00–12:00, 1,000 units a day and the 25th closed for Natal, when saved, then the whole calendar goes as numbers, the server’s message shows and who saved it when', async () => {
    const { user, form, server, router } = await openSchedule();

    await user.type(input(form, 'Capacidade diária (unidades)'), '1.000');
    await user.clear(input(form, 'Retirada, Sábado: abertura do período 1'));
    await user.type(input(form, 'Retirada, Sábado: abertura do período 1'), '08:00');
    await user.clear(input(form, 'Retirada, Sábado: fechamento do período 1'));
    await user.type(input(form, 'Retirada, Sábado: fechamento do período 1'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Remover período 1: Entrega, Sexta' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar período: Entrega, Domingo' }));
    await user.selectOptions(within(form).getByLabelText('Duração de cada horário'), '30');
    await user.click(screen.getByRole('button', { name: 'Adicionar data' }));
    const closed = screen.getByRole('group', { name: 'Data fechada 1' });
    await user.type(input(closed, 'Data'), '2026-12-25');
    await user.type(input(closed, 'Motivo (opcional)'), 'Natal');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(dialog.textContent).toContain(scheduleMessages.saved);
    const [body] = await putBodies(server);
    expect(body).toMatchObject({
      leadDays: 2,
      horizonDays: 60,
      slotMinutes: 30,
      dailyCapacityUnits: 1000,
      kitUnits: 20,
      weekly: {
        pickup: { sat: [{ open: '08:00', close: '12:00' }], sun: [] },
        delivery: { fri: [], sun: [{ open: '09:00', close: '18:00' }] },
      },
      closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
    });
    expect(screen.getByText(/^Última alteração:/).textContent).toBe(
      'Última alteração: 21/11/2030 15:45 por você',
    );
    expect(input(form, 'Capacidade diária (unidades)').value).toBe('1000');
    const delivery = screen.getByRole('region', { name: 'Horários de Entrega' });
    expect(within(delivery).getAllByText('Fechado')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    // Everything tells the same hours: the contact page at once, without waiting for a refetch.
    const shopReads = server.calls('/api/shop', 'GET').length;
    await act(() => router.navigate('/contato'));
    await screen.findByRole('heading', { name: 'Contato', level: 1 }, PAGE_LOAD);
    expect(screen.getByRole('main').textContent).toContain(
      'Retirada: segunda a sexta, das 9h às 18h; sábado, das 8h às 12h; entregas: segunda a quinta, das 9h às 18h; sábado e domingo, das 9h às 18h.',
    );
    expect(server.calls('/api/shop', 'GET')).toHaveLength(shopReads);
  });

  it('given the server refuses the calendar (400), then its pt-BR message shows and what she typed stays', async () => {
    const refusal =
      'Retirada, Sábado: o período das 11:00 às 11:30 é mais curto que um horário de 60 minutos.';
    const { user, form, server } = await openSchedule({
      handler: (url, request) =>
        url.pathname === '/api/admin/schedule' && request.method === 'PUT'
          ? json({ message: refusal, code: 'validation' }, { status: 400 })
          : undefined,
    });
    await user.type(input(form, 'Capacidade diária (unidades)'), '500');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    // The form's own alert: a toast of the layout (the cart's, read in the background) may show beside it.
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(refusal));
    expect(input(form, 'Capacidade diária (unidades)').value).toBe('500');
    expect(screen.queryByRole('dialog', { name: 'Sucesso' })).toBeNull();
    expect(server.calls('/api/admin/schedule', 'PUT')).toHaveLength(1);
  });

  it('given a lead time of one day or a reversed period, then the same rules as the server say so before anything is sent', async () => {
    const { user, form, server } = await openSchedule();
    await user.clear(input(form, 'Antecedência mínima (dias)'));
    await user.type(input(form, 'Antecedência mínima (dias)'), '1');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(within(form).getByRole('alert').textContent).toBe(scheduleMessages.leadDaysInvalid);
    await user.clear(input(form, 'Antecedência mínima (dias)'));
    await user.type(input(form, 'Antecedência mínima (dias)'), '2');
    await user.clear(input(form, 'Retirada, Sábado: fechamento do período 1'));
    await user.type(input(form, 'Retirada, Sábado: fechamento do período 1'), '08:00');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(within(form).getByRole('alert').textContent).toBe(
      'Retirada, Sábado: o fechamento (08:00) deve ser depois da abertura (09:00).',
    );
    expect(server.calls('/api/admin/schedule', 'PUT')).toHaveLength(0);
  });

  it('given 100 units a day and the first open day full, then the next 14 days each say their slots or why they are not offered, and the units left', async () => {
    const calendar = kitchenSchedule({ dailyCapacityUnits: 100 });
    const first = firstBookableSlot(calendar, 'pickup', new Date());
    if (!first) throw new Error('no open day');
    await openSchedule({
      schedule: adminScheduleDto(calendar),
      reservedUnits: { [first.date]: 100, [addDays(first.date, 1)]: 30 },
    });

    const next = await screen.findByRole('region', { name: 'Próximos dias' }, PAGE_LOAD);
    await waitFor(() => expect(within(next).getAllByRole('listitem')).toHaveLength(14));
    const days = within(next).getAllByRole('listitem');
    expect(days[0]?.textContent).toContain('Antes da antecedência mínima');
    const full = days.find((day) => day.textContent.startsWith(formatDateBR(first.date)));
    expect(full?.textContent).toBe(`${formatDateBR(first.date)}Agenda cheia0 unidades livres`);
    expect(next.textContent).toContain('70 unidades livres');
  });

  it('given the next days read with unlimited capacity, when 100 units a day are saved, then they are asked again after the save and tell 100 units left', async () => {
    const { user, form, server } = await openSchedule();
    const next = await screen.findByRole('region', { name: 'Próximos dias' }, PAGE_LOAD);
    await waitFor(() => expect(next.textContent).toContain('capacidade ilimitada'));
    const reads = server.calls('/api/schedule/availability', 'GET').length;

    await user.type(input(form, 'Capacidade diária (unidades)'), '100');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('dialog', { name: 'Sucesso' });

    await waitFor(() => expect(next.textContent).toContain('100 unidades livres'));
    expect(next.textContent).not.toContain('capacidade ilimitada');
    const again = server.calls('/api/schedule/availability', 'GET').slice(reads);
    expect(again.at(-1)?.headers.get('X-Min-Position')).not.toBeNull();
  });
});
