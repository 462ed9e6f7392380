import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logging';
import { esdbEventStore, isEsdbUnavailable } from './esdb';
import { StoreUnavailableError, type EventStore } from './port';

/**
 * An EventStoreDB that went away after the store started: its calls must reject
 * with StoreUnavailableError (503 and Retry-After at the HTTP edge), not a bare
 * client error (500). A port on loopback that nothing listens on stands in for
 * the server that is down; no EventStoreDB is needed.
 */

/** A loopback port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

const esdb = await import('@eventstore/db-client');
let client: InstanceType<typeof esdb.EventStoreDBClient>;
let store: EventStore;

beforeAll(async () => {
  client = esdb.EventStoreDBClient.connectionString(
    `esdb://127.0.0.1:${await closedPort()}?tls=false`,
  );
  store = esdbEventStore(esdb, client, silentLogger);
});
afterAll(() => client.dispose());

const event = {
  id: '5b0f8a52-0f0c-4a8e-9a57-2d1b7c1f0e11',
  type: 'CartCleared',
  data: { userId: 'u-1' },
  metadata: {
    correlationId: 'c-1',
    causationId: 'c-1',
    actorId: 'u-1',
    actorRole: 'user' as const,
    occurredAt: '2026-11-26T12:00:00.000Z',
  },
};

describe('EventStoreDB store, its server unreachable', () => {
  it('given the server is down, when a command appends, then the append rejects with StoreUnavailableError', async () => {
    await expect(store.appendToStream('cart-u-1', [event])).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('given the server is down, when a stream, the log or the head is read, then each rejects with StoreUnavailableError', async () => {
    await expect(store.readStream('cart-u-1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.readAll({ maxCount: 10 })).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe('isEsdbUnavailable', () => {
  it('given what the client throws while the server cannot serve (timeouts, shutdown, no leader, no node found), then each is unavailable', () => {
    const notLeader = new esdb.NotLeaderError({
      metadata: {
        getMap: () => ({ 'leader-endpoint-host': 'node-2', 'leader-endpoint-port': '2113' }),
      },
    } as never);
    for (const error of [
      new esdb.UnavailableError(),
      new esdb.DeadlineExceededError(),
      new esdb.TimeoutError(),
      new esdb.CancelledError(),
      notLeader,
      Object.assign(new Error('14 UNAVAILABLE: No connection established.'), { code: 14 }),
      new Error('Failed to discover after 10 attempts.'),
    ]) {
      expect(isEsdbUnavailable(esdb, error), error.constructor.name).toBe(true);
    }
  });

  it('given errors that are not the server being away (a wrong revision, a missing stream, a bug), then it says no', () => {
    const wrongRevision = new esdb.WrongExpectedVersionError(undefined, {
      streamName: 'cart-u-1',
      expected: BigInt(3),
      current: BigInt(5),
    } as never);
    expect(isEsdbUnavailable(esdb, wrongRevision)).toBe(false);
    expect(isEsdbUnavailable(esdb, new esdb.StreamNotFoundError())).toBe(false);
    expect(isEsdbUnavailable(esdb, new Error('boom'))).toBe(false);
    expect(isEsdbUnavailable(esdb, Object.assign(new Error('not found'), { code: 5 }))).toBe(false);
    expect(isEsdbUnavailable(esdb, 'UNAVAILABLE')).toBe(false);
  });
});
