/** The values a filter compares directly (what both query evaluators treat alike). */
export type Scalar = string | number | boolean | null;

export const isScalar = (value: unknown): value is Scalar =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

/** An object literal ({ $in: […] }, a sub-filter): no array, RegExp, Date or class instance. */
export const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
