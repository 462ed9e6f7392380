import {
  customOrderDocumentSchema,
  customOrderEventSchemas,
  CUSTOM_ORDERS_COLLECTION,
  CUSTOM_ORDERS_PROJECTION,
  type CustomOrderDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * One document per custom order (custom_orders_v1), keyed by its request id,
 * for the admin's 'Encomendas' page. The time is the event's `occurredAt`.
 */
export const customOrdersProjection = defineProjection({
  name: CUSTOM_ORDERS_PROJECTION,
  collection: CUSTOM_ORDERS_COLLECTION,
  events: customOrderEventSchemas,
  document: customOrderDocumentSchema,
  // The admin list, newest first.
  indexes: [{ fields: { requestedAt: -1, requestedPosition: -1 } }],
  documentId: (event) => event.data.requestId,
  evolve(_document, event, recorded): CustomOrderDocument | null {
    switch (event.type) {
      case 'CustomOrderRequested': {
        const { requestId, customerId, ...request } = event.data;
        return {
          _id: requestId,
          ...request,
          customerId: customerId ?? null,
          requestedAt: recorded.metadata.occurredAt,
          requestedPosition: recorded.position,
        };
      }
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
