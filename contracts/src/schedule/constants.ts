import { MIN_LEAD_DAYS } from '../ordering/constants';
import type { KitchenSchedule } from './events';

/**
 * The kitchen's calendar (issue 40): one aggregate, stream SCHEDULE_STREAM,
 * owned by the admin (GET/PUT /api/admin/schedule). Its capacity is decided
 * per day on `kitchenday-<YYYY-MM-DD>` streams (kitchenDayStreamName).
 */
export const SCHEDULE_STREAM = 'kitchenschedule-main';

/** One stream per calendar day of the shop: the units its orders hold. */
export function kitchenDayStreamName(date: string): string {
  return `kitchenday-${date}`;
}
export const KITCHEN_DAY_STREAM_PREFIX = 'kitchenday-';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** As a sentence names them: 'segunda a sábado'. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'segunda',
  tue: 'terça',
  wed: 'quarta',
  thu: 'quinta',
  fri: 'sexta',
  sat: 'sábado',
  sun: 'domingo',
};
/** 'aos domingos' */
export const WEEKDAY_PLURALS: Record<Weekday, string> = {
  mon: 'às segundas-feiras',
  tue: 'às terças-feiras',
  wed: 'às quartas-feiras',
  thu: 'às quintas-feiras',
  fri: 'às sextas-feiras',
  sat: 'aos sábados',
  sun: 'aos domingos',
};
/** The admin page's column heads. */
export const SCHEDULE_WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Segunda',
  tue: 'Terça',
  wed: 'Quarta',
  thu: 'Quinta',
  fri: 'Sexta',
  sat: 'Sábado',
  sun: 'Domingo',
};

/** The lead time never goes below the spec's two days (customer-spec §5). */
export { MIN_LEAD_DAYS };
export const MAX_LEAD_DAYS = 60;
export const DEFAULT_HORIZON_DAYS = 60;
export const MAX_HORIZON_DAYS = 365;
export const DEFAULT_SLOT_MINUTES = 60;
/** The slot lengths the admin may choose. */
export const SLOT_MINUTES_OPTIONS = [15, 30, 60, 90, 120, 180, 240] as const;
export const DEFAULT_KIT_UNITS = 20;
export const MAX_KIT_UNITS = 1_000;
export const MAX_DAILY_CAPACITY_UNITS = 1_000_000;
/** Opening ranges per weekday (a lunch break makes two). */
export const MAX_RANGES_PER_DAY = 4;
export const MAX_CLOSED_DATES = 400;
export const CLOSED_REASON_MAX_LENGTH = 60;
/** GET /api/schedule/availability answers at most this many days a call. */
export const MAX_AVAILABILITY_DAYS = 92;

/** Read models: the calendar (one document, `_id` SCHEDULE_DOCUMENT_ID) and the units each day holds. */
export const SCHEDULE_COLLECTION = 'kitchen_schedule_v1';
export const SCHEDULE_PROJECTION = 'kitchen_schedule_v1';
export const SCHEDULE_DOCUMENT_ID = 'schedule';
export const KITCHEN_DAYS_COLLECTION = 'kitchen_days_v1';
export const KITCHEN_DAYS_PROJECTION = 'kitchen_days_v1';

/** Monday to Saturday, 9h to 18h: a fresh week each call (nothing shared between the two weeks). */
const monToSatWeek = () => {
  const monToSat = () => [{ open: '09:00', close: '18:00' }];
  return {
    mon: monToSat(),
    tue: monToSat(),
    wed: monToSat(),
    thu: monToSat(),
    fri: monToSat(),
    sat: monToSat(),
    sun: [],
  };
};

/**
 * What the shop did before the calendar (the chatbot's 'segunda a sábado, das
 * 9h às 18h', two days ahead at least): the calendar until the admin saves one.
 * No capacity set: unlimited.
 */
export const DEFAULT_KITCHEN_SCHEDULE: Readonly<KitchenSchedule> = {
  leadDays: MIN_LEAD_DAYS,
  horizonDays: DEFAULT_HORIZON_DAYS,
  slotMinutes: DEFAULT_SLOT_MINUTES,
  dailyCapacityUnits: null,
  kitUnits: DEFAULT_KIT_UNITS,
  weekly: { pickup: monToSatWeek(), delivery: monToSatWeek() },
  closedDates: [],
};
