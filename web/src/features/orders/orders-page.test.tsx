import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../testing/fetch-stub';
import { fakePaymentsServer, orderDto } from '../../testing/payments-server';
import { PAGE_LOAD, renderApp } from '../../testing/render';
import { customer, storageWithSessionAndCart } from '../../testing/session';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2030-11-21T12:00:00.000Z');

const paidOrder = orderDto({
  _id: 'order-paid',
  orderNumber: 1003,
  orderStatus: 'processing',
  paymentStatus: 'approved',
  createdAt: new Date(NOW - 2 * DAY).toISOString(),
});
const pendingOrder = orderDto({
  _id: 'order-pending',
  orderNumber: 1002,
  createdAt: new Date(NOW - 20 * DAY).toISOString(),
});
const cancelledOrder = orderDto({
  _id: 'order-cancelled',
  orderNumber: 1001,
  orderStatus: 'cancelled',
  paymentStatus: 'cancelled',
  createdAt: new Date(NOW - 60 * DAY).toISOString(),
});
const orders = [paidOrder, pendingOrder, cancelledOrder];

async function openOrders(options: Omit<Parameters<typeof fakePaymentsServer>[0], 'user'> = {}) {
  const server = fakePaymentsServer({ user: customer, orders, now: () => NOW, ...options });
  const storage = storageWithSessionAndCart(customer);
  const rendered = renderApp({ route: '/orders', storage });
  await screen.findByRole('heading', { name: 'Meus Pedidos', level: 1 }, PAGE_LOAD);
  return { ...rendered, server };
}

function ordersQueries(requests: readonly Request[]): string[] {
  return requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === '/api/orders')
    .map((url) => url.search);
}

function card(orderNumber: number): HTMLElement {
  return screen.getByRole('article', { name: `Pedido #${orderNumber}` });
}

describe('/orders (spec §2 "Orders history", §4)', () => {
  it('given orders, then newest first with the combined status labels, items, totals and the links', async () => {
    await openOrders();

    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Pedido #1003',
      'Pedido #1002',
      'Pedido #1001',
    ]);
    expect(card(1003).textContent).toContain('Aprovado ✔ (Em Preparação)');
    expect(card(1002).textContent).toContain('Pendente (Pendente)');
    expect(card(1001).textContent).toContain('Cancelado (Cancelado)');
    expect(card(1003).textContent).toContain('50x Coxinha de Frango');
    expect(card(1003).textContent).toContain('R$ 51,00');
    expect(
      within(card(1003)).getByRole('link', { name: 'Ver Detalhes' }).getAttribute('href'),
    ).toBe('/my-orders/order-paid');
    expect(screen.getByRole('link', { name: 'Voltar para Perfil' }).getAttribute('href')).toBe(
      '/perfil',
    );
  });

  it('given refunded orders, then the combined label covers the refund (issue 38)', async () => {
    await openOrders({
      orders: [
        orderDto({
          _id: 'order-partial',
          orderNumber: 1005,
          orderStatus: 'delivered',
          paymentStatus: 'approved',
          total: 120,
          refundedTotal: 20,
          createdAt: new Date(NOW - DAY).toISOString(),
        }),
        orderDto({
          _id: 'order-refunded',
          orderNumber: 1004,
          orderStatus: 'cancelled',
          paymentStatus: 'refunded',
          total: 51,
          refundedTotal: 51,
          createdAt: new Date(NOW - 2 * DAY).toISOString(),
        }),
      ],
    });

    await screen.findAllByRole('article');
    expect(card(1005).textContent).toContain(
      'Aprovado ✔ (Entregue) · Reembolso parcial de R$ 20,00',
    );
    expect(card(1004).textContent).toContain('Cancelado (Reembolsado)');
  });

  it('given the filters, then Exibir 5/10/20 (10 by default), the four statuses with processing as Aprovado, and 7/30/90 days go in the query', async () => {
    const { user, server } = await openOrders();
    await screen.findAllByRole('article');
    expect(ordersQueries(server.requests)).toEqual(['?limit=10']);

    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Todos'],
      ['pending', 'Pendente'],
      ['processing', 'Aprovado'],
      ['delivered', 'Entregue'],
      ['cancelled', 'Cancelado'],
    ]);
    expect(
      within(screen.getByRole('combobox', { name: 'Exibir' }))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['5', '10', '20']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Exibir' }), '5');
    await user.selectOptions(status, 'processing');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Período' }), '30');

    await waitFor(() =>
      expect(ordersQueries(server.requests).at(-1)).toBe(
        '?limit=5&orderStatus=processing&dateFilter=30',
      ),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card(1003)).toBeTruthy();
  });

  it("given a filter with no order, then 'Nenhum pedido encontrado.'", async () => {
    const { user } = await openOrders();
    await screen.findAllByRole('article');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'delivered');

    expect(await screen.findByText('Nenhum pedido encontrado.')).toBeTruthy();
  });

  it("given an answer that is not an array, then 'Resposta inválida do servidor.'", async () => {
    await openOrders({
      answer: (url) => (url.pathname === '/api/orders' ? json({ orders: [] }) : undefined),
    });

    expect((await screen.findByRole('alert')).textContent).toBe('Resposta inválida do servidor.');
  });

  it("given a failure without message, then 'Erro ao carregar pedidos.' for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openOrders({
      answer: (url) => (url.pathname === '/api/orders' ? json({}, { status: 500 }) : undefined),
    });

    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao carregar pedidos.');
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("given a 401, then 'Você precisa estar logado para ver seus pedidos.'", async () => {
    await openOrders({
      answer: (url) =>
        url.pathname === '/api/orders'
          ? json({ message: 'Não autenticado.' }, { status: 401 })
          : undefined,
    });

    expect((await screen.findByRole('alert', {}, PAGE_LOAD)).textContent).toBe(
      'Você precisa estar logado para ver seus pedidos.',
    );
  });
});

