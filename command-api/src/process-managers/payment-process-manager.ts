import { setTimeout as sleep } from 'node:timers/promises';
import { orderProcessEventSchemas, parseEvent, type OrderProcessEvent } from '@quitute/contracts';
import {
  foldPage,
  followLogResubscribing,
  type EventStore,
  type FoldsPassedPages,
  type RecordedEvent,
  type ResubscribingFollower,
} from '@quitute/infra/event-store';
import type { Logger } from '@quitute/infra/logging';
import type { SavableView } from '@quitute/infra/saved-state';
import {
  DEFAULT_ANOTHER_CARD_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  dormancyOf,
  evolveOrderProcess,
  isFinished,
  nextDeadline,
  nextSteps,
  stepKey,
  wakes,
  withProgress,
  type Dormancy,
  type OrderProcess,
  type ProcessRules,
  type Step,
  type StepProgress,
} from './order-process';
import { readOrderProcess } from './order-process-history';
import type { PaymentProcessCommands } from './payment-process-commands';
import {
  afterRead,
  DEFAULT_RECONCILE_BACKOFF,
  isReadDue,
  trackFor,
  type ReconcileBackoff,
  type ReconcileTrack,
} from './reconcile-schedule';

export interface PaymentProcessManagerOptions {
  eventStore: EventStore;
  commands: PaymentProcessCommands;
  logger: Logger;
  /** The clock (ms), for the time rules; Date.now by default. */
  now?: () => number;
  /** How often the payments awaiting the provider are looked over for a re-read due (default 60 s). */
  reconcileIntervalMs?: number;
  /** When each is re-read: soon after its last report, then less and less often (reconcile-schedule.ts). */
  reconcileBackoff?: ReconcileBackoff;
  /** A payment still unanswered by the provider this long after its request has failed (default 15 min). */
  requestTimeoutMs?: number;
  /** An order whose card was declined waits this long for another card before it is cancelled (default 30 min). */
  anotherCardMs?: number;
  /** Wait before retrying a command that failed, doubled per failure (default 5 s)… */
  retryDelayMs?: number;
  /** …up to this (default 5 min). */
  maxRetryDelayMs?: number;
  /** Pause before following the log again after its subscription ended, doubled per end (default 1 s). */
  resubscribeDelayMs?: number;
}

export interface PaymentProcessManager
  extends SavableView, FoldsPassedPages, Pick<ResubscribingFollower, 'failure' | 'health'> {
  /** Follows the log from its start (or from where restore put it); resolves once caught up and the orders owing a step are acted on. */
  start(): Promise<void>;
  /** Stops following, stops the timers and waits for the commands in flight. */
  close(): Promise<void>;
}

export const DEFAULT_RECONCILE_INTERVAL_MS = 60_000;

/** setTimeout's longest delay; a later deadline is reached in several waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const PROCESS_EVENT_TYPES = Object.keys(orderProcessEventSchemas);

/**
 * The payment process manager (issue 10): folds every order's payment process
 * from the log in memory and, once caught up, runs what each order owes
 * (nextSteps) through the command side — after catching up for every order,
 * then on each new event of an order, at each deadline (a Pix expiry, a request
 * timeout, a retry) and re-reads each pending or in-review payment from the
 * provider, soon after its last report and then less and less often
 * (reconcile-schedule.ts), so a lost webhook cannot leave an order pending
 * forever. Commands are idempotent, so a step run again after a restart
 * changes nothing; within a process a step is never run twice at once nor again
 * once it succeeded. A command that fails is logged and retried later with a
 * growing pause; it never stops the process nor holds up other orders.
 * An order with nothing due and nothing awaited (dormancyOf: paid and done
 * with, or cancelled unpaid) is let go of but for its id: when an event of it
 * comes — its payment refunded or charged back months later, or approved after
 * the cancellation — it is folded again from its own streams up to that event
 * and goes on as if it had never left (its sale reversed, its payment refunded).
 */
