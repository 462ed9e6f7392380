/**
 * Every statement of the SQL event store, shared verbatim by the PostgreSQL server
 * and PGlite. The schema name is validated by the caller and spliced in quoted.
 */
export function sqlStatements(schema: string) {
  const s = `"${schema}"`;
  const eventColumns =
    'position, id::text AS id, stream_name, revision, type, data, metadata, recorded_at';
  // An event as a JSON array, recorded_at as JSON spells a UTC timestamp (ISO 8601 without
  // a zone, 0 to 6 fraction digits), made Date.toISOString()'s spelling when read
  // (postgres-rows.ts). to_char made it so here for about 15% of a scan of the log in PGlite.
  const eventJson = `json_build_array(position, id, stream_name, revision, type, data, metadata,
    recorded_at AT TIME ZONE 'UTC')::text`;
  return {
    // The advisory lock serialises two processes starting on an empty schema at once;
    // CREATE ... IF NOT EXISTS alone races on the catalogue.
    setup: `
      SELECT pg_advisory_xact_lock(hashtext('quitute_event_store:' || '${schema}'));
      CREATE SCHEMA IF NOT EXISTS ${s};
      CREATE TABLE IF NOT EXISTS ${s}.events (
        position bigint GENERATED ALWAYS AS IDENTITY (START WITH 1) PRIMARY KEY,
        id uuid NOT NULL CONSTRAINT events_id_unique UNIQUE,
        stream_name text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        tx_id xid8 NOT NULL,
        CONSTRAINT events_stream_revision_unique UNIQUE (stream_name, revision)
      );
      CREATE TABLE IF NOT EXISTS ${s}.streams (
        stream_name text PRIMARY KEY,
        revision bigint NOT NULL
      );
      -- The work of one append, on events already parsed (append_batch calls it with
      -- each append's part of its JSON, without printing and parsing it again).
      CREATE OR REPLACE FUNCTION ${s}.append_parsed_events(
        p_stream text,
        p_expected_kind text,
        p_expected_revision bigint,
        v_events jsonb
      ) RETURNS TABLE (outcome text, stream_revision bigint, last_position bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        -- Must stay the first action, before any nextval: the subscriber's gap proof
        -- relies on the owner of a position having its xid before taking the position.
        v_tx xid8 := pg_current_xact_id();
        v_count bigint := jsonb_array_length(v_events);
        v_current bigint;
        v_found boolean;
        v_last bigint;
        v_position bigint;
      BEGIN
        LOOP
          -- The row lock serialises appends to one stream; READ COMMITTED re-reads it
          -- after waiting, so the check below sees the winner's revision.
          SELECT st.revision INTO v_current FROM ${s}.streams st
            WHERE st.stream_name = p_stream FOR UPDATE;
          v_found := FOUND;
          IF (CASE p_expected_kind
                WHEN 'any' THEN false
                WHEN 'no_stream' THEN v_found
                WHEN 'stream_exists' THEN NOT v_found
                ELSE NOT v_found OR v_current <> p_expected_revision
              END) THEN
            -- No position was taken: a conflict leaves no hole in the log.
            RETURN QUERY SELECT 'conflict'::text, v_current, NULL::bigint;
            RETURN;
          END IF;
          v_last := COALESCE(v_current, -1) + v_count;
          IF v_found THEN
            UPDATE ${s}.streams SET revision = v_last WHERE stream_name = p_stream;
            EXIT;
          END IF;
          INSERT INTO ${s}.streams (stream_name, revision) VALUES (p_stream, v_last)
            ON CONFLICT (stream_name) DO NOTHING;
          -- Created concurrently by a committed append: loop to lock it and check again.
          EXIT WHEN FOUND;
        END LOOP;
        WITH inserted AS (
          INSERT INTO ${s}.events (id, stream_name, revision, type, data, metadata, tx_id)
          SELECT (e.value->>'id')::uuid, p_stream, COALESCE(v_current, -1) + e.ordinality,
                 e.value->>'type', e.value->'data', e.value->'metadata', v_tx
          FROM jsonb_array_elements(v_events) WITH ORDINALITY AS e
          ORDER BY e.ordinality
          RETURNING position
        )
        SELECT max(inserted.position) INTO v_position FROM inserted;
        RETURN QUERY SELECT 'ok'::text, v_last, v_position;
      END
      $fn$;
      CREATE OR REPLACE FUNCTION ${s}.append_events(
        p_stream text,
        p_expected_kind text,
        p_expected_revision bigint,
        p_events text
      ) RETURNS TABLE (outcome text, stream_revision bigint, last_position bigint)
      LANGUAGE sql AS $fn$
        SELECT * FROM ${s}.append_parsed_events(p_stream, p_expected_kind, p_expected_revision,
          p_events::jsonb)
      $fn$;
      -- Several appends (JSON: [{stream, kind, revision, events}]) in one transaction and one
      -- round trip, each as append_events does it, one result row per append in input order.
      CREATE OR REPLACE FUNCTION ${s}.append_batch(p_appends text)
      RETURNS TABLE (ordinal bigint, outcome text, stream_revision bigint, last_position bigint)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_append record;
        v_ids uuid[];
      BEGIN
        -- First, as in append_events: the gap proof needs the xid before any position.
        PERFORM pg_current_xact_id();
        FOR v_append IN
          SELECT a.value, a.ordinality FROM jsonb_array_elements(p_appends::jsonb)
            WITH ORDINALITY AS a ORDER BY a.ordinality
        LOOP
          -- The ids as an array first: "id = ANY(array)" is one index probe per id, where
          -- "id IN (SELECT … jsonb_array_elements …)" let the planner guess a set of 100
          -- rows and cost as much as the append itself.
          SELECT array_agg((e.value->>'id')::uuid) INTO v_ids
            FROM jsonb_array_elements(v_append.value->'events') AS e;
          IF EXISTS (SELECT 1 FROM ${s}.events ev WHERE ev.id = ANY(v_ids)) THEN
            -- An id already stored (a retry) would abort the whole batch on the unique
            -- constraint: 'retry' tells the caller to append this one alone.
            RETURN QUERY SELECT v_append.ordinality, 'retry'::text, NULL::bigint, NULL::bigint;
          ELSE
            RETURN QUERY SELECT v_append.ordinality, r.outcome, r.stream_revision, r.last_position
              FROM ${s}.append_parsed_events(v_append.value->>'stream', v_append.value->>'kind',
                (v_append.value->>'revision')::bigint, v_append.value->'events') AS r;
          END IF;
        END LOOP;
      END
      $fn$;
    `,
    append: `SELECT outcome, stream_revision, last_position FROM ${s}.append_events($1, $2, $3, $4)`,
    appendBatch: `SELECT ordinal, outcome, stream_revision, last_position FROM ${s}.append_batch($1)
      ORDER BY ordinal`,
    // Only on an append's failure path, never on its hot path. jsonb equality is
    // semantic (key order, 1.0 = 1), so a retry matches however its JSON was spelled.
    findIds: `SELECT ev.id::text AS id, ev.stream_name, ev.revision, ev.position,
        (ev.type = e.value->>'type' AND ev.data = e.value->'data'
          AND ev.metadata = e.value->'metadata') AS same_content
      FROM jsonb_array_elements($1::jsonb) AS e
      JOIN ${s}.events ev ON ev.id = (e.value->>'id')::uuid`,
    readStream: `SELECT ${eventColumns} FROM ${s}.events
      WHERE stream_name = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
    // A page of the log as one JSON text of [position, id, stream_name, revision, type,
    // data, metadata, recorded_at] arrays: one value to hand over and one JSON.parse,
    // where a row per event cost PGlite a protocol message and a parse per field
    // (~4× slower).
    readAllPage: `SELECT COALESCE('[' || string_agg(${eventJson}, ',' ORDER BY position) || ']', '[]')
        AS page
      FROM (SELECT * FROM ${s}.events WHERE position > $1 ORDER BY position LIMIT $2) page`,
    // pg_current_snapshot() in the same statement is the snapshot the rows were read with.
    // Every position comes back (the gap proof needs them all), as a bare number in the
    // page's JSON, but only the events the subscription's filter wants ($3 stream name
    // prefixes, $4 types; null: any) as a whole event (as readAllPage has them).
    readPage: `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS snapshot_xmin,
        COALESCE('[' || string_agg(CASE WHEN wanted THEN ${eventJson} ELSE position::text END,
          ',' ORDER BY position) || ']', '[]') AS page
      FROM (
        SELECT ev.*,
          ($3::text[] IS NULL
            OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS p(prefix)
              WHERE starts_with(ev.stream_name, p.prefix)))
          AND ($4::text[] IS NULL OR ev.type = ANY($4::text[])) AS wanted
        FROM ${s}.events ev
        WHERE ev.position > $1 ORDER BY ev.position LIMIT $2
      ) page`,
    // Assigning an xid (and committing at once) gives a value above every xid already handed out.
    newXid: 'SELECT pg_current_xact_id()::text AS xid',
    // One statement, so one snapshot (the one pg_current_snapshot() returns): the head read
    // in it, its xmin, and an xid taken while the statement runs, after the snapshot (the
    // bound). Why they make a settled head: readSettledHead (postgres.ts).
    head: `SELECT COALESCE(max(position), 0) AS head FROM ${s}.events`,
    settledHead: `SELECT COALESCE(max(position), 0) AS head,
        pg_snapshot_xmin(pg_current_snapshot())::text AS snapshot_xmin,
        pg_current_xact_id()::text AS bound
      FROM ${s}.events`,
    snapshotXmin: 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS snapshot_xmin',
    // What a settled position waits for, named for the log: the server's oldest xids still
    // running (write transactions, whatever their database; prepared ones too, which no
    // session holds), oldest first by xid: another role's session shows its xid but not
    // its start or state.
    writeTransactions: `SELECT * FROM (
        SELECT pid, datname AS database, application_name, state,
          to_char(xact_start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS started_at,
          age(backend_xid) AS xid_age
        FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
        UNION ALL
        SELECT NULL, database, 'prepared transaction ' || gid, 'prepared',
          to_char(prepared AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), age(transaction)
        FROM pg_prepared_xacts
      ) running ORDER BY xid_age DESC LIMIT 5`,
    notify: `SELECT pg_notify($1, '')`,
  };
}
