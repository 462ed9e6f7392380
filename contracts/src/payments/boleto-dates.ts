import { addDays } from '../shared/shop-time';

/**
 * When a boleto can be offered (issue 38): it must be paid and credited to the
 * shop before the goods leave. Mercado Pago credits a paid boleto within up to
 * BOLETO_CLEARING_BUSINESS_DAYS business days (integration-facts §4.5 says
 * "up to 2 business hours" for the credit after the bank's compensation; the
 * bank's compensation itself takes up to 3 business days, which is what we
 * assume), and a boleto due on a day banks are closed may be paid on the next
 * business day, so its due date is always a business day. Dates are the shop's
 * calendar dates, `YYYY-MM-DD`.
 */

/** Business days a paid boleto may take to reach the shop. */
export const BOLETO_CLEARING_BUSINESS_DAYS = 3;
/** The longest a boleto stays open: unpaid orders hold the shop's stock (BOLETO_EXPIRY_DAYS before). */
export const BOLETO_MAX_OPEN_DAYS = 3;

/** Easter Sunday of a year (the anonymous Gregorian computus). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The days banks do not clear in a year: the national holidays (Lei 662/1949
 * and its amendments, 20 November since Lei 14.759/2023) and the days FEBRABAN
 * keeps banks closed (Carnival Monday and Tuesday, Good Friday, Corpus
 * Christi, the year's last day). Local holidays are not counted.
 */
export function bankHolidays(year: number): ReadonlySet<string> {
  const cached = holidaysByYear.get(year);
  if (cached) return cached;
  const fixed = [
    '01-01',
    '04-21',
    '05-01',
    '09-07',
    '10-12',
    '11-02',
    '11-15',
    '11-20',
    '12-25',
    '12-31',
  ];
  const sunday = easter(year);
  const days = new Set([
    ...fixed.map((monthDay) => `${year}-${monthDay}`),
    addDays(sunday, -48), // Carnival Monday
    addDays(sunday, -47), // Carnival Tuesday
    addDays(sunday, -2), // Good Friday
    addDays(sunday, 60), // Corpus Christi
  ]);
  holidaysByYear.set(year, days);
  return days;
}
const holidaysByYear = new Map<number, ReadonlySet<string>>();

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The business day `count` business days after `date` (count ≥ 1). */
export function addBusinessDays(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** The latest business day on or before `date`. */
function businessDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/**
 * The boleto's due date for an order placed on `today` for `deliveryDay`: the
 * latest business day, at most BOLETO_MAX_OPEN_DAYS ahead, whose payment is
 * credited (BOLETO_CLEARING_BUSINESS_DAYS later) before the delivery day; null
 * when no day from today on is early enough (the boleto is not offered).
 */
export function boletoDueDate(today: string, deliveryDay: string): string | null {
  let due = businessDayOnOrBefore(addDays(today, BOLETO_MAX_OPEN_DAYS));
  while (due >= today && addBusinessDays(due, BOLETO_CLEARING_BUSINESS_DAYS) >= deliveryDay) {
    due = businessDayOnOrBefore(addDays(due, -1));
  }
  return due >= today ? due : null;
}

/** The first delivery day a boleto can pay for, ordering on `today`. */
export function earliestBoletoDeliveryDay(today: string): string {
  let day = addDays(today, 1);
  while (boletoDueDate(today, day) === null) day = addDays(day, 1);
  return day;
}

/** Why boleto is refused (and disabled in the form) for a date too close; `earliest` as `DD/MM/AAAA`. */
export function boletoTooCloseMessage(earliest: string): string {
  return `O boleto leva até ${BOLETO_CLEARING_BUSINESS_DAYS} dias úteis para ser compensado e não fica pago a tempo para esta data. Escolha Pix ou cartão, ou uma data a partir de ${earliest}.`;
}