describe("/orders: 'Repetir Pedido' (spec §7, §8)", () => {
  it('given an order, then POST /carrinho once per line with the spec body, then the cart with the message', async () => {
    const { user, server, router, store } = await openOrders();
    await screen.findAllByRole('article');

    await user.click(within(card(1002)).getByRole('button', { name: 'Repetir Pedido' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/carrinho'));
    const posts = server.requests.filter(
      (request) => new URL(request.url).pathname === '/carrinho' && request.method === 'POST',
    );
    expect(await Promise.all(posts.map((request) => request.clone().json()))).toEqual([
      {
        userId: customer.id,
        item: {
          id: 'coxinha-de-frango',
          nome: 'Coxinha de Frango',
          preco: 0.6,
          categoria: 'Salgados Fritos',
          descricao: '',
          quantidade: 50,
        },
        quantidade: 50,
      },
      {
        userId: customer.id,
        item: {
          id: 'brigadeiro',
          nome: 'Brigadeiro',
          preco: 0.7,
          categoria: 'Salgados Fritos',
          descricao: '',
          quantidade: 30,
        },
        quantidade: 30,
      },
    ]);
    expect(
      await screen.findByText('Pedido #1002 adicionado ao carrinho com sucesso!'),
    ).toBeTruthy();
    expect(server.cart.contents()).toEqual([
      ['Coxinha de Frango', 50],
      ['Brigadeiro', 30],
    ]);
    expect(store.getState().cart.itens.map((line) => line.item.nome)).toEqual([
      'Coxinha de Frango',
      'Brigadeiro',
    ]);
  });

  it("given the cart refuses a line, then 'Erro ao adicionar itens ao carrinho.' and the page stays", async () => {
    const { user, router } = await openOrders({
      answer: (url, request) =>
        url.pathname === '/carrinho' && request.method === 'POST'
          ? json({ message: 'Produto indisponível no momento.' }, { status: 400 })
          : undefined,
    });
    await screen.findAllByRole('article');

    await user.click(within(card(1003)).getByRole('button', { name: 'Repetir Pedido' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Erro ao adicionar itens ao carrinho.',
    );
    expect(router.state.location.pathname).toBe('/orders');
  });
});
