import type { StoredEventRef } from './store-rules';
import { checkReadWindow, prepareAppend, resolveRetry } from './store-rules';
import { startPollingSubscription } from './polling-subscription';
import type { AppendResult, EventStore, NewEvent, RecordedEvent, Subscription } from './port';
import { WrongExpectedRevisionError } from './port';
import { createAppendQueue, createCoalescedNotifier } from './postgres-appends';
import { createGapSafeReader, gapRetryMs } from './postgres-gap-safe-reader';
import {
  appendRowSchema,
  firstRow,
  headRowSchema,
  settledHeadRowSchema,
  snapshotXminRowSchema,
  storedRefSchema,
  toRecordedEvent,
  toRecordedEvents,
  writeTransactionRowSchema,
} from './postgres-rows';
import { sqlStatements } from './postgres-sql';
import type { SqlClient } from './sql-client';
import { isDatabaseError } from './sql-client';
import { silentLogger, type Logger } from '../logging';

const safetyPollMs = 5_000;
/** How long settledPosition waits on running write transactions before it logs them. */
const SETTLE_WARNING_MS = 5_000;
/** Events per query of readAll (a rebuild asks for 5,000 at a time). */
const READ_ALL_PAGE = 10_000;
const schemaPattern = /^[a-z_][a-z0-9_]{0,39}$/;

/** The event store on a PostgreSQL server. `schema` (default public) lets tests use a throwaway one. */
export async function createPostgresEventStore(options: {
  url: string;
  schema?: string;
  poolSize?: number;
  /** Names the store's sessions in pg_stat_activity. */
  applicationName?: string;
  /** Told when settledPosition waits long on other sessions' write transactions. */
  logger?: Logger;
  /** How long that wait is before it is logged (default 5 s). */
  settleWarningMs?: number;
}): Promise<EventStore> {
  const schema = checkSchema(options.schema ?? 'public');
  const { openPgClient } = await import('./pg-client');
  return createSqlEventStore(
    await openPgClient(options.url, options.poolSize, options.applicationName),
    schema,
    options,
  );
}

/** The event store embedded in this process: persisted in dataDir, in memory without one. */
export async function createPgliteEventStore(
  options: { dataDir?: string } = {},
): Promise<EventStore> {
  const { openPgliteClient } = await import('./pglite-client');
  return createSqlEventStore(await openPgliteClient(options.dataDir), 'public');
}

export function checkSchema(schema: string): string {
  if (!schemaPattern.test(schema)) {
    throw new Error(`Schema name ${schema} must match ${String(schemaPattern)}`);
  }
  return schema;
}

