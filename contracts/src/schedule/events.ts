import { z } from 'zod';
import { canonicalJson } from '../shared/canonical-json';
import type { EventOf } from '../shared/events';
import { STOCK_RELEASE_REASONS } from '../catalog/events';
import { WEEKDAYS } from './constants';

/**
 * The kitchen's calendar, stream SCHEDULE_STREAM (issue 40). Each change
 * carries the whole document as it is from then on; its metadata tells the
 * auditors who changed it and when. Times are `HH:mm` America/Sao_Paulo
 * wall-clock, dates `YYYY-MM-DD`. Append-only (STYLE rule 3).
 */
export const timeRangeSchema = z.object({ open: z.string(), close: z.string() });
export type TimeRange = z.infer<typeof timeRangeSchema>;

const weekSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(timeRangeSchema)])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodArray<typeof timeRangeSchema>
  >,
);
export type WeekHours = z.infer<typeof weekSchema>;

export const closedDateSchema = z.object({
  date: z.string(),
  /** 'Natal'; absent when the admin gave none. */
  reason: z.string().optional(),
});
export type ClosedDate = z.infer<typeof closedDateSchema>;

export const kitchenScheduleSchema = z.object({
  /** Days from today to the first date that may be booked (never below MIN_LEAD_DAYS). */
  leadDays: z.number().int(),
  /** Days from today to the last date that may be booked. */
  horizonDays: z.number().int(),
  slotMinutes: z.number().int(),
  /** Units of regular items the kitchen makes a day; null is unlimited. */
  dailyCapacityUnits: z.number().int().nullable(),
  /** Units one kit counts as. */
  kitUnits: z.number().int(),
  /** Hours per weekday; [] is closed. */
  weekly: z.object({ pickup: weekSchema, delivery: weekSchema }),
  /** Sorted by date, one entry per date. */
  closedDates: z.array(closedDateSchema),
});
export type KitchenSchedule = z.infer<typeof kitchenScheduleSchema>;

export const KITCHEN_SCHEDULE_FIELDS = [
  'leadDays',
  'horizonDays',
  'slotMinutes',
  'dailyCapacityUnits',
  'kitUnits',
  'weekly',
  'closedDates',
] as const satisfies readonly (keyof KitchenSchedule)[];
export type KitchenScheduleField = (typeof KITCHEN_SCHEDULE_FIELDS)[number];

/** An admin saved the calendar: the whole document, and which fields it changed. */
export const kitchenScheduleChangedSchema = z.object({
  schedule: kitchenScheduleSchema,
  changedFields: z.array(z.enum(KITCHEN_SCHEDULE_FIELDS)).min(1),
});

export const scheduleEventSchemas = {
  KitchenScheduleChanged: kitchenScheduleChangedSchema,
} as const;
export type ScheduleEvent = EventOf<typeof scheduleEventSchemas>;

/** The fields whose values differ between two documents, in KITCHEN_SCHEDULE_FIELDS order. */
export function changedKitchenScheduleFields(
  before: KitchenSchedule,
  after: KitchenSchedule,
): KitchenScheduleField[] {
  return KITCHEN_SCHEDULE_FIELDS.filter(
    (field) => canonicalJson(before[field]) !== canonicalJson(after[field]),
  );
}

/**
 * A day's capacity, stream kitchenDayStreamName(date). An order holds `units`
 * of the day (its regular items, and each kit as the calendar's kitUnits when
 * it was placed) under the checkout attempt that took them, exactly as a
 * product's stock (catalog events): a retried checkout takes them over, the
 * backstop releases only the attempt it saw. `reservedUnits` is what the
 * day's orders hold after the event; `capacityUnits` the day's capacity the
 * reservation was decided against (null: unlimited).
 */
export const kitchenDayUnitsReservedSchema = z.object({
  date: z.string(),
  orderId: z.uuid(),
  units: z.number().int().positive(),
  checkoutAttempt: z.string().min(1),
  reservedUnits: z.number().int().nonnegative(),
  capacityUnits: z.number().int().nullable(),
});

/** The units an order held on the day go back (cancelled, expired unpaid, refunded in full, checkout gave up). */
export const kitchenDayUnitsReleasedSchema = z.object({
  date: z.string(),
  orderId: z.uuid(),
  units: z.number().int().positive(),
  reason: z.enum(STOCK_RELEASE_REASONS),
  reservedUnits: z.number().int().nonnegative(),
});

export const kitchenDayEventSchemas = {
  KitchenDayUnitsReserved: kitchenDayUnitsReservedSchema,
  KitchenDayUnitsReleased: kitchenDayUnitsReleasedSchema,
} as const;
export type KitchenDayEvent = EventOf<typeof kitchenDayEventSchemas>;
