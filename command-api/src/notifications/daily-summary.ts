import {
  addDays,
  DEFAULT_DAILY_SUMMARY_TIME,
  parseShopDateTime,
  shopDate,
  type ShopSettings,
} from '@quitute/contracts';
import type { OrderState } from '../ordering/decider';
import type { ShopMessage, SummaryLine } from './templates/types';

/**
 * The shop's daily production summary (issue 41): every day at the settings'
 * hour (America/Sao_Paulo), the next day's standing orders and how much of
 * each product they take. Named after the day it is about, so it is sent once
 * whatever restarts: `daily-summary:<YYYY-MM-DD>`.
 */

export type DailySummaryMessage = Extract<ShopMessage, { kind: 'shop_daily_summary' }>;

const SOURCE_PREFIX = 'daily-summary:';

export function dailySummarySourceId(date: string): string {
  return `${SOURCE_PREFIX}${date}`;
}

/** The day a summary's source id names; null for any other source. */
export function dailySummaryDate(sourceId: string): string | null {
  const date = sourceId.startsWith(SOURCE_PREFIX) ? sourceId.slice(SOURCE_PREFIX.length) : '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/**
 * The day whose summary is due at `now`: tomorrow (the shop's), once today's
 * hour has come; null before it. Only today's: a notifier started the day
 * after never sends yesterday's.
 */
export function dailySummaryDue(
  now: Date,
  settings: Pick<ShopSettings, 'dailySummaryTime'>,
): string | null {
  const today = shopDate(now);
  const hour = parseShopDateTime(
    `${today}T${settings.dailySummaryTime ?? DEFAULT_DAILY_SUMMARY_TIME}`,
  );
  if (!hour || now.getTime() < hour.getTime()) return null;
  return addDays(today, 1);
}

/**
 * The summary of `date` from the orders holding units of that day: the
 * cancelled and deleted ones left out, paid or not kept (the kitchen makes
 * what is booked); totals per product name, and the orders by their time.
 */
export function dailySummaryOf(date: string, orders: readonly OrderState[]): DailySummaryMessage {
  const standing = orders.flatMap((order) =>
    order.placed !== null && !order.deleted && order.status !== 'cancelled'
      ? [{ placed: order.placed, paid: order.paid }]
      : [],
  );
  const totals = new Map<string, number>();
  for (const { placed } of standing) {
    for (const item of placed.items) {
      totals.set(item.name, (totals.get(item.name) ?? 0) + item.quantity);
    }
  }
  const lines: SummaryLine[] = [...totals]
    .map(([name, quantity]) => ({ name, quantity }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const at = (deliveryDate: string) => parseShopDateTime(deliveryDate)?.getTime() ?? 0;
  return {
    kind: 'shop_daily_summary',
    date,
    totals: lines,
    orders: standing
      .map(({ placed, paid }) => ({
        orderNumber: placed.orderNumber,
        customerName: placed.customer.name,
        deliveryType: placed.deliveryType,
        deliveryDate: placed.deliveryDate,
        totalCents: placed.totalCents,
        paid,
      }))
      .sort((a, b) => at(a.deliveryDate) - at(b.deliveryDate) || a.orderNumber - b.orderNumber),
  };
}
