import { z } from 'zod';
import { firstRow } from './postgres-rows';
import type { SqlClient } from './sql-client';

/**
 * The SQL event store's log as its rows, for a backup and its restore: each
 * event as one JSON array text `[position, id, stream_name, revision, type,
 * data, metadata, recorded_at]`, recorded_at in UTC to the microsecond (the
 * column's own precision, where readAll keeps milliseconds). Restored rows keep
 * their positions (holes left by rolled-back appends included), revisions, ids
 * and times; the streams table and the position sequence are then set from them.
 */
export interface LogRows {
  /** How many events and streams the log holds up to `upTo`; the id of its first event. */
  describe(upTo: number): Promise<{ events: number; streams: number; firstEventId: string | null }>;
  /**
   * The rows after `after` up to `upTo`, at most `limit`, as JSON array texts in
   * position order. Positions at or below a settled position never change, so
   * pages read one after another, while appends go on, make one consistent prefix.
   */
  page(after: number, upTo: number, limit: number): Promise<{ rows: string[]; last: number }>;
  /** Whether the log holds no event (a restore goes only into an empty one). */
  isEmpty(): Promise<boolean>;
  /** Inserts rows as `page` gave them, at their positions, in one statement. */
  insert(rows: readonly string[]): Promise<void>;
  /** After the last insert: each stream's revision and the next position follow the rows. */
  finishInsert(): Promise<void>;
}

const describeRowSchema = z.object({
  events: z.coerce.number(),
  streams: z.coerce.number(),
  first_event_id: z.string().nullable(),
});
const pageRowSchema = z.object({ rows: z.string(), last: z.coerce.number().nullable() });
const emptyRowSchema = z.object({ empty: z.boolean() });

export function createLogRows(sql: SqlClient, schema: string): LogRows {
  const s = `"${schema}"`;
  const statements = {
    describe: `SELECT count(*) AS events, count(DISTINCT stream_name) AS streams,
        (SELECT id::text FROM ${s}.events ORDER BY position LIMIT 1) AS first_event_id
      FROM ${s}.events WHERE position <= $1`,
    // One text of newline-separated rows: one value to hand over however many rows (JSON
    // escapes every newline inside a value, so a newline only ever ends a row).
    page: `SELECT COALESCE(string_agg(json_build_array(position, id, stream_name, revision, type,
          data, metadata,
          to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text,
          E'\\n' ORDER BY position), '') AS rows,
        max(position) AS last
      FROM (SELECT * FROM ${s}.events WHERE position > $1 AND position <= $2
        ORDER BY position LIMIT $3) page`,
    isEmpty: `SELECT NOT EXISTS (SELECT 1 FROM ${s}.events) AS empty`,
    insert: `INSERT INTO ${s}.events (position, id, stream_name, revision, type, data, metadata,
        recorded_at, tx_id) OVERRIDING SYSTEM VALUE
      SELECT (r->>0)::bigint, (r->>1)::uuid, r->>2, (r->>3)::bigint, r->>4, r->5, r->6,
        (r->>7)::timestamptz, pg_current_xact_id()
      FROM jsonb_array_elements($1::jsonb) AS r`,
    finishInsert: `
      INSERT INTO ${s}.streams (stream_name, revision)
        SELECT stream_name, max(revision) FROM ${s}.events GROUP BY stream_name
        ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision;
      SELECT setval(pg_get_serial_sequence('${s}.events', 'position'),
        COALESCE((SELECT max(position) FROM ${s}.events), 1),
        (SELECT count(*) > 0 FROM ${s}.events));
    `,
  };
  return {
    async describe(upTo) {
      const row = describeRowSchema.parse(firstRow(await sql.query(statements.describe, [upTo])));
      return { events: row.events, streams: row.streams, firstEventId: row.first_event_id };
    },
    async page(after, upTo, limit) {
      const row = pageRowSchema.parse(
        firstRow(await sql.query(statements.page, [after, upTo, limit])),
      );
      return { rows: row.rows === '' ? [] : row.rows.split('\n'), last: row.last ?? after };
    },
    async isEmpty() {
      return emptyRowSchema.parse(firstRow(await sql.query(statements.isEmpty))).empty;
    },
    async insert(rows) {
      if (rows.length === 0) return;
      await sql.query(statements.insert, [`[${rows.join(',')}]`]);
    },
    async finishInsert() {
      await sql.script(statements.finishInsert);
    },
  };
}
