import { Router } from 'express';
import {
  ALL_CATEGORIES,
  centsToReais,
  foldForSearch,
  isCategory,
  KITS_CATEGORY,
  messages,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  productListQuerySchema,
  type ProductDocument,
  type ProductDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadStore } from '@quitute/infra/read-store';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function toProductDto(document: ProductDocument): ProductDto {
  return {
    _id: document._id,
    name: document.name,
    price: centsToReais(document.priceCents),
    category: document.category,
    description: document.description,
    imageUrl: document.imageUrl,
    isActive: document.isActive,
    isDeleted: document.isDeleted,
    ...(document.category === KITS_CATEGORY || document.itens.length > 0
      ? { itens: document.itens }
      : {}),
  };
}

/** The menu (spec §7): active, not deleted; `category` 'Todas' or absent = all; accent-insensitive search. */
export function catalogRoutes(readStore: ReadStore): Router {
  const products = readStore.collection(PRODUCTS_COLLECTION);
  const router = Router();

  router.get('/api/products', async (req, res) => {
    const query = parseWith(productListQuerySchema, req.query, messages.invalidSearch);
    const category = query.category && query.category !== ALL_CATEGORIES ? query.category : null;
    if (category !== null && !isCategory(category)) {
      res.json([]);
      return;
    }
    const filter: Filter = { isActive: true, isDeleted: false };
    if (category !== null) filter['category'] = category;
    const search = query.busca ? foldForSearch(query.busca) : '';
    if (search) filter['searchText'] = { $regex: escapeRegex(search) };

    const documents = await products.find(filter, { sort: { addedAt: 1 } });
    res.json(documents.map((document) => toProductDto(productDocumentSchema.parse(document))));
  });

  return router;
}
