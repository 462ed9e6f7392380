import {
  applyCartEvent,
  cartDocumentSchema,
  cartEventSchemas,
  CARTS_COLLECTION,
  CARTS_PROJECTION,
  type CartDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/** One document per customer: the cart's lines and the stream revision they reflect. */
export const cartsProjection = defineProjection({
  name: CARTS_PROJECTION,
  collection: CARTS_COLLECTION,
  events: cartEventSchemas,
  document: cartDocumentSchema,
  documentId: (event) => event.data.userId,
  evolve(document, event, recorded): CartDocument {
    return {
      _id: event.data.userId,
      lines: applyCartEvent(document?.lines ?? [], event),
      revision: recorded.revision,
    };
  },
});
