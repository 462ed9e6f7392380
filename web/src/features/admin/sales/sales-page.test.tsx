import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fetch-stub';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { shopMonth, shopToday } from '../model/admin-format';
import {
  fakeAdminServer,
  monthlyReport,
  saleDto,
  type AdminServerOptions,
} from '../testing/admin-server';

const physical = saleDto();
const online = saleDto({
  id: 'd00d0000-4444-4aaa-8bbb-0000000cd34e',
  clientName: 'Ana Costa',
  amount: 51,
  source: 'Online',
});

async function openSales(options: AdminServerOptions = {}) {
  const server = fakeAdminServer({ sales: [physical, online], ...options });
  const rendered = renderApp({ route: '/admin/sales', storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Gerenciamento de Vendas' }, PAGE_LOAD);
  return { ...rendered, server };
}

describe('/admin/sales (admin-spec §2 "Sales page")', () => {
  it('given the page, then three tabs, Visão Geral first with four stat cards and the 30-day chart panel', async () => {
    await openSales();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Visão Geral',
      'Relatórios Mensais',
      'Listagem de Vendas',
    ]);
    expect(screen.getByRole('tab', { name: 'Visão Geral' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const stats = await screen.findByRole('list', { name: 'Estatísticas de vendas' });
    expect(within(stats).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(stats.textContent).toContain('R$ 201,50'));
    expect(screen.getByRole('heading', { name: 'Vendas Diárias - Últimos 30 dias' })).toBeTruthy();
    expect(await screen.findByText('Nenhuma venda nos últimos 30 dias.')).toBeTruthy();
  });

  it('given the arrow keys on the tabs, then the next tab is selected and focused', async () => {
    const { user } = await openSales();
    screen.getByRole('tab', { name: 'Visão Geral' }).focus();

    await user.keyboard('{ArrowRight}');
    const monthly = screen.getByRole('tab', { name: 'Relatórios Mensais' });
    expect(monthly.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(monthly);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(
      screen.getByRole('tab', { name: 'Listagem de Vendas' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('given Relatórios Mensais, then a month picker from 2020-01 to the current month, the figures and growth with 1 decimal', async () => {
    const { user, server } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));

    const picker = screen.getByLabelText('Mês');
    const current = shopMonth(new Date());
    expect(picker.getAttribute('min')).toBe('2020-01');
    expect(picker.getAttribute('max')).toBe(current);
    expect(picker).toHaveProperty('value', current);
    const summary = await screen.findByRole('list', { name: 'Resumo do mês' });
    expect(summary.textContent).toContain('R$ 1.234,50');
    expect(summary.textContent).toContain('12');
    expect(summary.textContent).toContain('R$ 102,88');
    expect(summary.textContent).toContain('15/11/2030');
    expect(screen.getByText('+23,5%')).toBeTruthy();
    expect(screen.getByText('-3,0%')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top 5 produtos' }).textContent).toContain(
      'Brigadeiro',
    );
    const [year, month] = current.split('-').map(Number);
    expect(server.queries('/api/admin/sales/monthly-report')).toEqual([
      `?year=${year}&month=${month}`,
    ]);

    // Outside 2020-01…the current month nothing is asked for.
    fireEvent.change(picker, { target: { value: '2019-12' } });
    expect(picker).toHaveProperty('value', current);
    fireEvent.change(picker, { target: { value: '2020-01' } });
    await waitFor(() =>
      expect(server.queries('/api/admin/sales/monthly-report').at(-1)).toBe('?year=2020&month=1'),
    );
    expect(server.queries('/api/admin/sales/monthly-report')).not.toContain('?year=2019&month=12');
  });

  it("given a month with delivery fees, then 'Taxa de entrega' and 'Receita de produtos' beside the spec's figures, the Receita Total still the whole money", async () => {
    const { user } = await openSales({
      report: monthlyReport({ totalRevenue: 1234.5, deliveryFees: 45, productRevenue: 1189.5 }),
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));

    const summary = await screen.findByRole('list', { name: 'Resumo do mês' });
    const figure = (label: string) =>
      within(summary).getByText(label, { selector: 'span' }).nextSibling?.textContent;
    expect(figure('Receita Total')).toBe('R$ 1.234,50');
    expect(figure('Total de Vendas')).toBe('12');
    expect(figure('Ticket Médio')).toBe('R$ 102,88');
    expect(figure('Receita de produtos')).toBe('R$ 1.189,50');
    expect(figure('Taxa de entrega')).toBe('R$ 45,00');
  });

  it("given the top 5, then by units first; 'Por faturamento' shows the report's ranking by revenue without asking again", async () => {
    const { user, server } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));
    const top = await screen.findByRole('region', { name: 'Top 5 produtos' });
    const names = () =>
      within(top)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent);
    expect(names()).toEqual(['Brigadeiro', 'Kit Festa 3']);

    await user.click(screen.getByRole('button', { name: 'Por faturamento' }));

    expect(names()).toEqual(['Kit Festa 3', 'Brigadeiro']);
    expect(
      screen.getByRole('button', { name: 'Por faturamento' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(server.queries('/api/admin/sales/monthly-report')).toHaveLength(1);
  });

  it('given a failing report, then the server message or "Erro ao carregar relatório mensal."', async () => {
    const { user } = await openSales({
      handler: (url) =>
        url.pathname === '/api/admin/sales/monthly-report' ? json({}, { status: 500 }) : undefined,
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));
    expect(await screen.findByText('Erro ao carregar relatório mensal.')).toBeTruthy();
  });

  it('given Listagem de Vendas, then the sale number is the last 6 characters uppercased and only physical sales have actions', async () => {
    const { user } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));

    const table = await screen.findByRole('region', { name: 'Vendas' });
    const [, first, second] = within(table).getAllByRole('row');
    if (!first || !second) throw new Error('rows missing');
    expect(first.textContent).toContain('00AB12');
    expect(first.textContent).toContain('Físico');
    expect(first.textContent).toContain('R$ 150,50');
    expect(within(first).getAllByRole('button')).toHaveLength(2);
    expect(second.textContent).toContain('0CD34E');
    expect(second.textContent).toContain('Online');
    expect(within(second).queryAllByRole('button')).toHaveLength(0);
  });

  it('given a refund row (issue 38), then Estorno with its order number, the amount in red with a minus, and no actions', async () => {
    const refund = {
      ...saleDto({
        id: 'abad0000-4444-4aaa-8bbb-0000000ef56a',
        clientName: 'Ana Costa',
        amount: -20,
        source: 'Online',
      }),
      kind: 'refund',
      orderNumber: 1001,
    };
    const { user } = await openSales({
      handler: (url, request) =>
        url.pathname === '/api/admin/sales' && request.method === 'GET'
          ? json({ sales: [refund], total: 1, totalPages: 1, page: 1, position: 100 })
          : undefined,
    });
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));

    const table = await screen.findByRole('region', { name: 'Vendas' });
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('row missing');
    expect(row.textContent).toContain('Estorno');
    expect(row.textContent).toContain('Pedido #1001');
    expect(row.textContent).not.toContain('Online');
    const amount = within(row).getByText('-R$ 20,00');
    expect(amount.className).toMatch(/negativeMoney/);
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
  });

  it('given the origin filter and a search, then page 1 is asked for with the source and, after 300 ms, the search', async () => {
    const { user, server } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));
    await screen.findByRole('region', { name: 'Vendas' });

    await user.selectOptions(screen.getByLabelText('Origem'), 'physical');
    await user.type(screen.getByLabelText('Buscar vendas'), 'João');
    await waitFor(() =>
      expect(server.queries('/api/admin/sales').at(-1)).toBe(
        '?page=1&limit=10&search=Jo%C3%A3o&source=physical',
      ),
    );
    expect(server.queries('/api/admin/sales')).not.toContain(
      '?page=1&limit=10&search=J&source=physical',
    );
  });

  it("given the origin filter and a search, when 'Exportar CSV', then GET /api/admin/sales.csv with them, saved under the server's name with pt-BR decimals", async () => {
    const { user, server } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));
    await screen.findByRole('region', { name: 'Vendas' });
    const saved: { name: string; blob: Blob | undefined }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.set('blob:vendas', blob);
        return 'blob:vendas';
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href) });
    });
    await user.selectOptions(screen.getByLabelText('Origem'), 'physical');
    await user.type(screen.getByLabelText('Buscar vendas'), 'João');
    await waitFor(() =>
      expect(server.queries('/api/admin/sales').at(-1)).toBe(
        '?page=1&limit=10&search=Jo%C3%A3o&source=physical',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(server.queries('/api/admin/sales.csv')).toEqual(['?search=Jo%C3%A3o&source=physical']);
    expect(server.calls('/api/admin/sales.csv', 'GET')[0]?.headers.get('Authorization')).toMatch(
      /^Bearer /,
    );
    expect(saved[0]?.name).toBe('vendas-2030-11-21.csv');
    expect(await saved[0]?.blob?.text()).toBe('Cliente;Valor (R$)\r\nJoão Souza;150,5\r\n');
  });

  it('given a sale added, then the date defaults to today, "Venda adicionada com sucesso!" hides after 3000 ms and the list shows it', async () => {
    const { user, server } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));
    await screen.findByRole('region', { name: 'Vendas' });

    await user.click(screen.getByRole('button', { name: 'Adicionar Venda' }));
    const dialog = screen.getByRole('dialog', { name: 'Adicionar Venda' });
    expect(within(dialog).getByLabelText('Data')).toHaveProperty('value', shopToday(new Date()));
    await user.type(within(dialog).getByLabelText('Cliente'), 'Carla');
    await user.type(within(dialog).getByLabelText('Valor'), '1.234,50');
    expect(dialog.textContent).toContain('Será salvo: R$ 1.234,50');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const success = await screen.findByRole('dialog', { name: 'Sucesso' });
    expect(success.textContent).toContain('Venda adicionada com sucesso!');
    // The 3000 ms are measured first: the clock also moves with real time (a loaded machine's
    // slow checks in between once ate the margin).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_900);
    });
    expect(screen.queryByRole('dialog', { name: 'Sucesso' })).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByRole('dialog', { name: 'Sucesso' })).toBeNull();
    expect(await screen.findByText('Carla')).toBeTruthy();
    const [post] = server.calls('/api/admin/sales', 'POST');
    expect(await post?.clone().json()).toEqual({
      clientName: 'Carla',
      amount: 1234.5,
      date: shopToday(new Date()),
    });
  });

  it('given a physical sale deleted after the confirmation, then "Venda excluída com sucesso!"', async () => {
    const { user } = await openSales();
    await user.click(screen.getByRole('tab', { name: 'Listagem de Vendas' }));
    await screen.findByRole('region', { name: 'Vendas' });

    await user.click(screen.getByRole('button', { name: 'Excluir venda 00AB12' }));
    expect(screen.getByRole('dialog', { name: 'Confirmação' }).textContent).toContain(
      'Tem certeza que deseja excluir esta venda? Esta ação é irreversível.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('dialog', { name: 'Sucesso' })).textContent).toContain(
      'Venda excluída com sucesso!',
    );
    await waitFor(() => expect(screen.queryByText('João Souza')).toBeNull());
  });
});

