import { z } from 'zod';
import { DELIVERY_TYPES, type DeliveryType } from '../ordering/constants';
import { checkoutMessages } from '../ordering/messages';
import type { ORDER_STATUSES } from '../ordering/constants';
import type { PAYMENT_STATUSES } from '../payments/constants';
import { blankAsMissing } from '../shared/admin';
import { textField } from '../shared/text';
import type { AvailabilityDay } from './calendar';
import { clockMinutes, daysBetween, isCalendarDate, scheduleHoursText } from './calendar';
import {
  CLOSED_REASON_MAX_LENGTH,
  MAX_AVAILABILITY_DAYS,
  MAX_CLOSED_DATES,
  MAX_DAILY_CAPACITY_UNITS,
  MAX_HORIZON_DAYS,
  MAX_KIT_UNITS,
  MAX_LEAD_DAYS,
  MAX_RANGES_PER_DAY,
  MIN_LEAD_DAYS,
  SLOT_MINUTES_OPTIONS,
  WEEKDAYS,
  type Weekday,
} from './constants';
import type { ClosedDate, KitchenSchedule, TimeRange, WeekHours } from './events';
import {
  closedDateRepeatedMessage,
  rangeReversedMessage,
  rangeShorterThanSlotMessage,
  rangesOverlapMessage,
  scheduleMessages as m,
  timeInvalidMessage,
} from './messages';

/**
 * HTTP shapes of the kitchen's calendar (issue 40): GET and PUT
 * /api/admin/schedule (the whole document; these field names are fixed for
 * other clients), GET /api/schedule (public), GET /api/schedule/availability
 * (public) and GET /api/admin/production.
 */

const integer = (message: string, min: number, max: number) =>
  z.number(message).int(message).min(min, message).max(max, message);

const timeRangeBody = (kind: DeliveryType, day: Weekday) => {
  const clock = textField({ required: timeInvalidMessage(kind, day) }).refine(
    (value) => clockMinutes(value) !== null,
    timeInvalidMessage(kind, day),
  );
  return z.strictObject({ open: clock, close: clock }, timeInvalidMessage(kind, day));
};

const weekBody = (kind: DeliveryType) =>
  z.strictObject(
    Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        z.array(timeRangeBody(kind, day), m.weeklyInvalid).max(MAX_RANGES_PER_DAY, m.tooManyRanges),
      ]),
    ) as Record<Weekday, z.ZodArray<ReturnType<typeof timeRangeBody>>>,
    m.weeklyInvalid,
  );

const closedDateBody = z.strictObject(
  {
    date: textField({ required: m.closedDateInvalid }).refine(isCalendarDate, m.closedDateInvalid),
    reason: textField().trim().max(CLOSED_REASON_MAX_LENGTH, m.closedReasonTooLong).optional(),
  },
  m.closedDateInvalid,
);

/** Each weekday's ranges: open before close, no overlap, each long enough for one slot. */
function weekIssues(
  kind: DeliveryType,
  week: WeekHours,
  slotMinutes: number,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const day of WEEKDAYS) {
    const ranges = week[day];
    ranges.forEach((range, index) => {
      const open = clockMinutes(range.open) ?? 0;
      const close = clockMinutes(range.close) ?? 0;
      const path = ['weekly', kind, day, index];
      if (close <= open) issues.push({ path, message: rangeReversedMessage(kind, day, range) });
      else if (close - open < slotMinutes) {
        issues.push({ path, message: rangeShorterThanSlotMessage(kind, day, range, slotMinutes) });
      }
    });
    const sorted = [...ranges].sort((a, b) => a.open.localeCompare(b.open));
    for (let index = 1; index < sorted.length; index++) {
      const before = sorted[index - 1] as TimeRange;
      const after = sorted[index] as TimeRange;
      if (after.open < before.close) {
        issues.push({
          path: ['weekly', kind, day],
          message: rangesOverlapMessage(kind, day, before, after),
        });
      }
    }
  }
  return issues;
}

/** A week as stored: each day's ranges sorted by opening. */
function sortedWeek(week: WeekHours): WeekHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, [...week[day]].sort((a, b) => a.open.localeCompare(b.open))]),
  ) as WeekHours;
}

/** PUT /api/admin/schedule: the whole document, each field with its pt-BR message; parsed into the event's shape. */
export const kitchenScheduleBodySchema = z
  .strictObject(
    {
      leadDays: integer(m.leadDaysInvalid, MIN_LEAD_DAYS, MAX_LEAD_DAYS),
      horizonDays: integer(m.horizonDaysInvalid, MIN_LEAD_DAYS, MAX_HORIZON_DAYS),
      slotMinutes: z
        .number(m.slotMinutesInvalid)
        .refine(
          (value) => (SLOT_MINUTES_OPTIONS as readonly number[]).includes(value),
          m.slotMinutesInvalid,
        ),
      dailyCapacityUnits: integer(m.capacityInvalid, 1, MAX_DAILY_CAPACITY_UNITS).nullable(),
      kitUnits: integer(m.kitUnitsInvalid, 1, MAX_KIT_UNITS),
      weekly: z.strictObject(
        { pickup: weekBody('pickup'), delivery: weekBody('delivery') },
        m.weeklyInvalid,
      ),
      closedDates: z
        .array(closedDateBody, m.closedDateInvalid)
        .max(MAX_CLOSED_DATES, m.tooManyClosedDates),
    },
    m.weeklyInvalid,
  )
  .superRefine((body, ctx) => {
    if (body.horizonDays < body.leadDays) {
      ctx.addIssue({ code: 'custom', path: ['horizonDays'], message: m.horizonDaysInvalid });
    }
    for (const kind of DELIVERY_TYPES) {
      for (const issue of weekIssues(kind, body.weekly[kind], body.slotMinutes)) {
        ctx.addIssue({ code: 'custom', ...issue });
      }
    }
    const seen = new Set<string>();
    for (const closed of body.closedDates) {
      if (seen.has(closed.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['closedDates'],
          message: closedDateRepeatedMessage(closed.date),
        });
      }
      seen.add(closed.date);
    }
  })
  .transform((body): KitchenSchedule => ({
    leadDays: body.leadDays,
    horizonDays: body.horizonDays,
    slotMinutes: body.slotMinutes,
    dailyCapacityUnits: body.dailyCapacityUnits,
    kitUnits: body.kitUnits,
    weekly: { pickup: sortedWeek(body.weekly.pickup), delivery: sortedWeek(body.weekly.delivery) },
    closedDates: [...body.closedDates]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((closed): ClosedDate =>
        closed.reason ? { date: closed.date, reason: closed.reason } : { date: closed.date },
      ),
  }));
