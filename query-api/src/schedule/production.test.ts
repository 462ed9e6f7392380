import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_SCHEDULE,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  orderUnits,
  PRODUCTS_COLLECTION,
  SCHEDULE_COLLECTION,
  SCHEDULE_PROJECTION,
  scheduleMessages,
  type KitchenSchedule,
  type OrderDocument,
  type ProductDocument,
  type ProductionDto,
} from '@quitute/contracts';
import { ADMIN_ID, openAdminReads, type AdminReads } from '../admin/test-shop';
import { anOrder } from '../ordering/order-fixtures';
import { addressLine } from './production';

/**
 * GET /api/admin/production?date= over real HTTP on orders_v6 documents as the
 * orders projection writes them, the calendar of the Done-when
 * (Saturday pickup 08:00–12:00, 1,000 units a day) and the catalogue's kits.
 */

const schedule: KitchenSchedule = {
  ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
  dailyCapacityUnits: 1000,
  weekly: {
    ...structuredClone(DEFAULT_KITCHEN_SCHEDULE.weekly),
    pickup: {
      ...structuredClone(DEFAULT_KITCHEN_SCHEDULE.weekly.pickup),
      sat: [{ open: '08:00', close: '12:00' }],
    },
  },
};

const coxinha = {
  productId: '11111111-1111-4111-8111-111111111111',
  name: 'Coxinha de Frango',
  category: 'Salgados Fritos',
  unitPriceCents: 60,
} as const;
const brigadeiro = {
  productId: '22222222-2222-4222-8222-222222222222',
  name: 'Brigadeiro',
  category: 'Doces Tradicionais',
  unitPriceCents: 70,
} as const;
const kit = {
  productId: '33333333-3333-4333-8333-333333333333',
  name: 'Kit Festa 1',
  category: 'Kits Festa',
  unitPriceCents: 14_500,
} as const;
const kitProduct: ProductDocument = {
  _id: kit.productId,
  name: kit.name,
  priceCents: kit.unitPriceCents,
  category: kit.category,
  description: 'Para 10 pessoas',
  imageUrl: null,
  stock: 10,
  itens: ['50 coxinhas', '50 brigadeiros'],
  isActive: true,
  isDeleted: false,
  searchText: 'kit festa 1',
  addedAt: 3,
};

let seq = 0;
/** An order for the shop day and time given (São Paulo, -03:00), with its own ids and number. */
const order = (at: string, fields: Partial<OrderDocument> = {}) => {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return anOrder({
    _id: `00000000-0000-4000-8000-${n}`,
    orderNumber: 2000 + seq,
    paymentId: `10000000-0000-4000-8000-${n}`,
    deliveryDate: `${at}:00-03:00`,
    ...fields,
  });
};

const ana = order('2026-12-05T10:15', {
  customerName: 'Ana Souza',
  items: [
    { ...coxinha, quantity: 100 },
    { ...kit, quantity: 2 },
  ],
  notes: 'Escrever Feliz Aniversário',
  deliveryType: 'delivery',
  address: {
    zipCode: '01305000',
    streetName: 'Rua Augusta',
    streetNumber: '12',
    complement: 'apto 3',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    federalUnit: 'SP',
  },
});
const bia = order('2026-12-05T08:30', {
  customerName: 'Bia Lima',
  customerPhone: null,
  items: [
    { ...coxinha, quantity: 50 },
    { ...brigadeiro, quantity: 40 },
  ],
  orderStatus: 'processing',
  paymentStatus: 'approved',
});
/** Same slot as Bia, earlier time: listed before her. */
const caio = order('2026-12-05T08:00', {
  customerName: 'Caio Reis',
  items: [{ ...brigadeiro, quantity: 20 }],
});
/** Booked at 14:30 before Saturday's hours changed: in no slot of today's calendar. */
const duda = order('2026-12-05T14:30', {
  customerName: 'Duda Melo',
  items: [{ ...coxinha, quantity: 30 }],
});
const cancelled = order('2026-12-05T09:00', {
  items: [{ ...coxinha, quantity: 500 }],
  orderStatus: 'cancelled',
  paymentStatus: 'cancelled',
});
const deleted = order('2026-12-05T09:00', {
  items: [{ ...coxinha, quantity: 300 }],
  isDeleted: true,
});
const sunday = order('2026-12-06T10:00', { items: [{ ...brigadeiro, quantity: 200 }] });
const friday = order('2026-12-04T23:00', { items: [{ ...brigadeiro, quantity: 100 }] });
const theDay = [ana, bia, caio, duda];

let shop: AdminReads;
beforeAll(async () => {
  shop = await openAdminReads({
    projections: [ORDERS_PROJECTION, SCHEDULE_PROJECTION],
    position: 700,
  });
  await shop.readStore
    .collection(ORDERS_COLLECTION)
    .putMany([sunday, duda, cancelled, ana, friday, deleted, caio, bia]);
  await shop.readStore.collection(PRODUCTS_COLLECTION).put(kitProduct);
  await shop.readStore.collection(SCHEDULE_COLLECTION).put({
    _id: 'schedule',
    schedule,
    updatedAt: '2026-11-27T15:30:00.000Z',
    updatedBy: ADMIN_ID,
    position: 690,
  });
});
afterAll(() => shop?.close());

