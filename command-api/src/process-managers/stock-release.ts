import {
  catalogEventSchemas,
  CHECKOUT_HOLD_LAPSE_MS,
  KITCHEN_DAY_STREAM_PREFIX,
  kitchenDayEventSchemas,
  orderEventSchemas,
  parseEvent,
  saleEventSchemas,
  SYSTEM_ACTOR,
  type EventOf,
  type StockReleaseReason,
} from '@quitute/contracts';
import {
  foldPage,
  followLogResubscribing,
  type EventStore,
  type FoldsPassedPages,
  type RecordedEvent,
  type ResubscribingFollower,
} from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import { createMemorySnapshotStore, type SnapshotStore } from '@quitute/infra/snapshot-store';
import type { SavableView } from '@quitute/infra/saved-state';
import { v5 as uuidv5 } from 'uuid';
import { releaseOrderStock } from '../catalog/stock';
import { releaseDayUnits } from '../schedule/kitchen-day';
import type { CommandContext } from '../shared/handle-command';

/**
 * Issue 38, the release step: the units an order holds go back to the stock
 * when the order is cancelled (any reason: its payment declined, cancelled or
 * expired, or an admin), when its payment is refunded in full, and — the
 * backstop — when the checkout that took them never placed its order
 * (CHECKOUT_HOLD_LAPSE_MS after it took them). Followed from the log: only
 * orders that hold units are kept, and an order is forgotten once it holds
 * none, so the product streams' own events say what is done. Issue 40: the
 * units an order holds of the kitchen's day go back on exactly the same
 * paths, followed from the day streams' own events (an order holds products
 * and a day).
 */

export const stockReleaseEventSchemas = {
  ProductStockReserved: catalogEventSchemas.ProductStockReserved,
  ProductStockReleased: catalogEventSchemas.ProductStockReleased,
  KitchenDayUnitsReserved: kitchenDayEventSchemas.KitchenDayUnitsReserved,
  KitchenDayUnitsReleased: kitchenDayEventSchemas.KitchenDayUnitsReleased,
  OrderPlaced: orderEventSchemas.OrderPlaced,
  OrderCancelled: orderEventSchemas.OrderCancelled,
  OrderStatusChanged: orderEventSchemas.OrderStatusChanged,
  OnlineSaleRefunded: saleEventSchemas.OnlineSaleRefunded,
  OnlineSaleReversed: saleEventSchemas.OnlineSaleReversed,
} as const;
export type StockReleaseEvent = EventOf<typeof stockReleaseEventSchemas>;

/** Units of one product (or of one kitchen day) an order holds: the attempt that took them, and when. */
export interface HeldProduct {
  checkoutAttempt: string;
  /** ms */
  reservedAt: number;
}

/** An order that holds units, as the log says. */
export interface OrderStock {
  orderId: string;
  /** By product id. */
  holds: Readonly<Record<string, HeldProduct>>;
  /** Issue 40: the kitchen days it holds units of, by date (one, but a retried checkout may name another). */
  days: Readonly<Record<string, HeldProduct>>;
  placed: boolean;
  /** Why its units must go back (cancelled, refunded in full); null while it keeps them. */
  release: Extract<StockReleaseReason, 'order_cancelled' | 'order_refunded'> | null;
}

/** One release the order owes: its units of these products and these kitchen days, for this reason. */
export interface StockRelease {
  orderId: string;
  productIds: string[];
  dates: string[];
  reason: StockReleaseReason;
  /** Only the units this attempt took (the backstop: a retried checkout may have taken them over). */
  checkoutAttempt?: string | undefined;
}

