import {
  SHOP_SETTINGS_COLLECTION,
  SHOP_SETTINGS_DOCUMENT_ID,
  shopSettingsDocumentSchema,
  type ShopSettingsDocument,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { ReadStore } from '@quitute/infra/read-store';

/** The shop's settings read model not there yet (the first start's seed still being projected). */
export const shopSettingsMessages = {
  notReady: 'As informações da loja ainda estão sendo carregadas. Tente novamente em instantes.',
} as const;

/**
 * The shop's settings as the shop_settings_v1 read model has them, read at
 * every use: an admin's change shows on the next request, with no restart.
 */
export function shopSettingsReader(readStore: ReadStore) {
  const collection = readStore.collection(SHOP_SETTINGS_COLLECTION);
  const find = async (): Promise<ShopSettingsDocument | null> => {
    const stored = await collection.get(SHOP_SETTINGS_DOCUMENT_ID);
    return stored ? shopSettingsDocumentSchema.parse(stored) : null;
  };
  return {
    find,
    /**
     * The document, or 503 (with Retry-After) while it is not there: the
     * first start seeds it, so it is missing only until that is projected.
     */
    async current(message: string = shopSettingsMessages.notReady): Promise<ShopSettingsDocument> {
      const document = await find();
      if (!document) throw new AppError('unavailable', message);
      return document;
    },
  };
}
export type ShopSettingsReader = ReturnType<typeof shopSettingsReader>;
