import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  SYSTEM_ACTOR,
  type CartLineRecord,
  type EventMetadata,
  type OrderCancelReason,
  type SaleReversalReason,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { EventStore } from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { ProviderPayment } from '@quitute/infra/payment-gateway';
import { approvedAfterCancelRefundId, pendingRefund } from '../payments/decider';
import { orderCancelledRefundId, refundInLane, sendPendingRefund } from '../payments/refunds';
import type { SnapshotStore } from '@quitute/infra/snapshot-store';
import { runCartCommand } from '../cart/carts';
import { readOrder, runOrderCommand } from '../ordering/orders';
import { runSaleCommand } from '../sales/sales';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import type { OrderingOptions } from '../payments/options';
import {
  cancelKey,
  isRefusal,
  providerPayment,
  providerUnavailable,
  readPayment,
  recordProviderPayment,
  requestedPayment,
  runPaymentCommand,
  UUID,
  withPaymentLane,
  type PaymentWork,
} from '../payments/payments';
import { createShopSettingsReader, type ShopSettingsReader } from '../shop/settings-reader';

/** The event a reaction answers: its id becomes the causation of what the reaction appends. */
export interface CausingEvent {
  id: string;
  metadata: EventMetadata;
}

/**
 * What the payment process manager asks of the command handlers, in process
 * (createPaymentProcessCommands below). Each command is idempotent:
 * run again for the same cause, it appends nothing and does not throw.
 * `cause` null: a timer's own initiative (reconciliation).
 */
export interface PaymentProcessCommands {
  markOrderPaid(
    input: { orderId: string; paymentId: string; amountCents: number },
    cause: CausingEvent,
  ): Promise<void>;
  cancelOrder(
    input: { orderId: string; reason: OrderCancelReason },
    cause: CausingEvent,
  ): Promise<void>;
  /** The order's lines (its units of each product) leave its customer's cart. */
  checkOutCart(
    input: { userId: string; orderId: string; lines: CartLineRecord[] },
    cause: CausingEvent,
  ): Promise<void>;
  recordOnlineSale(input: { orderId: string }, cause: CausingEvent): Promise<void>;
  /** The order's recorded online sale stops counting: its payment was refunded or charged back. */
  reverseOnlineSale(
    input: { orderId: string; reason: SaleReversalReason },
    cause: CausingEvent,
  ): Promise<void>;
  /** Issue 38: money of the order's sale went back (a refund or a chargeback), on the day it moved. */
  refundOnlineSale(
    input: {
      orderId: string;
      refundId: string;
      amountCents: number;
      reason: SaleReversalReason;
      refundedAt: string;
    },
    cause: CausingEvent,
  ): Promise<void>;
  /** The backstop: a paid order an admin cancelled gives back what is left, under its one refund. */
  refundCancelledOrder(
    input: { orderId: string; paymentId: string },
    cause: CausingEvent,
  ): Promise<void>;
  /** The backstop: a refund asked and never answered goes to the provider again, same key. */
  resendRefund(input: { paymentId: string; refundId: string }, cause: CausingEvent): Promise<void>;
  refundApprovedPayment(input: { paymentId: string }, cause: CausingEvent): Promise<void>;
  expirePayment(
    input: { paymentId: string; reason: 'expired' | 'failed' },
    cause: CausingEvent,
  ): Promise<void>;
  /** Re-reads the payment from the provider and records its status if it changed (webhook and reconciliation). */
  syncPaymentFromProvider(input: { paymentId: string }, cause: CausingEvent | null): Promise<void>;
}

export interface PaymentProcessDeps {
  eventStore: EventStore;
  snapshotStore: SnapshotStore;
  logger: Logger;
  now: () => Date;
  ordering: Pick<OrderingOptions, 'gateway'>;
  /** The shop's settings for its e-mails; read from the event store when absent. */
  shopSettings?: ShopSettingsReader | undefined;
}

const REACTION_NAMESPACE = '2b7e9c41-6f0d-4a8b-b3e5-9d1c7a4f2e08';

