import { Router } from 'express';
import {
  SHOP_SETTINGS_STREAM,
  shopMessages,
  shopSettingsBodySchema,
  shopSettingsToAdminFields,
  type AdminShopSettingsDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, type AdminDeps } from '../admin/http';
import { changeShopSettings } from './shop-settings';

/**
 * PUT /api/admin/shop (issue 37): the admin saves the shop's settings, the whole
 * document, each field checked with its pt-BR message (400, nothing recorded).
 * The answer is the document as saved, with when, by whom and at which
 * position it was last changed (unchanged: as it already was), the position
 * recorded for read-your-writes like every admin command. Behind the admin
 * guard of createCommandRouter.
 */
export function adminShopRoutes(deps: AdminDeps): Router {
  const router = Router();

  router.put('/api/admin/shop', async (req, res) => {
    const settings = parseWith(shopSettingsBodySchema, req.body);
    const saved = await changeShopSettings(
      deps.eventStore,
      settings,
      adminCommandContext(req, deps.now),
    );
    // The event the saved state ends with: its metadata says who saved it, and when.
    const [last] = await deps.eventStore.readStream(SHOP_SETTINGS_STREAM, {
      fromRevision: saved.revision,
      maxCount: 1,
    });
    if (saved.state === null || !last) throw new Error('the shop settings were not saved');
    answer(req, res, deps, 200, {
      message: shopMessages.saved,
      ...shopSettingsToAdminFields(saved.state),
      updatedAt: last.metadata.occurredAt,
      updatedBy: last.metadata.actorId,
      position: last.position,
    } satisfies AdminShopSettingsDto & { message: string });
  });

  return router;
}
