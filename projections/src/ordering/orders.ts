import {
  evolveOrderDocument,
  orderDocumentEventSchemas,
  orderDocumentSchema,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * One document per order (orders_v3), keyed by the orderId every order and
 * payment event carries, with the payment's status beside the order's so a
 * reader finds both in one document; `details` is the query side's. Its evolve
 * is in contracts, where the auditors' history folds with it too.
 */
export const ordersProjection = defineProjection({
  name: ORDERS_PROJECTION,
  collection: ORDERS_COLLECTION,
  events: orderDocumentEventSchemas,
  document: orderDocumentSchema,
  documentId: (event) => event.data.orderId,
  evolve: evolveOrderDocument,
});
