import { describe, expect, it } from 'vitest';
import { createGapSafeReader } from './postgres-gap-safe-reader';
import { sqlStatements } from './postgres-sql';
import type { SqlClient } from './sql-client';

const statements = sqlStatements('public');
const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system',
  occurredAt: '2026-11-23T12:00:00.000Z',
};

/** A page as the readPage statement returns it, its filter applied like the SQL does. */
function pageRows(prefixes: string[] | null, types: string[] | null) {
  const stored = [
    { position: 1, stream_name: 'cart-a', type: 'CartItemAdded' },
    { position: 2, stream_name: 'order-b', type: 'OrderPlaced' },
    { position: 3, stream_name: 'user-c', type: 'UserRegistered' },
  ];
  const page = stored.map((event) => {
    const wanted =
      (prefixes === null || prefixes.some((prefix) => event.stream_name.startsWith(prefix))) &&
      (types === null || types.includes(event.type));
    if (!wanted) return event.position;
    return [
      event.position,
      `00000000-0000-4000-8000-00000000000${event.position}`,
      event.stream_name,
      0,
      event.type,
      { n: event.position },
      metadata,
      '2026-11-23T12:00:00.000Z',
    ];
  });
  return [{ snapshot_xmin: '100', page: JSON.stringify(page) }];
}

function recordingSql() {
  const queries: unknown[][] = [];
  const sql: SqlClient = {
    query: async (_text, params = []) => {
      queries.push([...params]);
      return pageRows(params[2] as string[] | null, params[3] as string[] | null);
    },
    script: async () => {},
    listen: async () => async () => {},
    close: async () => {},
  };
  return { sql, queries };
}

describe('gap-safe page reads shared between subscriptions', () => {
  it('given two readers asking from the same position in one turn, when they read, then one query with both filters serves both, each keeping its own events', async () => {
    const { sql, queries } = recordingSql();
    const reader = createGapSafeReader(sql, statements);
    const carts = reader({ streamNamePrefixes: ['cart-'] });
    const orders = reader({ streamNamePrefixes: ['order-'], eventTypes: ['OrderPlaced'] });

    const [cartPage, orderPage] = await Promise.all([carts(0), orders(0)]);

    expect(queries).toHaveLength(1);
    expect(queries[0]?.[2]).toEqual(['cart-', 'order-']);
    expect(cartPage.events.map((event) => event.streamName)).toEqual(['cart-a']);
    expect(orderPage.events.map((event) => event.streamName)).toEqual(['order-b']);
    expect(cartPage.checkpoint).toBe(3);
    expect(orderPage.checkpoint).toBe(3);
  });

  it('given a reader without a filter among them, when they share a read, then the query is unfiltered', async () => {
    const { sql, queries } = recordingSql();
    const reader = createGapSafeReader(sql, statements);
    const [all, carts] = await Promise.all([
      reader()(0),
      reader({ streamNamePrefixes: ['cart-'] })(0),
    ]);
    expect(queries).toEqual([[0, 2_000, null, null]]);
    expect(all.events).toHaveLength(3);
    expect(carts.events).toHaveLength(1);
  });

  it('given a read already sent, when another reader asks from the same position, then it gets a query of its own', async () => {
    const { sql, queries } = recordingSql();
    const reader = createGapSafeReader(sql, statements);
    const first = reader()(0);
    await new Promise((resolve) => setImmediate(resolve));
    const second = reader()(0);
    await Promise.all([first, second]);
    expect(queries).toHaveLength(2);
  });

  it('given readers at different positions, when they ask together, then each position is read once', async () => {
    const { sql, queries } = recordingSql();
    const reader = createGapSafeReader(sql, statements);
    await Promise.all([reader()(0), reader()(0), reader()(2)]);
    expect(queries.map((query) => query[0]).sort()).toEqual([0, 2]);
  });
});
