import type { ReadDocument } from './port';

/** The guarded field's number of a document about to be written (PutOptions.guard). */
export function guardValue(document: ReadDocument, field: string): number {
  const value = document[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(
      `a write guarded by ${field} needs a number in it (document ${document._id})`,
    );
  }
  return value;
}

/** Whether a guarded write of `incoming` replaces `stored`: none stored, no number there, or not a higher one. */
export function guardAdmits(
  stored: ReadDocument | undefined,
  incoming: number,
  field: string,
): boolean {
  if (!stored || !Object.hasOwn(stored, field)) return true;
  const value = stored[field];
  return typeof value === 'number' && value <= incoming;
}

/** Of one _id given several times in a batch, the last (what putMany writes). */
export function lastById<T extends ReadDocument>(documents: readonly T[]): T[] {
  const last = new Map<string, T>();
  for (const document of documents) last.set(document._id, document);
  return [...last.values()];
}
