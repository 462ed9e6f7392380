import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredResponse, json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { fakeAdminServer, saleDto, type AdminServerOptions } from '../testing/admin-server';

async function openDashboard(options: AdminServerOptions = {}) {
  const server = fakeAdminServer(options);
  const rendered = renderApp({ route: '/admin', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Painel de Administração' }, PAGE_LOAD);
  return { ...rendered, server };
}

describe('/admin dashboard (admin-spec §2 "Dashboard")', () => {
  it('given data on its way, then "Carregando dados do dashboard..."', async () => {
    const answer = deferredResponse();
    await openDashboard({
      handler: (url) =>
        url.pathname === '/api/admin/dashboard/recent-orders' ? answer.promise : undefined,
    });
    expect(screen.getByText('Carregando dados do dashboard...')).toBeTruthy();
    answer.release(json([]));
    expect(await screen.findByText('Nenhum pedido recente encontrado.')).toBeTruthy();
  });

  it('given no data, then the three cards linking on and the three empty states; limit 4 asked for both lists', async () => {
    const { server } = await openDashboard();

    const cards = await screen.findByRole('list', { name: 'Resumo de hoje' });
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Pedidos Hoje0', '/admin/orders'],
      ['Vendas HojeR$ 0,00', '/admin/orders'],
      ['Vendas do MêsR$ 0,00', '/admin/sales'],
    ]);
    expect(screen.getByText('Nenhum pedido recente encontrado.')).toBeTruthy();
    expect(screen.getByText('Nenhum produto mais vendido encontrado.')).toBeTruthy();
    expect(screen.getByText('Nenhum dado de vendas para o gráfico este mês.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Todos os Pedidos' }).getAttribute('href')).toBe(
      '/admin/orders',
    );
    expect(screen.getByRole('link', { name: 'Gerenciar Produtos' }).getAttribute('href')).toBe(
      '/admin/products',
    );
    expect(server.queries('/api/admin/dashboard/recent-orders')).toEqual(['?limit=4']);
    expect(server.queries('/api/admin/dashboard/top-selling-products')).toEqual(['?limit=4']);
  });

  it('given figures, then the counts, money in reais, the payment labels and the chart', async () => {
    await openDashboard({
      sales: [saleDto({ amount: 1234.5 })],
      recentOrders: [
        {
          id: 'o1',
          orderNumber: 1007,
          customerName: 'Carla',
          total: 80,
          paymentStatus: 'approved',
          orderStatus: 'processing',
          createdAt: '2030-11-20T13:05:00.000Z',
        },
      ],
      topProducts: [
        {
          _id: 'p1',
          name: 'Brigadeiro',
          category: 'Doces Tradicionais',
          quantitySold: 300,
          totalSales: 210,
        },
      ],
      dailySales: [
        { date: '2030-11-01', total: 0 },
        { date: '2030-11-02', total: 1234.5 },
      ],
    });

    const cards = await screen.findByRole('list', { name: 'Resumo de hoje' });
    expect(cards.textContent).toContain('R$ 1.234,50');
    expect(screen.getByText('#1007').closest('li')?.textContent).toContain('Aprovado');
    expect(screen.getByText('#1007').closest('li')?.textContent).toContain('R$ 80,00');
    expect(screen.getByText('Brigadeiro').closest('li')?.textContent).toContain('300 vendidos');
    expect(screen.getByRole('img', { name: 'Gráfico de vendas diárias do mês' })).toBeTruthy();
  });

  it("given 'Por faturamento', then the top products are asked for by revenue and shown in that order; 'Por unidades' is the default", async () => {
    const product = (name: string, quantitySold: number, totalSales: number) => ({
      _id: name,
      name,
      category: 'Kits Festa',
      quantitySold,
      totalSales,
    });
    const { user, server } = await openDashboard({
      topProducts: [product('Brigadeiro', 300, 210), product('Kit Festa 3', 1, 420)],
      handler: (url) =>
        url.pathname === '/api/admin/dashboard/top-selling-products' &&
        url.searchParams.get('rankBy') === 'revenue'
          ? json([product('Kit Festa 3', 1, 420), product('Brigadeiro', 300, 210)])
          : undefined,
    });
    const panel = await screen.findByRole('region', { name: 'Produtos Mais Vendidos' });
    const names = () =>
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent);
    expect(await within(panel).findByText('Brigadeiro')).toBeTruthy();
    expect(names()).toEqual(['Brigadeiro', 'Kit Festa 3']);
    const byUnits = within(panel).getByRole('button', { name: 'Por unidades' });
    expect(byUnits.getAttribute('aria-pressed')).toBe('true');

    await user.click(within(panel).getByRole('button', { name: 'Por faturamento' }));

    await waitFor(() => expect(names()).toEqual(['Kit Festa 3', 'Brigadeiro']));
    expect(server.queries('/api/admin/dashboard/top-selling-products')).toEqual([
      '?limit=4',
      '?limit=4&rankBy=revenue',
    ]);
    expect(byUnits.getAttribute('aria-pressed')).toBe('false');
  });

  it('given failures, then each section shows the server message or its own fallback', async () => {
    await openDashboard({
      handler: (url) => {
        if (url.pathname === '/api/admin/dashboard/recent-orders') {
          return json({ message: 'Pedidos indisponíveis.' }, { status: 503 });
        }
        if (url.pathname === '/api/admin/dashboard/top-selling-products') {
          return json({}, { status: 500 });
        }
        if (url.pathname === '/api/admin/dashboard/sales-today') return json({ total: 'x' });
        if (url.pathname === '/api/admin/dashboard/daily-sales') return json({}, { status: 500 });
        return undefined;
      },
    });

    expect(await screen.findByText('Pedidos indisponíveis.')).toBeTruthy();
    expect(screen.getByText('Falha ao carregar produtos mais vendidos.')).toBeTruthy();
    expect(screen.getByText('Resposta inválida do servidor.')).toBeTruthy();
    expect(screen.getByText('Falha ao carregar dados do gráfico de vendas.')).toBeTruthy();
  });
});
