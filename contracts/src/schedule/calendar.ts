import { KITS_CATEGORY } from '../catalog/constants';
import type { DeliveryType } from '../ordering/constants';
import { minimumDateMessage } from '../ordering/messages';
import { addDays, shopDate } from '../shared/shop-time';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './constants';
import type { ClosedDate, KitchenSchedule, TimeRange, WeekHours } from './events';
import {
  beyondHorizonMessage,
  closedDateMessage,
  closedWeekdayMessage,
  DAY_UNAVAILABLE_REASONS,
  outsideHoursMessage,
} from './messages';

/**
 * The kitchen calendar's rules (issue 40), pure: the web app offers what they
 * allow, the query side answers availability with them and the checkout
 * refuses what they refuse. Dates are the shop's `YYYY-MM-DD`, times its
 * `HH:mm` wall-clock (America/Sao_Paulo).
 */

/** One slot of a day: `HH:mm` to `HH:mm`. */
export interface Slot {
  start: string;
  end: string;
}

/** One day as GET /api/schedule/availability answers it. */
export interface AvailabilityDay {
  date: string;
  /** Whether the day can be chosen (false: see `reason`). */
  open: boolean;
  /** Why it cannot ('Fechado', 'Fechado (Natal)', 'Agenda cheia', …); absent when open. */
  reason?: string;
  /** The day's slots for the delivery type ([] when it cannot be chosen). */
  slots: Slot[];
  /** Units the day still takes; null when the capacity is unlimited. */
  remainingUnits: number | null;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of `HH:mm`, or null when it is not a time of day. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** `HH:mm` of minutes since midnight. */
export function formatClockMinutes(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Whether `text` is a real calendar date `YYYY-MM-DD`. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  return date.toISOString().slice(0, 10) === text;
}

/** The weekday of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number);
  const sundayFirst = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] ?? 'mon';
}

/** Days from `from` to `to` (0 when equal; negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  const at = (date: string) => {
    const [year, month, day] = date.split('-').map(Number);
    return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
  };
  return Math.round((at(to) - at(from)) / 86_400_000);
}

/** The first and last dates a customer may book today. */
export function bookingWindow(
  schedule: Pick<KitchenSchedule, 'leadDays' | 'horizonDays'>,
  now: Date,
): { today: string; earliest: string; latest: string } {
  const today = shopDate(now);
  return {
    today,
    earliest: addDays(today, schedule.leadDays),
    latest: addDays(today, schedule.horizonDays),
  };
}

export function closedDateOf(schedule: KitchenSchedule, date: string): ClosedDate | undefined {
  return schedule.closedDates.find((closed) => closed.date === date);
}

/** The opening ranges of a weekday, sorted by opening time. */
export function rangesOf(week: WeekHours, day: Weekday): TimeRange[] {
  return [...week[day]].sort((a, b) => a.open.localeCompare(b.open));
}

/** The slots of one range: from its opening, every `slotMinutes`, each ending by its closing. */
export function rangeSlots(range: TimeRange, slotMinutes: number): Slot[] {
  const open = clockMinutes(range.open);
  const close = clockMinutes(range.close);
  if (open === null || close === null || slotMinutes <= 0) return [];
  const slots: Slot[] = [];
  for (let start = open; start + slotMinutes <= close; start += slotMinutes) {
    slots.push({ start: formatClockMinutes(start), end: formatClockMinutes(start + slotMinutes) });
  }
  return slots;
}

/** The day's slots for the delivery type by its weekday's hours ([] on a closed date or weekday). */
export function daySlots(schedule: KitchenSchedule, kind: DeliveryType, date: string): Slot[] {
  if (closedDateOf(schedule, date)) return [];
  return rangesOf(schedule.weekly[kind], weekdayOf(date)).flatMap((range) =>
    rangeSlots(range, schedule.slotMinutes),
  );
}

/** The slot a wall-clock time falls in on that day (a time inside the hours but past the last slot has none). */
export function slotAt(
  schedule: KitchenSchedule,
  kind: DeliveryType,
  date: string,
  time: string,
): Slot | null {
  const minutes = clockMinutes(time);
  if (minutes === null) return null;
  return (
    daySlots(schedule, kind, date).find((slot) => {
      const start = clockMinutes(slot.start) ?? 0;
      const end = clockMinutes(slot.end) ?? 0;
      return start <= minutes && minutes < end;
    }) ?? null
  );
}

/** Units of a line for the kitchen: a kit counts as `kitUnits`, any other item as one. */
export function lineUnits(line: { category: string; quantity: number }, kitUnits: number): number {
  return line.quantity * (line.category === KITS_CATEGORY ? kitUnits : 1);
}

/** Units of an order's lines for the kitchen. */
export function orderUnits(
  lines: readonly { category: string; quantity: number }[],
  kitUnits: number,
): number {
  return lines.reduce((sum, line) => sum + lineUnits(line, kitUnits), 0);
}

/** Units a day still takes: null when unlimited, never below 0 (a capacity lowered under what is held). */
export function remainingUnits(capacityUnits: number | null, reservedUnits: number): number | null {
  return capacityUnits === null ? null : Math.max(0, capacityUnits - reservedUnits);
}

/**
 * Why a checkout's date and time cannot be booked (400, pt-BR), or null when
 * they can: before the lead time, past the horizon, a closed date, a closed
 * weekday, or a time outside the day's slots. Capacity is decided apart, on
 * the day's stream.
 */
export function deliveryTimeRefusal(
  schedule: KitchenSchedule,
  kind: DeliveryType,
  at: { date: string; time: string },
  now: Date,
): string | null {
  const { earliest, latest } = bookingWindow(schedule, now);
  if (at.date < earliest) return minimumDateMessage(earliest);
  if (at.date > latest) return beyondHorizonMessage(schedule.horizonDays, latest);
  const closed = closedDateOf(schedule, at.date);
  if (closed) return closedDateMessage(at.date, closed.reason);
  const day = weekdayOf(at.date);
  const ranges = rangesOf(schedule.weekly[kind], day);
  if (daySlots(schedule, kind, at.date).length === 0) return closedWeekdayMessage(kind, day);
  if (slotAt(schedule, kind, at.date, at.time) === null) {
    return outsideHoursMessage(kind, at.date, rangesText(ranges));
  }
  return null;
}

/**
 * One day of the availability: whether it can be chosen (for an order of
 * `units`, when given) and its slots. Past, too-close and too-far dates,
 * closed dates and weekdays, and full days are not offered.
 */
export function dayAvailability(
  schedule: KitchenSchedule,
  day: { date: string; kind: DeliveryType; reservedUnits: number; units?: number | undefined },
  now: Date,
): AvailabilityDay {
  const { today, earliest, latest } = bookingWindow(schedule, now);
  const remaining = remainingUnits(schedule.dailyCapacityUnits, day.reservedUnits);
  const closedOn = (reason: string): AvailabilityDay => ({
    date: day.date,
    open: false,
    reason,
    slots: [],
    remainingUnits: remaining,
  });
  if (day.date < today) return closedOn(DAY_UNAVAILABLE_REASONS.past);
  if (day.date < earliest) return closedOn(DAY_UNAVAILABLE_REASONS.tooSoon);
  if (day.date > latest) return closedOn(DAY_UNAVAILABLE_REASONS.tooFar);
  const closed = closedDateOf(schedule, day.date);
  if (closed) {
    return closedOn(
      closed.reason
        ? `${DAY_UNAVAILABLE_REASONS.closed} (${closed.reason})`
        : DAY_UNAVAILABLE_REASONS.closed,
    );
  }
  const slots = daySlots(schedule, day.kind, day.date);
  if (slots.length === 0) return closedOn(DAY_UNAVAILABLE_REASONS.closed);
  if (remaining !== null && (remaining === 0 || remaining < (day.units ?? 1))) {
    return closedOn(DAY_UNAVAILABLE_REASONS.full);
  }
  return { date: day.date, open: true, slots, remainingUnits: remaining };
}

/** '8h', '8h30' */
function clockWords(time: string): string {
  const minutes = clockMinutes(time) ?? 0;
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  return minute === 0 ? `${hour}h` : `${hour}h${String(minute).padStart(2, '0')}`;
}

/** 'das 8h às 12h e das 14h às 18h'; 'fechado' without ranges. */
export function rangesText(ranges: readonly TimeRange[]): string {
  if (ranges.length === 0) return 'fechado';
  return ranges
    .map((range) => `das ${clockWords(range.open)} às ${clockWords(range.close)}`)
    .join(' e ');
}

/** 'segunda', 'segunda e terça', 'segunda a sábado' */
function daysText(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  if (days.length === 1) return WEEKDAY_NAMES[first];
  if (days.length === 2) return `${WEEKDAY_NAMES[first]} e ${WEEKDAY_NAMES[last]}`;
  return `${WEEKDAY_NAMES[first]} a ${WEEKDAY_NAMES[last]}`;
}

/**
 * A week's hours in words, consecutive weekdays with the same hours together:
 * 'segunda a sexta, das 9h às 18h; sábado, das 8h às 12h'. 'fechado' when no
 * day opens.
 */
export function weekHoursText(week: WeekHours): string {
  const groups: { days: Weekday[]; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const ranges = rangesOf(week, day);
    if (ranges.length === 0) continue;
    const text = rangesText(ranges);
    const last = groups[groups.length - 1];
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && last.text === text && previous && last.days[last.days.length - 1] === previous) {
      last.days.push(day);
    } else {
      groups.push({ days: [day], text });
    }
  }
  if (groups.length === 0) return 'fechado';
  return groups.map((group) => `${daysText(group.days)}, ${group.text}`).join('; ');
}

