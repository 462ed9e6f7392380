import type { LogPage } from './polling-subscription';
import type { EventFilter, RecordedEvent } from './port';
import type { sqlStatements } from './postgres-sql';
import {
  firstRow,
  pageHeaderSchema,
  pagePositionSchema,
  toRecordedEvent,
  xidRowSchema,
} from './postgres-rows';
import type { SqlClient } from './sql-client';

const pageSize = 500;
/** How long a hole in the log may stay before the reader takes an xid bound to prove it permanent. */
export const gapRetryMs = 15;

/**
 * Positions come from a sequence, so the log can show position n+1 committed while
 * n is still in flight (its transaction took n first but commits later), and an
 * append that fails after taking a position leaves a permanent hole. Delivering
 * past n too early would skip n forever; waiting on a permanent hole would stall.
 *
 * Why the proof holds: append_events assigns its xid before it takes a position,
 * and positions are handed out in increasing order. If a snapshot S shows some
 * position m > n committed, the owner of n took its xid before n, n before m, and m
 * was committed before S: so the owner's xid is lower than any xid assigned after S.
 * We take such an xid (the bound). Once a later snapshot has xmin >= bound, no
 * transaction below the bound is running; if n is still absent from that snapshot
 * its owner rolled back and the hole is permanent.
 *
 * Not the snapshot's xmax: xmax is one past the latest *completed* xid, and a
 * running transaction can hold an xid at or above it, so xmin >= xmax proves nothing.
 *
 * Most holes are in-flight commits that fill within a millisecond, so the bound (an
 * extra round trip that burns an xid) is only taken when a hole outlives gapRetryMs.
 */
export function createGapSafeReader(sql: SqlClient, statements: ReturnType<typeof sqlStatements>) {
  /** The filter's terms as the statement takes them: null for no restriction. */
  const terms = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? [...values] : null;

  /** The page leaves out the events `filter` does not want; its checkpoint still passes them. */
  return (filter?: EventFilter) => {
    const prefixes = terms(filter?.streamNamePrefixes);
    const types = terms(filter?.eventTypes);
    let gap: { below: number; seenAt: number; bound: bigint | undefined } | undefined;

    return async (after: number): Promise<LogPage> => {
      const rows = await sql.query(statements.readPage, [after, pageSize, prefixes, types]);
      const xmin = BigInt(pageHeaderSchema.parse(firstRow(rows)).snapshot_xmin);
      const events = rows
        .filter((row) => row.position !== null)
        .map((row) => {
          const { position, wanted } = pagePositionSchema.parse(row);
          return { position, event: wanted ? toRecordedEvent(row) : null };
        });
      const highest = events.at(-1)?.position ?? after;
      const settled: RecordedEvent[] = [];
      let checkpoint = after;
      for (const { position, event } of events) {
        if (
          position > checkpoint + 1 &&
          gap?.bound !== undefined &&
          checkpoint + 1 < gap.below &&
          xmin >= gap.bound
        ) {
          checkpoint = Math.min(position, gap.below) - 1;
        }
        if (position > checkpoint + 1) {
          if (gap === undefined || checkpoint + 1 >= gap.below) {
            gap = { below: highest, seenAt: Date.now(), bound: undefined };
          } else if (gap.bound === undefined && Date.now() - gap.seenAt >= gapRetryMs) {
            gap.bound = BigInt(
              xidRowSchema.parse(firstRow(await sql.query(statements.newXid))).xid,
            );
          }
          return { events: settled, checkpoint, status: 'gap' };
        }
        if (event) settled.push(event);
        checkpoint = position;
      }
      return {
        events: settled,
        checkpoint,
        status: events.length === pageSize ? 'more' : 'caught-up',
      };
    };
  };
}
