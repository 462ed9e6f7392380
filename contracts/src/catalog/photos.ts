import { z } from 'zod';
import type { EventOf } from '../shared/events';
import { positionField } from '../shared/admin';

/**
 * Product photos the owner uploads (issue 36): decoded and re-encoded on the
 * server as WebP, at most 1200 × 1600 px and without metadata,
 * then kept in the event log itself, one stream per picture named by the
 * SHA-256 of its WebP bytes (`product-photo-<sha256>`), so that a backup of
 * the event store carries it. query-api serves it at `/photos/<sha256>.webp` (the
 * product's imageUrl): not under `/images/`, the web app's own folder of static
 * files (the menu's illustrations), which nginx serves itself.
 */

/** What an upload may weigh (the bytes sent, before re-encoding). */
export const PRODUCT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** The widest a stored photo is (a menu card shows it far smaller). */
export const PRODUCT_PHOTO_MAX_WIDTH = 1_200;
/**
 * The tallest (a phone's portrait photo, 3:4, fits whole): a long strip would
 * otherwise stay huge at 1200 px wide, and an event must stay well under
 * EventStoreDB's 1 MB append limit.
 */
export const PRODUCT_PHOTO_MAX_HEIGHT = 1_600;
/**
 * The most pixels the server agrees to decode (a 6000 × 4000 phone photo is
 * 24 million): a small file that claims huge dimensions is refused before it
 * is decoded.
 */
export const PRODUCT_PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** What the admin may send (the file input's `accept`). */
export const PRODUCT_PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PRODUCT_PHOTO_CONTENT_TYPE = 'image/webp';

const SHA256_HEX = /^[0-9a-f]{64}$/;
const PHOTO_PATH = /^\/photos\/([0-9a-f]{64})\.webp$/;
/** The illustrations the web app ships for the seeded menu (menuImagePath). */
const MENU_ILLUSTRATION_PATH = /^\/images\/cardapio\/[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

export function productPhotoPath(sha256: string): string {
  return `/photos/${sha256}.webp`;
}

/** The SHA-256 a photo path names, or null when the path is not a photo's. */
export function productPhotoHashOf(path: string): string | null {
  return PHOTO_PATH.exec(path)?.[1] ?? null;
}

export function productPhotoStreamName(sha256: string): string {
  return `product-photo-${sha256}`;
}

/** Names that only mean something inside a network: the visitor's own machine or LAN. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/;
/** What the URL parser leaves of an IP address written as a host (any notation). */
const IP_LITERAL = /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:.]+\])$/;

/**
 * A product's image as the admin may set it: an https URL without user name or
 * password on a public host name, a photo uploaded to the shop
 * (`/photos/<sha256>.webp`) or one of the menu's own illustrations. Never http
 * (mixed content), another path of the shop, `javascript:`, nor a host that
 * names a place inside a network (an IP address, `localhost`, a name without a
 * dot, `*.local`): every visitor's browser loads the image, so such a URL would
 * make each one send a request into her own network (her router, say).
 */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return PHOTO_PATH.test(value) || MENU_ILLUSTRATION_PATH.test(value);
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const host = url.hostname;
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    host.includes('.') &&
    !IP_LITERAL.test(host) &&
    !LOCAL_NAME.test(host)
  );
}

/** Stream `product-photo-<sha256>`: the photo, once (the stream is appended with no_stream). */
export const productPhotoUploadedSchema = z.object({
  sha256: z.string().regex(SHA256_HEX),
  contentType: z.literal(PRODUCT_PHOTO_CONTENT_TYPE),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The WebP file, base64. */
  bytes: z.base64(),
  /** The admin's user id. */
  uploadedBy: z.string().min(1),
});

export const productPhotoEventSchemas = {
  ProductPhotoUploaded: productPhotoUploadedSchema,
} as const;
export type ProductPhotoEvent = EventOf<typeof productPhotoEventSchemas>;

/** POST /api/admin/products/photos: where the stored photo is served, and its size. */
export const productPhotoResultSchema = z.object({
  imageUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  position: positionField,
});
export type ProductPhotoResult = z.infer<typeof productPhotoResultSchema>;
