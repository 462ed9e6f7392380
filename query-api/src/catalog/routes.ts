import { createHash } from 'node:crypto';
import { Router } from 'express';
import {
  ALL_CATEGORIES,
  centsToReais,
  foldForSearch,
  isCategory,
  KITS_CATEGORY,
  MENU_PROJECTION,
  messages,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  productListQuerySchema,
  type ProductDocument,
  type ProductDto,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import { checkpointReader } from '@quitute/infra/projection-progress';
import { escapeRegex, type Filter, type ReadStore } from '@quitute/infra/read-store';
import { CheckpointCache } from './checkpoint-cache';

/** Menu answers kept per (category, search) for the menu projection's current checkpoint. */
const MENU_CACHE_ENTRIES = 64;

interface Answer {
  body: Buffer;
  etag: string;
}

/**
 * The body as bytes and its ETag, made once per cached answer rather than by
 * Express on every send; the ETag has Express's default (weak) form.
 */
function answerOf(json: string): Answer {
  const body = Buffer.from(json, 'utf8');
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"` };
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
    soldOut: document.stock <= 0,
    ...(document.category === KITS_CATEGORY || document.itens.length > 0
      ? { itens: document.itens }
      : {}),
  };
}

/**
 * The menu (spec §7): active, not deleted; `category` 'Todas' or absent = all;
 * accent-insensitive search. The serialised answer is cached until the menu
 * projection's checkpoint moves (the menu is read far more often than it changes).
 */
export function catalogRoutes(readStore: ReadStore): Router {
  const products = readStore.collection(PRODUCTS_COLLECTION);
  const menuCheckpoint = checkpointReader(readStore, MENU_PROJECTION);
  const answers = new CheckpointCache<Answer>(MENU_CACHE_ENTRIES);
  const router = Router();

  router.get('/api/products', async (req, res) => {
    const query = parseWith(productListQuerySchema, req.query, messages.invalidSearch);
    const category = query.category && query.category !== ALL_CATEGORIES ? query.category : null;
    if (category !== null && !isCategory(category)) {
      res.json([]);
      return;
    }
    const search = query.busca ? foldForSearch(query.busca) : '';
    // Before the documents: the answer cached under it is then at least this new.
    const checkpoint = await menuCheckpoint();
    const key = `${category ?? ''}\n${search}`;
    let answer = answers.get(checkpoint, key);
    if (answer === undefined) {
      const filter: Filter = { isActive: true, isDeleted: false };
      if (category !== null) filter['category'] = category;
      if (search) filter['searchText'] = { $regex: escapeRegex(search) };
      const documents = await products.find(filter, { sort: { addedAt: 1 } });
      answer = answerOf(
        JSON.stringify(
          documents.map((document) => toProductDto(productDocumentSchema.parse(document))),
        ),
      );
      answers.set(checkpoint, key, answer);
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', answer.etag);
    res.send(answer.body);
  });

  return router;
}