/**
 * The shop's hours as every page and the chatbot tell them: the pickup hours
 * (the counter's), and the delivery hours apart when they differ.
 */
export function scheduleHoursText(schedule: Pick<KitchenSchedule, 'weekly'>): string {
  const pickup = weekHoursText(schedule.weekly.pickup);
  const delivery = weekHoursText(schedule.weekly.delivery);
  return pickup === delivery ? pickup : `retirada: ${pickup}; entregas: ${delivery}`;
}

/**
 * The first date from `from` on (the earliest bookable date when absent)
 * whose day offers a slot of the delivery type, with its first slot; null when
 * none does up to the horizon. Capacity aside: the checkout's default, the
 * chatbot's "next date", and every test and bench that books an order.
 */
export function firstBookableSlot(
  schedule: KitchenSchedule,
  kind: DeliveryType,
  now: Date,
  from?: string,
): { date: string; slot: Slot; deliveryDate: string } | null {
  const { earliest, latest } = bookingWindow(schedule, now);
  for (
    let date = from && from > earliest ? from : earliest;
    date <= latest;
    date = addDays(date, 1)
  ) {
    const [slot] = daySlots(schedule, kind, date);
    if (slot) return { date, slot, deliveryDate: `${date}T${slot.start}` };
  }
  return null;
}
