import { Router } from 'express';
import {
  adminMessages,
  adminProductBodySchema,
  adminProductSyncBodySchema,
  catalogMessages,
  reaisToCents,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import { syncProducts } from './product-sync';
import { addProduct, deleteProduct, toAdminProduct, updateProduct } from './products';

/**
 * POST /api/admin/products, PUT and DELETE /api/admin/products/{id}, POST
 * /api/admin/products/sync (admin-spec §7). Behind the admin guard of
 * createCommandRouter.
 */
export function adminProductRoutes(deps: AdminDeps): Router {
  const stores = { eventStore: deps.eventStore };
  const router = Router();

  router.post('/api/admin/products', async (req, res) => {
    const body = parseWith(adminProductBodySchema, req.body);
    const result = await addProduct(
      stores,
      {
        name: body.name,
        priceCents: reaisToCents(body.price),
        category: body.category,
        stock: body.stock,
        description: body.description,
        imageUrl: body.imageUrl,
        isActive: body.isActive,
      },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 201, {
      message: adminMessages.productAdded,
      product: toAdminProduct(result.state),
      position: result.position,
    });
  });

  router.post('/api/admin/products/sync', async (req, res) => {
    const body = parseWith(adminProductSyncBodySchema, req.body);
    const outcome = await syncProducts(stores, body.items, adminCommandContext(req, deps.now));
    answer(req, res, deps, 200, { message: adminMessages.productsSynced, ...outcome });
  });

  router.put('/api/admin/products/:id', async (req, res) => {
    const productId = idParam(req, catalogMessages.productNotFound);
    const body = parseWith(adminProductBodySchema, req.body);
    const result = await updateProduct(
      stores,
      productId,
      {
        name: body.name,
        priceCents: reaisToCents(body.price),
        category: body.category,
        stock: body.stock,
        description: body.description,
        imageUrl: body.imageUrl,
        isActive: body.isActive,
      },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.productUpdated,
      product: toAdminProduct(result.state),
      position: result.position,
    });
  });

  router.delete('/api/admin/products/:id', async (req, res) => {
    const productId = idParam(req, catalogMessages.productNotFound);
    const result = await deleteProduct(stores, productId, adminCommandContext(req, deps.now));
    answer(req, res, deps, 200, {
      message: adminMessages.productDeleted,
      _id: productId,
      isDeleted: true,
      position: result.position,
    });
  });

  return router;
}