describe('sales report with no sales', () => {
  it('given a month without sales, then the figures read zero and the empty note shows', async () => {
    const { user } = await openSales({
      report: monthlyReport({
        totalSales: 0,
        totalRevenue: 0,
        bestDay: null,
        topProducts: [],
        topProductsByRevenue: [],
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));
    expect(await screen.findByText('Nenhuma venda neste mês.')).toBeTruthy();
    expect(screen.getByText('Nenhum produto vendido neste mês.')).toBeTruthy();
  });

  it('given a month with sales after one without, then no made-up growth percentage but a note that there is none to compare', async () => {
    const { user } = await openSales({
      report: monthlyReport({
        growthComparison: {
          previousMonth: { totalRevenue: 0, totalSales: 0 },
          growthPercentage: { revenue: 100, sales: 100 },
        },
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));

    expect(
      await screen.findByText('Sem vendas no mês anterior: não há crescimento a comparar.'),
    ).toBeTruthy();
    expect(screen.queryByText('+100,0%')).toBeNull();
  });

  it('given a previous month whose sales were all of R$ 0,00, then the sales growth but no revenue percentage', async () => {
    const { user } = await openSales({
      report: monthlyReport({
        growthComparison: {
          previousMonth: { totalRevenue: 0, totalSales: 4 },
          growthPercentage: { revenue: 100, sales: 200 },
        },
      }),
    });
    await user.click(screen.getByRole('tab', { name: 'Relatórios Mensais' }));

    expect(await screen.findByText('+200,0%')).toBeTruthy();
    expect(screen.getByText(/Crescimento da receita: —/)).toBeTruthy();
    expect(screen.queryByText('+100,0%')).toBeNull();
  });
});
