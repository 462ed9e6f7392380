import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CHECKOUT_HOLD_LAPSE_MS, messages, type OrderLine } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import { releaseOrderStock, reserveOrderStock } from '../catalog/stock';
import { releaseDayUnits, reserveDayUnits } from '../schedule/kitchen-day';
import type { CommandContext, CommandStores } from '../shared/handle-command';
import { closeUnpaidOrder, openUnpaidOrder } from './unpaid-orders';

/**
 * Issue 38, the checkout's claim step: before an order is placed it takes one
 * of its account's slots for unpaid orders, then (issue 40) its units of the
 * kitchen's day, then its units of each product. Any refusal (409, pt-BR)
 * gives back what was taken, and nothing is placed. What a checkout that
 * stops after this holds lapses (the backstop in the process managers
 * releases it, and the cap closes it), so the checkout must place its order
 * well before: `placeWithin` says whether it still may.
 */
export interface OrderHolds {
  /** Whether the order may still be placed on these holds (false: give them back and answer 503). */
  stillPlaceable(): boolean;
  /** Gives back what the claim took, when the checkout gives up before placing the order. */
  giveBack(): Promise<void>;
  /** Gives back the units only (the day's and the products'): another request placed the order, which keeps its own slot. */
  giveBackUnits(): Promise<void>;
}

/** Lines by product and units, in any order: equal keys, the same lines. */
export function linesKey(lines: readonly Pick<OrderLine, 'productId' | 'quantity'>[]): string {
  return lines
    .map(({ productId, quantity }) => `${productId}:${quantity}`)
    .sort()
    .join(',');
}

/**
 * A checkout attempt names the request and the lines it claims for (issue 38's
 * attack pass): the same request retried is the same attempt and finds its
 * holds; another request under the same Idempotency-Key (other quantities, or
 * the same body over a cart that changed) is another attempt, refused where
 * the order's units are already held, and never replaces them.
 */
export function checkoutAttemptOf(
  fingerprint: string,
  lines: readonly Pick<OrderLine, 'productId' | 'quantity'>[],
): string {
  return createHash('sha256')
    .update(`${fingerprint}|${linesKey(lines)}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The kitchen's day the order is for: its units (kits as the calendar counts them) and the day's capacity. */
export interface DayClaim {
  date: string;
  units: number;
  /** null: unlimited (the units are recorded still, so the day's total is known). */
  capacityUnits: number | null;
}

export async function claimOrderHolds(
  stores: CommandStores,
  claim: {
    userId: string;
    orderId: string;
    checkoutAttempt: string;
    lines: readonly OrderLine[];
    day: DayClaim;
  },
  context: CommandContext,
): Promise<OrderHolds> {
  const startedAt = performance.now();
  const { userId, orderId, checkoutAttempt, day } = claim;
  const lines = claim.lines.map(({ productId, quantity }) => ({ productId, quantity }));
  const closeSlot = () =>
    closeUnpaidOrder(
      stores,
      { userId, orderId, reason: 'checkout_refused', checkoutAttempt },
      context,
    );
  const giveBackDay = () =>
    releaseDayUnits(
      stores,
      { date: day.date, orderId, reason: 'checkout_refused', checkoutAttempt },
      context,
    );
  const giveBackUnits = async () => {
    await giveBackDay();
    await releaseOrderStock(
      stores,
      {
        orderId,
        productIds: lines.map((line) => line.productId),
        reason: 'checkout_refused',
        checkoutAttempt,
      },
      context,
    );
  };
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  await openUnpaidOrder(stores, { userId, orderId, checkoutAttempt, units }, context);
  try {
    await reserveDayUnits(
      stores,
      {
        date: day.date,
        orderId,
        units: day.units,
        checkoutAttempt,
        capacityUnits: day.capacityUnits,
      },
      context,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') await closeSlot();
    throw error;
  }
  try {
    await reserveOrderStock(stores, { orderId, checkoutAttempt, lines }, context);
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      await giveBackDay();
      await closeSlot();
    }
    throw error;
  }
  return {
    stillPlaceable: () => performance.now() - startedAt < CHECKOUT_HOLD_LAPSE_MS / 2,
    async giveBack() {
      await giveBackUnits();
      await closeSlot();
    },
    giveBackUnits,
  };
}

/** The answer when a checkout was too slow to place its order on what it claimed. */
export function tooSlowToPlace(): AppError {
  return new AppError('unavailable', messages.unavailable);
}
