import {
  KITCHEN_DAYS_COLLECTION,
  KITCHEN_DAYS_PROJECTION,
  kitchenDayDocumentSchema,
  kitchenDayEventSchemas,
  type KitchenDayDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * The units each kitchen day holds (kitchen_days_v1, issue 40): one document
 * per date any order ever held units of, from the day's stream. The day's
 * stream decided `reservedUnits` with its expected revision, so the document
 * takes it from the event rather than adding up (a replay or a retried
 * checkout that took an attempt over cannot count twice).
 */
export const kitchenDaysProjection = defineProjection({
  name: KITCHEN_DAYS_PROJECTION,
  collection: KITCHEN_DAYS_COLLECTION,
  events: kitchenDayEventSchemas,
  document: kitchenDayDocumentSchema,
  documentId: (event) => event.data.date,
  evolve(_document, event, recorded): KitchenDayDocument {
    return {
      _id: event.data.date,
      reservedUnits: event.data.reservedUnits,
      position: recorded.position,
    };
  },
});
