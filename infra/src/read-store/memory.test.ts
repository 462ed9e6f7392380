import { describe, expect, it } from 'vitest';
import { readStoreContract } from './contract';
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
});
