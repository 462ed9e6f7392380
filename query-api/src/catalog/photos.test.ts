import { createHash, randomUUID } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages, productPhotoPath, productPhotoStreamName } from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { errorHandler } from '@quitute/infra/http';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import { productPhotoRoutes } from './photos';

/** Some bytes standing for a WebP (query-api serves what command-api stored, as stored). */
const webp = Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 a tiny picture', 'latin1');
const sha256 = createHash('sha256').update(webp).digest('hex');

let eventStore: EventStore;
let reads = 0;
let server: Awaited<ReturnType<typeof listenOnFreePort>>;

beforeAll(async () => {
  eventStore = createMemoryEventStore();
  await eventStore.appendToStream(
    productPhotoStreamName(sha256),
    [
      {
        id: randomUUID(),
        type: 'ProductPhotoUploaded',
        data: {
          sha256,
          contentType: 'image/webp',
          width: 4,
          height: 3,
          bytes: webp.toString('base64'),
          uploadedBy: 'admin-1',
        },
        metadata: {
          correlationId: 'c',
          causationId: 'c',
          actorId: 'admin-1',
          actorRole: 'admin',
          occurredAt: '2026-11-25T12:00:00.000Z',
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  const counted: Pick<EventStore, 'readStream'> = {
    readStream: (...args) => {
      reads += 1;
      return eventStore.readStream(...args);
    },
  };
  const app = express()
    .use(productPhotoRoutes({ eventLog: counted }))
    .use(errorHandler(silentLogger));
  server = await listenOnFreePort(app);
});
afterAll(() => server.close());

describe('GET /photos/<sha256>.webp', () => {
  it('given a stored photo, then its bytes as image/webp, cached for a year, with its hash as ETag; the second read comes from memory', async () => {
    reads = 0;
    const first = await fetch(`${server.url}${productPhotoPath(sha256)}`);

    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(webp);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('etag')).toBe(`"${sha256}"`);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');

    const second = await fetch(`${server.url}${productPhotoPath(sha256)}`);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(webp);
    expect(reads).toBe(1);
  });

  it('given the ETag the browser has, then 304 without the bytes', async () => {
    // As a browser revalidates (fetch would add `no-cache`, which asks for the bytes).
    const response = await fetch(`${server.url}${productPhotoPath(sha256)}`, {
      headers: { 'if-none-match': `"${sha256}"`, 'cache-control': 'max-age=0' },
    });
    expect(response.status).toBe(304);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it.each([
    ['a hash with no photo', productPhotoPath('b'.repeat(64))],
    ['a name that is no hash', '/photos/..%2F..%2Fapi.webp'],
    ['another extension', `/photos/${sha256}.png`],
  ])('given %s, then 404 with the pt-BR message', async (_case, path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: catalogMessages.photoNotFound });
  });

  it('given a client asking for many photos that are not there, then 429 once past its allowance, while photos it finds never count against it', async () => {
    const app = express()
      .use(productPhotoRoutes({ eventLog: eventStore, missLimit: { limit: 3, windowMs: 60_000 } }))
      .use(errorHandler(silentLogger));
    const limited = await listenOnFreePort(app);
    try {
      const statuses: number[] = [];
      for (let found = 0; found < 5; found += 1) {
        statuses.push((await fetch(`${limited.url}${productPhotoPath(sha256)}`)).status);
      }
      for (let missing = 0; missing < 4; missing += 1) {
        const absent = createHash('sha256').update(`absent ${missing}`).digest('hex');
        statuses.push((await fetch(`${limited.url}${productPhotoPath(absent)}`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 404, 404, 404, 429]);
      const refused = await fetch(`${limited.url}${productPhotoPath(sha256)}`);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        message: catalogMessages.tooManyPhotoMisses,
      });
    } finally {
      await limited.close();
    }
  });
});
