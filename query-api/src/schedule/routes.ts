import { Router } from 'express';
import {
  addDays,
  availabilityQuerySchema,
  dayAvailability,
  daysBetween,
  KITCHEN_DAYS_COLLECTION,
  kitchenDayDocumentSchema,
  SCHEDULE_PROJECTION,
  scheduleToDto,
  shopDate,
  type AdminScheduleDto,
  type AvailabilityDto,
  type ScheduleDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { positionedReads, sendAdminAnswer } from '../admin/reads';
import { scheduleReader } from './calendar';

/** As GET /api/shop: a browser may keep the calendar but asks again on every page (304 when unchanged). */
const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Every order changes a day's remaining units: no copy of the availability is kept anywhere. */
const NO_STORE = 'no-store';

/**
 * The kitchen's calendar on the read side (issue 40): GET /api/admin/schedule
 * (behind the router's /api/admin guard and its read-your-writes: the whole
 * document, when and by whom it was saved, at which position), GET
 * /api/schedule (public: the rules the customer's screens tell, and the hours
 * in words) and GET /api/schedule/availability (public: one entry per day,
 * its slots and the units left, from kitchen_days_v1).
 */
export function scheduleRoutes(deps: { readStore: ReadStore; now: () => Date }): Router {
  const calendar = scheduleReader(deps.readStore);
  const days = deps.readStore.collection(KITCHEN_DAYS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [SCHEDULE_PROJECTION]);
  const router = Router();

  router.get('/api/admin/schedule', async (_req, res) => {
    const { answer: current, position } = await positioned(() => calendar.current());
    sendAdminAnswer(res, position, {
      ...current.schedule,
      updatedAt: current.updatedAt,
      updatedBy: current.updatedBy,
      position: current.position,
    } satisfies AdminScheduleDto);
  });

  router.get('/api/schedule', async (_req, res) => {
    const { schedule } = await calendar.current();
    res
      .set('Cache-Control', REVALIDATE)
      .json(scheduleToDto(schedule, shopDate(deps.now())) satisfies ScheduleDto);
  });

  router.get('/api/schedule/availability', async (req, res) => {
    // The first issue's own message: the range's, the delivery type's or the units'.
    const query = parseWith(availabilityQuerySchema, req.query);
    const now = deps.now();
    // The range in one query: at most MAX_AVAILABILITY_DAYS documents, by _id (the date).
    const [{ schedule }, stored] = await Promise.all([
      calendar.current(),
      days.find({ _id: { $gte: query.from, $lte: query.to } }),
    ]);
    const reserved = new Map(
      stored.map((document) => {
        const day = kitchenDayDocumentSchema.parse(document);
        return [day._id, day.reservedUnits] as const;
      }),
    );
    const answer: AvailabilityDto['days'] = [];
    // Counted, never compared as text: the day after 9999-12-31 is no `YYYY-MM-DD`
    // (`+010000-01`, which sorts before it), and a loop on `date <= to` never ended.
    const count = daysBetween(query.from, query.to) + 1;
    for (let index = 0; index < count; index++) {
      const date = addDays(query.from, index);
      answer.push(
        dayAvailability(
          schedule,
          {
            date,
            kind: query.deliveryType,
            reservedUnits: reserved.get(date) ?? 0,
            units: query.units,
          },
          now,
        ),
      );
    }
    res.set('Cache-Control', NO_STORE).json({
      from: query.from,
      to: query.to,
      deliveryType: query.deliveryType,
      leadDays: schedule.leadDays,
      horizonDays: schedule.horizonDays,
      slotMinutes: schedule.slotMinutes,
      days: answer,
    } satisfies AvailabilityDto);
  });

  return router;
}
