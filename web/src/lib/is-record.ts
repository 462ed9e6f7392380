/** A plain object whose fields can be read one by one (parsing at the edges without casts). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
