import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import {
  orderPlacedSchema,
  orderStreamName,
  paymentApprovedSchema,
  PAYMENTS_TOPIC,
  upcast,
  type PaymentApprovedMessage,
} from '@quitute/contracts';
import type { Bus } from '@quitute/infra/bus';
import {
  followLogResubscribing,
  type EventStore,
  type RecordedEvent,
  type ResubscribingFollower,
} from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import {
  CHECKPOINTS_COLLECTION,
  writeCheckpoint,
  type HealthReport,
} from '@quitute/infra/projection-progress';
import type { ReadStore } from '@quitute/infra/read-store';

/** The relay's checkpoint (in the projections' checkpoints collection). */
export const PAYMENT_RELAY_CHECKPOINT = 'payment_approved_relay';

export interface PaymentRelayOptions {
  eventStore: EventStore;
  bus: Bus;
  /** Where its checkpoint is kept. */
  readStore: ReadStore;
  logger: Logger;
  /** Pause after a failed publish, doubled per failure up to 30 s (default 500 ms). */
  retryDelayMs?: number;
  /** Pause before following the log again after the subscription ended, doubled per end (default 1 s). */
  resubscribeDelayMs?: number;
}

export interface PaymentRelay {
  /** Resolves once it has relayed what the log holds after its checkpoint. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Why it can relay no more (its subscription ended again and again), else undefined. */
  failure(): string | undefined;
  /** ok; degraded while it subscribes again after an end; failed once it reports a failure. */
  health(): HealthReport;
}

const MAX_RETRY_DELAY_MS = 30_000;

/** Orders placed lately whose approval may come (a Pix waits 30 minutes at most by default). */
const PLACED_ORDERS_KEPT = 10_000;

/** What an approval's message tells of its order: whose it is, and what the admins' `newOrder` shows. */
type PlacedOrder = Required<
  Pick<
    PaymentApprovedMessage,
    | 'orderId'
    | 'userId'
    | 'orderNumber'
    | 'totalCents'
    | 'customerName'
    | 'deliveryType'
    | 'deliveryDate'
  >
>;

/**
 * Publishes a PaymentApprovedMessage on PAYMENTS_TOPIC for each PaymentApproved
 * (the socket gateway tells the customer, and the admins what was ordered: the
 * total, the customer's name, pickup or delivery and when). At least once: the
 * checkpoint moves after the publish, so a crash between them publishes again,
 * and consumers de-duplicate by `eventId` (the approval's event id). Its first
 * start begins at the log's head: old approvals are never pushed to customers
 * browsing now. A publish that fails is retried (with a growing pause) before
 * the next approval, so they leave in log order. Who the order belongs to, its
 * number and what the admins are told come from the OrderPlaced it followed
 * lately (no read on the approval's way to the customer), else from the
 * order's stream.
 */
export function createPaymentRelay(options: PaymentRelayOptions): PaymentRelay {
  const { eventStore, bus, readStore, logger } = options;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const closing = new AbortController();
  let follower: ResubscribingFollower | undefined;
  /** The last event handled: a subscription that ended is made again from here. */
  let handled = 0;
  const placedOrders = new LRUCache<string, PlacedOrder>({ max: PLACED_ORDERS_KEPT });

  /** Where to resume: the stored checkpoint or, the first time, the head (stored at once). */
  const startingPosition = async (): Promise<number> => {
    const stored = await readStore.collection(CHECKPOINTS_COLLECTION).get(PAYMENT_RELAY_CHECKPOINT);
    const position = stored?.['position'];
    if (typeof position === 'number') return position;
    const head = await eventStore.settledPosition();
    await writeCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT, head);
    return head;
  };

  const placedOrder = (recorded: RecordedEvent | undefined): PlacedOrder | null => {
    if (recorded?.type !== 'OrderPlaced') return null;
    const placed = orderPlacedSchema.safeParse(upcast(recorded));
    if (!placed.success) return null;
    const { orderId, customer, orderNumber, totalCents, deliveryType, deliveryDate } = placed.data;
    return {
      orderId,
      userId: customer.userId,
      orderNumber,
      totalCents,
      customerName: customer.name,
      deliveryType,
      deliveryDate,
    };
  };

  const remember = (recorded: RecordedEvent): void => {
    const placed = placedOrder(recorded);
    if (placed) placedOrders.set(placed.orderId, placed);
  };

  /** The message for an approval, from its order's OrderPlaced; null when there is none to tell. */
  const messageFor = async (recorded: RecordedEvent): Promise<PaymentApprovedMessage | null> => {
    const approved = paymentApprovedSchema.safeParse(upcast(recorded));
    if (!approved.success) return null;
    const { orderId, providerPaymentId } = approved.data;
    let placed = placedOrders.get(orderId) ?? null;
    if (!placed) {
      const [first] = await eventStore.readStream(orderStreamName(orderId), { maxCount: 1 });
      placed = placedOrder(first);
    }
    if (!placed) return null;
    return {
      type: 'PaymentApproved',
      eventId: recorded.id,
      ...placed,
      orderId,
      paymentId: providerPaymentId,
      occurredAt: recorded.metadata.occurredAt,
    };
  };

  const relay = async (recorded: RecordedEvent): Promise<void> => {
    for (let failures = 0; !closing.signal.aborted; failures += 1) {
      try {
        const message = await messageFor(recorded);
        if (message) {
          await bus.publish(PAYMENTS_TOPIC, [
            { id: recorded.id, key: message.orderId, type: message.type, payload: message },
          ]);
        } else {
          logger.error(
            { eventId: recorded.id, position: recorded.position },
            'payment relay found no order for an approval; nothing published',
          );
        }
        await writeCheckpoint(readStore, PAYMENT_RELAY_CHECKPOINT, recorded.position);
        return;
      } catch (error) {
        const delayMs = Math.min(MAX_RETRY_DELAY_MS, retryDelayMs * 2 ** failures);
        logger.warn(
          { err: error, eventId: recorded.id, attempt: failures + 1, delayMs },
          'payment relay could not publish an approval; trying again after a pause',
        );
        // Closing ends the pause: the approval stays after the checkpoint, for the next start.
        await sleep(delayMs, undefined, { signal: closing.signal }).catch(() => {});
      }
    }
  };

  return {
    async start() {
      handled = await startingPosition();
      follower = followLogResubscribing(eventStore, {
        name: 'payment relay',
        logger,
        resumeFrom: () => handled,
        ...(options.resubscribeDelayMs ? { retryDelayMs: options.resubscribeDelayMs } : {}),
        filter: {
          streamNamePrefixes: ['payment-', 'order-'],
          eventTypes: ['PaymentApproved', 'OrderPlaced'],
        },
        onEvent: async (recorded) => {
          if (recorded.type === 'OrderPlaced') remember(recorded);
          else await relay(recorded);
          handled = recorded.position;
        },
      });
      await follower.caughtUp;
    },

    async close() {
      closing.abort();
      await follower?.stop();
    },

    failure: () => follower?.failure(),

    health: () => follower?.health() ?? { status: 'ok' },
  };
}
