import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CUSTOM_ORDERS_PAGE_SIZE,
  adminCustomOrderListSchema,
  CUSTOM_ORDERS_COLLECTION,
  CUSTOM_ORDERS_PROJECTION,
  type CustomOrderDocument,
} from '@quitute/contracts';
import { CUSTOMER_ID, openAdminReads, type AdminReads } from '../admin/test-shop';

/** A custom_orders_v1 document as the projection writes it, the n-th request of the day. */
const aRequest = (n: number, fields: Partial<CustomOrderDocument> = {}): CustomOrderDocument => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Cliente ${n}`,
  email: `cliente${n}@exemplo.com.br`,
  phone: '11987654321',
  eventDate: '2026-12-20',
  details: 'Festa de aniversário.',
  customerId: null,
  requestedAt: `2026-11-27T${String(10 + (n % 10)).padStart(2, '0')}:00:00.000Z`,
  requestedPosition: n,
  ...fields,
});

let shop: AdminReads;

beforeAll(async () => {
  shop = await openAdminReads({ projections: [CUSTOM_ORDERS_PROJECTION], position: 40 });
  await shop.readStore
    .collection(CUSTOM_ORDERS_COLLECTION)
    .putMany([
      aRequest(1, { requestedAt: '2026-11-20T12:00:00.000Z' }),
      aRequest(2, { requestedAt: '2026-11-27T12:00:00.000Z', customerId: CUSTOMER_ID }),
      aRequest(3, { requestedAt: '2026-11-27T12:00:00.000Z' }),
      ...Array.from({ length: ADMIN_CUSTOM_ORDERS_PAGE_SIZE }, (_, index) =>
        aRequest(10 + index, { requestedAt: '2026-11-01T12:00:00.000Z' }),
      ),
    ]);
});
afterAll(() => shop?.close());

describe('GET /api/admin/custom-orders', () => {
  it('given requests on several days, then the admin gets them newest first (same instant: the later in the log first), with the contact and the event day', async () => {
    const { body, position } = await shop.read('/api/admin/custom-orders');

    const list = adminCustomOrderListSchema.parse(body);
    expect(list.customOrders.slice(0, 3).map((request) => request.name)).toEqual([
      'Cliente 3',
      'Cliente 2',
      'Cliente 1',
    ]);
    expect(list.customOrders[1]).toEqual({
      _id: '00000000-0000-4000-8000-000000000002',
      name: 'Cliente 2',
      email: 'cliente2@exemplo.com.br',
      phone: '11987654321',
      eventDate: '2026-12-20',
      details: 'Festa de aniversário.',
      customerId: CUSTOMER_ID,
      requestedAt: '2026-11-27T12:00:00.000Z',
    });
    expect(list).toMatchObject({ total: 23, totalPages: 2, page: 1, position: 40 });
    expect(position).toBe(40);
  });

  it('given page 2, then the rest', async () => {
    const list = adminCustomOrderListSchema.parse(
      (await shop.read('/api/admin/custom-orders?page=2')).body,
    );

    expect(list.customOrders).toHaveLength(3);
    expect(list.page).toBe(2);
  });

  it.each([
    ['no token', null, 401],
    ['a customer’s token', 'customer', 403],
  ])('given %s, then %i and no contact', async (_case, who, status) => {
    const response = await shop.get('/api/admin/custom-orders', {
      token: who === 'customer' ? shop.customerToken : null,
    });

    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('cliente1@');
  });

  it('given a page that is not a number, then 400', async () => {
    expect((await shop.get('/api/admin/custom-orders?page=abc')).status).toBe(400);
  });
});
