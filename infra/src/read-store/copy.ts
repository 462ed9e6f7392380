/**
 * A deep copy for JSON-shaped documents. Measured on this machine kind it is
 * six to eight times faster than `structuredClone` or a JSON round trip for a
 * ten-field document; the memory event store copies every event in and out with
 * it too.
 *
 * Behaves like the MongoDB adapter (driver option `ignoreUndefined`): an
 * `undefined` property is dropped and an `undefined` array element becomes
 * null. Anything that is not a plain object or array (a Date, say) is handed to
 * `structuredClone`, so it keeps its type as it would through BSON.
 *
 * `strings` picks the copy's string for each string value (the read store
 * shares equal strings through a StringPool).
 */
export function copyJson<T>(value: T, strings: (value: string) => string = keep): T {
  // The copy has the shape of its source by construction.
  return copyValue(value, strings) as T;
}

/** The copy's strings are the source's own (a string is immutable: sharing it is copying it). */
const keep = (value: string): string => value;

function copyValue(value: unknown, strings: (value: string) => string): unknown {
  if (typeof value === 'string') return strings(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      out[i] = element === undefined ? null : copyValue(element, strings);
    }
    return out;
  }
  if (!isPlainObject(value)) return structuredClone(value);
  const out: Record<string, unknown> = {};
  // for…in measured about twice as fast as Object.entries here.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const element = value[key];
    if (element === undefined) continue;
    // A plain assignment to "__proto__" would replace the copy's prototype.
    if (key === '__proto__') {
      Object.defineProperty(out, key, {
        value: copyValue(element, strings),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[key] = copyValue(element, strings);
    }
  }
  return out;
}

/**
 * Replaces, in place, each string of a JSON-shaped value by `strings(string)`:
 * for a value just parsed and not yet shared (a saved read model as it is read).
 */
export function shareStrings(value: unknown, strings: (value: string) => string): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      if (typeof element === 'string') value[i] = strings(element);
      else shareStrings(element, strings);
    }
    return;
  }
  if (!isPlainObject(value)) return;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const element = value[key];
    if (typeof element === 'string') value[key] = strings(element);
    else shareStrings(element, strings);
  }
}

/**
 * Whether copyJson would give an equal value back unchanged: nothing undefined,
 * only plain objects and arrays (and strings, numbers, booleans, null). Walks
 * the value without allocating.
 */
export function isJson(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isJson(value[i])) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    if (Object.hasOwn(value, key) && !isJson(value[key])) return false;
  }
  return true;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Equal strings kept once. Read models repeat the same strings across documents
 * and collections — an order's id in its order, its sale and its purchases; a
 * product's id, name and category in every line that sold it; a customer's id,
 * name and e-mail in each of her orders; an event's time in each document it
 * changed — and each document, built from its own parsed event, carries its own
 * copy: after 100,000 orders more than half the strings' bytes were repeats.
 * `share` returns the pool's copy of an equal string seen lately, else keeps
 * this one. Bounded: two generations of at most `generationSize` strings each;
 * a string seen again moves to the current one, a full current one becomes the
 * previous and the previous is let go (what documents still hold stays theirs,
 * just no longer shared). Strings V8 keeps once already (short ones, see
 * minLength) and long texts (maxLength) are not pooled.
 */
export interface StringPool {
  share(value: string): string;
  /** How many strings it holds now (at most twice generationSize). */
  size(): number;
}

export function createStringPool({
  generationSize = 50_000,
  minLength = 11,
  maxLength = 64,
}: { generationSize?: number; minLength?: number; maxLength?: number } = {}): StringPool {
  let current = new Map<string, string>();
  let previous = new Map<string, string>();
  return {
    share(value) {
      if (value.length < minLength || value.length > maxLength) return value;
      const known = current.get(value);
      if (known !== undefined) return known;
      const shared = previous.get(value) ?? value;
      if (current.size >= generationSize) {
        previous = current;
        current = new Map();
      }
      current.set(shared, shared);
      return shared;
    },
    size: () => current.size + previous.size,
  };
}
