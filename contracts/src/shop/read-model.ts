import { z } from 'zod';
import { shopSettingsSchema } from './events';

/**
 * The shop settings read model (collection shop_settings_v1): one document,
 * `_id` 'shop', the settings as the last event left them. It serves
 * GET /api/shop, the admin's page, the delivery quote and the chatbot.
 */
export const shopSettingsDocumentSchema = z.object({
  _id: z.string(),
  settings: shopSettingsSchema,
  /** ISO time of the last event. */
  updatedAt: z.string(),
  /** Its actor: the admin's id, or 'system' for the seed. */
  updatedBy: z.string(),
  /** Global position of the last event applied. */
  position: z.number().int(),
});
export type ShopSettingsDocument = z.infer<typeof shopSettingsDocumentSchema>;
