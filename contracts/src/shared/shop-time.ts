/**
 * The shop's clock (ARCHITECTURE §6): every date and time a person reads, and
 * every "today" a rule counts from, is America/Sao_Paulo wall-clock time. One
 * module for the web app and the servers, so a day or an hour reads the same
 * on every screen, page and e-mail.
 */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const HOUR_MS = 3_600_000;
const offsetsByHour = new Map<number, number>();

/**
 * Minutes the shop's clock is ahead of UTC at an instant (-180 for Brasília
 * time). Brazil's clock changes fell on the hour, so the offset holds for a
 * whole UTC hour: the calendar is asked once an hour, not once a call.
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
    wallClockParts.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
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

/** The shop's wall-clock reading of an instant, as the UTC fields of a Date. */
function wallClock(instant: Date): Date {
  return new Date(instant.getTime() + shopOffsetMinutes(instant) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The shop's calendar date of an instant, `YYYY-MM-DD`. */
export function shopDate(instant: Date): string {
  return wallClock(instant).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return shifted.toISOString().slice(0, 10);
}

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether year, month, day, hour, minute and second (NaN: absent) name a real date and clock. */
function realDateAndClock(parts: (number | undefined)[]): boolean {
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second] = parts;
  const check = new Date(Date.UTC(year, month - 1, day));
  return (
    check.getUTCFullYear() === year &&
    check.getUTCMonth() + 1 === month &&
    check.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    (second === undefined || Number.isNaN(second) || second <= 59)
  );
}

/**
 * The instant of a wall-clock time in the shop (what a datetime-local input
 * gives: `2026-11-25T14:30`), or null when it is not a real date and time. An
 * ISO time with an offset or `Z` is read as that instant.
 */
export function parseShopDateTime(text: string): Date | null {
  const match = localDateTime.exec(text);
  if (!match) {
    const iso = isoDateTime.exec(text);
    // The engine rolls what is no real date or clock over (2026-11-31 is 1 December,
    // 24:00 the next day): such a text names no instant.
    if (!iso || !realDateAndClock(iso.slice(1, 7).map(Number))) return null;
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
  if (!realDateAndClock([year, month, day, hour, minute, second])) return null;
  // Two passes settle the offset even on a day the offset changes.
  let instant = new Date(asUtc - shopOffsetMinutes(new Date(asUtc)) * 60_000);
  instant = new Date(asUtc - shopOffsetMinutes(instant) * 60_000);
  return instant;
}

/**
 * An instant written in the shop's time zone: `2026-11-25T14:30:00-03:00`, or
 * with milliseconds `2026-11-25T14:30:00.000-03:00` (Mercado Pago's format).
 */
export function formatShopDateTime(
  instant: Date,
  options: { milliseconds?: boolean } = {},
): string {
  const offset = shopOffsetMinutes(instant);
  const time = options.milliseconds
    ? instant.getTime()
    : Math.floor(instant.getTime() / 1000) * 1000;
  const shifted = new Date(time + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  const zone = `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
  return `${shifted.toISOString().slice(0, options.milliseconds ? 23 : 19)}${zone}`;
}

/** The instant a text names: a shop wall-clock time or any date `Date` reads; null when none. */
export function shopInstantOf(text: string): Date | null {
  const instant = parseShopDateTime(text) ?? new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** `25/11/2026`: the shop's day of an instant, as people in Brazil write it. */
export function formatShopDay(instant: Date): string {
  const clock = wallClock(instant);
  return `${pad(clock.getUTCDate())}/${pad(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()}`;
}

/** `14:30`, or `14:30:05` with seconds: the shop's clock at an instant. */
export function formatShopClock(instant: Date, options: { seconds?: boolean } = {}): string {
  const clock = wallClock(instant);
  const minutes = `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`;
  return options.seconds ? `${minutes}:${pad(clock.getUTCSeconds())}` : minutes;
}

/** `25/11/2026 14:30` (`14:30:05` with seconds). */
export function formatShopDayTime(instant: Date, options: { seconds?: boolean } = {}): string {
  return `${formatShopDay(instant)} ${formatShopClock(instant, options)}`;
}
