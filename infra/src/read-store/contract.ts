import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexSpec, ReadCollection, ReadDocument, ReadStore } from './port';

export type ReadStoreFactory = () => Promise<{ store: ReadStore; cleanup(): Promise<void> }>;

interface Product extends ReadDocument {
  name: string;
  category: string;
  priceCents: number;
  active: boolean;
  tags: string[];
  supplier?: { city: string; rating: number };
  note?: string;
}

// Frozen, so an adapter that hands out or keeps the caller's objects fails the
// copy tests instead of silently mutating the fixtures they compare against.
const products: readonly Product[] = deepFreeze([
  {
    _id: 'p1',
    name: 'Coxinha de Frango',
    category: 'salgados',
    priceCents: 60,
    active: true,
    tags: ['frito', 'frango'],
    supplier: { city: 'São Paulo', rating: 4 },
  },
  {
    _id: 'p2',
    name: 'Pão de Queijo',
    category: 'salgados',
    priceCents: 45,
    active: true,
    tags: ['assado'],
    supplier: { city: 'Belo Horizonte', rating: 5 },
    note: 'sem glúten',
  },
  {
    _id: 'p3',
    name: 'Brigadeiro',
    category: 'doces',
    priceCents: 80,
    active: false,
    tags: ['chocolate'],
    supplier: { city: 'São Paulo', rating: 3 },
  },
  {
    _id: 'p4',
    name: 'PÃO DOCE RECHEADO',
    category: 'doces',
    priceCents: 120,
    active: true,
    tags: [],
  },
  {
    _id: 'p5',
    name: 'Kit Festa Decoração',
    category: 'kits',
    priceCents: 15000,
    active: true,
    tags: ['festa'],
    supplier: { city: 'Campinas', rating: 5 },
  },
]);

const ids = (documents: readonly ReadDocument[]): string[] => documents.map((d) => d._id);
const sortedIds = (documents: readonly ReadDocument[]): string[] => ids(documents).sort();

/**
 * The ReadStore contract (STYLE rule 9): every adapter, fake or real, passes
 * the same given/when/then tests. The factory returns an empty store and
 * disposes of it (and its data) in `cleanup`.
 */
