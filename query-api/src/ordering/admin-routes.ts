import { Router } from 'express';
import {
  adminOrdersQuerySchema,
  messages,
  orderDocumentSchema,
  orderMessages,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  type AdminOrderList,
  type OrderStats,
  entityIdSchema,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, searchTextFilter, sendAdminAnswer } from '../admin/reads';
import { toAdminOrderDto } from './order-dto';

/** Newest first; the order number breaks ties (orders placed in the same millisecond). */
export const NEWEST_ORDERS_FIRST = { createdAt: -1, orderNumber: -1 } as const;

/**
 * GET /api/admin/orders, /stats and /{id}, behind the admin guard (app.ts).
 * Deleted orders are in none of them (their events stay for the auditors, their
 * sales in the reports).
 */
export function adminOrderRoutes(deps: { readStore: ReadStore }): Router {
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [ORDERS_PROJECTION]);
  const router = Router();

  router.get('/api/admin/orders', async (req, res) => {
    const query = parseWith(adminOrdersQuerySchema, req.query, messages.invalidSearch);
    const filter: Filter = {
      isDeleted: false,
      ...(query.orderStatus ? { orderStatus: query.orderStatus } : {}),
      // "#1042" is how the pages show an order number.
      ...(query.search ? searchTextFilter(query.search.replace(/^#/, '')) : {}),
    };
    const { answer, position } = await positioned(() =>
      pageOf(orders, filter, NEWEST_ORDERS_FIRST, query, (document) =>
        orderDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      orders: answer.documents.map(toAdminOrderDto),
      totalPages: answer.totalPages,
      total: answer.total,
      page: answer.page,
      position,
    } satisfies AdminOrderList);
  });

  router.get('/api/admin/orders/stats', async (_req, res) => {
    const { answer, position } = await positioned(() =>
      Promise.all([
        orders.count({ isDeleted: false }),
        ...(['pending', 'processing', 'delivered', 'cancelled'] as const).map((orderStatus) =>
          orders.count({ isDeleted: false, orderStatus }),
        ),
      ]),
    );
    const [totalOrders = 0, pending = 0, processing = 0, delivered = 0, cancelled = 0] = answer;
    sendAdminAnswer(res, position, {
      totalOrders,
      pendingOrders: pending,
      processingOrders: processing,
      deliveredOrders: delivered,
      cancelledOrders: cancelled,
      position,
    } satisfies OrderStats);
  });

  // A malformed id names no order: 404 like an unknown one ('stats' is matched above).
  router.get('/api/admin/orders/:id', async (req, res) => {
    const id = entityIdSchema.safeParse(req.params['id']);
    const notFound = new AppError('not_found', orderMessages.notFound);
    if (!id.success) throw notFound;
    const { answer: stored, position } = await positioned(() => orders.get(id.data));
    const order = stored && orderDocumentSchema.parse(stored);
    if (!order || order.isDeleted) throw notFound;
    sendAdminAnswer(res, position, toAdminOrderDto(order));
  });

  return router;
}
