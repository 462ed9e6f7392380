/**
 * Event evolution (STYLE rule 3: contracts are append-only, stored events are
 * never rewritten). When an event type's data changes shape, its schema
 * describes the new shape and an upcaster turns the old shape into it; events
 * are upcast where they are read back, before their schema parses them.
 *
 * The version an event was written in is `metadata.schemaVersion`, absent for
 * version 1: an event type's current version is one more than its number of
 * upcasters, and the command pipeline stamps it on every event it appends whose
 * type has evolved (so the metadata of every other event stays as it was).
 */

/** One step: the data of an event type's version n, as stored, turned into version n + 1. */
export type Upcaster = (data: Readonly<Record<string, unknown>>) => Record<string, unknown>;

/** Per event type, its upcasters in order: v1 → v2, v2 → v3, … */
export type UpcasterRegistry = Readonly<Record<string, readonly Upcaster[]>>;

/** What reading an event back needs of it: its type, its data and the version it was written in. */
export interface StoredEvent {
  type: string;
  data: unknown;
  metadata?: { schemaVersion?: number | undefined } | undefined;
}

export class UnknownSchemaVersionError extends Error {
  override readonly name = 'UnknownSchemaVersionError';
}

/** The version a writer stamps on a new event of `type` (1 for a type that never evolved). */
export function currentSchemaVersion(registry: UpcasterRegistry, type: string): number {
  return 1 + (Object.hasOwn(registry, type) ? (registry[type]?.length ?? 0) : 0);
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The event's data in its type's current version. A version newer than this
 * release knows (written by a newer deployment) is refused rather than guessed at.
 */
export function upcastWith(registry: UpcasterRegistry, event: StoredEvent): unknown {
  const version = event.metadata?.schemaVersion ?? 1;
  const current = currentSchemaVersion(registry, event.type);
  if (!Number.isInteger(version) || version < 1 || version > current) {
    throw new UnknownSchemaVersionError(
      `${event.type} has schema version ${version}; this release reads versions 1 to ${current}`,
    );
  }
  if (version === current || !isRecord(event.data)) return event.data;
  const steps = registry[event.type] ?? [];
  return steps
    .slice(version - 1)
    .reduce<Record<string, unknown>>((data, step) => step(data), { ...event.data });
}