export async function createSqlEventStore(
  sql: SqlClient,
  schema: string,
  options: { logger?: Logger; settleWarningMs?: number } = {},
): Promise<EventStore> {
  const settling: SettleWarning = {
    logger: options.logger ?? silentLogger,
    settleWarningMs: options.settleWarningMs ?? SETTLE_WARNING_MS,
  };
  const statements = sqlStatements(schema);
  const channel = `quitute_events_${schema}`;
  try {
    await sql.script(statements.setup);
  } catch (error) {
    await sql.close();
    throw error;
  }

  /** The subscriptions' wake-ups, woken by this process's appends and by NOTIFY. */
  const watchers = new Set<{ wake: () => void; lost: (error: unknown) => void }>();
  const wakeAll = (): void => {
    for (const watcher of watchers) watcher.wake();
  };
  /** One LISTEN per store, shared by its subscriptions; started again by the first to retry after a loss. */
  let listening: Promise<() => Promise<void>> | undefined;
  const listen = (): Promise<() => Promise<void>> => {
    const started = sql.listen(channel, wakeAll, (error) => {
      if (listening === started) listening = undefined;
      const lost = [...watchers];
      watchers.clear();
      for (const watcher of lost) watcher.lost(error);
    });
    listening = started;
    return started;
  };
  const subscriptions = new Set<Subscription>();
  const notifier = createCoalescedNotifier(sql, statements.notify, channel);
  let closed = false;

  const assertOpen = (): void => {
    if (closed) throw new Error('The event store is closed');
  };

  const findStored = async (events: readonly NewEvent[]): Promise<StoredEventRef[]> => {
    const rows = await sql.query(statements.findIds, [JSON.stringify(events)]);
    return rows.map((row) => {
      const parsed = storedRefSchema.parse(row);
      return {
        id: parsed.id,
        streamName: parsed.stream_name,
        revision: parsed.revision,
        position: parsed.position,
        sameContent: parsed.same_content,
      };
    });
  };

  const renew = sql.renew?.bind(sql);
  const readGapSafePage = createGapSafeReader(sql, statements);
  const appends = createAppendQueue(sql, statements, schema);

  return {
    async appendToStream(streamName, events, options): Promise<AppendResult> {
      assertOpen();
      const expected = options?.expectedRevision ?? 'any';
      const batch = prepareAppend(streamName, events, expected);
      let row: Record<string, unknown>;
      try {
        row = await appends.append({
          stream: streamName,
          kind: typeof expected === 'number' ? 'exact' : expected,
          revision: typeof expected === 'number' ? expected : null,
          events: batch,
        });
      } catch (error) {
        if (isDatabaseError(error) && error.constraint === 'events_id_unique') {
          const original = resolveRetry(streamName, batch, await findStored(batch));
          if (original) return original;
        }
        throw error;
      }
      const result = appendRowSchema.parse(row);
      if (
        result.outcome === 'ok' &&
        result.stream_revision !== null &&
        result.last_position !== null
      ) {
        // Sent after commit and outside the append's transaction: NOTIFY inside it takes a
        // database-wide lock held through commit, which serialises every append's fsync
        // (8 writers on 2 cores: ~2.2–3.3k appends/s with it inside, ~3.9–4.5k/s without).
        notifier.send();
        wakeAll();
        return { nextExpectedRevision: result.stream_revision, position: result.last_position };
      }
      const original = resolveRetry(streamName, batch, await findStored(batch));
      if (original) return original;
      throw new WrongExpectedRevisionError(
        streamName,
        expected,
        result.stream_revision ?? 'no_stream',
      );
    },

    async readStream(streamName, options) {
      assertOpen();
      const { from, maxCount } = checkReadWindow({
        from: options?.fromRevision,
        maxCount: options?.maxCount,
      });
      // Prepared: every command reads its stream, and planning it each time cost more than running it.
      const rows = await sql.query(statements.readStream, [streamName, from, maxCount ?? null], {
        name: `quitute_read_stream_${schema}`,
      });
      return rows.map(toRecordedEvent);
    },

    // What is committed now, in position order. A position still in flight can commit
    // later below the last one returned, so following the log page by page is the
    // subscription's job (it waits for such positions), not readAll's.
    async readAll(options) {
      assertOpen();
      const { from, maxCount } = checkReadWindow({
        from: options?.fromPosition,
        maxCount: options?.maxCount,
      });
      // In pages: one page is one JSON text, which must stay far below a string's
      // maximum length however long the log.
      const events: RecordedEvent[] = [];
      let after = from;
      for (;;) {
        const wanted = Math.min(READ_ALL_PAGE, (maxCount ?? Infinity) - events.length);
        if (wanted <= 0) return events;
        const page = toRecordedEvents(
          firstRow(await sql.query(statements.readAllPage, [after, wanted]))['page'],
        );
        for (const event of page) events.push(event);
        const last = page.at(-1);
        if (!last || page.length < wanted) return events;
        after = last.position;
      }
    },

    subscribeToAll(options) {
      assertOpen();
      const subscription = startPollingSubscription(options, {
        readPage: readGapSafePage(options.filter),
        watch: async (wake, lost) => {
          const watcher = { wake, lost };
          watchers.add(watcher);
          const started = listening ?? listen();
          try {
            await started;
          } catch (error) {
            watchers.delete(watcher);
            if (listening === started) listening = undefined;
            throw error;
          }
          return () => watchers.delete(watcher);
        },
        gapRetryMs,
        safetyPollMs,
        // Under a stream of appends each subscription reads at most this often (reading after
        // every append cost a query per command); a read after a quiet spell is not delayed.
        minLiveReadIntervalMs: 10,
      });
      subscriptions.add(subscription);
      return {
        stop: async () => {
          await subscription.stop();
          subscriptions.delete(subscription);
        },
      };
    },

    async headPosition() {
      assertOpen();
      return headRowSchema.parse(firstRow(await sql.query(statements.head))).head;
    },

    async settledPosition(options) {
      assertOpen();
      return readSettledHead(sql, statements, assertOpen, settling, options?.signal);
    },

    ...(renew && {
      releaseReadMemory: async () => {
        assertOpen();
        await renew();
      },
    }),

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
      await notifier.drain();
      const unlisten = await listening?.catch(() => undefined);
      try {
        await unlisten?.();
      } finally {
        // A connection already lost cannot UNLISTEN; it is still closed.
        await sql.close();
      }
    },
  };
}

