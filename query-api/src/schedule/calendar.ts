import {
  DEFAULT_KITCHEN_SCHEDULE,
  SCHEDULE_COLLECTION,
  SCHEDULE_DOCUMENT_ID,
  scheduleDocumentSchema,
  type KitchenSchedule,
} from '@quitute/contracts';
import type { ReadStore } from '@quitute/infra/read-store';

/** The calendar as the readers use it: the saved one, or the default with no author before any save. */
export interface CurrentSchedule {
  schedule: KitchenSchedule;
  updatedAt: string | null;
  updatedBy: string | null;
  position: number;
}

/**
 * The kitchen's calendar as the kitchen_schedule_v1 read model has it, read at
 * every use (an admin's save shows on the next request). There is no seed: a
 * shop whose admin never saved one runs on DEFAULT_KITCHEN_SCHEDULE, so unlike
 * the shop's settings this never answers 503.
 */
export function scheduleReader(readStore: ReadStore) {
  const collection = readStore.collection(SCHEDULE_COLLECTION);
  return {
    async current(): Promise<CurrentSchedule> {
      const stored = await collection.get(SCHEDULE_DOCUMENT_ID);
      if (!stored) {
        return {
          schedule: structuredClone(DEFAULT_KITCHEN_SCHEDULE),
          updatedAt: null,
          updatedBy: null,
          position: 0,
        };
      }
      const { schedule, updatedAt, updatedBy, position } = scheduleDocumentSchema.parse(stored);
      return { schedule, updatedAt, updatedBy, position };
    },
  };
}
export type ScheduleReader = ReturnType<typeof scheduleReader>;
