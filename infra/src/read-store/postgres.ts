import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { asStoreError } from '../event-store/connection-failure';
import { guardValue, lastById } from './guard';
import type { IndexSpec, ReadCollection, ReadDocument, ReadStore } from './port';
import {
  fieldExpression,
  orderBy,
  pathSteps,
  SqlParams,
  sqlLiteral,
  whereClause,
} from './postgres-query';

export interface PostgresReadStoreOptions {
  url: string;
  /** The schema its tables live in (created when missing). */
  schema?: string;
  poolSize?: number;
}

/** How long a process trusts what it read of a table's array-free fields (another process may add some). */
const SCALAR_FIELDS_TTL_MS = 30_000;

/** SQLSTATE undefined_table: another process dropped it (a rebuild's swap) after this one made sure of it. */
const UNDEFINED_TABLE = '42P01';

/** The first key of the advisory locks that serialise this store's DDL between processes. */
const LOCK_SPACE = 0x5152_5331;

/**
 * The ReadStore on a PostgreSQL server (ARCHITECTURE §2: several processes
 * without MongoDB): one table per collection, `id text primary key, doc jsonb`,
 * in a schema of its own, created on first use. find/count translate the
 * MongoDB filter into SQL over jsonb (postgres-query.ts); putMany is one
 * INSERT … ON CONFLICT of a jsonb array. replaceCollection drops the live
 * table and renames the rebuilt one in one transaction: a reader waiting on
 * the lock meanwhile finds the new table under the name once it commits.
 *
 * Indexes are expression indexes on the fields' jsonb (`doc->'userId'`), in
 * MongoDB's order (missing first ascending); an indexed top-level field also
 * gets a CHECK that it holds no array, which lets a query compare it plainly
 * (an index can serve that) instead of looking into array elements as well.
 *
 * String order is the database's collation: it must be C (code point order,
 * as MongoDB's binary comparison), and the character type one that knows
 * accented letters' cases, or creation fails with what to do.
 */