export function createPaymentProcessCommands(deps: PaymentProcessDeps): PaymentProcessCommands {
  const { logger } = deps;
  const stores: CommandStores = {
    eventStore: deps.eventStore,
    snapshotStore: deps.snapshotStore,
    logger,
  };
  const work: PaymentWork = {
    stores,
    gateway: deps.ordering.gateway,
    logger,
    shopSettings: deps.shopSettings ?? createShopSettingsReader(deps.eventStore),
  };

  /**
   * The process manager's reaction `name` to `cause`: actor system, caused by
   * the event, in its correlation; ids derived from both, so the reaction run
   * again appends the same events (none, once its stream holds them).
   */
  const reaction = (cause: CausingEvent | null, name: string): CommandContext => {
    const commandId = cause ? uuidv5(`${cause.id}:${name}`, REACTION_NAMESPACE) : randomUUID();
    return {
      commandId,
      correlationId: cause?.metadata.correlationId ?? commandId,
      causationId: cause?.id ?? commandId,
      actorId: SYSTEM_ACTOR,
      actorRole: 'system',
      occurredAt: deps.now().toISOString(),
    };
  };

  /** The provider's payment after the shop's request was refused (it moved on meanwhile), or null. */
  const reread = async (providerPaymentId: string, error: unknown, operation: string) => {
    logger.warn({ err: error, providerPaymentId, operation }, 'provider refused; payment re-read');
    return providerPayment(work, providerPaymentId);
  };

  return {
    async markOrderPaid({ orderId, paymentId, amountCents }, cause) {
      await runOrderCommand(
        stores,
        orderId,
        { type: 'MarkOrderPaid', orderId, paymentId, amountCents },
        reaction(cause, 'mark-order-paid'),
        { idsNameFacts: true },
      );
    },

    async cancelOrder({ orderId, reason }, cause) {
      await runOrderCommand(
        stores,
        orderId,
        { type: 'CancelOrder', orderId, reason },
        reaction(cause, 'cancel-order'),
        { idsNameFacts: true },
      );
    },

    async checkOutCart({ userId, orderId, lines }, cause) {
      await runCartCommand(
        stores,
        { type: 'CheckOut', userId, orderId, lines },
        reaction(cause, 'check-out-cart'),
      );
    },

    async recordOnlineSale({ orderId }, cause) {
      const order = (await readOrder(stores, orderId)).state;
      if (order.placed === null || !order.paid) {
        logger.warn({ orderId }, 'online sale not recorded: the order is not paid');
        return;
      }
      await runSaleCommand(
        stores,
        orderId,
        { type: 'RecordOnlineSale', order: order.placed, soldAt: cause.metadata.occurredAt },
        reaction(cause, 'record-online-sale'),
        { idsNameFacts: true },
      );
    },

    async reverseOnlineSale({ orderId, reason }, cause) {
      const order = (await readOrder(stores, orderId)).state;
      const paymentId = order.placed?.paymentId;
      const payment = paymentId
        ? requestedPayment((await readPayment(stores, paymentId)).state)
        : null;
      if (payment?.stage !== reason) {
        logger.warn(
          { orderId, reason },
          'online sale not reversed: its payment was not given back',
        );
        return;
      }
      await runSaleCommand(
        stores,
        orderId,
        { type: 'ReverseOnlineSale', saleId: orderId, reason },
        reaction(cause, `reverse-online-sale-${reason}`),
        { idsNameFacts: true },
      );
    },

    async refundApprovedPayment({ paymentId }, cause) {
      const context = reaction(cause, 'refund-approved-payment');
      await withPaymentLane(stores, paymentId, async () => {
        if (!requestedPayment((await readPayment(stores, paymentId)).state)) return;
        const requested = await runPaymentCommand(
          work,
          paymentId,
          { type: 'RequestRefund' },
          context,
        );
        const payment = requestedPayment(requested.state);
        // Refunded already, or never approved: nothing to give back.
        if (!payment?.refundRequested || payment.providerPaymentId === null) return;
        // The whole payment under its own id: the provider sees the key it always saw.
        await sendPendingRefund(
          work,
          paymentId,
          approvedAfterCancelRefundId(paymentId),
          context,
          requested,
        );
      });
    },

    async refundOnlineSale({ orderId, refundId, amountCents, reason, refundedAt }, cause) {
      await runSaleCommand(
        stores,
        orderId,
        { type: 'RefundOnlineSale', saleId: orderId, refundId, amountCents, reason, refundedAt },
        reaction(cause, `refund-online-sale-${refundId}`),
        { idsNameFacts: true },
      );
    },

    async refundCancelledOrder({ orderId, paymentId }, cause) {
      const context = reaction(cause, 'refund-cancelled-order');
      const refundId = orderCancelledRefundId(orderId);
      await withPaymentLane(stores, paymentId, async () => {
        const payment = requestedPayment((await readPayment(stores, paymentId)).state);
        if (!payment) return;
        const other = pendingRefund(payment);
        if (other && other.refundId !== refundId) {
          // Its answer (or the resend backstop) comes first; this step is tried again later.
          throw new Error(`refund ${other.refundId} in progress; cancelled order refunded later`);
        }
        try {
          await refundInLane(
            work,
            paymentId,
            {
              type: 'RequestPaymentRefund',
              refundId,
              amountCents: 'rest',
              reason: 'order_cancelled',
            },
            context,
          );
        } catch (error) {
          // Nothing left, or charged back meanwhile: nothing to give back.
          if (error instanceof AppError && error.code === 'conflict') {
            logger.info({ orderId, reason: error.message }, 'cancelled order: nothing refunded');
            return;
          }
          throw error;
        }
      });
    },

    async resendRefund({ paymentId, refundId }, cause) {
      const context = reaction(cause, `resend-refund-${refundId}`);
      await withPaymentLane(stores, paymentId, async () => {
        const payment = requestedPayment((await readPayment(stores, paymentId)).state);
        if (!payment || pendingRefund(payment)?.refundId !== refundId) return;
        await sendPendingRefund(work, paymentId, refundId, context);
      });
    },

    async expirePayment({ paymentId, reason }, cause) {
      const context = reaction(cause, `expire-payment-${reason}`);
      await withPaymentLane(stores, paymentId, async () => {
        const payment = requestedPayment((await readPayment(stores, paymentId)).state);
        if (!payment) return;
        if (reason === 'failed') {
          // Only while the provider never answered; an answer since is recorded as such.
          if (payment.stage !== 'requested') return;
          await runPaymentCommand(
            work,
            paymentId,
            { type: 'CancelPayment', reason, report: null },
            context,
          );
          return;
        }
        const providerPaymentId = payment.providerPaymentId;
        if (payment.stage !== 'pending' || !providerPaymentId) return;
        let report: ProviderPayment | null;
        try {
          report = await work.gateway.cancel(providerPaymentId, cancelKey(paymentId));
        } catch (error) {
          if (!isRefusal(error)) throw providerUnavailable(logger, error, 'cancel');
          // Paid just now, or the provider expired it itself: record what it is.
          report = await reread(providerPaymentId, error, 'cancel');
        }
        if (!report) return;
        await runPaymentCommand(
          work,
          paymentId,
          { type: 'CancelPayment', reason, report },
          context,
        );
      });
    },

    async syncPaymentFromProvider({ paymentId }, cause) {
      // Our payment id (a uuid); the provider's id is taken as well, as a webhook names it.
      const providerPaymentId = UUID.test(paymentId)
        ? requestedPayment((await readPayment(stores, paymentId)).state)?.providerPaymentId
        : paymentId;
      if (!providerPaymentId) return;
      const report = await providerPayment(work, providerPaymentId);
      if (!report) {
        logger.warn({ paymentId, providerPaymentId }, 'the provider does not know the payment');
        return;
      }
      const outcome = await recordProviderPayment(work, report, reaction(cause, 'sync-payment'));
      if (outcome.kind === 'unknown') {
        logger.warn({ paymentId, reason: outcome.reason }, 'provider payment not recorded');
      }
    },
  };
}
