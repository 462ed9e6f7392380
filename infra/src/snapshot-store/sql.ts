import type { SqlClient } from '../event-store/sql-client';
import { storedSnapshotSchema, type SnapshotStore } from './port';

/**
 * Snapshots in a `snapshots` table of the SQL event store's own schema and
 * connection (a PostgreSQL server or PGlite, which admits one connection). The
 * client belongs to the event store, so closing this store leaves it open.
 * The schema name is validated by the caller and spliced in quoted.
 */
export async function createSqlSnapshotStore(
  sql: SqlClient,
  schema: string,
): Promise<SnapshotStore> {
  const s = `"${schema}"`;
  // The advisory lock serialises two processes starting on an empty schema at once.
  await sql.script(`
    SELECT pg_advisory_xact_lock(hashtext('quitute_snapshots:' || '${schema}'));
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.snapshots (
      stream_name text PRIMARY KEY,
      version text NOT NULL,
      revision bigint NOT NULL,
      position bigint NOT NULL,
      state jsonb NOT NULL,
      written_at timestamptz NOT NULL DEFAULT now()
    );
  `);
  const read = `SELECT version, revision, position, state FROM ${s}.snapshots
    WHERE stream_name = $1`;
  // The WHERE is port.ts's `replaces`, decided inside the row lock so concurrent writers agree.
  const write = `INSERT INTO ${s}.snapshots (stream_name, version, revision, position, state)
    VALUES ($1, $2, $3, $4, $5::jsonb)
    ON CONFLICT (stream_name) DO UPDATE SET
      version = EXCLUDED.version, revision = EXCLUDED.revision, position = EXCLUDED.position,
      state = EXCLUDED.state, written_at = now()
    WHERE snapshots.version <> EXCLUDED.version OR snapshots.revision < EXCLUDED.revision`;

  return {
    async read(streamName) {
      const [row] = await sql.query(read, [streamName], { name: `snapshot_read_${schema}` });
      return row ? storedSnapshotSchema.parse(row) : null;
    },
    async write(streamName, snapshot) {
      await sql.query(
        write,
        [
          streamName,
          snapshot.version,
          snapshot.revision,
          snapshot.position,
          JSON.stringify(snapshot.state),
        ],
        { name: `snapshot_write_${schema}` },
      );
    },
    async close() {},
  };
}
