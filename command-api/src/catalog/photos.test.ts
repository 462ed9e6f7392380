import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  catalogMessages,
  PRODUCT_PHOTO_MAX_BYTES,
  productPhotoResultSchema,
  productPhotoStreamName,
} from '@quitute/contracts';
import { testPng } from '@quitute/infra/testing';
import { closeShops, openShop } from '../payments/testing';
import { reencodePhoto } from './photos';

afterEach(closeShops);

/** A plain picture of this size, with an artist and a place in its EXIF. */
function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } },
  }).withExif({ IFD0: { Artist: 'Dona Quitute', ImageDescription: 'Rua das Flores, 12' } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
}

describe('reencodePhoto', () => {
  it('given a 2400 × 1600 JPEG with EXIF, then a 1200 × 800 WebP without metadata', async () => {
    const result = await reencodePhoto(await photo(2400, 1600));

    expect(result).toMatchObject({ width: 1200, height: 800 });
    const metadata = await sharp(result.webp).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(result.webp.toString('latin1')).not.toContain('Dona Quitute');
  });

  it('given a tall strip of 1500 × 6000, then at most 1600 tall (400 × 1600)', async () => {
    const result = await reencodePhoto(await photo(1500, 6000));
    expect(result).toMatchObject({ width: 400, height: 1600 });
  });

  it('given a small PNG, then it keeps its size (never enlarged)', async () => {
    const result = await reencodePhoto(await photo(300, 200, 'png'));
    expect(result).toMatchObject({ width: 300, height: 200 });
  });

  it('given text, then 400 "not a photo"', async () => {
    await expect(reencodePhoto(Buffer.from('<svg onload="alert(1)"></svg>'))).rejects.toMatchObject(
      { status: 400, message: catalogMessages.photoNotImage },
    );
  });

  it('given a JPEG cut off halfway, then 400 "not a photo", never a server error', async () => {
    const whole = await photo(800, 600);
    await expect(reencodePhoto(whole.subarray(0, whole.length / 2))).rejects.toMatchObject({
      status: 400,
      message: catalogMessages.photoNotImage,
    });
  });

  it('given a GIF, then 400 "not a photo" (only JPEG, PNG and WebP)', async () => {
    const gif = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#fff' },
    })
      .gif()
      .toBuffer();
    await expect(reencodePhoto(gif)).rejects.toMatchObject({
      status: 400,
      message: catalogMessages.photoNotImage,
    });
  });

  it('given a small file claiming 20000 × 20000 pixels, then 400 before it is decoded', async () => {
    await expect(reencodePhoto(testPng(20_000, 20_000, { pixels: 'few' }))).rejects.toMatchObject({
      status: 400,
      message: catalogMessages.photoTooManyPixels,
    });
  });
});

describe('POST /api/admin/products/photos', () => {
  async function photoShop() {
    const shop = await openShop();
    const admin = await shop.admin();
    const upload = (body: Buffer, contentType = 'image/png', token: string | null = admin.token) =>
      fetch(`${shop.url}/api/admin/products/photos`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: new Uint8Array(body),
      });
    return { shop, admin, upload };
  }

  it('given a PNG from an admin, then 201 with /photos/<sha256>.webp, kept once in its own stream by that admin', async () => {
    const { shop, admin, upload } = await photoShop();
    const png = await photo(1600, 900, 'png');

    const response = await upload(png);

    expect(response.status).toBe(201);
    const body: unknown = await response.json();
    const result = productPhotoResultSchema.parse(body);
    expect(result).toMatchObject({ width: 1200, height: 675 });
    expect(body).toMatchObject({ message: catalogMessages.photoUploaded });
    const sha256 = /^\/photos\/([0-9a-f]{64})\.webp$/.exec(result.imageUrl)?.[1] ?? '';
    const events = await shop.eventStore.readStream(productPhotoStreamName(sha256));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ProductPhotoUploaded',
      position: result.position,
      data: {
        sha256,
        contentType: 'image/webp',
        width: 1200,
        height: 675,
        uploadedBy: admin.userId,
      },
      metadata: { actorId: admin.userId, actorRole: 'admin' },
    });

    const again = await upload(png);
    expect(again.status).toBe(201);
    expect(productPhotoResultSchema.parse(await again.json())).toEqual(result);
    expect(await shop.eventStore.readStream(productPhotoStreamName(sha256))).toHaveLength(1);
  });

  it('given no token, then 401; given a customer, then 403; nothing stored', async () => {
    const { shop, upload } = await photoShop();
    const customer = await shop.customer();
    const png = await photo(40, 40, 'png');

    expect((await upload(png, 'image/png', null)).status).toBe(401);
    expect((await upload(png, 'image/png', customer.token)).status).toBe(403);
    expect(await shop.ofType('ProductPhotoUploaded')).toHaveLength(0);
  });

  it('given a body that is no image, or sent as another type, then 400 with the pt-BR message', async () => {
    const { upload } = await photoShop();

    for (const response of [
      await upload(Buffer.from('not a picture at all'), 'image/jpeg'),
      await upload(await photo(40, 40, 'png'), 'text/plain'),
      await upload(Buffer.alloc(0), 'image/png'),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: catalogMessages.photoNotImage });
    }
  });

  it('given more than 8 MB, then 413 with the pt-BR message', async () => {
    const { upload } = await photoShop();
    const response = await upload(Buffer.alloc(PRODUCT_PHOTO_MAX_BYTES + 1), 'image/jpeg');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: catalogMessages.photoTooLarge });
  });
});
