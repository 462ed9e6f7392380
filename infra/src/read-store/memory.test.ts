import { describe, expect, it } from 'vitest';
import { readStoreContract } from './contract';
import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import { createStringPool } from './copy';
import { createMemoryReadStore } from './memory';

readStoreContract('memory', async () => {
  const store = createMemoryReadStore();
  return { store, cleanup: () => store.close() };
});

describe('memory read store', () => {
  it('given a closed store, when a collection is used, then it fails loudly', async () => {
    const store = createMemoryReadStore();
    const products = store.collection('products_v1');
    await store.close();
    await expect(products.get('p1')).rejects.toThrow(/closed/);
  });

  it('given a negative skip, when finding, then it is rejected as MongoDB rejects it', async () => {
    const store = createMemoryReadStore();
    await expect(store.collection('products_v1').find({}, { skip: -1 })).rejects.toThrow(
      RangeError,
    );
  });

  it('given documents put, then their strings go to the pool as they are stored', async () => {
    const strings = createStringPool();
    const store = createMemoryReadStore([], strings);
    await store.collection('orders_v1').putMany([
      { _id: 'order-1', customerEmail: 'maria@example.com' },
      { _id: 'order-2', customerEmail: 'maria@example.com' },
    ]);
    expect(strings.size()).toBe(1);
    await store.close();
  });

  describe('documents handed over', () => {
    const quietMs = 20;
    const quiet = () => delay(quietMs * 3);
    const handedOverStore = () => {
      const strings = createStringPool();
      const store = createMemoryReadStore([], strings, { shareHandedOverAfterMs: quietMs });
      return { strings, store };
    };

    it('given JSON documents handed over, then they are stored as given, and share their strings once the writes have stopped', async () => {
      const { strings, store } = handedOverStore();
      const orders = store.collection('orders_v1');
      const order = { _id: 'order-1', customerEmail: 'maria@example.com', items: [{ qty: 20 }] };
      await orders.putMany([order, { _id: 'order-2', customerEmail: 'maria@example.com' }], {
        handedOver: true,
      });
      expect(store.storedDocuments('orders_v1').next().value).toBe(order);
      expect(strings.size()).toBe(0);
      await quiet();
      expect(strings.size()).toBe(1);
      expect(await orders.get('order-1')).toEqual(order);
      await store.close();
    });

    it('given a document handed over with an undefined field, then it is copied without it, as put stores it', async () => {
      const { store } = handedOverStore();
      const document = { _id: 'order-1', note: undefined, status: 'pending' };
      await store.collection('orders_v1').putMany([document], { handedOver: true });
      const stored = store.storedDocuments('orders_v1').next().value;
      expect(stored).not.toBe(document);
      expect(stored).toStrictEqual({ _id: 'order-1', status: 'pending' });
      await store.close();
    });

    it('given a document replaced or deleted before the sharing, then only what is stored shares its strings', async () => {
      const { strings, store } = handedOverStore();
      const orders = store.collection('orders_v1');
      await orders.putMany(
        [
          { _id: 'order-1', customerEmail: 'first@example.com' },
          { _id: 'order-2', customerEmail: 'deleted@example.com' },
        ],
        { handedOver: true },
      );
      await orders.putMany([{ _id: 'order-1', customerEmail: 'second@example.com' }], {
        handedOver: true,
      });
      await orders.delete('order-2');
      await quiet();
      expect(strings.size()).toBe(1);
      // The one pooled is the stored document's: sharing it again adds nothing.
      strings.share('second@example.com');
      expect(strings.size()).toBe(1);
      await store.close();
    });

    it('given more documents than one turn shares, then they are all shared over the next turns', async () => {
      const { strings, store } = handedOverStore();
      const carts = Array.from({ length: 2_500 }, (_, i) => ({
        _id: `cart-${i}`,
        userId: `customer-number-${i}`,
      }));
      await store.collection('carts_v1').putMany(carts, { handedOver: true });
      await quiet();
      expect(strings.size()).toBeGreaterThanOrEqual(1_000);
      await nextTurn();
      await nextTurn();
      await nextTurn();
      expect(strings.size()).toBe(2_500);
      await store.close();
    });

    it('given a store closed with documents still to share, then nothing is shared after', async () => {
      const { strings, store } = handedOverStore();
      await store
        .collection('orders_v1')
        .putMany([{ _id: 'order-1', customerEmail: 'maria@example.com' }], { handedOver: true });
      await store.close();
      await quiet();
      expect(strings.size()).toBe(0);
    });
  });
});
