import {
  orderEventSchemas,
  purchaseDocumentSchema,
  PURCHASES_COLLECTION,
  PURCHASES_PROJECTION,
  type PurchaseDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

const { OrderPlaced, OrderPaid } = orderEventSchemas;

/**
 * What makes a review a verified purchase (purchases_v1): per order, its
 * customer, its products and whether it was paid. Only the two order events
 * that say so: a later cancellation, refund or deletion does not undo that the
 * customer bought and paid for the product.
 */
export const purchasesProjection = defineProjection({
  name: PURCHASES_PROJECTION,
  collection: PURCHASES_COLLECTION,
  events: { OrderPlaced, OrderPaid },
  document: purchaseDocumentSchema,
  // The reviews list marks verified purchases by their authors' ids.
  indexes: [{ fields: { userId: 1 } }],
  documentId: (event) => event.data.orderId,
  evolve(document, event): PurchaseDocument | null {
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, customer, items } = event.data;
        return {
          _id: orderId,
          userId: customer.userId,
          productIds: [...new Set(items.map((item) => item.productId))],
          paid: document?.paid ?? false,
        };
      }
      case 'OrderPaid':
        return document && { ...document, paid: true };
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
