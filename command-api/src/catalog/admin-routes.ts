import express, { Router, type RequestHandler } from 'express';
import {
  adminMessages,
  adminProductBodySchema,
  adminProductSyncBodySchema,
  catalogMessages,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_UPLOAD_TYPES,
  reaisToCents,
} from '@quitute/contracts';
import { AppError, validationError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import { reencodePhoto, storeProductPhoto } from './photos';
import { syncProducts } from './product-sync';
import { addProduct, deleteProduct, toAdminProduct, updateProduct } from './products';

const rawPhoto = express.raw({
  type: [...PRODUCT_PHOTO_UPLOAD_TYPES],
  limit: PRODUCT_PHOTO_MAX_BYTES,
  inflate: false,
});

/**
 * The photo's bytes as sent (the file itself, its type in Content-Type), read
 * only after the admin guard has let the caller in; larger than
 * PRODUCT_PHOTO_MAX_BYTES: 413 with the photo's own message.
 */
const photoBody: RequestHandler = (req, res, next) => {
  rawPhoto(req, res, (error: unknown) => {
    const tooLarge =
      typeof error === 'object' && error !== null && 'status' in error && error.status === 413;
    next(tooLarge ? new AppError('too_large', catalogMessages.photoTooLarge) : error);
  });
};

/**
 * POST /api/admin/products, PUT and DELETE /api/admin/products/{id}, POST
 * /api/admin/products/sync (admin-spec §7), and POST
 * /api/admin/products/photos (issue 36: a photo for a product's imageUrl).
 * Behind the admin guard of createCommandRouter.
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

  router.post('/api/admin/products/photos', photoBody, async (req, res) => {
    const upload: unknown = req.body;
    if (!Buffer.isBuffer(upload) || upload.length === 0) {
      throw validationError(catalogMessages.photoNotImage);
    }
    const photo = await reencodePhoto(upload);
    const stored = await storeProductPhoto(
      deps.eventStore,
      photo,
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 201, { message: catalogMessages.photoUploaded, ...stored });
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
