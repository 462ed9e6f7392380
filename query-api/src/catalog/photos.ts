import { Router } from 'express';
import { LRUCache } from 'lru-cache';
import {
  catalogMessages,
  parseEvent,
  PRODUCT_PHOTO_CONTENT_TYPE,
  productPhotoEventSchemas,
  productPhotoHashOf,
  productPhotoStreamName,
} from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { notFound } from '@quitute/infra/errors';
import { rateLimiter } from '@quitute/infra/rate-limit';

/** How many bytes of photos one process keeps in memory (a menu's worth of 100 KB WebPs, many times over). */
export const PHOTO_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Photos asked for that are not there, per client address: each costs a read of
 * the event log, and a page of the shop never asks for one (its photos exist).
 * Past this a client gets 429 for a while, found photos included.
 */
export const DEFAULT_PHOTO_MISS_LIMIT = { limit: 60, windowMs: 60_000 };

/** A photo's name is its content's hash: its bytes never change, so a browser keeps it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /photos/<sha256>.webp (issue 36): a product photo the admin uploaded,
 * read from its stream in the event log (`product-photo-<sha256>`) through an
 * in-memory LRU of the most recently served ones. Public, like the menu it
 * illustrates; anything that is not a stored photo is a 404.
 */
export function productPhotoRoutes(deps: {
  eventLog: Pick<EventStore, 'readStream'>;
  cacheBytes?: number;
  missLimit?: { limit: number; windowMs: number };
}): Router {
  const { limit, windowMs } = deps.missLimit ?? DEFAULT_PHOTO_MISS_LIMIT;
  const misses = rateLimiter({
    name: 'photo-miss-ip',
    limit,
    windowMs,
    // Only the 404s count: a shop page's own photos never use the allowance up.
    succeeded: (_req, res) => res.statusCode < 400,
    message: catalogMessages.tooManyPhotoMisses,
  });
  const cache = new LRUCache<string, Buffer>({
    maxSize: deps.cacheBytes ?? PHOTO_CACHE_BYTES,
    sizeCalculation: (photo) => Math.max(1, photo.length),
  });

  const load = async (sha256: string): Promise<Buffer | null> => {
    const cached = cache.get(sha256);
    if (cached) return cached;
    const [recorded] = await deps.eventLog.readStream(productPhotoStreamName(sha256), {
      maxCount: 1,
    });
    const event = recorded ? parseEvent(productPhotoEventSchemas, recorded) : null;
    if (!event) return null;
    const photo = Buffer.from(event.data.bytes, 'base64');
    cache.set(sha256, photo);
    return photo;
  };

  const router = Router();
  router.get('/photos/:file', misses, async (req, res) => {
    const sha256 = productPhotoHashOf(`/photos/${req.params.file}`);
    const photo = sha256 ? await load(sha256) : null;
    if (!sha256 || !photo) throw notFound(catalogMessages.photoNotFound);
    res.set({
      'Cache-Control': IMMUTABLE,
      'Content-Type': PRODUCT_PHOTO_CONTENT_TYPE,
      'X-Content-Type-Options': 'nosniff',
      ETag: `"${sha256}"`,
    });
    // Express answers 304 without the bytes when the browser's If-None-Match is this ETag.
    res.send(photo);
  });
  return router;
}