export type KitchenScheduleBody = z.input<typeof kitchenScheduleBodySchema>;

/** GET/PUT /api/admin/schedule answer: the document, when, by whom and at which position it was saved (null/0 before the first save). */
export type AdminScheduleDto = KitchenSchedule & {
  updatedAt: string | null;
  updatedBy: string | null;
  position: number;
};

/** GET /api/schedule (public): the rules a customer's screens tell, and the hours in words. */
export interface ScheduleDto {
  leadDays: number;
  horizonDays: number;
  slotMinutes: number;
  kitUnits: number;
  weekly: KitchenSchedule['weekly'];
  /** Closed dates from today on. */
  closedDates: ClosedDate[];
  /** scheduleHoursText: 'segunda a sábado, das 9h às 18h'. */
  hoursText: string;
}

/** GET /api/schedule's answer for a calendar on the shop's day `today`. */
export function scheduleToDto(schedule: KitchenSchedule, today: string): ScheduleDto {
  return {
    leadDays: schedule.leadDays,
    horizonDays: schedule.horizonDays,
    slotMinutes: schedule.slotMinutes,
    kitUnits: schedule.kitUnits,
    weekly: schedule.weekly,
    closedDates: schedule.closedDates.filter((closed) => closed.date >= today),
    hoursText: scheduleHoursText(schedule),
  };
}

const dateParam = (message: string) =>
  z.preprocess(blankAsMissing, textField({ required: message }).refine(isCalendarDate, message));

/** GET /api/schedule/availability?from&to&deliveryType[&units]: at most MAX_AVAILABILITY_DAYS days. */
export const availabilityQuerySchema = z
  .object({
    from: dateParam(m.availabilityRangeInvalid),
    to: dateParam(m.availabilityRangeInvalid),
    deliveryType: z.enum(DELIVERY_TYPES, checkoutMessages.deliveryTypeRequired),
    /** The cart's units: a day with fewer left reads 'Agenda cheia'. */
    units: z.preprocess(
      (value) => (blankAsMissing(value) === undefined ? undefined : Number(value)),
      z
        .number(m.unitsInvalid)
        .int(m.unitsInvalid)
        .min(1, m.unitsInvalid)
        .max(MAX_DAILY_CAPACITY_UNITS, m.unitsInvalid)
        .optional(),
    ),
  })
  .refine((query) => {
    const days = daysBetween(query.from, query.to) + 1;
    return days >= 1 && days <= MAX_AVAILABILITY_DAYS;
  }, m.availabilityRangeInvalid);
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export interface AvailabilityDto {
  from: string;
  to: string;
  deliveryType: DeliveryType;
  leadDays: number;
  horizonDays: number;
  slotMinutes: number;
  days: AvailabilityDay[];
}

/** GET /api/admin/production?date= */
export const productionQuerySchema = z.object({ date: dateParam(m.productionDateInvalid) });

/** One product's total for the day. */
export interface ProductionTotal {
  name: string;
  category: string;
  /** Units to make (a kit's count as kits). */
  quantity: number;
  /** For a kit: what is in it ('20 coxinhas', …). */
  itens: string[];
}

export interface ProductionOrder {
  orderId: string;
  orderNumber: number;
  customerName: string;
  customerPhone: string | null;
  deliveryType: DeliveryType;
  /** `HH:mm` the customer chose. */
  time: string;
  items: { name: string; category: string; quantity: number }[];
  /** The customer's notes; '' without. */
  notes: string;
  /** For a delivery: the address on one line; null for pickup. */
  address: string | null;
  orderStatus: (typeof ORDER_STATUSES)[number];
  paymentStatus: (typeof PAYMENT_STATUSES)[number];
}

/** GET /api/admin/production?date=2026-12-05: what the kitchen makes that day, and for whom. */
export interface ProductionDto {
  date: string;
  /** Per product, by category then name. */
  totals: ProductionTotal[];
  /** The kitchen's units (kits as the calendar counts them), and the day's capacity (null: unlimited). */
  units: number;
  capacityUnits: number | null;
  /** By slot start; an order whose time is in no slot of today's calendar is under its own time. */
  slots: { start: string; end: string | null; orders: ProductionOrder[] }[];
  orderCount: number;
}
