import { describe, expect, it } from 'vitest';
import { createLease } from './index';

describe('createLease', () => {
  it('given a PostgreSQL event store, then an advisory lock, even beside MongoDB', async () => {
    const lease = await createLease({
      name: 'projections',
      eventStoreUrl: 'postgres://postgres@127.0.0.1:5432/test',
      mongoUrl: 'mongodb://mongo:27017/quitute',
    });
    expect(lease.kind).toBe('postgres');
    await lease.close();
  });

  it('given no store servers, then a memory lease, held at once', async () => {
    const lease = await createLease({ name: 'projections', eventStoreUrl: undefined });
    expect(lease.kind).toBe('memory');
    await (await lease.acquire()).release();
    await lease.close();
  });
});
