import { MIN_LEAD_DAYS, SHOP_TIME_ZONE } from './constants';

const calendar = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The shop's calendar date of an instant, `YYYY-MM-DD`. */
export function shopDate(instant: Date): string {
  return calendar.format(instant);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return shifted.toISOString().slice(0, 10);
}

/** spec §5: the earliest delivery or pickup date, two days from today in the shop's time zone. */
export function earliestDeliveryDate(now: Date): string {
  return addDays(shopDate(now), MIN_LEAD_DAYS);
}

const HOUR_MS = 3_600_000;
const offsetsByHour = new Map<number, number>();

/**
 * Minutes the shop's clock is ahead of UTC at an instant (-180 for Brasília
 * time). Brazil's clock changes fell on the hour, so the offset holds for a
 * whole UTC hour: a checkout asks several times, the calendar is read once an hour.
 */
function shopOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = offsetFromCalendar(new Date(hour * HOUR_MS));
    if (offsetsByHour.size >= 1_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

function offsetFromCalendar(instant: Date): number {
  const parts = Object.fromEntries(
    wallClock.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(
    parts['year'] ?? 0,
    (parts['month'] ?? 1) - 1,
    parts['day'] ?? 1,
    parts['hour'] ?? 0,
    parts['minute'] ?? 0,
    parts['second'] ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant of a wall-clock time in the shop (what a datetime-local input
 * gives: `2026-11-25T14:30`), or null when it is not a real date and time. An
 * ISO time with an offset or `Z` is read as that instant.
 */
export function parseShopDateTime(text: string): Date | null {
  const match = localDateTime.exec(text);
  if (!match) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
      return null;
    }
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const asUtc = Date.UTC(
    year ?? 0,
    (month ?? 1) - 1,
    day ?? 1,
    hour ?? 0,
    minute ?? 0,
    second || 0,
  );
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() + 1 !== month ||
    check.getUTCDate() !== day ||
    (hour ?? 0) > 23 ||
    (minute ?? 0) > 59
  ) {
    return null;
  }
  // Two passes settle the offset even on a day the offset changes.
  let instant = new Date(asUtc - shopOffsetMinutes(new Date(asUtc)) * 60_000);
  instant = new Date(asUtc - shopOffsetMinutes(instant) * 60_000);
  return instant;
}

/** `2026-11-25T14:30:00-03:00`: an instant written in the shop's time zone. */
export function formatShopDateTime(instant: Date): string {
  const offset = shopOffsetMinutes(instant);
  const shifted = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `${shifted.toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}
