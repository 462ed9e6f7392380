import type { NewEvent } from './port';
import type { sqlStatements } from './postgres-sql';
import { batchRowSchema, firstRow } from './postgres-rows';
import type { SqlClient } from './sql-client';

/** Append transactions in flight per store; appends arriving meanwhile wait and go together. */
const appendTransactions = 2;
const maxBatchAppends = 64;

export interface QueuedAppend {
  stream: string;
  kind: string;
  revision: number | null;
  events: NewEvent[];
}

/**
 * Appends go out through at most `appendTransactions` transactions at a time; those
 * that arrive meanwhile wait, then go together in one transaction and one round trip
 * (append_batch), each checked exactly as it would be alone. An append's fixed costs
 * (round trip, xid, commit record, WAL flush) are then shared, on Node's side and the
 * server's. A lone append still goes at once, on its own.
 *
 * Resolves with the append's row (outcome, stream_revision, last_position). An
 * append the batch cannot settle (an id already stored, or the batch failing on a
 * concurrent one) is made again alone, so its error is the one it would meet alone.
 */
export function createAppendQueue(
  sql: SqlClient,
  statements: ReturnType<typeof sqlStatements>,
  schema: string,
) {
  const waiting: {
    append: QueuedAppend;
    resolve: (row: Record<string, unknown>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let running = 0;

  const alone = async (append: QueuedAppend): Promise<Record<string, unknown>> =>
    firstRow(
      await sql.query(
        statements.append,
        [append.stream, append.kind, append.revision, JSON.stringify(append.events)],
        { name: `quitute_append_${schema}` },
      ),
    );

  const run = async (group: typeof waiting): Promise<void> => {
    const only = group.length === 1 ? group[0] : undefined;
    if (only) {
      await alone(only.append).then(only.resolve, only.reject);
      return;
    }
    // Stream rows are locked in name order, so two batches never wait on each other in a cycle.
    group.sort((a, b) =>
      a.append.stream < b.append.stream ? -1 : a.append.stream > b.append.stream ? 1 : 0,
    );
    let rows: Record<string, unknown>[];
    try {
      rows = await sql.query(
        statements.appendBatch,
        [JSON.stringify(group.map((entry) => entry.append))],
        { name: `quitute_append_batch_${schema}` },
      );
    } catch {
      // Nothing of the batch was stored: each append tries again alone and meets its own error.
      await Promise.all(
        group.map((entry) => alone(entry.append).then(entry.resolve, entry.reject)),
      );
      return;
    }
    await Promise.all(
      group.map(async (entry, index) => {
        const row = rows[index];
        if (row && batchRowSchema.parse(row).outcome !== 'retry') entry.resolve(row);
        else await alone(entry.append).then(entry.resolve, entry.reject);
      }),
    );
  };

  const pump = (): void => {
    while (running < appendTransactions && waiting.length > 0) {
      const group = waiting.splice(0, maxBatchAppends);
      running += 1;
      run(group)
        .catch((error: unknown) => {
          // Unexpected (a malformed answer): whoever is still waiting hears of it.
          for (const entry of group) entry.reject(error);
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  };

  return {
    append: (append: QueuedAppend): Promise<Record<string, unknown>> =>
      new Promise((resolve, reject) => {
        waiting.push({ append, resolve, reject });
        pump();
      }),
  };
}

/**
 * NOTIFYs about this far apart (timers are not exact). Under a stream of
 * appends (a busy shop: thousands a second) one NOTIFY then wakes the other
 * processes for all the appends of its 10 ms instead of one query per append's
 * round trip (cart load: about 40% of the shop's queries were NOTIFYs); a lone
 * append is still announced at once.
 */
const NOTIFY_SPACING_MS = 10;

/**
 * Every append is followed by a NOTIFY sent after its commit, so a woken
 * subscriber always finds it: sent at once when none went out in the last
 * NOTIFY_SPACING_MS and none is in flight, otherwise once both hold (one
 * NOTIFY still to send covers every append committed before it goes). At most
 * one is in flight, so NOTIFYs never crowd the appends out of the pool. A lost
 * NOTIFY (connection error) only delays subscribers until their safety poll.
 */
export function createCoalescedNotifier(sql: SqlClient, statement: string, channel: string) {
  let inFlight: Promise<void> | undefined;
  let due = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSentAt = -Infinity;
  let draining = false;

  const sendWhenAllowed = (): void => {
    if (!due || inFlight || timer) return;
    const wait = draining ? 0 : lastSentAt + NOTIFY_SPACING_MS - performance.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        sendWhenAllowed();
      }, wait);
      return;
    }
    due = false;
    lastSentAt = performance.now();
    inFlight = sql
      .query(statement, [channel])
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        inFlight = undefined;
        sendWhenAllowed();
      });
  };

  return {
    send(): void {
      due = true;
      sendWhenAllowed();
    },
    /** Sends the NOTIFY still due now, and waits until none is in flight. */
    drain: async (): Promise<void> => {
      draining = true;
      clearTimeout(timer);
      timer = undefined;
      sendWhenAllowed();
      while (inFlight) await inFlight;
    },
  };
}
