import { Router } from 'express';
import {
  ADMIN_CUSTOM_ORDERS_PAGE_SIZE,
  adminCustomOrdersQuerySchema,
  customOrderDocumentSchema,
  CUSTOM_ORDERS_COLLECTION,
  CUSTOM_ORDERS_PROJECTION,
  messages,
  type AdminCustomOrderDto,
  type AdminCustomOrderList,
  type CustomOrderDocument,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, sendAdminAnswer } from '../admin/reads';

/** Newest first; requests of the same millisecond by their place in the log. */
const NEWEST_FIRST = { requestedAt: -1, requestedPosition: -1 } as const;

function toDto({
  requestedPosition: _position,
  ...request
}: CustomOrderDocument): AdminCustomOrderDto {
  return request;
}

/**
 * GET /api/admin/custom-orders?page=: the custom orders sent from
 * /encomendas, newest first, for the admin's 'Encomendas' page; behind the
 * router's one /api/admin guard (the contact is personal data).
 */
export function adminCustomOrderRoutes(deps: { readStore: ReadStore }): Router {
  const customOrders = deps.readStore.collection(CUSTOM_ORDERS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [CUSTOM_ORDERS_PROJECTION]);
  const router = Router();

  router.get('/api/admin/custom-orders', async (req, res) => {
    const query = parseWith(adminCustomOrdersQuerySchema, req.query, messages.invalidSearch);
    const { answer, position } = await positioned(() =>
      pageOf(
        customOrders,
        {},
        NEWEST_FIRST,
        { page: query.page, limit: ADMIN_CUSTOM_ORDERS_PAGE_SIZE },
        (document) => customOrderDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      customOrders: answer.documents.map(toDto),
      total: answer.total,
      totalPages: answer.totalPages,
      page: answer.page,
      position,
    } satisfies AdminCustomOrderList);
  });

  return router;
}
