import {
  SCHEDULE_COLLECTION,
  SCHEDULE_DOCUMENT_ID,
  SCHEDULE_PROJECTION,
  scheduleDocumentSchema,
  scheduleEventSchemas,
  type ScheduleDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * The kitchen's calendar (kitchen_schedule_v1, issue 40): one document, `_id`
 * 'schedule'. Each change carries the whole calendar, so the last one applied
 * is the calendar; when and by whom come from its metadata. There is no seed:
 * until an admin saves one the document is absent and readers use
 * DEFAULT_KITCHEN_SCHEDULE.
 */
export const kitchenScheduleProjection = defineProjection({
  name: SCHEDULE_PROJECTION,
  collection: SCHEDULE_COLLECTION,
  events: scheduleEventSchemas,
  document: scheduleDocumentSchema,
  documentId: () => SCHEDULE_DOCUMENT_ID,
  evolve(_document, event, recorded): ScheduleDocument {
    switch (event.type) {
      case 'KitchenScheduleChanged':
        return {
          _id: SCHEDULE_DOCUMENT_ID,
          schedule: event.data.schedule,
          updatedAt: recorded.metadata.occurredAt,
          updatedBy: recorded.metadata.actorId,
          position: recorded.position,
        };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
