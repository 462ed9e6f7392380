import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryReadStore, type MemoryReadStore } from './memory';
import type { LogMark } from '../saved-state';
import { loadReadModels, saveReadModels } from './memory-file';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-read-models-'));
  file = path.join(dir, 'read-models.jsonl');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const mark: LogMark = { position: 42, eventId: 'e-42' };
const kept = new Set(['checkpoints', 'orders', 'carts']);

async function storeWith(orders: number): Promise<MemoryReadStore> {
  const store = createMemoryReadStore();
  await store.collection('checkpoints').put({ _id: 'orders_v1', position: 42 });
  await store
    .collection('orders')
    .putMany(
      Array.from({ length: orders }, (_, n) => ({ _id: `o${n}`, total: n, items: [{ n }] })),
    );
  await store.collection('carts').put({ _id: 'c1', itens: [] });
  return store;
}

const save = async (store: MemoryReadStore) =>
  saveReadModels(store, {
    file,
    first: {
      collection: 'checkpoints',
      documents: [...store.storedDocuments('checkpoints')],
    },
    collections: ['orders', 'carts'],
    mark,
  });

describe('read models kept in a file', () => {
  it('given saved collections, when loaded, then every document and the mark come back', async () => {
    const store = await storeWith(2_500);
    const written = await save(store);
    expect(written.documents).toBe(2_502);

    const loaded = await loadReadModels(file, { collections: kept });

    expect(loaded.status).toBe('loaded');
    if (loaded.status !== 'loaded') return;
    expect(loaded.mark).toEqual(mark);
    expect(loaded.documents).toBe(2_502);
    expect(await loaded.store.collection('orders').count()).toBe(2_500);
    expect(await loaded.store.collection('orders').get('o1234')).toEqual({
      _id: 'o1234',
      total: 1234,
      items: [{ n: 1234 }],
    });
    expect(await loaded.store.collection('checkpoints').get('orders_v1')).toEqual({
      _id: 'orders_v1',
      position: 42,
    });
    expect(await loaded.store.collection('carts').get('c1')).toEqual({ _id: 'c1', itens: [] });
  });

  it('given a collection no longer kept, when loaded, then its documents are left out', async () => {
    await save(await storeWith(3));

    const loaded = await loadReadModels(file, { collections: new Set(['checkpoints', 'carts']) });

    expect(loaded.status).toBe('loaded');
    if (loaded.status !== 'loaded') return;
    expect([...loaded.store.storedDocuments('orders')]).toEqual([]);
    expect([...loaded.store.storedDocuments('carts')]).toHaveLength(1);
    expect([...loaded.store.storedDocuments('checkpoints')]).toHaveLength(1);
  });

  it('given the checkpoints copied when the save began, when a document changes during the save, then the file holds the copy and the newer document', async () => {
    const store = await storeWith(5_000);
    const saving = save(store);
    // The save yields between lines: these land while it runs.
    await store.collection('checkpoints').put({ _id: 'orders_v1', position: 99 });
    await store.collection('carts').put({ _id: 'c1', itens: ['novo'] });
    await saving;

    const loaded = await loadReadModels(file, { collections: kept });

    if (loaded.status !== 'loaded') throw new Error(loaded.status);
    expect(await loaded.store.collection('checkpoints').get('orders_v1')).toMatchObject({
      position: 42,
    });
    expect(await loaded.store.collection('carts').get('c1')).toEqual({
      _id: 'c1',
      itens: ['novo'],
    });
  });

  it('given no file, when loaded, then it says missing', async () => {
    expect(await loadReadModels(file, { collections: kept })).toEqual({ status: 'missing' });
  });

  it('given a file cut short, when loaded, then it is refused, not half loaded', async () => {
    await save(await storeWith(2_500));
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1));

    const loaded = await loadReadModels(file, { collections: kept });

    expect(loaded).toEqual({ status: 'unreadable', reason: expect.stringMatching(/cut short/) });
  });

  it('given a line broken mid-document, when loaded, then it is refused with the reason', async () => {
    await save(await storeWith(10));
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"total":3', '"total":'));

    const loaded = await loadReadModels(file, { collections: kept });

    expect(loaded.status).toBe('unreadable');
  });

  it('given an end line counting other documents, when loaded, then it is refused', async () => {
    await save(await storeWith(10));
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"items":12', '"items":13'));

    expect(await loadReadModels(file, { collections: kept })).toEqual({
      status: 'unreadable',
      reason: 'the end line counts 13 items, the file holds 12',
    });
  });

  it('given a file of another format version, when loaded, then it is refused', async () => {
    await save(await storeWith(1));
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"version":1', '"version":2'));

    const loaded = await loadReadModels(file, { collections: kept });

    expect(loaded).toEqual({
      status: 'unreadable',
      reason: 'not a file of this format and version',
    });
  });

  it('given a document without a string _id, when loaded, then it is refused', async () => {
    await save(await storeWith(1));
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"_id":"c1"', '"_id":7'));

    expect((await loadReadModels(file, { collections: kept })).status).toBe('unreadable');
  });

  it('given an earlier save, when a save fails midway, then the earlier file stays whole', async () => {
    const store = await storeWith(10);
    await save(store);
    const before = fs.readFileSync(file, 'utf8');
    const failing = createMemoryReadStore();
    failing.storedDocuments = () => {
      throw new Error('disk full');
    };

    await expect(
      saveReadModels(failing, {
        file,
        first: { collection: 'checkpoints', documents: [] },
        collections: ['orders'],
        mark,
      }),
    ).rejects.toThrow('disk full');

    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(fs.readdirSync(dir)).toEqual(['read-models.jsonl']);
  });
});
