import {
  addDays,
  availabilityQuerySchema,
  daysBetween,
  dayAvailability,
  DEFAULT_KITCHEN_SCHEDULE,
  scheduleToDto,
  shopDate,
  type KitchenSchedule,
  type ScheduleDto,
} from '@quitute/contracts';

/** A calendar: the default one (what holds before any save) with `overrides`. */
export function kitchenSchedule(overrides: Partial<KitchenSchedule> = {}): KitchenSchedule {
  return { ...structuredClone(DEFAULT_KITCHEN_SCHEDULE), ...overrides };
}

/** GET /api/schedule's answer for a calendar, as query-api builds it. */
export function scheduleDto(schedule: KitchenSchedule, now: Date = new Date()): ScheduleDto {
  return scheduleToDto(schedule, shopDate(now));
}

export interface FakeSchedule {
  calendar: KitchenSchedule;
  /** Units the orders already hold, by date. */
  reserved: Record<string, number>;
}

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The public calendar reads (GET /api/schedule and GET
 * /api/schedule/availability), as query-api answers them with the contracts'
 * rules, over `schedule`; undefined for any other request.
 */
export function scheduleAnswer(
  url: URL,
  schedule: FakeSchedule,
  now: Date = new Date(),
): Response | undefined {
  if (url.pathname === '/api/schedule') return answer(scheduleDto(schedule.calendar, now));
  if (url.pathname !== '/api/schedule/availability') return undefined;
  const query = availabilityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    return answer({ message: query.error.issues[0]?.message, code: 'validation' }, 400);
  }
  const { from, to, deliveryType, units } = query.data;
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, index) =>
    dayAvailability(
      schedule.calendar,
      {
        date: addDays(from, index),
        kind: deliveryType,
        reservedUnits: schedule.reserved[addDays(from, index)] ?? 0,
        units,
      },
      now,
    ),
  );
  return answer({
    from,
    to,
    deliveryType,
    leadDays: schedule.calendar.leadDays,
    horizonDays: schedule.calendar.horizonDays,
    slotMinutes: schedule.calendar.slotMinutes,
    days,
  });
}
