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