const production = async (date: string) => {
  const { body, position } = await shop.read(`/api/admin/production?date=${date}`);
  return { body: body as ProductionDto, position };
};

describe('GET /api/admin/production', () => {
  it('given Saturday’s orders, then each product’s total is the sum of the day’s lines, cancelled, deleted and other days’ orders left out', async () => {
    const { body, position } = await production('2026-12-05');

    const expected = new Map<string, number>();
    for (const { items } of theDay) {
      for (const item of items)
        expected.set(item.name, (expected.get(item.name) ?? 0) + item.quantity);
    }
    expect(new Map(body.totals.map((total) => [total.name, total.quantity]))).toEqual(expected);
    expect(body.totals).toEqual([
      { name: 'Coxinha de Frango', category: 'Salgados Fritos', quantity: 180, itens: [] },
      { name: 'Brigadeiro', category: 'Doces Tradicionais', quantity: 60, itens: [] },
      {
        name: 'Kit Festa 1',
        category: 'Kits Festa',
        quantity: 2,
        itens: ['50 coxinhas', '50 brigadeiros'],
      },
    ]);
    expect(body.orderCount).toBe(4);
    expect(position).toBe(700);
  });

  it('given kits counted as 20 units, then the day’s units are the orders’ units, beside the capacity', async () => {
    const { body } = await production('2026-12-05');

    expect(body.units).toBe(
      theDay.reduce((sum, { items }) => sum + orderUnits(items, schedule.kitUnits), 0),
    );
    expect(body.units).toBe(180 + 60 + 40);
    expect(body.capacityUnits).toBe(1000);
  });

  it('given the orders’ times, then they sit under the calendar’s slots by time then number; one outside every slot under its own time', async () => {
    const { body } = await production('2026-12-05');

    expect(
      body.slots.map((slot) => ({
        start: slot.start,
        end: slot.end,
        orders: slot.orders.map((o) => o.customerName),
      })),
    ).toEqual([
      { start: '08:00', end: '09:00', orders: ['Caio Reis', 'Bia Lima'] },
      // Ana's is a delivery: Saturday's delivery hours are still 09:00–18:00.
      { start: '10:00', end: '11:00', orders: ['Ana Souza'] },
      { start: '14:30', end: null, orders: ['Duda Melo'] },
    ]);
    const [delivery] = body.slots[1]?.orders ?? [];
    expect(delivery).toEqual({
      orderId: ana._id,
      orderNumber: ana.orderNumber,
      customerName: 'Ana Souza',
      customerPhone: '11987654321',
      deliveryType: 'delivery',
      time: '10:15',
      items: [
        { name: 'Coxinha de Frango', category: 'Salgados Fritos', quantity: 100 },
        { name: 'Kit Festa 1', category: 'Kits Festa', quantity: 2 },
      ],
      notes: 'Escrever Feliz Aniversário',
      address: 'Rua Augusta, 12 - apto 3 - Consolação - São Paulo/SP - 01305-000',
      orderStatus: 'pending',
      paymentStatus: 'pending',
    });
    expect(body.slots[0]?.orders[1]).toMatchObject({
      customerPhone: null,
      address: null,
      notes: '',
      orderStatus: 'processing',
    });
  });

  it('given a day without orders, then no totals, no slots, the capacity still told', async () => {
    const { body } = await production('2026-12-12');
    expect(body).toEqual({
      date: '2026-12-12',
      totals: [],
      units: 0,
      capacityUnits: 1000,
      slots: [],
      orderCount: 0,
    });
  });

  it.each(['', '?date=2026-02-30', '?date=05/12/2026'])(
    'given %j, then 400 with the date message',
    async (query) => {
      const response = await shop.get(`/api/admin/production${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: scheduleMessages.productionDateInvalid,
      });
    },
  );

  it.each([
    ['no token', 401, null],
    ['a customer’s token', 403, 'customer'],
  ])('given %s, then %i and no order', async (_case, status, who) => {
    const response = await shop.get('/api/admin/production?date=2026-12-05', {
      token: who === 'customer' ? shop.customerToken : null,
    });
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('Ana Souza');
  });
});

describe('addressLine', () => {
  it('given an address without complement, then none of its dashes', () => {
    expect(
      addressLine({
        zipCode: '20040020',
        streetName: 'Avenida Rio Branco',
        streetNumber: '100',
        neighborhood: 'Centro',
        city: 'Rio de Janeiro',
        federalUnit: 'RJ',
      }),
    ).toBe('Avenida Rio Branco, 100 - Centro - Rio de Janeiro/RJ - 20040-020');
  });
});
