import { Router } from 'express';
import {
  adminMessages,
  adminOrderStatusBodySchema,
  orderMessages,
  type AdminOrderResult,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import type { OrderState } from './decider';
import { runOrderCommand } from './orders';

function toAdminOrder(state: OrderState): AdminOrderResult {
  if (state.placed === null) throw new AppError('not_found', orderMessages.notFound);
  return {
    _id: state.placed.orderId,
    orderNumber: state.placed.orderNumber,
    orderStatus: state.status,
    isDeleted: state.deleted,
  };
}

/**
 * PUT /api/admin/orders/{id}/status and DELETE /api/admin/orders/{id}
 * (admin-spec §7). A deleted order is gone for the admin commands (404, as an
 * unknown one); its payment goes on being recorded. Behind the admin guard.
 */
export function adminOrderRoutes(deps: AdminDeps): Router {
  const stores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const router = Router();

  router.put('/api/admin/orders/:id/status', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const { orderStatus } = parseWith(adminOrderStatusBodySchema, req.body);
    const result = await runOrderCommand(
      stores,
      orderId,
      { type: 'ChangeOrderStatus', orderId, to: orderStatus },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.orderStatusUpdated,
      order: toAdminOrder(result.state),
      position: result.position,
    });
  });

  router.delete('/api/admin/orders/:id', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const result = await runOrderCommand(
      stores,
      orderId,
      { type: 'DeleteOrder', orderId },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.orderDeleted,
      order: toAdminOrder(result.state),
      position: result.position,
    });
  });

  return router;
}
