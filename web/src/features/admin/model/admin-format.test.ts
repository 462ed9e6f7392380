import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayTime,
  formatGrowth,
  formatMoney,
  saleNumber,
  salesCount,
  shopMonth,
  shopToday,
  shortId,
  unitsSold,
} from './admin-format';
import { dashboardPaymentLabel, orderStatusLabel, paymentStatusLabel } from './admin-labels';

describe('admin formats (admin-spec §1, §9)', () => {
  it('given ids, then products and users show 8 characters and sales the last 6 uppercased', () => {
    expect(shortId('abcdef12-3456')).toBe('abcdef12');
    expect(saleNumber('c0ffee00-3333-4eee-8fff-00000000ab12')).toBe('00AB12');
  });

  it('given counts of units and sales, then singular for one and pt-BR thousands', () => {
    expect([unitsSold(1), unitsSold(30), unitsSold(1200)]).toEqual([
      '1 vendido',
      '30 vendidos',
      '1.200 vendidos',
    ]);
    expect([salesCount(1), salesCount(3)]).toEqual(['1 venda', '3 vendas']);
  });

  it('given growth percentages, then 1 decimal with a sign and a comma', () => {
    expect(formatGrowth(23.45)).toBe('+23,5%');
    expect(formatGrowth(-3)).toBe('-3,0%');
    expect(formatGrowth(0)).toBe('0,0%');
  });

  it('given money and dates, then R$ with comma decimals and pt-BR days in São Paulo time', () => {
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatDay('2030-11-15')).toBe('15/11/2030');
    expect(formatDay('2030-11-21T01:30:00.000Z')).toBe('20/11/2030');
    expect(formatDayTime('2030-11-25T14:30:00-03:00')).toBe('25/11/2030 14:30');
  });

  it("given an instant, then today and this month are the shop's (America/Sao_Paulo)", () => {
    const lateNightUtc = new Date('2030-12-01T02:00:00.000Z');
    expect(shopToday(lateNightUtc)).toBe('2030-11-30');
    expect(shopMonth(lateNightUtc)).toBe('2030-11');
  });

  it('given statuses, then the admin labels of §4 and Desconhecido for anything else', () => {
    expect(orderStatusLabel('processing')).toBe('Em Preparação');
    expect(orderStatusLabel('lost')).toBe('Desconhecido');
    expect(dashboardPaymentLabel('in_process')).toBe('Em Processo');
    expect(dashboardPaymentLabel('refunded')).toBe('Desconhecido');
    expect(paymentStatusLabel('refunded')).toBe('Reembolsado');
  });
});
