import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import {
  adminMessages,
  adminOrderStatusBodySchema,
  adminRefundBodySchema,
  centsToReais,
  formatBRL,
  messages,
  orderMessages,
  paymentMessages,
  refundMessages,
  type AdminOrderResult,
  type AdminRefundResult,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { parseWith } from '@quitute/infra/http';
import { adminCommandContext, answer, idParam, type AdminDeps } from '../admin/http';
import { pendingRefund, refundableCents, refundOf } from '../payments/decider';
import type { OrderingOptions } from '../payments/options';
import {
  readPayment,
  requestedPayment,
  UUID,
  withPaymentLane,
  type PaymentWork,
} from '../payments/payments';
import {
  adminRefundId,
  orderCancelledRefundId,
  refundInLane,
  refundPayment,
  type RefundOutcome,
} from '../payments/refunds';
import type { CommandContext } from '../shared/handle-command';
import { createShopSettingsReader } from '../shop/settings-reader';
import type { OrderState } from './decider';
import { readOrder, runOrderCommand } from './orders';

function toAdminOrder(state: OrderState): AdminOrderResult {
  if (state.placed === null) throw new AppError('not_found', orderMessages.notFound);
  return {
    _id: state.placed.orderId,
    orderNumber: state.placed.orderNumber,
    orderStatus: state.status,
    isDeleted: state.deleted,
  };
}

/** Visible ASCII, at most 100 characters, as the checkout's Idempotency-Key. */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,100}$/;

/**
 * The refund's Idempotency-Key: the same key on the same order is the same
 * refund (a retried click refunds once). Without one, each request is a
 * refund of its own (a fresh key): the web app always sends one.
 */
function refundKey(req: Request): string {
  const key = req.get('idempotency-key');
  if (key === undefined) return randomUUID();
  if (!IDEMPOTENCY_KEY.test(key)) throw new AppError('validation', messages.invalidRequest);
  return key;
}

/** 201 when the provider confirmed it, 202 while it awaits the provider, 502 when it did not confirm. */
const REFUND_HTTP_STATUS = { completed: 201, pending: 202, failed: 502 } as const;

function refundResult(outcome: RefundOutcome): AdminRefundResult {
  const amount = centsToReais(outcome.amountCents);
  const message =
    outcome.status === 'completed'
      ? refundMessages.completed(formatBRL(amount))
      : outcome.status === 'pending'
        ? refundMessages.pending(formatBRL(amount))
        : refundMessages.providerFailed;
  return {
    refundId: outcome.refundId,
    amount,
    status: outcome.status,
    message,
    position: outcome.position,
  };
}

/**
 * PUT /api/admin/orders/{id}/status and DELETE /api/admin/orders/{id}
 * (admin-spec §7); POST /api/admin/orders/{id}/refund and
 * /api/admin/orders/{id}/refunds/{refundId}/retry (issue 38). A deleted order
 * is gone for the status and delete commands (404, as an unknown one); its
 * payment goes on being recorded, and may still be refunded. A paid order
 * cannot be deleted (409): it is cancelled, which refunds what is left of its
 * payment. Behind the admin guard.
 */
