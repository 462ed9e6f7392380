import type { AdminCustomOrderDto, AdminCustomOrderList } from '@quitute/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { fakeAdminServer } from '../testing/admin-server';

const request = (overrides: Partial<AdminCustomOrderDto> = {}): AdminCustomOrderDto => ({
  _id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
  name: 'Marina Souza',
  email: 'marina@example.com',
  phone: '11987654321',
  eventDate: '2030-12-05',
  details: 'Aniversário de 40 anos, 80 convidados.',
  customerId: null,
  requestedAt: '2030-11-27T15:30:00.000Z',
  ...overrides,
});

function openPage(list: Partial<AdminCustomOrderList>) {
  const asked: URL[] = [];
  fakeAdminServer({
    handler: (url) => {
      if (url.pathname !== '/api/admin/custom-orders') return undefined;
      asked.push(url);
      return json({ customOrders: [], total: 0, totalPages: 1, page: 1, position: 5, ...list });
    },
  });
  renderApp({ route: '/admin/encomendas', storage: storageWithSession(admin) });
  return { asked };
}

describe('/admin/encomendas', () => {
  it('given custom orders, then each with when it came, the contact (e-mail link, phone grouped with its WhatsApp link) and the event day, in the order the server gives (newest first)', async () => {
    const { asked } = openPage({
      customOrders: [
        request({
          _id: 'b',
          name: 'Ana Lima',
          email: 'ana@example.com',
          phone: '+351912345678',
          customerId: '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b',
          requestedAt: '2030-11-28T12:00:00.000Z',
        }),
        request(),
      ],
      total: 2,
    });

    expect(await screen.findByRole('heading', { name: 'Encomendas' }, PAGE_LOAD)).toBeTruthy();
    const table = await screen.findByRole('region', { name: 'Encomendas recebidas' }, PAGE_LOAD);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Ana Lima',
      'Marina Souza (Visitante)',
    ]);
    const marina = rows[1];
    if (!marina) throw new Error('no row');
    expect(marina.textContent).toContain('27/11/2030 12:30');
    expect(marina.textContent).toContain('05/12/2030');
    expect(marina.textContent).toContain('Aniversário de 40 anos, 80 convidados.');
    expect(
      within(marina).getByRole('link', { name: 'marina@example.com' }).getAttribute('href'),
    ).toBe('mailto:marina@example.com');
    const whatsapp = within(marina).getByRole('link', {
      name: 'WhatsApp de Marina Souza: (11) 98765-4321',
    });
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(
      within(rows[0] ?? table)
        .getByRole('link', { name: 'WhatsApp de Ana Lima: +351912345678' })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/351912345678\?/);
    expect(
      within(rows[0] ?? table)
        .getByRole('link', { name: 'Ana Lima' })
        .getAttribute('href'),
    ).toBe('/admin/users/0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b');
    expect(asked[0]?.searchParams.get('page')).toBe('1');
  });

  it('given none yet, then "Nenhuma encomenda recebida."', async () => {
    openPage({});

    expect(await screen.findByText('Nenhuma encomenda recebida.', {}, PAGE_LOAD)).toBeTruthy();
  });

  it('given the server fails, then its message in the form-error paragraph', async () => {
    fakeAdminServer({
      handler: (url) =>
        url.pathname === '/api/admin/custom-orders'
          ? json({ message: 'Serviço indisponível.' }, { status: 503 })
          : undefined,
    });
    renderApp({ route: '/admin/encomendas', storage: storageWithSession(admin) });

    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Serviço indisponível.',
    );
  });
});
