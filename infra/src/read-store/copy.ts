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
 */
export function copyJson<T>(value: T): T {
  // The copy has the shape of its source by construction.
  return copyValue(value) as T;
}

function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      out[i] = element === undefined ? null : copyValue(element);
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
        value: copyValue(element),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[key] = copyValue(element);
    }
  }
  return out;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
