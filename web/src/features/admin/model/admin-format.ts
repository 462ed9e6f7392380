import {
  formatBRL,
  formatShopDay,
  formatShopDayTime,
  shopDate,
  shopInstantOf,
} from '@quitute/contracts';

/** 'R$ 1.234,56' (admin-spec §1; DESIGN.md): the shop's one money format, comma decimals. */
export const formatMoney = formatBRL;

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * dd/MM/yyyy in the shop's time zone. A calendar date (`2026-11-25`, the
 * reports' days) is already the shop's day and is only rewritten, never
 * shifted by a time zone.
 */
export function formatDay(text: string): string {
  const calendar = calendarDate.exec(text);
  if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  const instant = shopInstantOf(text);
  return instant ? formatShopDay(instant) : text;
}

/** dd/MM/yyyy HH:mm in the shop's time zone. */
export function formatDayTime(text: string): string {
  const instant = shopInstantOf(text);
  return instant ? formatShopDayTime(instant) : text;
}

/** dd/MM of a calendar date, for chart axes. */
export function formatShortDay(text: string): string {
  const calendar = calendarDate.exec(text);
  return calendar ? `${calendar[3]}/${calendar[2]}` : formatDay(text);
}

/** admin-spec §9: product and user IDs show their first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** admin-spec §2, §9: a sale's number is the last 6 characters of its id, uppercased. */
export function saleNumber(id: string): string {
  return id.slice(-6).toUpperCase();
}

/** admin-spec §2, §9: growth percentages with 1 decimal ('+12,5%', '-3,0%'). */
export function formatGrowth(percentage: number): string {
  const text = new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(percentage);
  return `${text}%`;
}

const count = (n: number, one: string, many: string) =>
  `${new Intl.NumberFormat('pt-BR').format(n)} ${n === 1 ? one : many}`;

/** '1 vendido', '30 vendidos', '1.200 vendidos': units of a product sold. */
export const unitsSold = (n: number) => count(n, 'vendido', 'vendidos');

/** '1 venda', '3 vendas'. */
export const salesCount = (n: number) => count(n, 'venda', 'vendas');

/** Today in the shop's calendar, `YYYY-MM-DD` (the sale form's default date). */
export function shopToday(now: Date): string {
  return shopDate(now);
}

/** The shop's current month, `YYYY-MM` (the month picker's maximum, admin-spec §5). */
export function shopMonth(now: Date): string {
  return shopDate(now).slice(0, 7);
}
