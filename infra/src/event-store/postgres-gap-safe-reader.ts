import type { LogPage } from './polling-subscription';
import { matchesFilter } from './store-rules';
import type { EventFilter, RecordedEvent } from './port';
import type { sqlStatements } from './postgres-sql';
import { firstRow, pageRowSchema, toPageEntries, xidRowSchema } from './postgres-rows';
import type { SqlClient } from './sql-client';

/** Positions per page: a subscription catching up with a long log reads it in pages this big. */
const pageSize = 2_000;
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
type Terms = string[] | null;

/** Both filters' events: null (no restriction) wins, else every term of either. */
function unionTerms(terms: readonly Terms[]): Terms {
  if (terms.some((term) => term === null)) return null;
  return [...new Set(terms.flatMap((term) => term ?? []))];
}

/**
 * Page reads asked during one turn of the event loop from the same position go
 * to the server as one query, whose filter is the union of theirs (each reader
 * then keeps what its own filter wants). The shop's subscriptions (projections,
 * the command side's views, the process manager, the relay) are woken by the same
 * notification and mostly sit at the same checkpoint: one read serves them all.
 * Only reads not yet sent are joined: a read already sent may predate the commit
 * that woke a subscriber, and that subscriber would then miss it until the next
 * wake-up.
 */
export function createSharedPageQueries(
  sql: SqlClient,
  statements: ReturnType<typeof sqlStatements>,
) {
  type Ask = {
    prefixes: Terms;
    types: Terms;
    resolve: (rows: Record<string, unknown>[]) => void;
    reject: (error: unknown) => void;
  };
  const waiting = new Map<number, Ask[]>();
  let scheduled = false;

  const send = (): void => {
    scheduled = false;
    const batches = [...waiting];
    waiting.clear();
    for (const [after, asks] of batches) {
      const prefixes = unionTerms(asks.map((ask) => ask.prefixes));
      const types = unionTerms(asks.map((ask) => ask.types));
      sql.query(statements.readPage, [after, pageSize, prefixes, types]).then(
        (rows) => {
          for (const ask of asks) ask.resolve(rows);
        },
        (error: unknown) => {
          for (const ask of asks) ask.reject(error);
        },
      );
    }
  };

  return (after: number, prefixes: Terms, types: Terms): Promise<Record<string, unknown>[]> =>
    new Promise((resolve, reject) => {
      const asks = waiting.get(after);
      if (asks) asks.push({ prefixes, types, resolve, reject });
      else waiting.set(after, [{ prefixes, types, resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
    });
}

export function createGapSafeReader(
  sql: SqlClient,
  statements: ReturnType<typeof sqlStatements>,
  queryPage: ReturnType<typeof createSharedPageQueries> = createSharedPageQueries(sql, statements),
) {
  /** The filter's terms as the statement takes them: null for no restriction. */
  const terms = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? [...values] : null;

  /** The page leaves out the events `filter` does not want; its checkpoint still passes them. */
  return (filter?: EventFilter) => {
    const prefixes = terms(filter?.streamNamePrefixes);
    const types = terms(filter?.eventTypes);
    let gap: { below: number; seenAt: number; bound: bigint | undefined } | undefined;

    return async (after: number): Promise<LogPage> => {
      const page = pageRowSchema.parse(firstRow(await queryPage(after, prefixes, types)));
      const xmin = BigInt(page.snapshot_xmin);
      // A shared read carries the events other readers wanted too: keep only this filter's.
      const events = toPageEntries(page.page).map(({ position, event }) => ({
        position,
        event: event && matchesFilter(filter, event) ? event : null,
      }));
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
