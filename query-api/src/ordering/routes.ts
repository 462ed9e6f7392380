import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  addDays,
  MAX_ORDERS_PER_REQUEST,
  messages,
  orderDocumentSchema,
  orderMessages,
  ORDERS_COLLECTION,
  ordersQuerySchema,
  parseShopDateTime,
  paymentMessages,
  shopDate,
  type OrderDocument,
  entityIdSchema,
} from '@quitute/contracts';
import {
  authenticate,
  currentUser,
  type SessionVersionLookup,
  type TokenVerifier,
} from '@quitute/infra/auth';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import type { Filter, ReadStore } from '@quitute/infra/read-store';
import { toOrderDto, toPaymentStatusDto } from './order-dto';

/** GET /api/payments/config: which card form the web app shows (the simulator's or Mercado Pago's). */
export interface PaymentsPublicConfig {
  provider: 'simulator' | 'mercadopago';
  /** Mercado Pago's public key for its card form; null with the simulator. */
  publicKey: string | null;
}

/** The local payment simulator: the shop's provider unless Mercado Pago is configured. */
export const SIMULATOR_PAYMENTS: PaymentsPublicConfig = { provider: 'simulator', publicKey: null };

/** Provider payment ids are short tokens (Mercado Pago's are digits); anything else names no payment. */
const providerPaymentIdSchema = z.string().regex(/^[\w.-]{1,64}$/);

/**
 * The first instant an order of the last `days` days may have: midnight, in
 * the shop's time zone, `days` calendar days before today — so "last 7 days"
 * never hides an order placed less than 7×24 h ago.
 */
export function ordersSince(now: Date, days: number): string {
  const midnight = parseShopDateTime(`${addDays(shopDate(now), -days)}T00:00`);
  if (!midnight) throw new Error(`no shop midnight ${days} days before ${now.toISOString()}`);
  return midnight.toISOString();
}

/**
 * An order its customer still sees: any not deleted, and one she paid even if
 * an admin deleted it (issue 38: older logs could delete a paid order; her
 * money and its refunds stay in her view).
 */
export const SHOWN_TO_CUSTOMER: Filter = {
  $or: [{ isDeleted: false }, { paidAt: { $ne: null } }, { refundedCents: { $gt: 0 } }],
};

function isShownToCustomer(order: OrderDocument): boolean {
  return !order.isDeleted || order.paidAt !== null || order.refundedCents > 0;
}

/**
 * Orders and payments as their owner sees them (spec §7): GET /api/orders,
 * /api/orders/{id}, /payments/process-payment/{paymentId}; and the public
 * /api/payments/config. Deleted orders are left out, unless paid. Another
 * customer's order or payment is answered exactly like one that does not
 * exist (no IDOR, no existence leak).
 */
export function orderQueryRoutes(deps: {
  readStore: ReadStore;
  tokens: TokenVerifier;
  sessionVersions: SessionVersionLookup;
  /** After authenticate: waits (bounded) for the caller's last write, sent back or recorded. */
  readYourWrites: RequestHandler;
  payments: PaymentsPublicConfig;
  now: () => Date;
}): Router {
  const orders = deps.readStore.collection(ORDERS_COLLECTION);
  const signedIn = [authenticate(deps.tokens, deps.sessionVersions), deps.readYourWrites];
  const router = Router();

  const orderById = async (id: string): Promise<OrderDocument | null> => {
    const stored = await orders.get(id);
    return stored && orderDocumentSchema.parse(stored);
  };

  router.get('/api/orders', ...signedIn, async (req, res) => {
    const query = parseWith(ordersQuerySchema, req.query, messages.invalidRequest);
    const filter: Filter = { userId: currentUser(req).userId, ...SHOWN_TO_CUSTOMER };
    if (query.orderStatus) filter['orderStatus'] = query.orderStatus;
    // createdAt is an ISO time in UTC (toISOString), so text order is time order.
    if (query.dateFilter) filter['createdAt'] = { $gte: ordersSince(deps.now(), query.dateFilter) };
    const found = await orders.find(filter, {
      sort: { createdAt: -1, orderNumber: -1 },
      limit: query.limit ?? MAX_ORDERS_PER_REQUEST,
    });
    res
      .set('Cache-Control', 'private, no-store')
      .json(found.map((document) => toOrderDto(orderDocumentSchema.parse(document))));
  });

  // A malformed id names no order: the route passes, and the last resort is a 404.
  router.get('/api/orders/:id', ...signedIn, async (req, res, next) => {
    const id = entityIdSchema.safeParse(req.params['id']);
    if (!id.success) return next();
    const caller = currentUser(req);
    const order = await orderById(id.data);
    // A deleted order is gone for its customer too (admin-spec §2 delete), unless she paid it.
    if (
      !order ||
      !isShownToCustomer(order) ||
      (order.userId !== caller.userId && caller.role !== 'admin')
    ) {
      throw new AppError('not_found', orderMessages.notFound);
    }
    res.set('Cache-Control', 'private, no-store').json(toOrderDto(order));
  });

  router.get('/payments/process-payment/:paymentId', ...signedIn, async (req, res) => {
    const notFound = new AppError('not_found', paymentMessages.paymentNotFound);
    const paymentId = providerPaymentIdSchema.safeParse(req.params['paymentId']);
    if (!paymentId.success) throw notFound;
    const [stored] = await orders.find(
      { providerPaymentId: paymentId.data, userId: currentUser(req).userId },
      { limit: 1 },
    );
    if (!stored) throw notFound;
    res
      .set('Cache-Control', 'private, no-store')
      .json(toPaymentStatusDto(orderDocumentSchema.parse(stored), paymentId.data));
  });

  router.get('/api/payments/config', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({
      provider: deps.payments.provider,
      publicKey: deps.payments.publicKey,
    } satisfies PaymentsPublicConfig);
  });

  return router;
}
