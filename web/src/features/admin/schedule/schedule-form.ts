import type { DeliveryType, KitchenSchedule, Weekday } from '@quitute/contracts';

/**
 * The 'Agenda e Produção' form (issue 40) as typed: numbers stay the text the
 * admin typed until she saves, so a refused value stays on screen. It becomes
 * the PUT /api/admin/schedule body (contracts' kitchenScheduleBodySchema) on
 * save; the schema — on the page and on the server — says what is wrong.
 */
export interface RangeRow {
  /** Tells rows apart while rows are added and removed (not sent). */
  key: number;
  open: string;
  close: string;
}

export interface ClosedRow {
  key: number;
  date: string;
  reason: string;
}

export type WeekRows = Record<Weekday, RangeRow[]>;

export interface ScheduleForm {
  leadDays: string;
  horizonDays: string;
  slotMinutes: string;
  /** '' is unlimited. */
  dailyCapacityUnits: string;
  kitUnits: string;
  weekly: Record<DeliveryType, WeekRows>;
  closedDates: ClosedRow[];
}

export type NumberField = 'leadDays' | 'horizonDays' | 'dailyCapacityUnits' | 'kitUnits';

let nextRowKey = 1;

export function emptyRange(): RangeRow {
  return { key: nextRowKey++, open: '09:00', close: '18:00' };
}

export function emptyClosedDate(): ClosedRow {
  return { key: nextRowKey++, date: '', reason: '' };
}

/** Each weekday's value through `change`. */
export function mapWeek<T, U>(
  week: Record<Weekday, T>,
  change: (value: T) => U,
): Record<Weekday, U> {
  return {
    mon: change(week.mon),
    tue: change(week.tue),
    wed: change(week.wed),
    thu: change(week.thu),
    fri: change(week.fri),
    sat: change(week.sat),
    sun: change(week.sun),
  };
}

function weekRows(week: KitchenSchedule['weekly'][DeliveryType]): WeekRows {
  return mapWeek(week, (ranges) =>
    ranges.map((range) => ({ key: nextRowKey++, open: range.open, close: range.close })),
  );
}

/** The form over a saved calendar. */
export function formOf(schedule: KitchenSchedule): ScheduleForm {
  return {
    leadDays: String(schedule.leadDays),
    horizonDays: String(schedule.horizonDays),
    slotMinutes: String(schedule.slotMinutes),
    dailyCapacityUnits:
      schedule.dailyCapacityUnits === null ? '' : String(schedule.dailyCapacityUnits),
    kitUnits: String(schedule.kitUnits),
    weekly: {
      pickup: weekRows(schedule.weekly.pickup),
      delivery: weekRows(schedule.weekly.delivery),
    },
    closedDates: schedule.closedDates.map((closed) => ({
      key: nextRowKey++,
      date: closed.date,
      reason: closed.reason ?? '',
    })),
  };
}

/** A whole number as typed ('1.000' is a thousand, the Brazilian way), or the text itself for the rules to refuse. */
export function numberOrText(text: string): number | string {
  const compact = text.trim().replace(/\.(?=\d{3}(\D|$))/g, '');
  return /^-?\d+$/.test(compact) ? Number(compact) : text;
}

/**
 * The PUT body: the whole calendar. A blank capacity is null (unlimited), a
 * blank reason is left out. What the admin typed that is not a number goes as
 * text, and the rules (kitchenScheduleBodySchema) answer it.
 */
export function bodyOf(form: ScheduleForm) {
  const week = (rows: WeekRows) =>
    mapWeek(rows, (ranges) => ranges.map(({ open, close }) => ({ open, close })));
  const capacity = form.dailyCapacityUnits.trim();
  return {
    leadDays: numberOrText(form.leadDays),
    horizonDays: numberOrText(form.horizonDays),
    slotMinutes: numberOrText(form.slotMinutes),
    dailyCapacityUnits: capacity === '' ? null : numberOrText(capacity),
    kitUnits: numberOrText(form.kitUnits),
    weekly: { pickup: week(form.weekly.pickup), delivery: week(form.weekly.delivery) },
    closedDates: form.closedDates.map((row) =>
      row.reason.trim() ? { date: row.date, reason: row.reason.trim() } : { date: row.date },
    ),
  };
}

export type ScheduleDraft = ReturnType<typeof bodyOf>;