export async function createPostgresReadStore(
  options: PostgresReadStoreOptions,
): Promise<ReadStore> {
  const schema = checkedName(options.schema ?? 'read_models', 'schema');
  const { default: pg } = await import('pg');
  const pool: Pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: 'quitute-read-store',
  });
  // An idle connection that dies emits 'error' on the pool: dropped, the next query reconnects.
  pool.on('error', () => {});
  try {
    await checkDatabaseLocale(pool);
    await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_SPACE, schema]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${identifier(schema)}`);
    });
  } catch (error) {
    await pool.end();
    throw asStoreError(error);
  }

  const tables = new Map<string, Promise<void>>();
  const scalarFields = new Map<string, { fields: Set<string>; readAt: number }>();
  const qualified = (name: string): string => `${identifier(schema)}.${identifier(name)}`;

  const query = async (text: string, values: readonly unknown[] = []) => {
    const result = await pool.query<Record<string, unknown>>(text, [...values]);
    return result.rows;
  };

  const createTable = (client: PoolClient, name: string) =>
    client.query(
      `CREATE TABLE IF NOT EXISTS ${qualified(name)} (id text COLLATE "C" NOT NULL, doc jsonb NOT NULL, CONSTRAINT ${identifier(primaryKeyName(name))} PRIMARY KEY (id))`,
    );
  const lockName = (client: PoolClient, name: string) =>
    client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      LOCK_SPACE,
      `${schema}.${name}`,
    ]);

  const ensureTable = (name: string): Promise<void> => {
    let ready = tables.get(name);
    if (!ready) {
      ready = inTransaction(pool, async (client) => {
        await lockName(client, name);
        await createTable(client, name);
      });
      ready.catch(() => tables.delete(name));
      tables.set(name, ready);
    }
    return ready;
  };

  /** Runs `operation` on the collection's table, made first if need be (once more if another process dropped it). */
  const onTable = async <R>(name: string, operation: () => Promise<R>): Promise<R> => {
    try {
      await ensureTable(name);
      try {
        return await operation();
      } catch (error) {
        if (!isUndefinedTable(error)) throw error;
        tables.delete(name);
        await ensureTable(name);
        return await operation();
      }
    } catch (error) {
      throw asStoreError(error);
    }
  };

  const arrayFreeFields = async (name: string): Promise<Set<string>> => {
    const known = scalarFields.get(name);
    if (known && Date.now() - known.readAt < SCALAR_FIELDS_TTL_MS) return known.fields;
    const rows = await query(
      `SELECT obj_description(oid, 'pg_constraint') AS field FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'c'`,
      [qualified(name)],
    );
    const fields = new Set<string>();
    for (const { field } of rows) if (typeof field === 'string') fields.add(field);
    scalarFields.set(name, { fields, readAt: Date.now() });
    return fields;
  };

  const upsert = (guard: string | undefined): string => {
    const replace = `ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc`;
    if (guard === undefined) return replace;
    const stored = `stored.doc->${sqlLiteral(guard)}`;
    // Replaced when the stored one has no such field, or a number not above the new one.
    return `${replace} WHERE NOT (stored.doc ? ${sqlLiteral(guard)}) OR (jsonb_typeof(${stored}) = 'number' AND ${stored} <= EXCLUDED.doc->${sqlLiteral(guard)})`;
  };

  return {
    collection<T extends ReadDocument = ReadDocument>(name: string): ReadCollection<T> {
      checkedName(name, 'collection');
      const table = qualified(name);
      // The type parameter is the caller's claim about the collection, as with the
      // MongoDB driver's db.collection<T>(); documents come back parsed from jsonb.
      const fromRow = (row: Record<string, unknown>): T => row['doc'] as T;
      const serialised = (document: ReadDocument, guard: string | undefined): string => {
        if (typeof document._id !== 'string') {
          throw new TypeError(`a read document needs a string _id (collection ${name})`);
        }
        if (guard !== undefined) guardValue(document, guard);
        return JSON.stringify(document);
      };
      const selection = async (filter: Parameters<ReadCollection['find']>[0], params: SqlParams) =>
        whereClause(filter, await arrayFreeFields(name), params);

      return {
        get: (id) =>
          onTable(name, async () => {
            const [row] = await query(`SELECT doc FROM ${table} WHERE id = $1`, [id]);
            return row ? fromRow(row) : null;
          }),
        find: (filter, findOptions) =>
          onTable(name, async () => {
            const skip = findOptions?.skip ?? 0;
            const limit = findOptions?.limit ?? 0;
            if (skip < 0 || limit < 0) throw new RangeError('skip and limit must not be negative');
            const params = new SqlParams();
            const where = await selection(filter, params);
            const order = orderBy(findOptions?.sort);
            const page = `${limit > 0 ? ` LIMIT ${params.add(limit, 'bigint')}` : ''}${skip > 0 ? ` OFFSET ${params.add(skip, 'bigint')}` : ''}`;
            const rows = await query(
              `SELECT doc FROM ${table} WHERE ${where} ORDER BY ${order}${page}`,
              params.values,
            );
            return rows.map(fromRow);
          }),
        count: (filter) =>
          onTable(name, async () => {
            const params = new SqlParams();
            const where = await selection(filter, params);
            const [row] = await query(
              `SELECT count(*)::float8 AS n FROM ${table} WHERE ${where}`,
              params.values,
            );
            return Number(row?.['n'] ?? 0);
          }),
        put: (document, putOptions) =>
          onTable(name, async () => {
            const guard = putOptions?.guard;
            await query(
              `INSERT INTO ${table} AS stored (id, doc) VALUES ($1, $2::jsonb) ${upsert(guard)}`,
              [document._id, serialised(document, guard)],
            );
          }),
        // One statement, so one round trip: the batch goes as one jsonb array. Of one
        // _id given twice, the last (ON CONFLICT may not touch a row twice).
        putMany: (documents, putOptions) =>
          onTable(name, async () => {
            const guard = putOptions?.guard;
            const written = lastById(documents);
            if (written.length === 0) return;
            const batch = `[${written.map((document) => serialised(document, guard)).join(',')}]`;
            await query(
              `INSERT INTO ${table} AS stored (id, doc) SELECT d->>'_id', d FROM jsonb_array_elements($1::jsonb) AS d ${upsert(guard)}`,
              [batch],
            );
          }),
        delete: (id, deleteOptions) =>
          onTable(name, async () => {
            const guard = deleteOptions?.guard;
            if (!guard) {
              await query(`DELETE FROM ${table} WHERE id = $1`, [id]);
              return;
            }
            const field = sqlLiteral(guard.field);
            // As a guarded write: only a document without the field, or not above the value.
            await query(
              `DELETE FROM ${table} WHERE id = $1 AND (NOT (doc ? ${field}) OR (jsonb_typeof(doc->${field}) = 'number' AND (doc->${field})::numeric <= $2))`,
              [id, guard.value],
            );
          }),
        clear: () =>
          onTable(name, async () => {
            await query(`DELETE FROM ${table}`);
          }),
      };
    },

    ensureIndexes: (name, specs) =>
      onTable(checkedName(name, 'collection'), async () => {
        if (specs.length === 0) return;
        const table = qualified(name);
        await inTransaction(pool, async (client) => {
          await lockName(client, name);
          const existing = await client.query<{ name: string }>(
            `SELECT relname AS name FROM pg_class WHERE oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = to_regclass($1))
             UNION ALL SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($1)`,
            [table],
          );
          const present = new Set(existing.rows.map((row) => row.name));
          for (const spec of specs) {
            const index = indexName(name, spec);
            if (!present.has(index)) {
              const keys = Object.entries(spec.fields).map(
                ([field, direction]) =>
                  `${fieldExpression(field)} ${direction === 1 ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`,
              );
              if (keys.length === 0) throw new RangeError('an index needs at least one field');
              await client.query(
                `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX ${identifier(index)} ON ${table} (${keys.join(', ')})${spec.unique ? ' NULLS NOT DISTINCT' : ''}`,
              );
              await client.query(
                `COMMENT ON INDEX ${identifier(schema)}.${identifier(index)} IS ${sqlLiteral(JSON.stringify(normalSpec(spec)))}`,
              );
              present.add(index);
            }
            for (const field of Object.keys(spec.fields)) {
              if (field === '_id' || pathSteps(field).length > 1) continue;
              const check = arrayFreeCheckName(field);
              if (present.has(check)) continue;
              await client.query(
                `ALTER TABLE ${table} ADD CONSTRAINT ${identifier(check)} CHECK (jsonb_typeof(${fieldExpression(field)}) IS DISTINCT FROM 'array')`,
              );
              await client.query(
                `COMMENT ON CONSTRAINT ${identifier(check)} ON ${table} IS ${sqlLiteral(field)}`,
              );
              present.add(check);
            }
          }
        });
        scalarFields.delete(name);
      }),

    listIndexes: (name) =>
      onTable(checkedName(name, 'collection'), async () => {
        const rows = await query(
          `SELECT obj_description(indexrelid, 'pg_class') AS spec FROM pg_index WHERE indrelid = to_regclass($1) ORDER BY indexrelid`,
          [qualified(name)],
        );
        return rows.flatMap(({ spec }) => (typeof spec === 'string' ? [parseSpec(spec)] : []));
      }),

    async replaceCollection(target, source) {
      if (target === source) throw new RangeError('a collection cannot replace itself');
      checkedName(target, 'collection');
      checkedName(source, 'collection');
      try {
        await Promise.all([ensureTable(target), ensureTable(source)]);
        await inTransaction(pool, async (client) => {
          for (const name of [target, source].sort()) await lockName(client, name);
          const indexes = await client.query<{ name: string }>(
            `SELECT relname AS name FROM pg_class WHERE oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = to_regclass($1))`,
            [qualified(source)],
          );
          await client.query(`DROP TABLE IF EXISTS ${qualified(target)}`);
          await createTable(client, source);
          await client.query(`ALTER TABLE ${qualified(source)} RENAME TO ${identifier(target)}`);
          await client.query(
            `ALTER TABLE ${qualified(target)} RENAME CONSTRAINT ${identifier(primaryKeyName(source))} TO ${identifier(primaryKeyName(target))}`,
          );
          // Index names are the schema's: the swapped-in table's take the live name's.
          const from = `ix_${tag(source)}_`;
          for (const { name } of indexes.rows) {
            if (!name.startsWith(from)) continue;
            const renamed = `ix_${tag(target)}_${name.slice(from.length)}`;
            await client.query(
              `ALTER INDEX ${identifier(schema)}.${identifier(name)} RENAME TO ${identifier(renamed)}`,
            );
          }
          await createTable(client, source);
        });
      } catch (error) {
        throw asStoreError(error);
      } finally {
        scalarFields.delete(target);
        scalarFields.delete(source);
      }
    },

    async close() {
      await pool.end();
    },
  };
}

async function inTransaction(
  pool: Pool,
  work: (client: PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    client.release(true);
    throw error;
  }
}

/** C order for strings (MongoDB's), and a character type that folds accented letters' case (regex `i`). */
async function checkDatabaseLocale(pool: Pool): Promise<void> {
  const { rows } = await pool.query<Record<string, unknown>>(
    'SELECT *, pg_encoding_to_char(encoding) AS encoding_name FROM pg_database WHERE datname = current_database()',
  );
  const database = rows[0] ?? {};
  const collate = String(database['datcollate']);
  const ctype = String(database['datctype']);
  const provider = database['datlocprovider'];
  const problems: string[] = [];
  if (database['encoding_name'] !== 'UTF8') problems.push('its encoding is not UTF8');
  if ((provider !== undefined && provider !== 'c') || !/^(C|POSIX|C\.UTF-?8)$/i.test(collate)) {
    problems.push(`its collation ${collate} does not order strings by code point`);
  }
  if (/^(C|POSIX)$/i.test(ctype))
    problems.push(`its character type ${ctype} folds only ASCII case`);
  if (problems.length > 0) {
    throw new Error(
      `the read store's database cannot answer as MongoDB does: ${problems.join('; ')}. Create it with CREATE DATABASE … TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`,
    );
  }
}