export function createPaymentProcessManager(
  options: PaymentProcessManagerOptions,
): PaymentProcessManager {
  const { eventStore, commands, logger } = options;
  const now = options.now ?? Date.now;
  const rules: ProcessRules = {
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    anotherCardMs: options.anotherCardMs ?? DEFAULT_ANOTHER_CARD_MS,
  };
  const reconcileIntervalMs = options.reconcileIntervalMs ?? DEFAULT_RECONCILE_INTERVAL_MS;
  const reconcileBackoff = options.reconcileBackoff ?? DEFAULT_RECONCILE_BACKOFF;
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 300_000;

  /** Orders that may still owe a step; a finished one is forgotten. */
  const orders = new Map<string, OrderProcess>();
  /** Orders let go of until an event of theirs comes (dormancyOf), by id. */
  const dormant = new Map<string, Dormancy>();
  const timers = new Map<string, NodeJS.Timeout>();
  /** When each payment awaiting the provider is re-read next, by payment id (not saved: a restart reads each once). */
  const reconcileTracks = new Map<string, ReconcileTrack>();
  const inFlight = new Set<Promise<void>>();
  /** The position of the log applied so far. */
  let reached = 0;
  let follower: ResubscribingFollower | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<void> | undefined;
  let live = false;
  let closed = false;
  const closing = new AbortController();

  const read = (recorded: RecordedEvent): OrderProcessEvent | null => {
    try {
      return parseEvent(orderProcessEventSchemas, recorded);
    } catch (error) {
      // One unreadable event must not stop every order's process: that order alone may stall.
      logger.error(
        { err: error, eventId: recorded.id, eventType: recorded.type },
        'payment process skipped an event it cannot read',
      );
      return null;
    }
  };

  /** Applies one event; waits only to fold a dormant order it wakes from the log. */
  const apply = (recorded: RecordedEvent): Promise<void> | void => {
    const event = read(recorded);
    const orderId = event?.data.orderId;
    if (!event || !orderId) return;
    const dormancy = dormant.get(orderId);
    if (dormancy === undefined) {
      keep(orderId, evolveOrderProcess(orders.get(orderId) ?? null, event, recorded));
      return;
    }
    if (!wakes(dormancy, event)) return;
    return wake(orderId, recorded).then((woken) => keep(orderId, woken));
  };

  /**
   * The dormant order folded from its streams up to this event (so the event is
   * applied once, as everywhere else). A read that fails is tried again, with a
   * growing pause, before any later event: the log is followed in order. Closing
   * ends the wait with an error, so the event is not counted as applied.
   */
  const wake = async (orderId: string, recorded: RecordedEvent): Promise<OrderProcess | null> => {
    for (let failures = 0; ; failures += 1) {
      try {
        return await readOrderProcess(eventStore, orderId, recorded.position, read);
      } catch (error) {
        const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failures);
        logger.warn(
          { err: error, orderId, eventId: recorded.id, retryInMs: delay },
          'payment process could not read an order an event woke; trying again',
        );
        await sleep(delay, undefined, { signal: closing.signal });
      }
    }
  };

  /** Keeps the order's process as it now stands: followed, let go of, or forgotten. */
  const keep = (orderId: string, next: OrderProcess | null): void => {
    if (!next) return;
    if (isFinished(next)) {
      forget(orderId);
      return;
    }
    const dormancy = dormancyOf(next, now(), rules);
    if (dormancy !== null) {
      forget(orderId);
      dormant.set(orderId, dormancy);
      return;
    }
    dormant.delete(orderId);
    orders.set(orderId, next);
    if (live) act(orderId);
  };

  const forget = (orderId: string): void => {
    orders.delete(orderId);
    dormant.delete(orderId);
    clearTimeout(timers.get(orderId));
    timers.delete(orderId);
  };

  const setProgress = (orderId: string, key: string, progress: StepProgress): void => {
    const state = orders.get(orderId);
    if (state) orders.set(orderId, withProgress(state, key, progress));
  };

  /** Runs what the order owes now and waits for its next deadline. */
  const act = (orderId: string): void => {
    if (closed) return;
    const state = orders.get(orderId);
    if (!state) return;
    // One clock reading for both: a retry due between two readings would be neither run nor waited for.
    const at = now();
    for (const step of nextSteps(state, at, rules)) run(orderId, step);
    schedule(orderId, at);
  };

  const run = (orderId: string, step: Step): void => {
    const key = stepKey(step);
    const failures = orders.get(orderId)?.progress[key]?.failures ?? 0;
    setProgress(orderId, key, { running: true, succeeded: false, failures, retryAt: 0 });
    const attempt = Promise.resolve()
      .then(() => execute(commands, step))
      .then(
        () => setProgress(orderId, key, { running: false, succeeded: true, failures, retryAt: 0 }),
        (error: unknown) => {
          const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** failures);
          logger.error(
            { err: error, orderId, step: key, attempt: failures + 1, retryInMs: delay },
            'payment process step failed; it will be retried',
          );
          setProgress(orderId, key, {
            running: false,
            succeeded: false,
            failures: failures + 1,
            retryAt: now() + delay,
          });
        },
      )
      .finally(() => {
        inFlight.delete(attempt);
        act(orderId);
      });
    inFlight.add(attempt);
  };

  const schedule = (orderId: string, at: number): void => {
    clearTimeout(timers.get(orderId));
    timers.delete(orderId);
    const state = orders.get(orderId);
    const deadline = state ? nextDeadline(state, at, rules) : null;
    if (deadline === null) return;
    const timer = setTimeout(
      () => {
        timers.delete(orderId);
        act(orderId);
      },
      Math.min(deadline - at, MAX_TIMER_MS),
    );
    timer.unref();
    timers.set(orderId, timer);
  };

  /**
   * Re-reads each payment awaiting the provider whose time has come
   * (reconcile-schedule.ts), one at a time (the provider is shared). A read that
   * fails waits for the next time like one that found nothing new.
   */
  const reconcile = (): void => {
    if (!live || closed || reconciling) return;
    reconciling = (async () => {
      const awaiting = new Set<string>();
      for (const state of [...orders.values()]) {
        if (closed) return;
        const { paymentId, report, providerPaymentId } = state.payment;
        const waits = report?.status === 'pending' || report?.status === 'in_review';
        if (!waits || providerPaymentId === null) continue;
        awaiting.add(paymentId);
        const reportedAt = Date.parse(report.event.metadata.occurredAt);
        const track = trackFor(
          reconcileTracks.get(paymentId),
          { id: report.event.id, reportedAt },
          reconcileBackoff,
        );
        reconcileTracks.set(paymentId, track);
        if (!isReadDue(track, now())) continue;
        try {
          await commands.syncPaymentFromProvider({ paymentId }, null);
        } catch (error) {
          logger.warn(
            { err: error, orderId: state.orderId, paymentId },
            'payment reconciliation failed; it is tried again at its next time',
          );
        }
        reconcileTracks.set(paymentId, afterRead(track, now(), reconcileBackoff));
      }
      // A payment answered, or its order let go of, needs no more reads.
      for (const paymentId of reconcileTracks.keys()) {
        if (!awaiting.has(paymentId)) reconcileTracks.delete(paymentId);
      }
    })().finally(() => {
      reconciling = undefined;
    });
  };

  const filter = {
    streamNamePrefixes: ['order-', 'payment-', 'sale-', 'cart-'],
    eventTypes: PROCESS_EVENT_TYPES,
  };
  // Returns a promise only when the event woke a dormant order (see foldPage).
  const onEvent = (recorded: RecordedEvent): Promise<void> | void => {
    const applying = apply(recorded);
    if (!applying) {
      reached = recorded.position;
      return;
    }
    return applying.then(() => {
      reached = recorded.position;
    });
  };
  const pass = (position: number): void => {
    reached = Math.max(reached, position);
  };

  return {
    savedName: 'payment-process@2',
    reached: () => reached,
    // What a step is doing is this process's own business: a restored order starts with none,
    // as after a fold of the log, and is acted on once caught up.
    capture: () => ({
      position: reached,
      entries: [
        ...[...orders].map(([orderId, state]) => [orderId, { ...state, progress: {} }]),
        ...dormant,
      ],
    }),
    restore(position, entries) {
      for (const entry of entries) {
        // Entries as capture made them: [orderId, OrderProcess] or [orderId, Dormancy].
        const [orderId, saved] = entry as [string, OrderProcess | Dormancy];
        if (typeof saved === 'string') dormant.set(orderId, saved);
        else orders.set(orderId, saved);
      }
      reached = position;
    },

    catchUp: (page) => foldPage(page, { after: reached, filter, onEvent, onPassed: pass }),
    failure: () => follower?.failure(),
    health: () => follower?.health() ?? { status: 'ok' },

    async start() {
      // A subscription that ends is made again from `reached` (the last event applied).
      follower = followLogResubscribing(eventStore, {
        name: 'payment process',
        logger,
        resumeFrom: () => reached,
        ...(options.resubscribeDelayMs ? { retryDelayMs: options.resubscribeDelayMs } : {}),
        filter,
        onEvent,
        onCaughtUp: (position) => {
          pass(position);
          if (live || closed) return;
          live = true;
          logger.info({ orders: orders.size, dormant: dormant.size }, 'payment process caught up');
          for (const orderId of orders.keys()) act(orderId);
        },
      });
      await follower.caughtUp;
      reconcileTimer = setInterval(reconcile, reconcileIntervalMs);
      reconcileTimer.unref();
    },

    async close() {
      closed = true;
      closing.abort();
      clearInterval(reconcileTimer);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await follower?.stop();
      await Promise.allSettled([...inFlight, reconciling]);
    },
  };
}

function execute(commands: PaymentProcessCommands, step: Step): Promise<void> {
  switch (step.kind) {
    case 'markOrderPaid':
      return commands.markOrderPaid(step.input, step.cause);
    case 'cancelOrder':
      return commands.cancelOrder(step.input, step.cause);
    case 'checkOutCart':
      return commands.checkOutCart(step.input, step.cause);
    case 'recordOnlineSale':
      return commands.recordOnlineSale(step.input, step.cause);
    case 'reverseOnlineSale':
      return commands.reverseOnlineSale(step.input, step.cause);
    case 'refundApprovedPayment':
      return commands.refundApprovedPayment(step.input, step.cause);
    case 'expirePayment':
      return commands.expirePayment(step.input, step.cause);
    case 'refundOnlineSale':
      return commands.refundOnlineSale(step.input, step.cause);
    case 'refundCancelledOrder':
      return commands.refundCancelledOrder(step.input, step.cause);
    case 'resendRefund':
      return commands.resendRefund(step.input, step.cause);
    default: {
      const unexpected: never = step;
      throw new Error(`Unexpected step ${JSON.stringify(unexpected)}`);
    }
  }
}
