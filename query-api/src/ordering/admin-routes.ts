import { Router } from 'express';
import {
  addDays,
  adminOrdersQuerySchema,
  DELIVERY_TYPE_LABELS,
  formatPhone,
  formatShopDayTime,
  messages,
  orderDocumentSchema,
  orderMessages,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  shopDate,
  shopInstantOf,
  type AdminOrderList,
  type AdminOrderSort,
  type AdminOrdersQuery,
  type OrderDocument,
  type OrderStats,
  entityIdSchema,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import type { Filter, FindOptions, ReadStore } from '@quitute/infra/read-store';
import { pageOf, positionedReads, searchTextFilter, sendAdminAnswer } from '../admin/reads';
import { csvMoney, MAX_CSV_ROWS, sendCsv, toCsv, type CsvCell } from '../shared/csv';
import { refundedCentsOf, toAdminOrderDto } from './order-dto';

/** Newest first; the order number breaks ties (orders placed in the same millisecond). */
export const NEWEST_ORDERS_FIRST = { createdAt: -1, orderNumber: -1 } as const;

/** Issue 40: the list's sorts; the order number breaks ties of one delivery time. */
const ORDER_SORTS: Record<AdminOrderSort, NonNullable<FindOptions['sort']>> = {
  createdAt_desc: NEWEST_ORDERS_FIRST,
  deliveryDate_asc: { deliveryDate: 1, orderNumber: 1 },
  deliveryDate_desc: { deliveryDate: -1, orderNumber: -1 },
};

/**
 * The orders a list or export answers: never deleted ones; by status, by the
 * search (number, name, e-mail) and, issue 40, by the shop day of the delivery
 * (the stored date carries the shop's offset, so its first ten characters are
 * that day: a text range keeps the index usable).
 */
function ordersFilter(query: AdminOrdersQuery): Filter {
  return {
    isDeleted: false,
    ...(query.orderStatus ? { orderStatus: query.orderStatus } : {}),
    // "#1042" is how the pages show an order number.
    ...(query.search ? searchTextFilter(query.search.replace(/^#/, '')) : {}),
    ...(query.deliveryDate
      ? { deliveryDate: { $gte: query.deliveryDate, $lt: addDays(query.deliveryDate, 1) } }
      : {}),
  };
}

export const ORDERS_CSV_HEADER = [
  'Pedido',
  'Data do pedido',
  'Cliente',
  'E-mail',
  'Telefone',
  'Itens',
  'Entrega/Retirada',
  'Data de entrega',
  'Status do pedido',
  'Status do pagamento',
  'Forma de pagamento',
  'Total (R$)',
  'Reembolsado (R$)',
  'Observações',
] as const;

/** `25/11/2026 14:30` in the shop's time zone; the text as stored when it names no instant. */
function dayTime(text: string): string {
  const instant = shopInstantOf(text);
  return instant ? formatShopDayTime(instant) : text;
}

/** One order as a row of the orders export. */
export function orderCsvRow(order: OrderDocument): CsvCell[] {
  return [
    order.orderNumber,
    dayTime(order.createdAt),
    order.customerName,
    order.customerEmail,
    order.customerPhone ? formatPhone(order.customerPhone) : '',
    order.items.map((item) => `${item.quantity} x ${item.name}`).join(', '),
    DELIVERY_TYPE_LABELS[order.deliveryType],
    dayTime(order.deliveryDate),
    ORDER_STATUS_LABELS[order.orderStatus],
    PAYMENT_STATUS_LABELS[order.paymentStatus],
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    csvMoney(order.totalCents),
    csvMoney(refundedCentsOf(order)),
    order.notes,
  ];
}

/**
 * GET /api/admin/orders, /stats and /{id}, behind the admin guard (app.ts).
 * Deleted orders are in none of them (their events stay for the auditors, their
 * sales in the reports).
 */
export function adminOrderRoutes(deps: { readStore: ReadStore; now: () => Date }): Router {
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const positioned = positionedReads(deps.readStore, [ORDERS_PROJECTION]);
  const router = Router();

  router.get('/api/admin/orders', async (req, res) => {
    const query = parseWith(adminOrdersQuerySchema, req.query, messages.invalidSearch);
    const { answer, position } = await positioned(() =>
      pageOf(orders, ordersFilter(query), ORDER_SORTS[query.sort], query, (document) =>
        orderDocumentSchema.parse(document),
      ),
    );
    sendAdminAnswer(res, position, {
      orders: answer.documents.map(toAdminOrderDto),
      totalPages: answer.totalPages,
      total: answer.total,
      page: answer.page,
      position,
    } satisfies AdminOrderList);
  });

  // Issue 40: the list's filters and sort, every matching order (up to MAX_CSV_ROWS), for Excel.
  router.get('/api/admin/orders.csv', async (req, res) => {
    const query = parseWith(adminOrdersQuerySchema, req.query, messages.invalidSearch);
    const { answer } = await positioned(() =>
      orders.find(ordersFilter(query), { sort: ORDER_SORTS[query.sort], limit: MAX_CSV_ROWS }),
    );
    const rows = answer.map((document) => orderCsvRow(orderDocumentSchema.parse(document)));
    sendCsv(res, `pedidos-${shopDate(deps.now())}.csv`, toCsv(ORDERS_CSV_HEADER, rows));
  });

  router.get('/api/admin/orders/stats', async (_req, res) => {
    const { answer, position } = await positioned(() =>
      Promise.all([
        orders.count({ isDeleted: false }),
        ...(['pending', 'processing', 'delivered', 'cancelled'] as const).map((orderStatus) =>
          orders.count({ isDeleted: false, orderStatus }),
        ),
      ]),
    );
    const [totalOrders = 0, pending = 0, processing = 0, delivered = 0, cancelled = 0] = answer;
    sendAdminAnswer(res, position, {
      totalOrders,
      pendingOrders: pending,
      processingOrders: processing,
      deliveredOrders: delivered,
      cancelledOrders: cancelled,
      position,
    } satisfies OrderStats);
  });

  // A malformed id names no order: 404 like an unknown one ('stats' is matched above).
  router.get('/api/admin/orders/:id', async (req, res) => {
    const id = entityIdSchema.safeParse(req.params['id']);
    const notFound = new AppError('not_found', orderMessages.notFound);
    if (!id.success) throw notFound;
    const { answer: stored, position } = await positioned(() => orders.get(id.data));
    const order = stored && orderDocumentSchema.parse(stored);
    if (!order || order.isDeleted) throw notFound;
    sendAdminAnswer(res, position, toAdminOrderDto(order));
  });

  return router;
}
