import { Router } from 'express';
import {
  deliveryQuote,
  deliveryQuoteQuerySchema,
  checkoutMessages,
  scheduleHoursText,
  SHOP_SETTINGS_PROJECTION,
  shopSettingsToAdminFields,
  shopSettingsToDto,
  type AdminShopSettingsDto,
  type DeliveryQuote,
  type ShopSettingsDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { positionedReads, sendAdminAnswer } from '../admin/reads';
import { scheduleReader } from '../schedule/calendar';
import { shopSettingsReader } from './settings';

/**
 * Every visitor's page reads the settings (footer, contact, map): a browser or
 * CDN may keep them but asks again each time (the ETag makes that a 304), so
 * an admin's change shows on the next page. A quote too: one a minute old would
 * show a fee the checkout then refuses (409) after the admin changed a zone.
 */
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The shop's settings (issue 37): GET /api/shop (public: name, contacts,
 * address, map, social links, hours, delivery zones), GET /api/admin/shop
 * (behind the router's /api/admin guard and its read-your-writes: the whole
 * document, when and by whom it was saved, at which position) and
 * GET /api/delivery/quote?cep= (the zone, fee and minimum order of a CEP).
 */
export function shopRoutes(deps: { readStore: ReadStore }): Router {
  const settings = shopSettingsReader(deps.readStore);
  const calendar = scheduleReader(deps.readStore);
  const positioned = positionedReads(deps.readStore, [SHOP_SETTINGS_PROJECTION]);
  const router = Router();

  router.get('/api/shop', async (_req, res) => {
    const [document, { schedule }] = await Promise.all([settings.current(), calendar.current()]);
    // Issue 40: the hours every page tells are the kitchen calendar's.
    res
      .set('Cache-Control', REVALIDATE)
      .json(
        shopSettingsToDto(document.settings, scheduleHoursText(schedule)) satisfies ShopSettingsDto,
      );
  });

  router.get('/api/admin/shop', async (_req, res) => {
    const { answer: document, position } = await positioned(() => settings.current());
    sendAdminAnswer(res, position, {
      ...shopSettingsToAdminFields(document.settings),
      updatedAt: document.updatedAt,
      updatedBy: document.updatedBy,
      position: document.position,
    } satisfies AdminShopSettingsDto);
  });

  router.get('/api/delivery/quote', async (req, res) => {
    const { cep } = parseWith(deliveryQuoteQuerySchema, req.query, checkoutMessages.invalidCep);
    const document = await settings.current();
    res
      .set('Cache-Control', REVALIDATE)
      .json(deliveryQuote(document.settings.deliveryZones, cep) satisfies DeliveryQuote);
  });

  return router;
}
