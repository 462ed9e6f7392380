import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { fakeAdminServer, adminOrderDto } from '../testing/admin-server';

const orderId = 'a3f1c2d4-0000-4000-8000-000000000009';

describe('/admin/orders/{id}: the delivery (issue 37)', () => {
  it('given a delivery with a fee, then her phone, the address with its complement and the fee as a line of the items', async () => {
    fakeAdminServer({
      orders: [
        adminOrderDto({
          _id: orderId,
          orderNumber: 1009,
          deliveryType: 'delivery',
          total: 66,
          deliveryFee: 15,
          customerPhone: '11912345678',
          customerAddress: {
            zipCode: '01310100',
            streetName: 'Avenida Paulista',
            streetNumber: '1000',
            complement: 'Apto 12',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            federalUnit: 'SP',
          },
        }),
      ],
      histories: {},
    });
    renderApp({ route: `/admin/orders/${orderId}`, storage: storageWithSession(admin) });

    const customer = await screen.findByRole('region', { name: 'Cliente' }, PAGE_LOAD);
    expect(within(customer).getByText('Telefone').nextElementSibling?.textContent).toBe(
      '(11) 91234-5678',
    );
    const delivery = screen.getByRole('region', { name: 'Entrega' });
    expect(delivery.textContent).toContain('Avenida Paulista, 1000 — Apto 12');
    expect(delivery.textContent).toContain('CEP 01310-100');
    const rows = within(screen.getByRole('region', { name: 'Itens do pedido' }))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('Taxa de entrega—R$ 15,00R$ 15,00');
    expect(screen.getByRole('region', { name: 'Pedido #1009' }).textContent).toContain('R$ 66,00');
  });

  it('given a pickup without a phone (an order from before issue 37), then neither a phone nor a fee line', async () => {
    fakeAdminServer({
      orders: [adminOrderDto({ _id: orderId, customerPhone: null })],
      histories: {},
    });
    renderApp({ route: `/admin/orders/${orderId}`, storage: storageWithSession(admin) });

    const customer = await screen.findByRole('region', { name: 'Cliente' }, PAGE_LOAD);
    expect(within(customer).queryByText('Telefone')).toBeNull();
    expect(screen.queryByText('Taxa de entrega')).toBeNull();
  });
});
