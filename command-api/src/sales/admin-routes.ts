import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  adminMessages,
  adminSaleBodySchema,
  reaisToCents,
  saleInstant,
  salesMessages,
  shopDate,
  type AdminSaleBody,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import type { SaleFigures } from './decider';
import { runSaleCommand, toAdminSale } from './sales';

/**
 * The figures of a sale an admin enters: centavos, the client, and when it
 * happened as an ISO instant; a day after today in the shop is refused.
 */
function saleFigures(body: AdminSaleBody, now: Date): SaleFigures {
  const soldAt = saleInstant(body.date);
  if (!soldAt) {
    throw new AppError('validation', adminMessages.dateInvalid, {
      date: adminMessages.dateInvalid,
    });
  }
  if (shopDate(soldAt) > shopDate(now)) {
    throw new AppError('validation', adminMessages.dateInFuture, {
      date: adminMessages.dateInFuture,
    });
  }
  return {
    amountCents: reaisToCents(body.amount),
    clientName: body.clientName,
    soldAt: soldAt.toISOString(),
  };
}

/**
 * POST /api/admin/sales, PUT and DELETE /api/admin/sales/{id} (admin-spec §7):
 * physical sales only; an online sale (a paid order's) answers 409. Behind the
 * admin guard.
 */
export function adminSaleRoutes(deps: AdminDeps): Router {
  const stores = { eventStore: deps.eventStore };
  const router = Router();

  router.post('/api/admin/sales', async (req, res) => {
    const figures = saleFigures(parseWith(adminSaleBodySchema, req.body), deps.now());
    const saleId = randomUUID();
    const result = await runSaleCommand(
      stores,
      saleId,
      { type: 'RecordPhysicalSale', saleId, ...figures },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 201, {
      message: adminMessages.saleAdded,
      sale: toAdminSale(result.state),
      position: result.position,
    });
  });

  router.put('/api/admin/sales/:id', async (req, res) => {
    const saleId = idParam(req, salesMessages.saleNotFound);
    const figures = saleFigures(parseWith(adminSaleBodySchema, req.body), deps.now());
    const result = await runSaleCommand(
      stores,
      saleId,
      { type: 'AmendSale', saleId, ...figures },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.saleUpdated,
      sale: toAdminSale(result.state),
      position: result.position,
    });
  });

  router.delete('/api/admin/sales/:id', async (req, res) => {
    const saleId = idParam(req, salesMessages.saleNotFound);
    const result = await runSaleCommand(
      stores,
      saleId,
      { type: 'DeleteSale', saleId },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.saleDeleted,
      id: saleId,
      isDeleted: true,
      position: result.position,
    });
  });

  return router;
}