/** The order's stock after one event; undefined when the event says nothing about an order holding units. */
export function evolveOrderStock(
  state: OrderStock | undefined,
  event: StockReleaseEvent,
  recorded: Pick<RecordedEvent, 'metadata'>,
): OrderStock | undefined {
  const { orderId } = event.data;
  const order: OrderStock = state ?? { orderId, holds: {}, days: {}, placed: false, release: null };
  const heldSince = (checkoutAttempt: string): HeldProduct => ({
    checkoutAttempt,
    reservedAt: Date.parse(recorded.metadata.occurredAt),
  });
  switch (event.type) {
    case 'ProductStockReserved': {
      const held = heldSince(event.data.checkoutAttempt);
      return { ...order, holds: { ...order.holds, [event.data.productId]: held } };
    }
    case 'KitchenDayUnitsReserved': {
      const held = heldSince(event.data.checkoutAttempt);
      return { ...order, days: { ...order.days, [event.data.date]: held } };
    }
    case 'KitchenDayUnitsReleased': {
      if (!state) return undefined;
      const { [event.data.date]: _released, ...days } = state.days;
      return { ...state, days };
    }
    case 'ProductStockReleased': {
      if (!state) return undefined;
      const { [event.data.productId]: _released, ...holds } = state.holds;
      return { ...state, holds };
    }
    case 'OrderPlaced':
      return state && { ...state, placed: true };
    case 'OrderCancelled':
      return state && { ...state, release: 'order_cancelled' };
    case 'OrderStatusChanged':
      return state && event.data.to === 'cancelled'
        ? { ...state, release: 'order_cancelled' }
        : state;
    case 'OnlineSaleRefunded':
      return state && event.data.final && event.data.reason === 'refunded'
        ? { ...state, release: state.release ?? 'order_refunded' }
        : state;
    case 'OnlineSaleReversed':
      return state && event.data.reason === 'refunded'
        ? { ...state, release: state.release ?? 'order_refunded' }
        : state;
    default: {
      const unexpected: never = event;
      throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Whether the order holds nothing any more (it is forgotten). */
export function holdsNothing(state: OrderStock): boolean {
  return Object.keys(state.holds).length === 0 && Object.keys(state.days).length === 0;
}

/**
 * What the order owes now: all its units when it was cancelled or refunded in
 * full; the units of a checkout that never placed its order once they lapsed.
 */
export function stockReleasesDue(state: OrderStock, now: number): StockRelease[] {
  const products = Object.entries(state.holds);
  const days = Object.entries(state.days);
  if (state.release !== null) {
    return [
      {
        orderId: state.orderId,
        productIds: products.map(([productId]) => productId),
        dates: days.map(([date]) => date),
        reason: state.release,
      },
    ];
  }
  if (state.placed) return [];
  const lapsed = new Map<string, { productIds: string[]; dates: string[] }>();
  const lapsedOf = (held: HeldProduct) => {
    const owed = lapsed.get(held.checkoutAttempt) ?? { productIds: [], dates: [] };
    lapsed.set(held.checkoutAttempt, owed);
    return owed;
  };
  for (const [productId, held] of products) {
    if (now >= held.reservedAt + CHECKOUT_HOLD_LAPSE_MS) lapsedOf(held).productIds.push(productId);
  }
  for (const [date, held] of days) {
    if (now >= held.reservedAt + CHECKOUT_HOLD_LAPSE_MS) lapsedOf(held).dates.push(date);
  }
  return [...lapsed].map(([checkoutAttempt, owed]) => ({
    orderId: state.orderId,
    ...owed,
    reason: 'checkout_lapsed',
    checkoutAttempt,
  }));
}

export interface StockReleaseManagerOptions {
  eventStore: EventStore;
  /** Where the products' streams are snapshotted (the command side's; in memory when absent). */
  snapshotStore?: SnapshotStore | undefined;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The clock (ms). */
  now?: () => number;
  /** How often lapsed holds and failed releases are looked at again (default 60 s). */
  sweepIntervalMs?: number;
  /** Pause before following the log again after its subscription ended, doubled per end (default 1 s). */
  resubscribeDelayMs?: number;
}

export interface StockReleaseManager
  extends SavableView, FoldsPassedPages, Pick<ResubscribingFollower, 'failure' | 'health'> {
  start(): Promise<void>;
  close(): Promise<void>;
  /** Runs what is due now and waits for it (tests, and the periodic sweep). */
  sweep(): Promise<void>;
}

const RELEASE_NAMESPACE = '6d1e2f3a-4b5c-4d7e-8f90-a1b2c3d4e5f6';

export function createStockReleaseManager(
  options: StockReleaseManagerOptions,
): StockReleaseManager {
  const { eventStore, logger } = options;
  const stockStores = {
    eventStore,
    snapshotStore: options.snapshotStore ?? createMemorySnapshotStore(),
    logger,
  };
  const now = options.now ?? Date.now;
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const orders = new Map<string, OrderStock>();
  /** Releases running now, by order and reason: never twice at once. */
  const running = new Map<string, Promise<void>>();
  let reached = 0;
  let live = false;
  let closed = false;
  let follower: ResubscribingFollower | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const read = (recorded: RecordedEvent): StockReleaseEvent | null => {
    try {
      return parseEvent(stockReleaseEventSchemas, recorded);
    } catch (error) {
      logger.error({ err: error, eventId: recorded.id }, 'stock release skipped an event');
      return null;
    }
  };

  const context = (release: StockRelease): CommandContext => {
    const commandId = uuidv5(
      `${release.orderId}:${release.reason}:${release.checkoutAttempt ?? ''}`,
      RELEASE_NAMESPACE,
    );
    return {
      commandId,
      correlationId: release.orderId,
      actorId: SYSTEM_ACTOR,
      actorRole: 'system',
      occurredAt: new Date(now()).toISOString(),
    };
  };

  /** The order's units of each day, then of each product. */
  const releaseHolds = async (release: StockRelease): Promise<void> => {
    const releaseContext = context(release);
    for (const date of release.dates) {
      await releaseDayUnits(
        stockStores,
        {
          date,
          orderId: release.orderId,
          reason: release.reason,
          checkoutAttempt: release.checkoutAttempt,
        },
        releaseContext,
      );
    }
    await releaseOrderStock(stockStores, release, releaseContext);
  };

  const run = (release: StockRelease): Promise<void> => {
    const key = `${release.orderId}:${release.reason}:${release.checkoutAttempt ?? ''}`;
    const current = running.get(key);
    if (current) return current;
    const attempt = releaseHolds(release)
      .then(
        () => undefined,
        (error: unknown) => {
          // Tried again at the next sweep (or the next event of the order).
          logger.error({ err: error, ...release }, 'stock release failed; it will be retried');
        },
      )
      .finally(() => running.delete(key));
    running.set(key, attempt);
    return attempt;
  };

  const act = (orderId: string): Promise<void>[] => {
    const state = orders.get(orderId);
    if (!live || closed || !state) return [];
    return stockReleasesDue(state, now()).map(run);
  };

  const onEvent = (recorded: RecordedEvent): void => {
    reached = recorded.position;
    const event = read(recorded);
    if (!event) return;
    const { orderId } = event.data;
    const next = evolveOrderStock(orders.get(orderId), event, recorded);
    if (!next || holdsNothing(next)) {
      orders.delete(orderId);
      return;
    }
    orders.set(orderId, next);
    void act(orderId);
  };
  const pass = (position: number): void => {
    reached = Math.max(reached, position);
  };
  const filter = {
    streamNamePrefixes: ['product-', KITCHEN_DAY_STREAM_PREFIX, 'order-', 'sale-'],
    eventTypes: Object.keys(stockReleaseEventSchemas),
  };

  const sweep = async (): Promise<void> => {
    await Promise.all([...orders.keys()].flatMap(act));
  };

  return {
    // @2 (issue 40): an order's state names the kitchen days it holds units of too.
    savedName: 'stock-release@2',
    reached: () => reached,
    capture: () => ({ position: reached, entries: [...orders] }),
    restore(position, entries) {
      for (const entry of entries) {
        // Entries as capture made them: [orderId, OrderStock].
        const [orderId, state] = entry as [string, OrderStock];
        orders.set(orderId, state);
      }
      reached = position;
    },
    catchUp: (page) => foldPage(page, { after: reached, filter, onEvent, onPassed: pass }),
    failure: () => follower?.failure(),
    health: () => follower?.health() ?? { status: 'ok' },

    async start() {
      // A subscription that ends is made again from `reached` (the last event applied).
      follower = followLogResubscribing(eventStore, {
        name: 'stock release',
        logger,
        resumeFrom: () => reached,
        ...(options.resubscribeDelayMs ? { retryDelayMs: options.resubscribeDelayMs } : {}),
        filter,
        onEvent,
        onCaughtUp: (position) => {
          pass(position);
          if (live || closed) return;
          live = true;
          void sweep();
        },
      });
      await follower.caughtUp;
      sweepTimer = setInterval(() => void sweep(), sweepIntervalMs);
      sweepTimer.unref();
    },

    async close() {
      closed = true;
      clearInterval(sweepTimer);
      await follower?.stop();
      await Promise.allSettled([...running.values()]);
    },

    sweep,
  };
}
