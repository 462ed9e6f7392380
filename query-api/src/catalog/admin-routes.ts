import { Router } from 'express';
import {
  adminProductsQuerySchema,
  centsToReais,
  MENU_PROJECTION,
  messages,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  type AdminProductDto,
  type AdminProductList,
  type ProductDocument,
  type ProductStats,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, searchTextFilter, sendAdminAnswer } from '../admin/reads';

/** A product on the admin pages (admin-spec §3): price in reais, status from isActive. */
export function toAdminProductDto(document: ProductDocument): AdminProductDto {
  return {
    _id: document._id,
    name: document.name,
    category: document.category,
    price: centsToReais(document.priceCents),
    stock: document.stock,
    status: document.isActive ? 'Ativo' : 'Inativo',
    isActive: document.isActive,
    imageUrl: document.imageUrl,
    description: document.description,
    isDeleted: document.isDeleted,
  };
}

/**
 * GET /api/admin/products and /stats, from the menu read model (it keeps
 * deleted products, flagged). Behind the admin guard (app.ts). The list is
 * newest first; its search matches name and description, accents aside.
 */
export function adminCatalogRoutes(deps: {
  readStore: ReadStore;
  /** Stock below this is low stock. */
  lowStockThreshold: number;
}): Router {
  const products = deps.readStore.collection(PRODUCTS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [MENU_PROJECTION]);
  const router = Router();

  router.get('/api/admin/products', async (req, res) => {
    const query = parseWith(adminProductsQuerySchema, req.query, messages.invalidSearch);
    const filter: Filter = {
      isDeleted: query.isDeleted === 'true',
      ...(query.category ? { category: query.category } : {}),
      ...(query.search ? searchTextFilter(query.search) : {}),
    };
    const { answer, position } = await positioned(() =>
      pageOf(products, filter, { addedAt: -1 }, query, (document) =>
        productDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      products: answer.documents.map(toAdminProductDto),
      totalPages: answer.totalPages,
      total: answer.total,
      page: answer.page,
      position,
    } satisfies AdminProductList);
  });

  // totalProducts, activeProducts and lowStockProducts count the products not deleted.
  router.get('/api/admin/products/stats', async (_req, res) => {
    const { answer, position } = await positioned(() =>
      Promise.all([
        products.count({ isDeleted: false }),
        products.count({ isDeleted: false, isActive: true }),
        products.count({ isDeleted: false, stock: { $lt: deps.lowStockThreshold } }),
        products.count({ isDeleted: true }),
      ]),
    );
    const [totalProducts, activeProducts, lowStockProducts, deletedProducts] = answer;
    sendAdminAnswer(res, position, {
      totalProducts,
      activeProducts,
      lowStockProducts,
      deletedProducts,
      position,
    } satisfies ProductStats);
  });

  return router;
}
