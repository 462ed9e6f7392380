import {
  evolveOrderDocument,
  orderDocumentEventSchemas,
  orderDocumentSchema,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * One document per order (orders_v6), keyed by the orderId every order and
 * payment event carries, with the payment's status beside the order's so a
 * reader finds both in one document, and the customer's phone and CPF and the
 * delivery fee (its own line, inside the total) beside the items; `details` is
 * the query side's. Its evolve is in contracts, where the auditors' history
 * folds with it too.
 */
export const ordersProjection = defineProjection({
  name: ORDERS_PROJECTION,
  collection: ORDERS_COLLECTION,
  events: orderDocumentEventSchemas,
  document: orderDocumentSchema,
  indexes: [
    // A customer's orders page (and the chatbot's last order): hers, newest first.
    { fields: { userId: 1, createdAt: -1, orderNumber: -1 } },
    // The admin list, the dashboard's recent orders and today's count.
    { fields: { createdAt: -1, orderNumber: -1 } },
    // The payment status page, by the provider's payment id.
    { fields: { providerPaymentId: 1 } },
    // Issue 40: the production list (one shop day) and the admin list's delivery-date filter and sort.
    { fields: { deliveryDate: 1, orderNumber: 1 } },
  ],
  documentId: (event) => event.data.orderId,
  evolve: evolveOrderDocument,
});
