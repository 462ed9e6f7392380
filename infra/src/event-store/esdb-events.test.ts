import type * as Esdb from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { fromEsdbEvent } from './esdb';

/** The EventStoreDB client's shape of a JSON event as our adapter writes it. */
function esdbEvent(overrides: Partial<Esdb.JSONRecordedEvent> = {}): Esdb.RecordedEvent {
  return {
    streamId: 'order-1',
    id: '0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10',
    isJson: true,
    revision: 2n,
    type: 'OrderPlaced',
    created: new Date('2026-11-21T12:00:00.000Z'),
    data: { orderId: '1', totalCents: 4500 },
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      actorRole: 'system',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
    position: { commit: 1234n, prepare: 1234n },
    ...overrides,
  };
}

describe('reading EventStoreDB events as ours', () => {
  it('given an event our adapter wrote, then it reads back as the port has it', () => {
    expect(fromEsdbEvent(esdbEvent())).toEqual({
      event: {
        id: '0f5b7a4e-3c1d-4f51-9a8e-6d2c1b7e9a10',
        type: 'OrderPlaced',
        streamName: 'order-1',
        revision: 2,
        position: 1234,
        data: { orderId: '1', totalCents: 4500 },
        metadata: {
          correlationId: 'c',
          causationId: 'c',
          actorId: 'system',
          actorRole: 'system',
          occurredAt: '2026-11-21T12:00:00.000Z',
        },
        recordedAt: '2026-11-21T12:00:00.000Z',
      },
    });
  });

  it('given binary data (another tool), then it is skipped, not fatal', () => {
    const binary: Esdb.RecordedEvent = {
      ...esdbEvent(),
      isJson: false,
      data: new Uint8Array([1, 2, 3]),
      metadata: undefined,
    };
    expect(fromEsdbEvent(binary)).toEqual({ skipped: 'its data is not JSON' });
  });

  it('given data marked JSON that does not parse (the client hands back the text) or is not an object, then it is skipped', () => {
    expect(fromEsdbEvent(esdbEvent({ data: '{not json' }))).toEqual({
      skipped: 'its data is not a JSON object',
    });
    expect(fromEsdbEvent(esdbEvent({ data: [1, 2] }))).toEqual({
      skipped: 'its data is not a JSON object',
    });
  });

  it('given metadata that is not our envelope (another tool, a projection output), then it is skipped', () => {
    expect(
      fromEsdbEvent(esdbEvent({ metadata: { $correlationId: 'x', $causationId: 'y' } })),
    ).toEqual({ skipped: 'its metadata is not our envelope' });
    expect(fromEsdbEvent(esdbEvent({ metadata: undefined }))).toEqual({
      skipped: 'its metadata is not our envelope',
    });
  });

  it('given an event without a position (a server older than 22.6), then it is an error, not a skip', () => {
    expect(() => fromEsdbEvent(esdbEvent({ position: undefined }))).toThrow(/no position/);
  });
});