function isUndefinedTable(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === UNDEFINED_TABLE
  );
}

/** A name PostgreSQL keeps whole (it cuts identifiers at 63 bytes, which could merge two). */
function checkedName(name: string, what: string): string {
  if (name.length === 0 || Buffer.byteLength(name) > 63 || name.includes('\0')) {
    throw new RangeError(
      `a ${what} name must be 1 to 63 bytes without NUL: ${JSON.stringify(name)}`,
    );
  }
  return name;
}

function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A short, stable tag of a text, for names that must stay under 63 bytes. */
function tag(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

function primaryKeyName(table: string): string {
  return `pk_${tag(table)}`;
}

function indexName(table: string, spec: IndexSpec): string {
  return `ix_${tag(table)}_${tag(JSON.stringify(normalSpec(spec)))}`;
}

function arrayFreeCheckName(field: string): string {
  return `scalar_${tag(field)}`;
}

function normalSpec(spec: IndexSpec): IndexSpec {
  return { fields: { ...spec.fields }, ...(spec.unique ? { unique: true } : {}) };
}

function parseSpec(text: string): IndexSpec {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('fields' in parsed)) {
    throw new Error(`an index comment that is no index spec: ${text}`);
  }
  const { fields } = parsed;
  const spec: IndexSpec = { fields: {} };
  if (typeof fields === 'object' && fields !== null) {
    for (const [field, direction] of Object.entries(fields)) {
      if (direction === 1 || direction === -1) spec.fields[field] = direction;
    }
  }
  if ('unique' in parsed && parsed.unique === true) spec.unique = true;
  return spec;
}
