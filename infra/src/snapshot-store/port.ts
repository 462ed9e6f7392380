import { z } from 'zod';
import type { JsonValue } from '../event-store/port';

/**
 * The SnapshotStore port: the state an aggregate's decider folded from a stream,
 * kept beside that stream so a command reads only the events after it. A
 * snapshot is a cache: losing one costs a longer read, never a wrong answer, so
 * every rule here is about never handing back a state that disagrees with the
 * events.
 */
export interface Snapshot {
  /** Which fold made the state: a reader expecting another version ignores it. */
  version: string;
  /** Revision of the stream's last event folded into `state`. */
  revision: number;
  /** Global position of that event. */
  position: number;
  state: JsonValue;
}

export interface SnapshotStore {
  /** The stream's snapshot, or null when there is none. */
  read(streamName: string): Promise<Snapshot | null>;
  /**
   * Keeps `snapshot` unless the stored one has the same version and a revision at
   * least as high: of two concurrent writers the further one wins, and a new
   * version replaces an old one at once (a rolled-back deploy rebuilds it again).
   */
  write(streamName: string, snapshot: Snapshot): Promise<void>;
  close(): Promise<void>;
}

const safeInteger = z.union([z.number(), z.string(), z.bigint()]).transform((value, ctx) => {
  const number = Number(value);
  if (Number.isSafeInteger(number) && number >= 0) return number;
  ctx.addIssue({ code: 'custom', message: `${String(value)} is not a safe non-negative integer` });
  return z.NEVER;
});

/** A snapshot as stored, checked when read back (an edge). */
export const storedSnapshotSchema = z.object({
  version: z.string().min(1),
  revision: safeInteger,
  position: safeInteger,
  state: z.json(),
});

/** The one replacement rule every adapter applies (its SQL twin is in sql.ts). */
export function replaces(next: Snapshot, stored: Snapshot | null): boolean {
  return stored === null || stored.version !== next.version || stored.revision < next.revision;
}
