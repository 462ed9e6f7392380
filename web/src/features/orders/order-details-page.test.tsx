import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/fetch-stub';
import { fakePaymentsServer, orderDto } from '../../testing/payments-server';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { customer, storageWithSessionAndCart } from '../../testing/session';

const delivered = orderDto({
  _id: 'order-42',
  orderNumber: 1042,
  orderStatus: 'cancelled',
  paymentStatus: 'refunded',
  paymentMethod: 'credit_card',
  deliveryType: 'delivery',
  deliveryDate: '2030-11-25T14:30:00-03:00',
  total: 66,
  deliveryFee: 15,
  customerPhone: '11912345678',
  customerAddress: {
    streetName: 'Praça da Sé',
    streetNumber: '100',
    neighborhood: 'Sé',
    city: 'São Paulo',
    federalUnit: 'SP',
    zipCode: '01001000',
    complement: 'Apto 3',
  },
  details:
    'Seu pagamento foi aprovado depois que o pedido foi cancelado e será devolvido integralmente.',
});

const pendingPix = orderDto({
  _id: 'order-43',
  orderNumber: 1043,
  details: 'Aguardando pagamento via Pix.',
  pendingPayment: {
    pixQrCode: '00020126580014br.gov.bcb.pix0136-pedido-1043',
    ticketUrl: 'https://pix.example/1043',
    expiresAt: '2099-11-25T13:30:00.000Z',
  },
});

const pastDueBoleto = orderDto({
  _id: 'order-44',
  orderNumber: 1044,
  paymentMethod: 'boleto',
  pendingPayment: {
    boletoUrl: 'https://boleto.example/1044',
    boletoDigitableLine: '23790.50400 41990.901234',
    expiresAt: '2020-11-25T02:59:59.000Z',
  },
});

const pendingBoleto = orderDto({
  _id: 'order-45',
  orderNumber: 1045,
  paymentMethod: 'boleto',
  pendingPayment: {
    boletoUrl: 'https://boleto.example/1045',
    boletoDigitableLine: '23793381029610891390411000123403116470000019200',
    expiresAt: '2099-11-25T02:59:59.000Z',
  },
});

function openDetails(route: string, answer?: Parameters<typeof fakePaymentsServer>[0]['answer']) {
  const server = fakePaymentsServer({
    user: customer,
    orders: [delivered, pendingPix, pastDueBoleto, pendingBoleto],
    ...(answer ? { answer } : {}),
  });
  const storage = storageWithSessionAndCart(customer);
  return { ...renderApp({ route, storage }), server };
}

function fact(term: string): string | null {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

describe('/my-orders/{orderId} (spec §2 "Customer order details", §8)', () => {
  it('given a Pix still waiting for the customer, then she can pay it from the order: its copia e cola, its page and until when', async () => {
    openDetails('/my-orders/order-43');

    const pay = await screen.findByRole('region', { name: 'Pague seu pedido' }, PAGE_LOAD);
    expect(screen.getByLabelText('Pix Copia e Cola')).toHaveProperty(
      'value',
      '00020126580014br.gov.bcb.pix0136-pedido-1043',
    );
    expect(screen.getByRole('link', { name: 'Abrir página do pagamento' })).toHaveProperty(
      'href',
      'https://pix.example/1043',
    );
    expect(pay.textContent).toContain('Pague até 25/11/2099 às 10:30');
  });

  it('given a boleto still waiting, then its linha digitável reads in the five FEBRABAN groups and the copy button copies its digits', async () => {
    const { user } = openDetails('/my-orders/order-45');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const pay = await screen.findByRole('region', { name: 'Pague seu pedido' }, PAGE_LOAD);
    expect(within(pay).getByLabelText('Linha digitável')).toHaveProperty(
      'value',
      '23793.38102 96108.913904 11000.123403 1 16470000019200',
    );
    await user.click(within(pay).getByRole('button', { name: 'Copiar código' }));
    expect(writeText).toHaveBeenCalledWith('23793381029610891390411000123403116470000019200');
  });

  it('given a pickup order, then the shop’s address as the place to pick it up; a delivery has none', async () => {
    openDetails('/my-orders/order-43');

    const place = await screen.findByRole('region', { name: 'Local de retirada' }, PAGE_LOAD);
    await waitFor(() =>
      expect(place.textContent).toContain(
        'Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP',
      ),
    );
    expect(screen.queryByText('Taxa de entrega')).toBeNull();
  });

  it('given a boleto past its due date, then no way to pay it is offered', async () => {
    openDetails('/my-orders/order-44');

    expect(
      await screen.findByRole('heading', { name: 'Pedido #1044', level: 1 }, PAGE_LOAD),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Pague seu pedido' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Abrir Boleto' })).toBeNull();
  });

  it('given an order, then its statuses, total, items and delivery fee, customer and phone, delivery, scheduled day and time in the shop zone, address with its complement and the notice it carries', async () => {
    const { server } = openDetails('/my-orders/order-42');

    expect(
      await screen.findByRole('heading', { name: 'Pedido #1042', level: 1 }, PAGE_LOAD),
    ).toBeTruthy();
    expect(server.calls('/api/orders')).toEqual(['GET /api/orders/order-42']);
    expect(fact('Status do pagamento')).toBe('Reembolsado');
    expect(fact('Status do pedido')).toBe('Cancelado');
    expect(fact('Forma de pagamento')).toBe('Cartão de Crédito');
    expect(fact('Total')).toBe('R$ 66,00');
    expect(fact('Cliente')).toBe('Maria da Silva');
    expect(fact('E-mail')).toBe('maria@example.com');
    expect(fact('Telefone')).toBe('(11) 91234-5678');
    expect(fact('Tipo de entrega')).toBe('Entrega');
    expect(fact('Data agendada')).toBe('25/11/2030');
    expect(fact('Horário')).toBe('14:30');
    const address = screen.getByText(/Praça da Sé, 100/).textContent ?? '';
    expect(address).toContain('Apto 3');
    expect(address).toContain('Sé, São Paulo - SP');
    expect(address).toContain('CEP 01001-000');
    expect(screen.getByRole('status').textContent).toBe(delivered.details);
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toContain('Coxinha de Frango50R$ 0,60R$ 30,00');
    expect(rows).toContain('Brigadeiro30R$ 0,70R$ 21,00');
    expect(rows).toContain('Taxa de entrega—R$ 15,00R$ 15,00');
  });

  it("given an unknown order, then 'Pedido não encontrado.'", async () => {
    openDetails('/my-orders/order-999');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Pedido não encontrado.',
    );
  });

  it("given a server failure, then 'Não foi possível carregar os detalhes do pedido.'", async () => {
    openDetails('/my-orders/order-42', (url) =>
      url.pathname === '/api/orders/order-42' ? json({}, { status: 500 }) : undefined,
    );
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Não foi possível carregar os detalhes do pedido.',
    );
  });

  it.each([401, 403])('given %i, then the login page', async (status) => {
    const { router } = openDetails('/my-orders/order-42', (url) =>
      url.pathname === '/api/orders/order-42'
        ? json({ message: 'Acesso negado.' }, { status })
        : undefined,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), PAGE_LOAD);
  });

  it("given no id in the URL, then 'ID do pedido ausente na URL.' and nothing asked", async () => {
    const { server } = openDetails('/my-orders');
    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'ID do pedido ausente na URL.',
    );
    expect(server.calls('/api/orders')).toEqual([]);
  });
});

