import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderDtoSchema,
  adminOrderListSchema,
  messages,
  orderMessages,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  orderStatsSchema,
  type OrderDocument,
} from '@quitute/contracts';
import { openAdminReads, type AdminReads } from '../admin/test-shop';
import { anOrder } from './order-fixtures';

let seq = 0;
/** An order placed `minutes` after 2026-11-01 00:00 UTC, with its own ids and number. */
const order = (minutes: number, fields: Partial<OrderDocument> = {}) => {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return anOrder({
    _id: `00000000-0000-4000-8000-${n}`,
    orderNumber: 1000 + seq,
    paymentId: `10000000-0000-4000-8000-${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, minutes)).toISOString(),
    ...fields,
  });
};

const orders = [
  order(1, {
    customerName: 'Ângela Prado',
    customerEmail: 'angela@exemplo.com.br',
    customerPhone: '21998765432',
    deliveryType: 'delivery',
    totalCents: 18_400,
    deliveryFeeCents: 1_500,
    deliveryZone: 'Centro',
  }),
  order(2, { orderStatus: 'processing', paymentStatus: 'approved' }),
  order(3, { orderStatus: 'delivered', paymentStatus: 'approved' }),
  order(4, { orderStatus: 'cancelled', paymentStatus: 'cancelled' }),
  order(5, { orderStatus: 'ready_for_pickup', paymentStatus: 'approved' }),
  order(6, { orderStatus: 'processing', isDeleted: true }),
  ...Array.from({ length: 9 }, (_, index) => order(10 + index)),
];
const [angela, , , , , deleted] = orders;
const live = orders.filter((o) => !o.isDeleted);
const newestFirst = [...live].reverse().map((o) => o.orderNumber);

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({ projections: [ORDERS_PROJECTION], position: 500 });
  // Stored in no particular order: the answer's order is the server's doing.
  await shop.readStore.collection(ORDERS_COLLECTION).putMany([...orders].reverse());
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const { body, position } = await shop.read(`/api/admin/orders${query}`);
  return { ...adminOrderListSchema.parse(body), header: position };
};
const numbersOf = (answer: { orders: { orderNumber: number }[] }) =>
  answer.orders.map((o) => o.orderNumber);

describe('GET /api/admin/orders', () => {
  it('given no filter, then 10 orders newest first, deleted ones left out, at the orders checkpoint', async () => {
    const first = await list('?page=1&limit=10');

    expect(numbersOf(first)).toEqual(newestFirst.slice(0, 10));
    expect(first).toMatchObject({ totalPages: 2, total: 14, page: 1, position: 500, header: 500 });
    expect(numbersOf(await list('?page=2&limit=10'))).toEqual(newestFirst.slice(10));
  });

  it('given a page past the last, then an empty page and the same number of pages', async () => {
    expect(await list('?page=9')).toMatchObject({ orders: [], totalPages: 2, page: 9 });
  });

  it('given an order, then the order DTO the details page reads (money in reais, items quantity × name)', async () => {
    const { orders: found } = await list(`?search=${angela?.orderNumber}`);

    expect(found).toEqual([adminOrderDtoSchema.parse(found[0])]);
    expect(found[0]).toMatchObject({
      _id: angela?._id,
      customerName: 'Ângela Prado',
      total: 184,
      deliveryFee: 15,
      items: [
        { quantity: 40, item: { name: 'Coxinha de Frango', price: 0.6 } },
        { quantity: 1, item: { name: 'Kit Festa 1', price: 145 } },
      ],
      deliveryType: 'delivery',
      orderStatus: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'pix',
      externalReference: angela?._id,
    });
  });

  it('given a search by number (with #), by name without accents or by e-mail, then that order', async () => {
    for (const search of [`%23${angela?.orderNumber}`, 'angela%20prado', 'ANGELA@EXEMPLO']) {
      expect(numbersOf(await list(`?search=${search}`))).toEqual([angela?.orderNumber]);
    }
  });

  it('given an order status, then only those; a deleted order is never listed', async () => {
    expect((await list('?orderStatus=processing')).orders).toHaveLength(1);
    expect(numbersOf(await list(`?search=${deleted?.orderNumber}`))).toEqual([]);
  });

  it('given an unknown status, then 400 in pt-BR', async () => {
    const response = await shop.get('/api/admin/orders?orderStatus=shipped');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: messages.invalidSearch });
  });
});

describe('GET /api/admin/orders/stats', () => {
  it('given orders in every status and a deleted one, then the totals of the live ones', async () => {
    const { body, position } = await shop.read('/api/admin/orders/stats');

    expect(orderStatsSchema.parse(body)).toEqual({
      totalOrders: 14,
      pendingOrders: 10,
      processingOrders: 1,
      deliveredOrders: 1,
      cancelledOrders: 1,
      position: 500,
    });
    expect(position).toBe(500);
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('given a delivery, then its DTO with the phone to call and the delivery fee (issue 37), and the position', async () => {
    const { body, position } = await shop.read(`/api/admin/orders/${angela?._id}`);
    expect(adminOrderDtoSchema.parse(body)).toMatchObject({
      _id: angela?._id,
      customerPhone: '21998765432',
      total: 184,
      deliveryFee: 15,
    });
    expect(position).toBe(500);
  });

  it('given a deleted, unknown or malformed id, then 404 Pedido não encontrado.', async () => {
    for (const id of [deleted?._id, '99999999-9999-4999-8999-999999999999', 'not-an-id']) {
      const response = await shop.get(`/api/admin/orders/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: orderMessages.notFound });
    }
  });
});

describe('read-your-writes', () => {
  it('given X-Min-Position from an admin command, then the read waits for it first', async () => {
    shop.waits.length = 0;
    await shop.get('/api/admin/orders', { headers: { 'X-Min-Position': '512' } });
    expect(shop.waits).toEqual([512]);
  });
});
