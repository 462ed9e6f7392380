import type { z } from 'zod';
import type { EventOf } from './events';
import { upcast } from './upcasters';
import type { StoredEvent } from './upcasting';

/**
 * What parseEvent last made of an event, kept on the event object itself: the
 * readers of one page of the log (each projection and view that handles the
 * event, mostly with the same contract schema) then parse it once between
 * them. A property, not a WeakMap: weak entries for every event of a
 * 661,578-event rebuild cost the collector more than the parses saved.
 */
const lastParse = Symbol('lastParse');

interface ParseMemo {
  schema: z.ZodType;
  data: unknown;
}

type MemoCarrier = StoredEvent & { [lastParse]?: ParseMemo };

/**
 * Parses an event read back from the store (events are parsed at the edge too),
 * after upcasting its data from the version it was written in to its type's
 * current one (upcasting.ts). Returns null for a type this context does not know.
 * The data returned may be shared with another reader of the same event object:
 * it is read, never changed (evolve functions are pure).
 */
export function parseEvent<S extends Record<string, z.ZodType>>(
  schemas: S,
  event: StoredEvent,
): EventOf<S> | null {
  if (!Object.hasOwn(schemas, event.type)) return null;
  const schema = schemas[event.type];
  if (!schema) return null;
  const carrier = event as MemoCarrier;
  const memo = carrier[lastParse];
  const data: unknown = memo?.schema === schema ? memo.data : schema.parse(upcast(event));
  if (memo?.schema !== schema) remember(carrier, { schema, data });
  // The key and its schema's output belong together by construction of EventOf.
  return { type: event.type, data } as EventOf<S>;
}

function remember(event: MemoCarrier, memo: ParseMemo): void {
  // On an event frozen since its last parse the set fails (false): it keeps that one.
  if (Object.hasOwn(event, lastParse)) Reflect.set(event, lastParse, memo);
  // Not enumerable: the event compares, spreads and serialises as it did.
  else if (Object.isExtensible(event)) {
    Object.defineProperty(event, lastParse, { value: memo, writable: true });
  }
}