describe('/my-orders/{orderId}: her money that went back (issue 38)', () => {
  function openRefunded(order: ReturnType<typeof orderDto>) {
    fakePaymentsServer({ user: customer, orders: [order] });
    return renderApp({
      route: `/my-orders/${order._id}`,
      storage: storageWithSessionAndCart(customer),
    });
  }

  it('given a partial refund and a chargeback, then the partial refund label, each refund with its date and reason, and the chargeback', async () => {
    openRefunded(
      orderDto({
        _id: 'order-46',
        orderNumber: 1046,
        orderStatus: 'delivered',
        paymentStatus: 'approved',
        total: 120,
        refundedTotal: 20,
        refunds: [{ amount: 20, at: '2030-11-21T13:00:00.000Z', reason: 'Item em falta' }],
        chargeback: { amount: 100, at: '2030-11-23T12:00:00.000Z' },
      }),
    );

    const refunds = await screen.findByRole('region', { name: 'Reembolsos' }, PAGE_LOAD);
    expect(fact('Reembolso')).toBe('Reembolso parcial de R$ 20,00');
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'R$ 20,00 — 21/11/2030 10:00 — Item em falta',
      'Contestação (chargeback): R$ 100,00 — 23/11/2030 09:00',
    ]);
  });

  it('given all of it refunded in two refunds, then Reembolsado and both refunds', async () => {
    openRefunded(
      orderDto({
        _id: 'order-47',
        orderNumber: 1047,
        orderStatus: 'cancelled',
        paymentStatus: 'refunded',
        total: 51,
        refundedTotal: 51,
        refunds: [
          { amount: 10, at: '2030-11-21T13:00:00.000Z', reason: 'Atraso na entrega' },
          { amount: 41, at: '2030-11-22T13:00:00.000Z', reason: 'Pedido cancelado pela loja' },
        ],
      }),
    );

    const refunds = await screen.findByRole('region', { name: 'Reembolsos' }, PAGE_LOAD);
    expect(fact('Reembolso')).toBe('Reembolsado');
    expect(within(refunds).getAllByRole('listitem')).toHaveLength(2);
    expect(refunds.textContent).toContain(
      'R$ 41,00 — 22/11/2030 10:00 — Pedido cancelado pela loja',
    );
  });

  it('given nothing went back, then neither a refund fact nor a refunds section', async () => {
    openRefunded(orderDto({ _id: 'order-48', orderNumber: 1048, paymentStatus: 'approved' }));
    await screen.findByRole('heading', { name: 'Pedido #1048', level: 1 }, PAGE_LOAD);
    expect(screen.queryByText('Reembolso', { selector: 'dt' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reembolsos' })).toBeNull();
  });
});
