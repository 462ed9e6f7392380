import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { openAdminReads, type AdminReads } from '../admin/test-shop';

describe('GET /api/admin/projections', () => {
  let shop: AdminReads | undefined;
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
  });

  it('given an admin, when she reads the projections status, then it is never cached (no-store, as every admin read)', async () => {
    shop = await openAdminReads({ deps: { eventLog: createMemoryEventStore() } });

    const { response } = await shop.read('/api/admin/projections');

    expect(response.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(response.headers.get('cache-control')).toMatch(/\bprivate\b/);
  });
});
