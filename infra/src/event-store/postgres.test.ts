import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import {
  describeWithPostgres,
  preparedPgliteDirectory,
  scratchDirectory,
  throwawaySchema,
} from '../testing';
import { eventStoreContract } from './contract';
import type { AppendResult, EventStore, NewEvent, RecordedEvent, RetryInfo } from './port';
import { WrongExpectedRevisionError } from './port';
import { openPgliteClient } from './pglite-client';
import { createPostgresEventStore, createSqlEventStore } from './postgres';
import { sqlStatements } from './postgres-sql';
import type { SqlClient } from './sql-client';

await describeWithPostgres('EventStore on a PostgreSQL server', (url) => {
  eventStoreContract('PostgreSQL server', async () => {
    const { store, drop } = await openInThrowawaySchema(url);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await drop();
      },
    };
  });
  describeAppendsInFlight(url);
  describeBatchedAppends(url);
  describeKilledConnections(url);
});

async function openInThrowawaySchema(
  url: string,
): Promise<{ store: EventStore; schema: string; drop: () => Promise<void> }> {
  const { schema, drop } = throwawaySchema(url);
  return { store: await createPostgresEventStore({ url, schema }), schema, drop };
}

describe('settled position on PGlite', () => {
  it('given a store with events, when the settled position is asked, then it answers the last position in one query (one session: no other transaction can be in flight)', async () => {
    const statements = sqlStatements('public');
    // On a copy of the run's initialised directory: in memory, PGlite runs initdb first.
    const dataDir = await scratchDirectory('quitute-pglite-settled');
    await preparedPgliteDirectory(dataDir);
    const client = await openPgliteClient(dataDir);
    const asked: string[] = [];
    const counting: SqlClient = {
      ...client,
      query: (text, params, options) => {
        asked.push(text);
        return client.query(text, params, options);
      },
    };
    const store = await createSqlEventStore(counting, 'public');
    try {
      const last = newEvent();
      await store.appendToStream('order-a', [newEvent()]);
      const { position } = await store.appendToStream('order-b', [last]);
      // The appends' NOTIFY goes out after them: let it go before counting.
      await delay(50);
      asked.length = 0;

      expect(await store.settledPosition()).toBe(position);
      expect(asked).toEqual([statements.settledHead]);
    } finally {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Interleavings of appends, staged with raw sessions that hold a transaction open
 * around the store's own append function: what a subscriber must survive, and what
 * the settled position must wait for.
 */
function describeAppendsInFlight(url: string): void {
  describe('appends in flight on a PostgreSQL server', () => {
    let store: EventStore;
    let schema: string;
    let dropSchema: () => Promise<void>;
    let older: pg.Client;
    let newer: pg.Client;

    beforeAll(async () => {
      ({ store, schema, drop: dropSchema } = await openInThrowawaySchema(url));
      older = new pg.Client({ connectionString: url });
      newer = new pg.Client({ connectionString: url });
      await Promise.all([older.connect(), newer.connect()]);
    });

    // A test that failed with a transaction still open would hold every later one.
    afterEach(async () => {
      await Promise.all([older.query('ROLLBACK'), newer.query('ROLLBACK')]);
    });

    afterAll(async () => {
      await Promise.all([older.end(), newer.end()]);
      await store.close();
      await dropSchema();
    });

    const appendIn = async (client: pg.Client, event: NewEvent): Promise<number> => {
      const result = await client.query<{ last_position: string }>(
        `SELECT last_position FROM "${schema}".append_events($1, 'any', NULL, $2)`,
        [`order-${event.id}`, JSON.stringify([event])],
      );
      return Number(result.rows[0]?.last_position);
    };

    /**
     * `first` in flight below `second`, committed, in a transaction whose xid is newer:
     * the older transaction takes its xid first but its position last, so once it commits
     * the newer one (lower position, in flight) has an xid at or above the snapshot's xmax.
     */
    const holdLowerWithNewerXid = async (first: NewEvent, second: NewEvent) => {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      await newer.query('BEGIN');
      const lower = await appendIn(newer, first);
      const higher = await appendIn(older, second);
      await older.query('COMMIT');
      return { lower, higher };
    };

    describe('the gap-safe subscription', () => {
      /** A subscriber from `fromPosition` (only `wanted-` streams when `wantedOnly`), recording what it hears. */
      const subscribe = (fromPosition: number, { wantedOnly = false } = {}) => {
        const events: RecordedEvent[] = [];
        const caughtUp: number[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribeToAll({
          fromPosition,
          ...(wantedOnly ? { filter: { streamNamePrefixes: ['wanted-'] } } : {}),
          onEvent: (event) => {
            events.push(event);
          },
          onCaughtUp: (position) => caughtUp.push(position),
          onError: (error) => errors.push(error),
        });
        return { events, caughtUp, errors, stop: () => subscription.stop() };
      };

      it('given a transaction holding a lower position whose xid is newer than one already committed above it, when the subscriber reads, then it waits for that position and delivers both in order once it commits', async () => {
        const head = await store.headPosition();
        const first = newEvent();
        const second = newEvent();
        const { lower, higher } = await holdLowerWithNewerXid(first, second);
        expect(higher).toBe(lower + 1);

        const subscriber = subscribe(head);
        await delay(300);
        expect(subscriber.events).toEqual([]);
        expect(subscriber.caughtUp).toEqual([]);

        await newer.query('COMMIT');
        await waitFor(() => subscriber.events.length === 2);
        await waitFor(() => subscriber.caughtUp.includes(higher));
        await subscriber.stop();

        expect(subscriber.events.map((event) => [event.id, event.position])).toEqual([
          [first.id, lower],
          [second.id, higher],
        ]);
      });

      it('given a transaction that took a position and rolled back, when a later append is committed, then the subscriber steps over the hole and delivers it', async () => {
        const head = await store.headPosition();
        await newer.query('BEGIN');
        const hole = await appendIn(newer, newEvent());
        const later = newEvent();
        const committed = await store.appendToStream(`order-${later.id}`, [later]);
        expect(committed.position).toBe(hole + 1);

        const subscriber = subscribe(head);
        await delay(100);
        expect(subscriber.events).toEqual([]);
        await newer.query('ROLLBACK');

        await waitFor(() => subscriber.caughtUp.includes(committed.position));
        await subscriber.stop();
        expect(subscriber.events.map((event) => event.id)).toEqual([later.id]);
      });

      it('given a filtered subscriber and a lower position held in flight by an event it does not want, when it reads, then it waits for that position, delivers only its own event and its checkpoint passes both', async () => {
        const head = await store.headPosition();
        await older.query('BEGIN');
        const unwanted = newEvent();
        const lower = await appendIn(older, unwanted);
        const wanted = newEvent();
        const higher = (await store.appendToStream(`wanted-${wanted.id}`, [wanted])).position;
        const subscriber = subscribe(head, { wantedOnly: true });

        await delay(100);
        expect(subscriber.events).toEqual([]);
        await older.query('COMMIT');

        await waitFor(() => subscriber.caughtUp.includes(higher));
        await subscriber.stop();
        expect(lower).toBeLessThan(higher);
        expect(subscriber.events.map((event) => [event.id, event.position])).toEqual([
          [wanted.id, higher],
        ]);
      });

      it('given an unreadable event a filtered subscriber does not want, when it reads past it, then its data is never parsed and the wanted event after it is delivered', async () => {
        const head = await store.headPosition();
        const unreadable = { ...newEvent(), metadata: {} };
        await older.query(
          `SELECT last_position FROM "${schema}".append_events($1, 'any', NULL, $2)`,
          [`order-${unreadable.id}`, JSON.stringify([unreadable])],
        );
        const wanted = newEvent();
        const higher = (await store.appendToStream(`wanted-${wanted.id}`, [wanted])).position;
        const subscriber = subscribe(head, { wantedOnly: true });

        await waitFor(() => subscriber.caughtUp.includes(higher));
        await subscriber.stop();
        expect(subscriber.errors).toEqual([]);
        expect(subscriber.events.map((event) => event.id)).toEqual([wanted.id]);
      });

      it('given a subscriber that has caught up, when another process appends, then the NOTIFY wakes it well before the safety poll', async () => {
        const head = await store.headPosition();
        const subscriber = subscribe(head);
        await waitFor(() => subscriber.caughtUp.length > 0);
        const other = await createPostgresEventStore({ url, schema });
        const event = newEvent();
        try {
          const started = Date.now();
          await other.appendToStream(`order-${event.id}`, [event]);
          await waitFor(() => subscriber.events.length === 1);
          expect(Date.now() - started).toBeLessThan(1_000);
        } finally {
          await other.close();
          await subscriber.stop();
        }
      });
    });

    // What rebuilds, first builds and the relay read up to: a position still in flight
    // below a committed one must be settled (committed or rolled back) before it.
    describe('the settled position', () => {
      /** settledPosition() called now, and whether it has answered yet. */
      const askHead = () => {
        const asked: { head: number | undefined } = { head: undefined };
        const answer = store.settledPosition().then((head) => {
          asked.head = head;
          return head;
        });
        return { asked, answer };
      };

      const readUpTo = async (after: number, head: number): Promise<string[]> =>
        (await store.readAll({ fromPosition: after }))
          .filter((event) => event.position <= head)
          .map((event) => event.id);

      it('given an append in flight holding a position and a later append committed above it, when the settled position is asked, then it answers only once the first commits (the head at once), and reading up to it returns both', async () => {
        const before = await store.headPosition();
        const first = newEvent();
        const second = newEvent();
        await older.query('BEGIN');
        const lower = await appendIn(older, first);
        const higher = (await store.appendToStream(`order-${second.id}`, [second])).position;
        expect(higher).toBe(lower + 1);

        const { asked, answer } = askHead();
        await delay(300);
        expect(asked.head).toBeUndefined();
        expect(await store.headPosition()).toBe(higher);

        await older.query('COMMIT');
        const head = await answer;
        expect(head).toBeGreaterThanOrEqual(higher);
        expect(await readUpTo(before, head)).toEqual([first.id, second.id]);
      });

      it('given an append in flight whose xid is newer than that of the committed append above it, when the settled position is asked, then it still waits for it (the snapshot does not list it as running)', async () => {
        const before = await store.headPosition();
        const first = newEvent();
        const second = newEvent();
        const { lower, higher } = await holdLowerWithNewerXid(first, second);
        expect(higher).toBe(lower + 1);

        const { asked, answer } = askHead();
        await delay(300);
        expect(asked.head).toBeUndefined();

        await newer.query('COMMIT');
        const head = await answer;
        expect(head).toBeGreaterThanOrEqual(higher);
        expect(await readUpTo(before, head)).toEqual([first.id, second.id]);
      });

      it('given an append in flight holding a position and a later append committed above it, when the first rolls back, then the settled position answers after the rollback and reading up to it returns the later one only', async () => {
        const before = await store.headPosition();
        await older.query('BEGIN');
        const hole = await appendIn(older, newEvent());
        const later = newEvent();
        const committed = (await store.appendToStream(`order-${later.id}`, [later])).position;
        expect(committed).toBe(hole + 1);

        const { asked, answer } = askHead();
        await delay(300);
        expect(asked.head).toBeUndefined();

        await older.query('ROLLBACK');
        const head = await answer;
        expect(head).toBeGreaterThanOrEqual(committed);
        expect(await readUpTo(before, head)).toEqual([later.id]);
      });

      it('given a write transaction left open by another session, when the settled position waits on it past the warning time, then one warning names that session, and a line says when it is read', async () => {
        const lines: { level: number; msg: string; transactions?: unknown[] }[] = [];
        const logger = createLogger({
          level: 'info',
          destination: { write: (line) => lines.push(JSON.parse(line)) },
        });
        const watched = await createPostgresEventStore({
          url,
          schema,
          logger,
          settleWarningMs: 200,
        });
        const idle = new pg.Client({
          connectionString: url,
          application_name: 'quitute_idle_writer',
        });
        await idle.connect();
        try {
          await idle.query('BEGIN');
          const { rows } = await idle.query<{ pid: number }>(
            'SELECT pg_backend_pid() AS pid, pg_current_xact_id()',
          );

          const answer = watched.settledPosition();
          await waitFor(() => lines.some((line) => line.level === 40), 5_000);
          await idle.query('COMMIT');
          await answer;

          const warnings = lines.filter((line) => line.level === 40);
          expect(warnings).toHaveLength(1);
          expect(warnings[0]?.transactions).toContainEqual(
            expect.objectContaining({
              pid: rows[0]?.pid,
              applicationName: 'quitute_idle_writer',
              state: 'idle in transaction',
            }),
          );
          expect(lines.at(-1)?.msg).toBe('The settled position of the log is read');
        } finally {
          await idle.end();
          await watched.close();
        }
      });

      it('given a write transaction left open elsewhere, when the settled position is asked with a signal that aborts, then it stops waiting and rejects with the reason', async () => {
        await older.query('BEGIN');
        await older.query('SELECT pg_current_xact_id()');
        const signal = AbortSignal.timeout(200);
        const startedAt = performance.now();

        await expect(store.settledPosition({ signal })).rejects.toMatchObject({
          name: 'TimeoutError',
        });
        expect(performance.now() - startedAt).toBeLessThan(1_000);
      });

      it('given nothing in flight in the store, when the settled position is asked, then it answers the last position promptly', async () => {
        const last = newEvent();
        const { position } = await store.appendToStream(`order-${last.id}`, [last]);
        const startedAt = performance.now();
        expect(await store.settledPosition()).toBe(position);
        // Other write transactions on a shared test server can make it poll a few times.
        expect(performance.now() - startedAt).toBeLessThan(1_000);
      });
    });
  });
}

/**
 * Appends that arrive while others are in flight go together in one transaction;
 * each must still get exactly the answer it would get alone.
 */
function describeBatchedAppends(url: string): void {
  describe('appends made at once on a PostgreSQL server', () => {
    let store: EventStore;
    let schema: string;
    let dropSchema: () => Promise<void>;
    let raw: pg.Client;

    beforeAll(async () => {
      ({ store, schema, drop: dropSchema } = await openInThrowawaySchema(url));
      raw = new pg.Client({ connectionString: url });
      await raw.connect();
    });

    afterAll(async () => {
      await raw.end();
      await store.close();
      await dropSchema();
    });

    const outcome = (appending: Promise<AppendResult>) =>
      appending.then(
        (result) => result,
        (error: unknown) =>
          error instanceof WrongExpectedRevisionError ? { conflict: error.actual } : { error },
      );

    it('given new streams, a conflict, a retried event and two appends racing for one stream made at once, then each gets its own answer and the waiting ones share a transaction', async () => {
      const existing = newEvent();
      await store.appendToStream(`order-${existing.id}`, [existing], {
        expectedRevision: 'no_stream',
      });
      const retried = newEvent();
      const original = await store.appendToStream(`order-${retried.id}`, [retried], {
        expectedRevision: 'no_stream',
      });
      const fresh = Array.from({ length: 8 }, () => newEvent());
      const raced = `order-${randomUUID()}`;

      const results = await Promise.all([
        ...fresh.map((event) =>
          outcome(
            store.appendToStream(`order-${event.id}`, [event], { expectedRevision: 'no_stream' }),
          ),
        ),
        outcome(
          store.appendToStream(`order-${existing.id}`, [newEvent()], {
            expectedRevision: 'no_stream',
          }),
        ),
        outcome(
          store.appendToStream(`order-${retried.id}`, [retried], { expectedRevision: 'no_stream' }),
        ),
        outcome(store.appendToStream(raced, [newEvent()], { expectedRevision: 'no_stream' })),
        outcome(store.appendToStream(raced, [newEvent()], { expectedRevision: 'no_stream' })),
      ]);

      const [conflict, retry, racedFirst, racedSecond] = results.slice(8);
      for (const result of results.slice(0, 8)) {
        expect(result).toEqual({ nextExpectedRevision: 0, position: expect.any(Number) });
      }
      expect(conflict).toEqual({ conflict: 0 });
      expect(retry).toEqual(original);
      expect([racedFirst, racedSecond]).toContainEqual({ conflict: 0 });
      expect([racedFirst, racedSecond]).toContainEqual({
        nextExpectedRevision: 0,
        position: expect.any(Number),
      });
      const stored = await raw.query<{ transactions: string; events: string }>(
        `SELECT count(DISTINCT tx_id)::text AS transactions, count(*)::text AS events
         FROM "${schema}".events WHERE id = ANY($1::uuid[])`,
        [fresh.map((event) => event.id)],
      );
      expect(stored.rows[0]?.events).toBe('8');
      expect(Number(stored.rows[0]?.transactions)).toBeLessThan(8);
    });

    it('given the same new event appended several times at once, then every call gets the one result and it is stored once', async () => {
      const event = newEvent();
      const stream = `order-${event.id}`;
      const fillers = Array.from({ length: 3 }, () => newEvent());
      const results = await Promise.all([
        ...fillers.map((filler) => store.appendToStream(`order-${filler.id}`, [filler])),
        store.appendToStream(stream, [event]),
        store.appendToStream(stream, [event]),
        store.appendToStream(stream, [event]),
      ]);
      const [first, ...again] = results.slice(3);
      expect(again).toEqual([first, first]);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('given an event committed by another session while the appends waiting with it are blocked, then the others are stored and the retried one gets the original result', async () => {
      const event = newEvent();
      const stream = `order-${event.id}`;
      await raw.query('BEGIN');
      const held = await raw.query<{ last_position: string }>(
        `SELECT last_position FROM "${schema}".append_events($1, 'any', NULL, $2)`,
        [stream, JSON.stringify([event])],
      );
      const fillers = Array.from({ length: 2 }, () => newEvent());
      const others = Array.from({ length: 3 }, () => newEvent());
      const appending = Promise.all([
        ...fillers.map((filler) => store.appendToStream(`order-${filler.id}`, [filler])),
        store.appendToStream(stream, [event]),
        ...others.map((other) => store.appendToStream(`order-${other.id}`, [other])),
      ]);
      await delay(200);
      await raw.query('COMMIT');
      const results = await appending;

      expect(results[2]).toEqual({
        nextExpectedRevision: 0,
        position: Number(held.rows[0]?.last_position),
      });
      for (const other of others) {
        expect(await store.readStream(`order-${other.id}`)).toEqual([
          expect.objectContaining({ id: other.id, revision: 0 }),
        ]);
      }
      expect(await store.readStream(stream)).toHaveLength(1);
    });
  });
}

/**
 * The server terminates the subscriber's sessions (as on a failover or an operator's
 * kill) while another store keeps appending: the subscription must heal by itself.
 */
function describeKilledConnections(url: string): void {
  describe('a subscription whose PostgreSQL sessions are terminated', () => {
    let writer: EventStore;
    let reader: EventStore;
    let schema: string;
    let dropSchema: () => Promise<void>;
    let admin: pg.Client;
    let applicationName: string;

    beforeAll(async () => {
      ({ store: writer, schema, drop: dropSchema } = await openInThrowawaySchema(url));
      // Its own application name, so the kill reaches this store's sessions and no one else's.
      applicationName = `quitute_subscriber_${schema}`;
      reader = await createPostgresEventStore({ url, schema, applicationName });
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    });

    afterAll(async () => {
      await admin.end();
      await reader.close();
      await writer.close();
      await dropSchema();
    });

    it('given a writer appending all along, when every session of the subscriber is terminated (twice), then it resubscribes and sees every event exactly once, in order', async () => {
      const head = await reader.headPosition();
      const delivered: { id: string; at: number }[] = [];
      const retries: (RetryInfo & { at: number })[] = [];
      const errors: unknown[] = [];
      const subscription = reader.subscribeToAll({
        fromPosition: head,
        onEvent: (event) => {
          delivered.push({ id: event.id, at: Date.now() });
        },
        onRetry: (info) => retries.push({ ...info, at: Date.now() }),
        onError: (error) => errors.push(error),
      });
      const appended: string[] = [];
      let writing = true;
      const writing$ = (async () => {
        while (writing) {
          const event = newEvent();
          await writer.appendToStream(`order-${event.id}`, [event]);
          appended.push(event.id);
          await delay(3);
        }
      })();

      const killAndMeasure = async (): Promise<number> => {
        await waitFor(() => delivered.length >= appended.length - 2 && delivered.length > 10);
        const retriesBefore = retries.length;
        const killedAt = Date.now();
        // In the select list, so that it runs only on the rows the WHERE kept.
        const killed = await admin.query<{ killed: boolean }>(
          `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = $1`,
          [applicationName],
        );
        // The LISTEN session and at least one pooled session.
        expect(killed.rows.filter((row) => row.killed).length).toBeGreaterThanOrEqual(2);
        await waitFor(() => retries.length > retriesBefore);
        const recovering = retries[retriesBefore]?.at ?? killedAt;
        await waitFor(() => delivered.some((entry) => entry.at > recovering));
        const firstAfter = delivered.find((entry) => entry.at > recovering)?.at ?? killedAt;
        return firstAfter - killedAt;
      };

      let first: number;
      let second: number;
      try {
        first = await killAndMeasure();
        await delay(200);
        second = await killAndMeasure();
        await delay(100);
      } finally {
        writing = false;
        await writing$;
      }
      await waitFor(() => delivered.length >= appended.length, 10_000);
      await delay(50);
      await subscription.stop();

      console.log(
        `PostgreSQL subscription resubscribed ${first} ms and ${second} ms after pg_terminate_backend (first event delivered after the kill; retries: ${retries.map((retry) => `#${retry.attempt} ${retry.delayMs} ms`).join(', ')})`,
      );
      expect(errors).toEqual([]);
      expect(delivered.map((entry) => entry.id)).toEqual(appended);
    });
  });
}

function newEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'OrderPlaced',
    data: {},
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: new Date().toISOString(),
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await delay(5);
  }
}
