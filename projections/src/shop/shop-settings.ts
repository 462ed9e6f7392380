import {
  SHOP_SETTINGS_COLLECTION,
  SHOP_SETTINGS_DOCUMENT_ID,
  SHOP_SETTINGS_PROJECTION,
  shopSettingsDocumentSchema,
  shopSettingsEventSchemas,
  type ShopSettingsDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * The shop's settings (shop_settings_v1): one document, `_id` 'shop'. Each
 * event carries the whole document, so the last one applied is the settings;
 * when and by whom come from its metadata (the admin's page shows them, and
 * the seed's actor is 'system').
 */
export const shopSettingsProjection = defineProjection({
  name: SHOP_SETTINGS_PROJECTION,
  collection: SHOP_SETTINGS_COLLECTION,
  events: shopSettingsEventSchemas,
  document: shopSettingsDocumentSchema,
  documentId: () => SHOP_SETTINGS_DOCUMENT_ID,
  evolve(_document, event, recorded): ShopSettingsDocument {
    switch (event.type) {
      case 'ShopSettingsSeeded':
      case 'ShopSettingsChanged':
        return {
          _id: SHOP_SETTINGS_DOCUMENT_ID,
          settings: event.data.settings,
          updatedAt: recorded.metadata.occurredAt,
          updatedBy: recorded.metadata.actorId,
          position: recorded.position,
        };
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
