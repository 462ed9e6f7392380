import { Router } from 'express';
import {
  addDays,
  CATEGORIES,
  formatCep,
  KITS_CATEGORY,
  lineUnits,
  orderDocumentSchema,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  productDocumentSchema,
  productionQuerySchema,
  PRODUCTS_COLLECTION,
  SCHEDULE_PROJECTION,
  scheduleMessages,
  slotAt,
  type KitchenSchedule,
  type OrderAddress,
  type OrderDocument,
  type ProductionDto,
  type ProductionOrder,
  type ProductionTotal,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { positionedReads, sendAdminAnswer } from '../admin/reads';
import { scheduleReader } from './calendar';

/** 'Rua Augusta, 12 - apto 3 - Consolação - São Paulo/SP - 01305-000' */
export function addressLine(address: OrderAddress): string {
  return [
    `${address.streetName.trim()}, ${address.streetNumber.trim()}`,
    address.complement?.trim() ?? '',
    address.neighborhood.trim(),
    `${address.city.trim()}/${address.federalUnit.trim()}`,
    formatCep(address.zipCode),
  ]
    .filter((part) => part !== '')
    .join(' - ');
}

/** The wall-clock `HH:mm` of a stored delivery date (ISO with the shop's offset). */
const timeOf = (order: OrderDocument) => order.deliveryDate.slice(11, 16);

const categoryRank = (category: string) => {
  const rank = (CATEGORIES as readonly string[]).indexOf(category);
  return rank === -1 ? CATEGORIES.length : rank;
};

/**
 * What the kitchen makes on `date`, and for whom: per product the quantity of
 * the day's orders (kits as kits, with what is in them), the units as the
 * calendar counts them, and the orders under the calendar's slot of their time
 * (an order whose time is in no slot of today's calendar, booked before a
 * change of hours, under its own time with no end). Pure: the route reads.
 */
export function productionOf(
  date: string,
  schedule: KitchenSchedule,
  orders: readonly OrderDocument[],
  kitContents: ReadonlyMap<string, readonly string[]>,
): ProductionDto {
  const totals = new Map<string, ProductionTotal>();
  let units = 0;
  const slots = new Map<string, { start: string; end: string | null; orders: ProductionOrder[] }>();
  for (const order of orders) {
    for (const item of order.items) {
      units += lineUnits(item, schedule.kitUnits);
      const key = `${item.category}\u0000${item.name}`;
      const total = totals.get(key);
      if (total) total.quantity += item.quantity;
      else {
        totals.set(key, {
          name: item.name,
          category: item.category,
          quantity: item.quantity,
          itens:
            item.category === KITS_CATEGORY ? [...(kitContents.get(item.productId) ?? [])] : [],
        });
      }
    }
    const time = timeOf(order);
    const slot = slotAt(schedule, order.deliveryType, date, time);
    const start = slot?.start ?? time;
    const end = slot?.end ?? null;
    const key = `${start}-${end ?? ''}`;
    const group = slots.get(key) ?? { start, end, orders: [] };
    slots.set(key, group);
    group.orders.push({
      orderId: order._id,
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      deliveryType: order.deliveryType,
      time,
      items: order.items.map(({ name, category, quantity }) => ({ name, category, quantity })),
      notes: order.notes,
      address:
        order.deliveryType === 'delivery' && order.address ? addressLine(order.address) : null,
      orderStatus: order.orderStatus,
      paymentStatus: order.paymentStatus,
    });
  }
  const byTimeThenNumber = (a: ProductionOrder, b: ProductionOrder) =>
    a.time.localeCompare(b.time) || a.orderNumber - b.orderNumber;
  return {
    date,
    totals: [...totals.values()].sort(
      (a, b) =>
        categoryRank(a.category) - categoryRank(b.category) ||
        a.category.localeCompare(b.category, 'pt-BR') ||
        a.name.localeCompare(b.name, 'pt-BR'),
    ),
    units,
    capacityUnits: schedule.dailyCapacityUnits,
    slots: [...slots.values()]
      .sort(
        (a, b) =>
          a.start.localeCompare(b.start) || (a.end ?? '\uffff').localeCompare(b.end ?? '\uffff'),
      )
      .map((slot) => ({ ...slot, orders: slot.orders.sort(byTimeThenNumber) })),
    orderCount: orders.length,
  };
}

/**
 * GET /api/admin/production?date=YYYY-MM-DD (issue 40), behind the router's
 * /api/admin guard: the day's orders from orders_v6 — those whose delivery
 * date falls on that shop day (the stored value carries the shop's offset, so
 * its first ten characters are the shop's date), neither cancelled nor deleted.
 */
export function productionRoutes(deps: { readStore: ReadStore }): Router {
  const calendar = scheduleReader(deps.readStore);
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const products = deps.readStore.collection(PRODUCTS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [ORDERS_PROJECTION, SCHEDULE_PROJECTION]);
  const router = Router();

  router.get('/api/admin/production', async (req, res) => {
    const { date } = parseWith(
      productionQuerySchema,
      req.query,
      scheduleMessages.productionDateInvalid,
    );
    const { answer, position } = await positioned(async () => {
      const [{ schedule }, stored] = await Promise.all([
        calendar.current(),
        orders.find(
          {
            deliveryDate: { $gte: date, $lt: addDays(date, 1) },
            isDeleted: false,
            orderStatus: { $ne: 'cancelled' },
          },
          { sort: { deliveryDate: 1, orderNumber: 1 } },
        ),
      ]);
      const dayOrders = stored.map((document) => orderDocumentSchema.parse(document));
      const kitIds = [
        ...new Set(
          dayOrders.flatMap((order) =>
            order.items
              .filter((item) => item.category === KITS_CATEGORY)
              .map((item) => item.productId),
          ),
        ),
      ];
      const kits = kitIds.length === 0 ? [] : await products.find({ _id: { $in: kitIds } });
      const kitContents = new Map(
        kits.map((document) => {
          const product = productDocumentSchema.parse(document);
          return [product._id, product.itens] as const;
        }),
      );
      return productionOf(date, schedule, dayOrders, kitContents);
    });
    sendAdminAnswer(res, position, answer satisfies ProductionDto);
  });

  return router;
}
