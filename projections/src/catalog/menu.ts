import {
  catalogEventSchemas,
  foldForSearch,
  MENU_PROJECTION,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  type ProductDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

const searchTextOf = (name: string, description: string) => foldForSearch(`${name} ${description}`);

export const menuProjection = defineProjection({
  name: MENU_PROJECTION,
  collection: PRODUCTS_COLLECTION,
  events: catalogEventSchemas,
  document: productDocumentSchema,
  // The menu in the order products were added.
  indexes: [{ fields: { addedAt: 1 } }],
  documentId: (event) => event.data.productId,
  evolve(document, event, recorded): ProductDocument | null {
    switch (event.type) {
      case 'ProductAdded': {
        const { productId, ...fields } = event.data;
        return {
          _id: productId,
          ...fields,
          isDeleted: false,
          searchText: searchTextOf(fields.name, fields.description),
          addedAt: recorded.position,
        };
      }
      case 'ProductUpdated': {
        if (!document) return null;
        const { productId: _productId, ...fields } = event.data;
        return {
          ...document,
          ...fields,
          searchText: searchTextOf(fields.name, fields.description),
        };
      }
      case 'ProductActivated':
        return document && { ...document, isActive: true };
      case 'ProductDeactivated':
        return document && { ...document, isActive: false };
      case 'ProductDeleted':
        return document && { ...document, isDeleted: true };
      // Issue 38: orders take units and give them back; the event says what is left.
      case 'ProductStockReserved':
      case 'ProductStockReleased':
        return document && { ...document, stock: event.data.stock };
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
