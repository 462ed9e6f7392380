import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  catalogMessages,
  PRODUCT_PHOTO_CONTENT_TYPE,
  PRODUCT_PHOTO_MAX_HEIGHT,
  PRODUCT_PHOTO_MAX_INPUT_PIXELS,
  PRODUCT_PHOTO_MAX_WIDTH,
  productPhotoPath,
  productPhotoStreamName,
} from '@quitute/contracts';
import { validationError } from '@quitute/infra/errors';
import { WrongExpectedRevisionError, type EventStore } from '@quitute/infra/event-store';
import { deriveEventId, newEvent, type CommandContext } from '../shared/handle-command';

/** What the shop keeps of an upload: a WebP of at most 1200 × 1600 px, no metadata. */
export interface ReencodedPhoto {
  webp: Buffer;
  width: number;
  height: number;
}

const DECODABLE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);

/**
 * Decodes an upload and encodes it again as WebP: turned upright by its EXIF
 * orientation, at most 1200 px wide and 1600 px tall (never enlarged), the first
 * frame of an animation, and without its metadata (EXIF, GPS, ICC, XMP: sharp
 * writes none unless asked). Refused before decoding when its header claims
 * more than PRODUCT_PHOTO_MAX_INPUT_PIXELS, so a small file cannot make the
 * server decode a huge picture.
 */
export async function reencodePhoto(upload: Buffer): Promise<ReencodedPhoto> {
  const image = sharp(upload, { limitInputPixels: PRODUCT_PHOTO_MAX_INPUT_PIXELS });
  const { format } = await image.metadata().catch(refused);
  if (!DECODABLE_FORMATS.has(format)) throw validationError(catalogMessages.photoNotImage);
  const encoded = await image
    .rotate()
    .resize({
      width: PRODUCT_PHOTO_MAX_WIDTH,
      height: PRODUCT_PHOTO_MAX_HEIGHT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(refused);
  return { webp: encoded.data, width: encoded.info.width, height: encoded.info.height };
}

/** sharp could not read the upload: too many pixels (its header says so), or no picture at all. */
function refused(error: unknown): never {
  const tooManyPixels = error instanceof Error && /pixel limit/i.test(error.message);
  throw validationError(
    tooManyPixels ? catalogMessages.photoTooManyPixels : catalogMessages.photoNotImage,
  );
}

export interface StoredPhoto {
  imageUrl: string;
  width: number;
  height: number;
  /** The global position of its event (X-Min-Position for the next read). */
  position: number;
}

/**
 * Keeps a re-encoded photo in the event log, in the stream its SHA-256 names
 * (`ProductPhotoUploaded`, appended only to a new stream): the same picture sent
 * twice is stored once, and the second upload answers with the first one.
 */
export async function storeProductPhoto(
  eventStore: EventStore,
  photo: ReencodedPhoto,
  context: CommandContext,
): Promise<StoredPhoto> {
  const sha256 = createHash('sha256').update(photo.webp).digest('hex');
  const stream = productPhotoStreamName(sha256);
  const stored = { imageUrl: productPhotoPath(sha256), width: photo.width, height: photo.height };
  const event = newEvent(
    {
      type: 'ProductPhotoUploaded',
      data: {
        sha256,
        contentType: PRODUCT_PHOTO_CONTENT_TYPE,
        width: photo.width,
        height: photo.height,
        bytes: photo.webp.toString('base64'),
        uploadedBy: context.actorId,
      },
    },
    deriveEventId(context.commandId, 0),
    context,
  );
  const appended = await eventStore
    .appendToStream(stream, [event], { expectedRevision: 'no_stream' })
    .catch(async (error: unknown) => {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      const [first] = await eventStore.readStream(stream, { maxCount: 1 });
      if (!first) throw error;
      return { position: first.position };
    });
  return { ...stored, position: appended.position };
}