export function readStoreContract(name: string, factory: ReadStoreFactory): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    let cleanup: () => Promise<void>;
    let catalog: ReadCollection<Product>;

    beforeEach(async () => {
      ({ store, cleanup } = await factory());
      catalog = store.collection<Product>('products_v1');
    });

    afterEach(async () => {
      await cleanup();
    });

    const givenCatalog = async (): Promise<void> => {
      await catalog.putMany(products);
    };

    describe('by id', () => {
      it('given a stored document, when it is read by id, then the same document comes back', async () => {
        await catalog.put(products[0] ?? fail());
        expect(await catalog.get('p1')).toEqual(products[0]);
      });

      it('given an empty collection, when a missing id is read, then null', async () => {
        expect(await catalog.get('nope')).toBeNull();
      });

      it('given a stored document, when one with the same _id is put, then it is replaced whole', async () => {
        await catalog.put(products[1] ?? fail());
        await catalog.put({
          _id: 'p2',
          name: 'Pão de Queijo Grande',
          category: 'salgados',
          priceCents: 90,
          active: false,
          tags: [],
        });
        const stored = await catalog.get('p2');
        expect(stored).toEqual({
          _id: 'p2',
          name: 'Pão de Queijo Grande',
          category: 'salgados',
          priceCents: 90,
          active: false,
          tags: [],
        });
        expect(stored).not.toHaveProperty('note');
        expect(stored).not.toHaveProperty('supplier');
        expect(await catalog.count()).toBe(1);
      });

      it('given two stored documents, when one is deleted, then only the other remains', async () => {
        await catalog.putMany([products[0] ?? fail(), products[1] ?? fail()]);
        await catalog.delete('p1');
        expect(await catalog.get('p1')).toBeNull();
        expect(await catalog.get('p2')).toEqual(products[1]);
        expect(await catalog.count()).toBe(1);
      });

      it('given an empty collection, when a missing id is deleted, then nothing happens', async () => {
        await catalog.delete('nope');
        expect(await catalog.count()).toBe(0);
      });
    });

    describe('putMany', () => {
      it('given one stored document, when many are put, then new ones are inserted and the existing one replaced', async () => {
        await catalog.put({ ...(products[0] ?? fail()), priceCents: 1 });
        await catalog.putMany(products);
        expect(await catalog.count()).toBe(products.length);
        expect(await catalog.get('p1')).toEqual(products[0]);
        expect(sortedIds(await catalog.find())).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      });

      it('when one batch holds the same _id twice, then the last one wins', async () => {
        const first = products[2] ?? fail();
        await catalog.putMany([first, { ...first, priceCents: 81 }, { ...first, priceCents: 82 }]);
        expect(await catalog.get('p3')).toEqual({ ...first, priceCents: 82 });
        expect(await catalog.count()).toBe(1);
      });

      it('when an empty batch is put, then nothing changes', async () => {
        await catalog.putMany([]);
        expect(await catalog.count()).toBe(0);
      });

      it('when documents are handed over, then they are stored as putMany stores them', async () => {
        const handedOver = products.map((product) => ({ ...product, unset: undefined }));
        await catalog.putMany(handedOver, { handedOver: true });
        expect(await catalog.count()).toBe(products.length);
        expect(await catalog.get('p2')).toStrictEqual(products[1]);
      });
    });

    describe('find', () => {
      beforeEach(givenCatalog);

      it('given the catalogue, when find has no filter, then every document comes back', async () => {
        expect(sortedIds(await catalog.find())).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
        expect(sortedIds(await catalog.find({}))).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
      });

      it('given the catalogue, when filtering by equality, then only equal fields match', async () => {
        expect(sortedIds(await catalog.find({ category: 'doces' }))).toEqual(['p3', 'p4']);
        expect(sortedIds(await catalog.find({ category: 'doces', active: true }))).toEqual(['p4']);
        expect(sortedIds(await catalog.find({ priceCents: 45 }))).toEqual(['p2']);
        expect(await catalog.find({ category: 'bebidas' })).toEqual([]);
      });

      it('given the catalogue, when filtering an array field by one value, then documents holding it match', async () => {
        expect(sortedIds(await catalog.find({ tags: 'frito' }))).toEqual(['p1']);
      });

      it('given the catalogue, when filtering with $in, then any listed value matches', async () => {
        expect(sortedIds(await catalog.find({ category: { $in: ['kits', 'doces'] } }))).toEqual([
          'p3',
          'p4',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ _id: { $in: ['p2', 'p9'] } }))).toEqual(['p2']);
      });

      it('given accented names, when filtering with $regex and $options "i", then case is ignored, accents are not', async () => {
        expect(sortedIds(await catalog.find({ name: { $regex: 'pão', $options: 'i' } }))).toEqual([
          'p2',
          'p4',
        ]);
        expect(sortedIds(await catalog.find({ name: { $regex: 'pão' } }))).toEqual([]);
        expect(sortedIds(await catalog.find({ name: { $regex: 'Pão' } }))).toEqual(['p2']);
        expect(
          sortedIds(await catalog.find({ name: { $regex: 'DECORAÇÃO', $options: 'i' } })),
        ).toEqual(['p5']);
        expect(sortedIds(await catalog.find({ name: { $regex: '^pao', $options: 'i' } }))).toEqual(
          [],
        );
      });

      it('given accented names, when filtering with a RegExp value, then it behaves like $regex', async () => {
        expect(sortedIds(await catalog.find({ name: /queijo$/i }))).toEqual(['p2']);
        expect(sortedIds(await catalog.find({ name: { $regex: /ção/i } }))).toEqual(['p5']);
      });

      it('given the catalogue, when filtering with $and and $or, then both combine', async () => {
        expect(
          sortedIds(
            await catalog.find({ $and: [{ category: 'salgados' }, { priceCents: { $lt: 50 } }] }),
          ),
        ).toEqual(['p2']);
        expect(
          sortedIds(await catalog.find({ $or: [{ category: 'kits' }, { active: false }] })),
        ).toEqual(['p3', 'p5']);
        expect(
          sortedIds(
            await catalog.find({
              active: true,
              $or: [{ name: { $regex: 'coxinha', $options: 'i' } }, { category: 'doces' }],
            }),
          ),
        ).toEqual(['p1', 'p4']);
      });

      it('given the catalogue, when filtering with $ne, then documents without the field match too', async () => {
        expect(sortedIds(await catalog.find({ category: { $ne: 'salgados' } }))).toEqual([
          'p3',
          'p4',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ note: { $ne: 'sem glúten' } }))).toEqual([
          'p1',
          'p3',
          'p4',
          'p5',
        ]);
      });

      it('given the catalogue, when filtering a range with $gte and $lt, then the lower bound is inclusive and the upper exclusive', async () => {
        expect(sortedIds(await catalog.find({ priceCents: { $gte: 60, $lt: 120 } }))).toEqual([
          'p1',
          'p3',
        ]);
        expect(sortedIds(await catalog.find({ priceCents: { $gte: 15000 } }))).toEqual(['p5']);
      });

      it('given nested documents, when filtering on a dotted path, then the nested field is matched', async () => {
        expect(sortedIds(await catalog.find({ 'supplier.city': 'São Paulo' }))).toEqual([
          'p1',
          'p3',
        ]);
        expect(sortedIds(await catalog.find({ 'supplier.rating': { $gte: 5 } }))).toEqual([
          'p2',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ supplier: { $exists: false } }))).toEqual(['p4']);
      });

      it('given the catalogue, when filtering with $eq, $nin, $nor and $gt/$lte, then each answers as MongoDB does', async () => {
        expect(sortedIds(await catalog.find({ category: { $eq: 'kits' } }))).toEqual(['p5']);
        expect(sortedIds(await catalog.find({ category: { $nin: ['doces', 'kits'] } }))).toEqual([
          'p1',
          'p2',
        ]);
        expect(
          sortedIds(await catalog.find({ $nor: [{ category: 'salgados' }, { active: false }] })),
        ).toEqual(['p4', 'p5']);
        expect(sortedIds(await catalog.find({ priceCents: { $gt: 60, $lte: 120 } }))).toEqual([
          'p3',
          'p4',
        ]);
      });

      it('given numbers and strings, when compared across the two, then nothing matches (type brackets)', async () => {
        expect(await catalog.find({ priceCents: '45' })).toEqual([]);
        expect(await catalog.find({ priceCents: { $gte: '0' } })).toEqual([]);
        expect(await catalog.find({ category: { $lt: 1e9 } })).toEqual([]);
        expect(sortedIds(await catalog.find({ category: { $gte: 'k' } }))).toEqual([
          'p1',
          'p2',
          'p5',
        ]);
      });

      it('given null and missing fields, when filtering on null, $ne null, $in with null and $exists, then a missing field counts as null', async () => {
        expect(sortedIds(await catalog.find({ note: null }))).toEqual(['p1', 'p3', 'p4', 'p5']);
        expect(sortedIds(await catalog.find({ note: { $ne: null } }))).toEqual(['p2']);
        expect(sortedIds(await catalog.find({ note: { $in: [null, 'x'] } }))).toEqual([
          'p1',
          'p3',
          'p4',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ note: { $exists: true } }))).toEqual(['p2']);
        expect(await catalog.count({ supplier: { $exists: true } })).toBe(4);
        expect(sortedIds(await catalog.find({ 'supplier.city': { $in: ['Campinas'] } }))).toEqual([
          'p5',
        ]);
      });

      it('given array fields, when filtering with $in, $regex, $ne and a range, then any element matches and $ne needs none to', async () => {
        expect(sortedIds(await catalog.find({ tags: { $in: ['festa', 'assado'] } }))).toEqual([
          'p2',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ tags: { $regex: '^cho' } }))).toEqual(['p3']);
        expect(sortedIds(await catalog.find({ tags: { $ne: 'frito' } }))).toEqual([
          'p2',
          'p3',
          'p4',
          'p5',
        ]);
        expect(sortedIds(await catalog.find({ tags: { $gt: 'f' } }))).toEqual(['p1', 'p5']);
      });

      it('when sorting ascending and descending, then documents come back in that order', async () => {
        expect(ids(await catalog.find({}, { sort: { priceCents: 1 } }))).toEqual([
          'p2',
          'p1',
          'p3',
          'p4',
          'p5',
        ]);
        expect(ids(await catalog.find({}, { sort: { priceCents: -1 } }))).toEqual([
          'p5',
          'p4',
          'p3',
          'p1',
          'p2',
        ]);
        expect(ids(await catalog.find({}, { sort: { category: 1, priceCents: -1 } }))).toEqual([
          'p4',
          'p3',
          'p5',
          'p1',
          'p2',
        ]);
      });

      it('when sorting on a nested field, then a missing value sorts first ascending', async () => {
        expect(ids(await catalog.find({}, { sort: { 'supplier.rating': 1, _id: 1 } }))).toEqual([
          'p4',
          'p3',
          'p1',
          'p2',
          'p5',
        ]);
      });

      it('when paging with sort, skip and limit, then the page is cut after sorting', async () => {
        expect(ids(await catalog.find({}, { sort: { priceCents: 1 }, skip: 1, limit: 2 }))).toEqual(
          ['p1', 'p3'],
        );
        expect(
          ids(await catalog.find({}, { limit: 2, skip: 4, sort: { priceCents: -1 } })),
        ).toEqual(['p2']);
        expect(ids(await catalog.find({}, { sort: { priceCents: 1 }, skip: 5 }))).toEqual([]);
        expect(
          ids(await catalog.find({ active: true }, { sort: { priceCents: -1 }, limit: 2 })),
        ).toEqual(['p5', 'p4']);
      });

      it('when limit is 0, then there is no limit (as in MongoDB)', async () => {
        expect(await catalog.find({}, { limit: 0 })).toHaveLength(5);
      });
    });

    describe('count', () => {
      beforeEach(givenCatalog);

      it('given the catalogue, when counting with and without a filter, then the matching number', async () => {
        expect(await catalog.count()).toBe(5);
        expect(await catalog.count({})).toBe(5);
        expect(await catalog.count({ active: true })).toBe(4);
        expect(await catalog.count({ name: { $regex: 'pão', $options: 'i' } })).toBe(2);
        expect(await catalog.count({ category: 'bebidas' })).toBe(0);
      });
    });

    describe('guarded writes', () => {
      const at = (position: number, priceCents: number): Product & { _position: number } => ({
        ...(products[0] ?? fail()),
        priceCents,
        _position: position,
      });

      it('given a document stored at position 10, when a write at position 7 arrives, then the document stays at 10', async () => {
        await catalog.putMany([at(10, 100)]);
        await catalog.putMany([at(7, 70)], { guard: '_position' });
        await catalog.put(at(7, 71), { guard: '_position' });
        expect(await catalog.get('p1')).toEqual(at(10, 100));
      });

      it('given a document stored at position 10, when writes at 10 and 12 arrive, then each replaces it', async () => {
        await catalog.put(at(10, 100));
        await catalog.put(at(10, 101), { guard: '_position' });
        expect((await catalog.get('p1'))?.priceCents).toBe(101);
        await catalog.putMany([at(12, 120)], { guard: '_position' });
        expect(await catalog.get('p1')).toEqual(at(12, 120));
      });

      it('given stale and fresh documents in one batch, then the fresh ones and the new ones are written and the stale ones dropped', async () => {
        const second = { ...(products[1] ?? fail()), _position: 5 };
        await catalog.putMany([at(10, 100), second]);
        await catalog.putMany(
          [
            at(9, 90),
            { ...second, priceCents: 1, _position: 6 },
            { ...(products[2] ?? fail()), _position: 3 },
          ],
          { guard: '_position' },
        );
        expect((await catalog.get('p1'))?.priceCents).toBe(100);
        expect((await catalog.get('p2'))?.priceCents).toBe(1);
        expect(await catalog.get('p3')).toEqual({ ...products[2], _position: 3 });
      });

      it('given a document stored without the guard field, when a guarded write arrives, then it replaces it', async () => {
        await catalog.put(products[0] ?? fail());
        await catalog.putMany([at(1, 1)], { guard: '_position' });
        expect(await catalog.get('p1')).toEqual(at(1, 1));
      });

      it('given a document a newer event made again (position 12), when a late delete at position 10 arrives, then the document stays; a delete at 12 or later removes it', async () => {
        await catalog.put(at(12, 120));
        const guardAt = (value: number) => ({ guard: { field: '_position', value } });
        await catalog.delete('p1', guardAt(10));
        expect(await catalog.get('p1')).toEqual(at(12, 120));
        await catalog.delete('p1', guardAt(12));
        expect(await catalog.get('p1')).toBeNull();
        await catalog.put(products[1] ?? fail());
        await catalog.delete('p2', guardAt(1));
        expect(await catalog.get('p2')).toBeNull();
      });

      it('when a guarded write lacks the guard field, then it is refused', async () => {
        await expect(
          catalog.putMany([products[0] ?? fail()], { guard: '_position' }),
        ).rejects.toThrow(TypeError);
        await expect(catalog.put(products[0] ?? fail(), { guard: '_position' })).rejects.toThrow(
          TypeError,
        );
      });
    });

    describe('indexes', () => {
      const byUser = { fields: { userId: 1, createdAt: -1 } } as const;
      const byNumber = { fields: { orderNumber: 1 }, unique: true } as const;
      const sortedSpecs = (specs: readonly IndexSpec[]) =>
        specs.map((spec) => JSON.stringify(spec)).sort();

      it('given declared indexes, when they are ensured twice, then the collection has each once', async () => {
        await store.ensureIndexes('orders_v1', [byUser, byNumber]);
        await store.ensureIndexes('orders_v1', [byUser, byNumber]);
        expect(sortedSpecs(await store.listIndexes('orders_v1'))).toEqual(
          sortedSpecs([byUser, byNumber]),
        );
        expect(await store.listIndexes('never_written_v1')).toEqual([]);
      });

      it('given a rebuilt collection with its indexes, when it replaces the live one, then the live name has them and the rebuilt name none', async () => {
        await store.collection('orders_v1').put({ _id: 'o1', userId: 'u1', orderNumber: 1 });
        await store.ensureIndexes('orders_v1', [byUser]);
        await store
          .collection('orders_v1__rebuild')
          .put({ _id: 'o2', userId: 'u2', orderNumber: 2 });
        await store.ensureIndexes('orders_v1__rebuild', [byUser, byNumber]);
        await store.replaceCollection('orders_v1', 'orders_v1__rebuild');
        expect(sortedSpecs(await store.listIndexes('orders_v1'))).toEqual(
          sortedSpecs([byUser, byNumber]),
        );
        expect(await store.listIndexes('orders_v1__rebuild')).toEqual([]);
        await store.ensureIndexes('orders_v1__rebuild', [byUser]);
        expect(await store.listIndexes('orders_v1__rebuild')).toEqual([byUser]);
        expect(await store.collection('orders_v1').count({ userId: 'u2' })).toBe(1);
      });
    });

    describe('collections', () => {
      it('given two collections, when one is cleared, then it is empty and the other untouched', async () => {
        const orders = store.collection('orders_v1');
        await givenCatalog();
        await orders.put({ _id: 'o1', total: 100 });
        await catalog.clear();
        expect(await catalog.count()).toBe(0);
        expect(await catalog.find()).toEqual([]);
        expect(await orders.get('o1')).toEqual({ _id: 'o1', total: 100 });
      });

      it('given the same _id in two collections, then each collection keeps its own document', async () => {
        const a = store.collection('a_v1');
        const b = store.collection('b_v1');
        await a.put({ _id: 'x', from: 'a' });
        await b.put({ _id: 'x', from: 'b' });
        await a.delete('x');
        expect(await a.get('x')).toBeNull();
        expect(await b.get('x')).toEqual({ _id: 'x', from: 'b' });
        expect(await b.count()).toBe(1);
      });

      it('given a collection handle, when another handle to the same name is taken, then both see the same documents', async () => {
        await catalog.put(products[0] ?? fail());
        expect(await store.collection('products_v1').get('p1')).toEqual(products[0]);
      });
    });

    describe('replaceCollection', () => {
      it('given a live collection and a rebuilt one, when the rebuilt one replaces it, then the live name holds exactly the rebuilt documents and the rebuilt name is empty', async () => {
        await givenCatalog();
        const rebuilt = store.collection<Product>('products_v1__rebuild');
        await rebuilt.putMany([
          { ...(products[0] ?? fail()), priceCents: 99 },
          products[4] ?? fail(),
        ]);
        await store.replaceCollection('products_v1', 'products_v1__rebuild');
        expect(sortedIds(await catalog.find())).toEqual(['p1', 'p5']);
        expect((await catalog.get('p1'))?.priceCents).toBe(99);
        expect(await catalog.get('p2')).toBeNull();
        expect(await rebuilt.count()).toBe(0);
        expect(await store.collection('products_v1').count()).toBe(2);
      });

      it('given a replaced collection, when the old handles write again, then the live name takes the write and the rebuilt name starts empty', async () => {
        await givenCatalog();
        const rebuilt = store.collection<Product>('products_v1__rebuild');
        await rebuilt.put(products[1] ?? fail());
        await store.replaceCollection('products_v1', 'products_v1__rebuild');
        await catalog.put(products[2] ?? fail());
        await rebuilt.put(products[3] ?? fail());
        expect(sortedIds(await catalog.find())).toEqual(['p2', 'p3']);
        expect(sortedIds(await rebuilt.find())).toEqual(['p4']);
      });

      it('given a source that was never written, when it replaces a collection, then that collection is empty', async () => {
        await givenCatalog();
        await store.replaceCollection('products_v1', 'products_v1__never');
        expect(await catalog.count()).toBe(0);
      });

      it('given readers of a collection, when it is replaced meanwhile, then every read answers with the whole old or the whole new collection', async () => {
        await givenCatalog();
        const rebuilt = store.collection<Product>('products_v1__rebuild');
        await rebuilt.putMany(products.slice(0, 2).map((p) => ({ ...p, priceCents: 1 })));
        const reads = Array.from({ length: 20 }, () => catalog.find());
        const replaced = store.replaceCollection('products_v1', 'products_v1__rebuild');
        const seen = await Promise.all([...reads, replaced.then(() => catalog.find())]);
        for (const documents of seen) {
          if (!documents) continue;
          const old = documents.length === 5 && documents.every((d) => d.priceCents !== 1);
          const fresh = documents.length === 2 && documents.every((d) => d.priceCents === 1);
          expect(old || fresh).toBe(true);
        }
      });
    });

    describe('copies', () => {
      it('given a put document, when the caller mutates its object afterwards, then the store is unchanged', async () => {
        const document = structuredClone(products[0] ?? fail());
        await catalog.put(document);
        document.priceCents = 1;
        document.tags.push('mutated');
        if (document.supplier) document.supplier.city = 'Mutated';
        expect(await catalog.get('p1')).toEqual(products[0]);
      });

      it('given a stored document, when a returned copy is mutated, then the store is unchanged', async () => {
        await givenCatalog();
        const fromGet = await catalog.get('p1');
        if (!fromGet) return fail();
        fromGet.name = 'Mutated';
        fromGet.tags.push('mutated');
        if (fromGet.supplier) fromGet.supplier.rating = 0;
        const [fromFind] = await catalog.find({ _id: 'p2' });
        if (!fromFind) return fail();
        fromFind.priceCents = 0;
        expect(await catalog.get('p1')).toEqual(products[0]);
        expect(await catalog.get('p2')).toEqual(products[1]);
      });

      it('given a putMany batch, when the caller mutates it afterwards, then the store is unchanged', async () => {
        const batch = structuredClone(products);
        await catalog.putMany(batch);
        for (const document of batch) document.priceCents = 0;
        expect(await catalog.count({ priceCents: 0 })).toBe(0);
      });
    });
  });
}

function fail(): never {
  throw new Error('test fixture missing');
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const nested of Object.values(value)) deepFreeze(nested);
    Object.freeze(value);
  }
  return value;
}
