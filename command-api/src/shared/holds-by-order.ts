import { checkoutMessages } from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';

/**
 * What each order holds of one stream's resource (a product's units, a
 * kitchen day's units), by order id, split into buckets by the id's first two
 * characters: an event copies one bucket, not every order the stream ever
 * had (the map grows with every order: a paid order keeps what it holds), so
 * an event costs the same after years of orders.
 */
export type HoldsByOrder<Hold> = Readonly<Record<string, Readonly<Record<string, Hold>>>>;

const holdBucket = (orderId: string) => orderId.slice(0, 2).toLowerCase();

/** What `orderId` holds, if anything. */
export function holdOf<Hold>(holds: HoldsByOrder<Hold>, orderId: string): Hold | undefined {
  return holds[holdBucket(orderId)]?.[orderId];
}

/** Every hold, for the tests and the admin. */
export function allHolds<Hold>(holds: HoldsByOrder<Hold>): Hold[] {
  return Object.values(holds).flatMap((bucket) => Object.values(bucket));
}

/** The holds with `orderId`'s replaced (null: it holds nothing any more). */
export function withHold<Hold>(
  holds: HoldsByOrder<Hold>,
  orderId: string,
  hold: Hold | null,
): HoldsByOrder<Hold> {
  const key = holdBucket(orderId);
  const { [orderId]: _old, ...rest } = holds[key] ?? {};
  return { ...holds, [key]: hold === null ? rest : { ...rest, [orderId]: hold } };
}

/** A hold taken by one checkout attempt of its order. */
interface AttemptHold {
  checkoutAttempt: string;
}

/**
 * What the order holds when `checkoutAttempt` asks to reserve: undefined when
 * nothing, its own hold when this attempt took it (a retry asks for it again,
 * not on top of it). Another request under the order's Idempotency-Key holding
 * it is refused (409): that one is the order's, as an attempt names the
 * request and its lines, and this one takes nothing.
 */
export function holdBeforeReserving<Hold extends AttemptHold>(
  holds: HoldsByOrder<Hold>,
  orderId: string,
  checkoutAttempt: string,
): Hold | undefined {
  const held = holdOf(holds, orderId);
  if (held && held.checkoutAttempt !== checkoutAttempt) {
    throw new AppError('conflict', checkoutMessages.idempotencyKeyReused);
  }
  return held;
}

/**
 * The hold a release gives back: the order's, unless `checkoutAttempt` names
 * another attempt than the one holding it (a retried checkout that took it
 * over keeps it). Undefined: nothing to release.
 */
export function holdToRelease<Hold extends AttemptHold>(
  holds: HoldsByOrder<Hold>,
  orderId: string,
  checkoutAttempt: string | undefined,
): Hold | undefined {
  const hold = holdOf(holds, orderId);
  if (!hold) return undefined;
  return checkoutAttempt === undefined || checkoutAttempt === hold.checkoutAttempt
    ? hold
    : undefined;
}
