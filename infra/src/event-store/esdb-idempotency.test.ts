import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logging';
import { esdbEventStore } from './esdb';
import { fakeEsdbServer } from './esdb-fake';
import { DuplicateEventIdError, type ExpectedRevision, type NewEvent } from './port';

const esdb = await import('@eventstore/db-client');

/**
 * KurrentDB answers a write whose ids the stream already holds with the original
 * revision and position, comparing ids only (the fake does as its IndexWriter
 * does): the adapter must tell a retry of the same events from a stale decision
 * that reused the ids for other content.
 */
const metadata = {
  correlationId: 'cmd-1',
  causationId: 'cmd-1',
  actorId: 'u-1',
  actorRole: 'user' as const,
  occurredAt: '2026-11-26T12:00:00.000Z',
};
const event = (id: string, type: string, data: NewEvent['data']): NewEvent => ({
  id,
  type,
  data,
  metadata,
});
const placed = event('0a6b1f3e-1c2d-4e5f-8a9b-0c1d2e3f4a01', 'OrderPlaced', { totalCents: 4500 });
const paid = event('0a6b1f3e-1c2d-4e5f-8a9b-0c1d2e3f4a02', 'OrderPaid', { amountCents: 4500 });
const cancelled = event('0a6b1f3e-1c2d-4e5f-8a9b-0c1d2e3f4a03', 'OrderCancelled', {});

function storeOnFakeServer() {
  const server = fakeEsdbServer();
  return { server, store: esdbEventStore(esdb, server.client, silentLogger) };
}

describe('EventStoreDB appends: a reused event id', () => {
  it('given an order paid at revision 1 and cancelled after, when a retry decided on the stale state appends the payment’s id with other data at expected revision 0, then DuplicateEventIdError and the stream is unchanged', async () => {
    const { server, store } = storeOnFakeServer();
    await store.appendToStream('order-1', [placed], { expectedRevision: 'no_stream' });
    await store.appendToStream('order-1', [paid], { expectedRevision: 0 });
    await store.appendToStream('order-1', [cancelled], { expectedRevision: 1 });
    const before = structuredClone(server.stored('order-1'));

    const retried = store.appendToStream('order-1', [{ ...paid, data: { amountCents: 9900 } }], {
      expectedRevision: 0,
    });

    await expect(retried).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(retried).rejects.toMatchObject({ streamName: 'order-1', eventId: paid.id });
    expect(server.stored('order-1')).toEqual(before);
  });

  it.each<[string, ExpectedRevision]>([
    ['no_stream', 'no_stream'],
    ['any', 'any'],
    ['stream_exists', 'stream_exists'],
  ])(
    'given a stored event, when its id is appended with another type (expected %s), then DuplicateEventIdError',
    async (_, expectedRevision) => {
      const { store } = storeOnFakeServer();
      await store.appendToStream('order-1', [placed], { expectedRevision: 'no_stream' });

      await expect(
        store.appendToStream('order-1', [{ ...placed, type: 'OrderRefused' }], {
          expectedRevision,
        }),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
    },
  );

  it('given a stored batch, when one of its events comes back with other metadata, then DuplicateEventIdError names that event', async () => {
    const { store } = storeOnFakeServer();
    await store.appendToStream('order-1', [placed, paid], { expectedRevision: 'no_stream' });

    await expect(
      store.appendToStream(
        'order-1',
        [placed, { ...paid, metadata: { ...metadata, actorId: 'u-2' } }],
        { expectedRevision: 'no_stream' },
      ),
    ).rejects.toMatchObject({ name: 'DuplicateEventIdError', eventId: paid.id });
  });

  it('given a batch appended and the stream moved on, when the same batch is retried (data in another key order), then the original revision and position come back and nothing is stored twice', async () => {
    const { server, store } = storeOnFakeServer();
    const first = await store.appendToStream(
      'order-1',
      [event(placed.id, 'OrderPlaced', { totalCents: 4500, lines: 3 })],
      { expectedRevision: 'no_stream' },
    );
    await store.appendToStream('order-1', [paid], { expectedRevision: 0 });

    const retried = await store.appendToStream(
      'order-1',
      [event(placed.id, 'OrderPlaced', { lines: 3, totalCents: 4500 })],
      { expectedRevision: 'no_stream' },
    );

    expect(retried).toEqual(first);
    expect(server.stored('order-1').map((stored) => stored.id)).toEqual([placed.id, paid.id]);
  });

  it('given a new stream, when a batch is appended, then the result is the server’s, found by one read of the batch', async () => {
    const { server, store } = storeOnFakeServer();

    const result = await store.appendToStream('order-1', [placed, paid], {
      expectedRevision: 'no_stream',
    });

    const last = server.stored('order-1').at(-1);
    expect(result).toEqual({ nextExpectedRevision: 1, position: Number(last?.position?.commit) });
    expect(server.reads).toEqual(['order-1']);
  });
});
