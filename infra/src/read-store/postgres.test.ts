import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeWithPostgres, throwawaySchema } from '../testing';
import { readStoreContract } from './contract';
import { createReadStore } from './index';
import type { ReadStore } from './port';
import { createPostgresReadStore } from './postgres';
import { orderBy, SqlParams, UnsupportedFilterError, whereClause } from './postgres-query';

await describeWithPostgres('ReadStore on a PostgreSQL server', (url) => {
  readStoreContract('postgres', async () => {
    // A schema of its own per test, dropped afterwards, so runs never share tables.
    const { schema, drop } = throwawaySchema(url);
    const store = await createPostgresReadStore({ url, schema, poolSize: 4 });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });

  describe('PostgreSQL read store', () => {
    let schema: string;
    let drop: () => Promise<void>;
    let store: ReadStore;
    let sql: pg.Client;
    const byUser = { fields: { userId: 1, createdAt: -1, orderNumber: -1 } } as const;

    beforeEach(async () => {
      ({ schema, drop } = throwawaySchema(url));
      store = await createPostgresReadStore({ url, schema, poolSize: 2 });
      sql = new pg.Client({ connectionString: url });
      await sql.connect();
    });

    afterEach(async () => {
      await sql.end();
      await store.close();
      await drop();
    });

    const indexDefinitions = async (table: string): Promise<string[]> => {
      const { rows } = await sql.query<{ indexdef: string }>(
        'SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY indexname',
        [schema, table],
      );
      return rows.map((row) => row.indexdef);
    };

    it('given operators it does not translate, when finding, then it refuses with a clear error instead of answering', async () => {
      const orders = store.collection('orders_v1');
      await orders.put({ _id: 'o1', items: [{ qty: 20 }] });
      for (const filter of [
        { items: { $elemMatch: { qty: 20 } } },
        { items: { $size: 1 } },
        { items: [{ qty: 20 }] },
        { items: { qty: 20 } },
        { 'items.0.qty': 20 },
        { name: { $regex: '\\d+' } },
        { name: { $regex: 'a', $options: 'x' } },
        { $where: 'true' },
      ]) {
        await expect(orders.find(filter), JSON.stringify(filter)).rejects.toThrow(
          UnsupportedFilterError,
        );
      }
    });

    it('given declared indexes, then pg_indexes shows them on the fields’ jsonb in MongoDB’s order, and a replaced collection keeps the rebuilt one’s', async () => {
      await store.ensureIndexes('orders_v1', [byUser]);
      expect(await indexDefinitions('orders_v1')).toEqual([
        expect.stringMatching(
          /ON .*orders_v1 USING btree \(\(\(doc -> 'userId'::text\)\) NULLS FIRST, \(\(doc -> 'createdAt'::text\)\) DESC NULLS LAST, \(\(doc -> 'orderNumber'::text\)\) DESC NULLS LAST\)$/,
        ),
        expect.stringMatching(/^CREATE UNIQUE INDEX pk_\w+ ON .* \(id\)$/),
      ]);
      await store.ensureIndexes('orders_v1__rebuild', [byUser, { fields: { paidAt: 1 } }]);
      await store.replaceCollection('orders_v1', 'orders_v1__rebuild');
      const live = await indexDefinitions('orders_v1');
      expect(live).toHaveLength(3);
      expect(live.filter((definition) => definition.includes("'paidAt'"))).toHaveLength(1);
      expect(await indexDefinitions('orders_v1__rebuild')).toHaveLength(1);
      // The names the swap freed and took do not collide on the next rebuild.
      await store.ensureIndexes('orders_v1__rebuild', [byUser, { fields: { paidAt: 1 } }]);
      await store.replaceCollection('orders_v1', 'orders_v1__rebuild');
      expect(await indexDefinitions('orders_v1')).toHaveLength(3);
    });

    it('given the customer orders index, when her orders page is asked, then the plan reads the index in order (no sort, no scan of every order)', async () => {
      const orders = store.collection('orders_v1');
      await orders.putMany(
        Array.from({ length: 200 }, (_, i) => ({
          _id: `o${i}`,
          userId: `u${i % 20}`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
          orderNumber: i,
          isDeleted: false,
        })),
      );
      await store.ensureIndexes('orders_v1', [byUser]);
      const params = new SqlParams();
      const fields = await sql.query<{ field: string }>(
        `SELECT obj_description(oid, 'pg_constraint') AS field FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'c'`,
        [`"${schema}"."orders_v1"`],
      );
      const where = whereClause(
        { userId: 'u3', $or: [{ isDeleted: false }, { paidAt: { $ne: null } }] },
        new Set(fields.rows.map((row) => row.field)),
        params,
      );
      const order = orderBy({ createdAt: -1, orderNumber: -1 });
      await sql.query('SET enable_seqscan = off');
      const plan = await sql.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT doc FROM "${schema}"."orders_v1" WHERE ${where} ORDER BY ${order} LIMIT 50`,
        params.values,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Cond: \(\(doc -> 'userId'::text\) = /);
      expect(text).not.toMatch(/Seq Scan|Sort Key: \(\(doc -> 'createdAt'/);
      expect(
        (await orders.find({ userId: 'u3' }, { sort: { createdAt: -1, orderNumber: -1 } })).map(
          (order) => order._id,
        ),
      ).toEqual(['o183', 'o163', 'o143', 'o123', 'o103', 'o83', 'o63', 'o43', 'o23', 'o3']);
    });

    it('given an indexed field, when a document holds an array there, then the write is refused (queries compare that field plainly)', async () => {
      await store.ensureIndexes('orders_v1', [byUser]);
      await expect(
        store.collection('orders_v1').put({ _id: 'o1', userId: ['u1'] }),
      ).rejects.toThrow(/check constraint/);
    });

    it('given a table dropped behind the store’s back, when the collection is used again, then it is made again', async () => {
      const products = store.collection('products_v1');
      await products.put({ _id: 'p1' });
      await sql.query(`DROP TABLE "${schema}"."products_v1"`);
      await products.put({ _id: 'p2' });
      expect(await products.find()).toEqual([{ _id: 'p2' }]);
    });

    it('given two processes on one schema, when one replaces a collection, then the other’s handles read the new one', async () => {
      const other = await createPostgresReadStore({ url, schema, poolSize: 2 });
      try {
        const seen = other.collection('products_v1');
        await store.collection('products_v1').put({ _id: 'old' });
        expect(await seen.count()).toBe(1);
        await store.collection('products_v1__rebuild').putMany([{ _id: 'a' }, { _id: 'b' }]);
        await store.replaceCollection('products_v1', 'products_v1__rebuild');
        expect((await seen.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['a', 'b']);
        expect(await other.collection('products_v1__rebuild').count()).toBe(0);
      } finally {
        await other.close();
      }
    });
  });

  describe('createReadStore', () => {
    it('given a PostgreSQL URL and no MongoDB one, then the read models live in tables of the schema', async () => {
      const { schema, drop } = throwawaySchema(url);
      const store = await createReadStore({ postgresUrl: url, postgresSchema: schema });
      const sql = new pg.Client({ connectionString: url });
      await sql.connect();
      try {
        await store.collection('orders_v1').put({ _id: 'o1' });
        const { rows } = await sql.query(`SELECT doc FROM "${schema}"."orders_v1"`);
        expect(rows).toEqual([{ doc: { _id: 'o1' } }]);
      } finally {
        await sql.end();
        await store.close();
        await drop();
      }
    });
  });

  describe('PostgreSQL read store on a database whose locale cannot answer as MongoDB', () => {
    it('given a database with the C character type, when the store is created, then it refuses and says how to create one', async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const database = `i39_readstore_ctype_c_${process.pid}`;
      try {
        await admin.query(
          `CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`,
        );
        const elsewhere = new URL(url);
        elsewhere.pathname = `/${database}`;
        await expect(createPostgresReadStore({ url: elsewhere.href })).rejects.toThrow(
          /character type C .*LC_CTYPE 'C.UTF-8'/,
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${database}`);
        await admin.end();
      }
    });
  });
});