export function adminOrderRoutes(
  deps: AdminDeps & { ordering?: Pick<OrderingOptions, 'gateway'> | undefined },
): Router {
  const stores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger: deps.logger,
  };
  const shopSettings = deps.shopSettings ?? createShopSettingsReader(deps.eventStore);
  /** The payments' work, once a refund is due: without a provider configured, 503. */
  const paymentWork = (): PaymentWork => {
    const gateway = deps.ordering?.gateway;
    if (!gateway) throw new AppError('unavailable', paymentMessages.providerUnavailable);
    return { stores, gateway, logger: deps.logger, shopSettings };
  };

  /** The order and its payment's id, for a refund: 404 for an order never placed. */
  const orderToRefund = async (orderId: string) => {
    const { state } = await readOrder(stores, orderId);
    if (state.placed === null) throw new AppError('not_found', orderMessages.notFound);
    return state.placed.paymentId;
  };

  const router = Router();

  router.put('/api/admin/orders/:id/status', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const { orderStatus } = parseWith(adminOrderStatusBodySchema, req.body);
    const context = adminCommandContext(req, deps.now);
    const change = () =>
      runOrderCommand(
        stores,
        orderId,
        { type: 'ChangeOrderStatus', orderId, to: orderStatus },
        context,
      );
    const { state } = await readOrder(stores, orderId);
    if (orderStatus !== 'cancelled' || state.placed === null || !state.paid) {
      const result = await change();
      // Paid meanwhile (its approval landed between the read and the change, as the attack
      // pass raced them): the money goes back now, not at the process manager's backstop.
      const paidMeanwhile =
        orderStatus === 'cancelled' && result.state.placed !== null && result.state.paid;
      if (!paidMeanwhile) {
        answer(req, res, deps, 200, {
          message: adminMessages.orderStatusUpdated,
          order: toAdminOrder(result.state),
          position: result.position,
        });
        return;
      }
    }
    const placed = state.placed ?? (await readOrder(stores, orderId)).state.placed;
    if (placed === null) throw new AppError('not_found', orderMessages.notFound);
    const { paymentId } = placed;
    const cancelled = await withPaymentLane(stores, paymentId, () =>
      cancelPaidOrder(paymentWork(), orderId, paymentId, change, context),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.orderStatusUpdated,
      order: {
        ...toAdminOrder(cancelled.order),
        ...(cancelled.refund ? { refund: refundResult(cancelled.refund) } : {}),
      },
      position: Math.max(cancelled.position, cancelled.refund?.position ?? 0),
    });
  });

  router.delete('/api/admin/orders/:id', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const result = await runOrderCommand(
      stores,
      orderId,
      { type: 'DeleteOrder', orderId },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, 200, {
      message: adminMessages.orderDeleted,
      order: toAdminOrder(result.state),
      position: result.position,
    });
  });

  router.post('/api/admin/orders/:id/refund', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const body = parseWith(adminRefundBodySchema, req.body);
    const refundId = adminRefundId(orderId, refundKey(req));
    const paymentId = await orderToRefund(orderId);
    const outcome = await refundPayment(
      paymentWork(),
      paymentId,
      {
        type: 'RequestPaymentRefund',
        refundId,
        amountCents: body.amount === undefined ? 'rest' : Math.round(body.amount * 100),
        reason: 'admin',
        note: body.reason,
      },
      adminCommandContext(req, deps.now),
    );
    const result = refundResult(outcome);
    answer(req, res, deps, REFUND_HTTP_STATUS[outcome.status], { ...result });
  });

  router.post('/api/admin/orders/:id/refunds/:refundId/retry', async (req, res) => {
    const orderId = idParam(req, orderMessages.notFound);
    const refundId = req.params['refundId'];
    if (typeof refundId !== 'string' || !UUID.test(refundId)) {
      throw new AppError('not_found', refundMessages.refundNotFound);
    }
    const paymentId = await orderToRefund(orderId);
    const outcome = await refundPayment(
      paymentWork(),
      paymentId,
      { type: 'RetryRefund', refundId: refundId.toLowerCase() },
      adminCommandContext(req, deps.now),
    );
    answer(req, res, deps, REFUND_HTTP_STATUS[outcome.status], { ...refundResult(outcome) });
  });

  return router;
}

/**
 * An admin cancels a paid order (issue 38), in its payment's lane: first the
 * check (another refund in progress: 409, nothing changes), then the status,
 * then what is left of the payment goes back under the order's one
 * cancellation refund (uuidv5 `${orderId}:order-cancelled`), so repeated and
 * concurrent cancels refund once. Nothing left (all given back, or charged
 * back): just the status.
 */
async function cancelPaidOrder(
  work: PaymentWork,
  orderId: string,
  paymentId: string,
  change: () => ReturnType<typeof runOrderCommand>,
  context: CommandContext,
): Promise<{ order: OrderState; position: number; refund: RefundOutcome | null }> {
  const refundId = orderCancelledRefundId(orderId);
  const payment = requestedPayment((await readPayment(work.stores, paymentId)).state);
  const inProgress = payment ? pendingRefund(payment) : undefined;
  if (inProgress && inProgress.refundId !== refundId) {
    throw new AppError('conflict', refundMessages.inProgress);
  }
  const changed = await change();
  const due = payment !== null && (refundOf(payment, refundId) || refundableCents(payment) > 0);
  if (!due) return { order: changed.state, position: changed.position, refund: null };
  const refund = await refundInLane(
    work,
    paymentId,
    { type: 'RequestPaymentRefund', refundId, amountCents: 'rest', reason: 'order_cancelled' },
    context,
  );
  return { order: changed.state, position: changed.position, refund };
}