/**
 * settledPosition: every position up to it is committed (seen by any read started after
 * this returns) or will never exist.
 * max(position) alone is not that: positions come from a sequence, so n can still be in
 * flight while n+1 is committed, and a rebuild or first build that stops at n+1 would
 * skip n for good once it commits.
 *
 * Why it holds (the subscriptions' gap proof, postgres-gap-safe-reader.ts, applied to
 * the whole log): one statement reads M = max(position) in its snapshot S, S's xmin,
 * and an xid B (the bound) taken while it runs, so after S was taken. A position p <= M
 * still in flight at S belongs to a transaction that took its xid before p
 * (append_events' first action), p before M (the sequence), and M's owner committed
 * before S: that xid was assigned before S, so it is below B. A snapshot whose xmin is
 * >= B has no transaction below B running: from then on p is committed and visible, or
 * was rolled back. S's list of running xids would not do: a transaction whose xid is at
 * or above S's xmax is running but not listed.
 *
 * S's own xmin is >= B when no write transaction was running anywhere on the server
 * as S was taken (always so on PGlite, one session): one query, as a plain max did.
 * Else it asks again after 1 ms, doubling to 50 ms, for as long as it takes: a long
 * write transaction anywhere on the server (xids are the whole server's) delays it, as
 * it delays the subscriptions' gap proof. Read-only sessions have no xid and never
 * delay it. B costs an xid, whose commit writes a WAL record but waits for no flush.
 */
async function readSettledHead(
  sql: SqlClient,
  statements: ReturnType<typeof sqlStatements>,
  assertOpen: () => void,
  { logger, settleWarningMs }: SettleWarning,
  signal: AbortSignal | undefined,
): Promise<number> {
  const startedAt = Date.now();
  let warned = false;
  const read = settledHeadRowSchema.parse(firstRow(await sql.query(statements.settledHead)));
  const bound = BigInt(read.bound);
  let xmin = BigInt(read.snapshot_xmin);
  for (let waitMs = 1; xmin < bound; waitMs = Math.min(waitMs * 2, 50)) {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    assertOpen();
    signal?.throwIfAborted();
    xmin = BigInt(
      snapshotXminRowSchema.parse(firstRow(await sql.query(statements.snapshotXmin))).snapshot_xmin,
    );
    if (!warned && xmin < bound && Date.now() - startedAt >= settleWarningMs) {
      warned = true;
      await warnOfWriteTransactions(sql, statements, logger, Date.now() - startedAt);
    }
  }
  if (warned) {
    logger.info({ waitedMs: Date.now() - startedAt }, 'The settled position of the log is read');
  }
  return read.head;
}

/** Where settledPosition logs the transactions it waits long for, and after how long. */
interface SettleWarning {
  logger: Logger;
  settleWarningMs: number;
}

/**
 * One warning naming the oldest write transactions on the server: a rebuild, a first
 * build or the payment relay's first start waits for them, and without it only waits.
 */
async function warnOfWriteTransactions(
  sql: SqlClient,
  statements: ReturnType<typeof sqlStatements>,
  logger: Logger,
  waitedMs: number,
): Promise<void> {
  const transactions = await sql
    .query(statements.writeTransactions)
    .then((rows) => rows.map((row) => writeTransactionRowSchema.parse(row)))
    // A role without access to pg_stat_activity still gets the warning.
    .catch(() => []);
  logger.warn(
    {
      waitedMs,
      transactions: transactions.map((row) => ({
        pid: row.pid,
        database: row.database,
        applicationName: row.application_name,
        state: row.state,
        startedAt: row.started_at,
      })),
    },
    'The settled position of the log waits for write transactions still running on the server (any database): a rebuild, a first build or the payment relay waits with it',
  );
}
