import { Router } from 'express';
import {
  addDays,
  centsToReais,
  dailySales,
  dashboardLimitQuerySchema,
  messages,
  MENU_PROJECTION,
  ORDER_CANCEL_REASONS,
  orderDocumentSchema,
  ORDERS_COLLECTION,
  ORDERS_PROJECTION,
  parseShopDateTime,
  PRODUCTS_COLLECTION,
  productDocumentSchema,
  productTotals,
  salesTotal,
  shopDate,
  topSellingProducts,
  topSellingProductsQuerySchema,
  type OrdersToday,
  type RecentOrder,
  type SalesTotal,
} from '@quitute/contracts';
import { parseWith } from '@quitute/infra/http';
import type { ReadStore } from '@quitute/infra/read-store';
import { NEWEST_ORDERS_FIRST } from '../ordering/admin-routes';
import { SALES_FIGURE_PROJECTIONS, salesFigures } from '../sales/admin-routes';
import { positionedReads, sendAdminAnswer } from './reads';

/** The first instant of a shop day, as the orders read model writes times (UTC ISO). */
function shopMidnight(day: string): string {
  const instant = parseShopDateTime(`${day}T00:00`);
  if (!instant) throw new Error(`no shop midnight on ${day}`);
  return instant.toISOString();
}

/**
 * The dashboard (admin-spec §2, §7), behind the admin guard (app.ts). "Today"
 * and "this month" are the shop's (America/Sao_Paulo). Orders: placed in the
 * period, whatever their status, deleted ones, declined payments and checkouts
 * that ended without payment not counted. Sales: online (paid orders) and
 * physical, net of refunds and chargebacks on the day the money moved, as in
 * the sales reports.
 */
export function adminDashboardRoutes(deps: { readStore: ReadStore; now: () => Date }): Router {
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const products = deps.readStore.collection(PRODUCTS_COLLECTION);
  const figures = salesFigures(deps.readStore);
  const ordersAt = positionedReads(deps.readStore, [ORDERS_PROJECTION]);
  const salesAt = positionedReads(deps.readStore, SALES_FIGURE_PROJECTIONS);
  const topSellingAt = positionedReads(deps.readStore, [
    ...SALES_FIGURE_PROJECTIONS,
    MENU_PROJECTION,
  ]);
  const router = Router();

  router.get('/api/admin/dashboard/recent-orders', async (req, res) => {
    const { limit } = parseWith(dashboardLimitQuerySchema, req.query, messages.invalidSearch);
    const { answer, position } = await ordersAt(() =>
      orders.find({ isDeleted: false }, { sort: NEWEST_ORDERS_FIRST, limit }),
    );
    sendAdminAnswer(
      res,
      position,
      answer.map((document): RecentOrder => {
        const order = orderDocumentSchema.parse(document);
        return {
          id: order._id,
          orderNumber: order.orderNumber,
          customerName: order.customerName,
          total: centsToReais(order.totalCents),
          paymentStatus: order.paymentStatus,
          orderStatus: order.orderStatus,
          createdAt: order.createdAt,
        };
      }),
    );
  });

  router.get('/api/admin/dashboard/top-selling-products', async (req, res) => {
    const { limit, rankBy } = parseWith(
      topSellingProductsQuerySchema,
      req.query,
      messages.invalidSearch,
    );
    const { answer, position } = await topSellingAt(async () => {
      const [online, catalogue] = await Promise.all([figures.months(), products.find({})]);
      return topSellingProducts(
        productTotals(online),
        catalogue.map((document) => productDocumentSchema.parse(document)),
        limit,
        rankBy,
      );
    });
    sendAdminAnswer(res, position, answer);
  });

  router.get('/api/admin/dashboard/orders-today', async (_req, res) => {
    const today = shopDate(deps.now());
    const { answer: count, position } = await ordersAt(() =>
      orders.count({
        isDeleted: false,
        // A declined payment is no order received (issue 36): awaiting another card, or
        // cancelled for the decline. Paid by another card, the order counts once again.
        paymentStatus: { $ne: 'rejected' },
        // Issue 38: nor is a checkout that ended without payment (the customer cancelled
        // the Pix or boleto, it expired, the card was declined, the payment never started).
        // An admin's cancellation (no cancelReason) was an order received: it counts.
        cancelReason: { $nin: [...ORDER_CANCEL_REASONS] },
        createdAt: { $gte: shopMidnight(today), $lt: shopMidnight(addDays(today, 1)) },
      }),
    );
    sendAdminAnswer(res, position, { count, position } satisfies OrdersToday);
  });

  router.get('/api/admin/dashboard/sales-today', async (_req, res) => {
    const day = shopDate(deps.now());
    const { answer, position } = await salesAt(() => figures.dayTotals([day.slice(0, 7)], { day }));
    sendAdminAnswer(res, position, {
      total: salesTotal(answer, { day }),
      position,
    } satisfies SalesTotal);
  });

  router.get('/api/admin/dashboard/sales-month', async (_req, res) => {
    const month = shopDate(deps.now()).slice(0, 7);
    const { answer, position } = await salesAt(() => figures.dayTotals([month], { month }));
    sendAdminAnswer(res, position, {
      total: salesTotal(answer, { month }),
      position,
    } satisfies SalesTotal);
  });

  router.get('/api/admin/dashboard/daily-sales', async (_req, res) => {
    const today = shopDate(deps.now());
    const month = today.slice(0, 7);
    const { answer, position } = await salesAt(() => figures.dayTotals([month], { month }));
    sendAdminAnswer(res, position, dailySales(answer, today));
  });

  return router;
}
