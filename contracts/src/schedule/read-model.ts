import { z } from 'zod';
import { kitchenScheduleSchema } from './events';

/**
 * The calendar read model (collection kitchen_schedule_v1): one document, `_id`
 * SCHEDULE_DOCUMENT_ID, the calendar as the last event left it. Absent until an
 * admin saves one: readers then use DEFAULT_KITCHEN_SCHEDULE.
 */
export const scheduleDocumentSchema = z.object({
  _id: z.string(),
  schedule: kitchenScheduleSchema,
  updatedAt: z.string(),
  updatedBy: z.string(),
  position: z.number().int(),
});
export type ScheduleDocument = z.infer<typeof scheduleDocumentSchema>;

/**
 * The days read model (collection kitchen_days_v1): one document per day that
 * any order ever held units of, `_id` the date. It serves the availability's
 * remaining units and the admin's calendar. Only the day's total: which
 * order holds what is the day's stream's (and the production list's, from the
 * orders), so a busy day's document stays one number however many orders it has.
 */
export const kitchenDayDocumentSchema = z.object({
  _id: z.string(),
  /** What the day's orders hold now. */
  reservedUnits: z.number().int(),
  position: z.number().int(),
});
export type KitchenDayDocument = z.infer<typeof kitchenDayDocumentSchema>;
