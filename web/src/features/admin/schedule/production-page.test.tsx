import type { ProductionDto } from '@quitute/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_LOAD, renderApp } from '../../../testing/render';
import { admin, storageWithSession } from '../../../testing/session';
import { fakeAdminServer } from '../testing/admin-server';
import { productionDate } from './production-page';

const saturday: ProductionDto = {
  date: '2026-12-05',
  totals: [
    {
      name: 'Kit Festa 1',
      category: 'Kits Festa',
      quantity: 1,
      itens: ['50 coxinhas', '50 brigadeiros'],
    },
    { name: 'Brigadeiro', category: 'Doces', quantity: 30, itens: [] },
    { name: 'Coxinha de Frango', category: 'Salgados Fritos', quantity: 150, itens: [] },
  ],
  units: 200,
  capacityUnits: 1000,
  slots: [
    {
      start: '08:00',
      end: '09:00',
      orders: [
        {
          orderId: 'a3f1c2d4-0000-4000-8000-000000000001',
          orderNumber: 1001,
          customerName: 'Maria da Silva',
          customerPhone: '11987654321',
          deliveryType: 'pickup',
          time: '08:00',
          items: [
            { name: 'Coxinha de Frango', category: 'Salgados Fritos', quantity: 100 },
            { name: 'Kit Festa 1', category: 'Kits Festa', quantity: 1 },
          ],
          notes: 'Escrever Feliz Aniversário',
          address: null,
          orderStatus: 'processing',
          paymentStatus: 'approved',
        },
      ],
    },
    {
      start: '10:00',
      end: '11:00',
      orders: [
        {
          orderId: 'a3f1c2d4-0000-4000-8000-000000000002',
          orderNumber: 1002,
          customerName: 'João Souza',
          customerPhone: null,
          deliveryType: 'delivery',
          time: '10:30',
          items: [
            { name: 'Coxinha de Frango', category: 'Salgados Fritos', quantity: 50 },
            { name: 'Brigadeiro', category: 'Doces', quantity: 30 },
          ],
          notes: '',
          address: 'Rua das Flores, 12 - Pinheiros - São Paulo/SP - 05407-002',
          orderStatus: 'pending',
          paymentStatus: 'pending',
        },
      ],
    },
  ],
  orderCount: 2,
};

async function openProduction(route: string, production: Record<string, ProductionDto> = {}) {
  const server = fakeAdminServer({ production });
  const rendered = renderApp({ route, storage: storageWithSession(admin) });
  await screen.findByRole('heading', { name: 'Produção do dia', level: 1 }, PAGE_LOAD);
  return { ...rendered, server };
}

describe('/admin/producao "Produção do dia" (issue 40)', () => {
  it('given ?date= a Saturday with two orders, then the kitchen sheet totals every product and each order has its ticket, notes and unpaid ones marked', async () => {
    const { server } = await openProduction('/admin/producao?date=2026-12-05', {
      '2026-12-05': saturday,
    });

    const sheet = await screen.findByRole('region', { name: 'Produção de 05/12/2026' }, PAGE_LOAD);
    expect(server.queries('/api/admin/production')).toEqual(['?date=2026-12-05']);
    const rows = within(within(sheet).getByRole('table', { name: 'Total por produto' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Kit Festa 1Contém: 50 coxinhas, 50 brigadeiros1',
      'Brigadeiro30',
      'Coxinha de Frango150',
    ]);
    expect(sheet.textContent).toContain('2 pedidos · 200 de 1.000 unidades da capacidade do dia');

    const first = screen.getByRole('article', { name: 'Pedido #1001' });
    expect(first.textContent).toContain('Maria da Silva · (11) 98765-4321');
    expect(first.textContent).toContain('Retirada');
    expect(first.textContent).toContain('100 × Coxinha de Frango');
    expect(first.textContent).toContain('Observações: Escrever Feliz Aniversário');
    expect(first.textContent).not.toContain('NÃO PAGO');
    const second = screen.getByRole('article', { name: 'Pedido #1002' });
    expect(second.textContent).toContain('NÃO PAGO');
    expect(second.textContent).toContain(
      'Entrega · Rua das Flores, 12 - Pinheiros - São Paulo/SP - 05407-002',
    );
    expect(
      within(screen.getByRole('region', { name: '10:00 – 11:00' })).getByRole('article')
        .textContent,
    ).toContain('10:30');
  });

  it('given a day without orders, when another date is picked, then that day is asked for and says so', async () => {
    const { server } = await openProduction('/admin/producao?date=2026-12-05', {
      '2026-12-05': saturday,
    });
    await screen.findByRole('article', { name: 'Pedido #1001' }, PAGE_LOAD);

    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '2026-12-06' } });

    expect(await screen.findByText('Nenhum pedido para este dia.')).toBeTruthy();
    expect(server.queries('/api/admin/production').at(-1)).toBe('?date=2026-12-06');
  });

  it("given no date, then tomorrow in the shop's time zone", () => {
    expect(productionDate(null, new Date('2026-11-28T02:30:00Z'))).toBe('2026-11-28');
    expect(productionDate('2026-02-30', new Date('2026-11-28T15:00:00Z'))).toBe('2026-11-29');
    expect(productionDate('2026-12-05', new Date('2026-11-28T15:00:00Z'))).toBe('2026-12-05');
  });

  it("given 'Imprimir', then the browser's print runs, on A4 without the admin's chrome and one ticket never split", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = await openProduction('/admin/producao?date=2026-12-05', {
      '2026-12-05': saturday,
    });
    await screen.findByRole('article', { name: 'Pedido #1001' }, PAGE_LOAD);

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));

    expect(print).toHaveBeenCalledTimes(1);
    const css = readFileSync(join(import.meta.dirname, 'production.module.css'), 'utf8').replace(
      /\s+/g,
      ' ',
    );
    expect(css).toMatch(/@page \{ size: A4;/);
    const printBlock = css.slice(css.indexOf('@media print'));
    // Everything outside the print area (header, sidebar, footer, toasts) is left out, and the buttons in it.
    expect(printBlock).toContain(
      ':global(body *):not(:has(.printArea)):not(.printArea):not(.printArea *) { display: none !important; }',
    );
    expect(printBlock).toMatch(/\.noPrint, \.printArea button \{ display: none !important; \}/);
    expect(printBlock).toMatch(/\.kitchenSheet \{[^}]*break-after: page;/);
    expect(printBlock).toMatch(/\.ticket \{[^}]*break-inside: avoid;/);
    // The buttons and the date picker sit outside the print area; the sheet and tickets inside it.
    const title = screen.getByRole('heading', { name: 'Produção do dia', level: 1 });
    const sheet = screen.getByRole('region', { name: 'Produção de 05/12/2026' });
    await waitFor(() => expect(sheet.closest('[class*="printArea"]')).not.toBeNull());
    expect(title.closest('[class*="printArea"]')).toBeNull();
    expect(title.closest('[class*="noPrint"]')).not.toBeNull();
  });
});
