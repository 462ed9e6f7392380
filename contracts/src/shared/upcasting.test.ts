import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEvent } from './parse-event';
import type { EventMetadata } from './metadata';
import { EVENT_UPCASTERS, withSchemaVersion } from './upcasters';
import {
  currentSchemaVersion,
  upcastWith,
  UnknownSchemaVersionError,
  type UpcasterRegistry,
} from './upcasting';

/** A type whose `name` became `fullName` (v2), then gained `nickname` (v3). */
const registry: UpcasterRegistry = {
  Greeted: [
    ({ name, ...rest }) => ({ ...rest, fullName: name }),
    (v2) => ({ nickname: null, ...v2 }),
  ],
};

const metadata: EventMetadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system',
  occurredAt: '2026-11-25T12:00:00.000Z',
};

describe('upcasting', () => {
  it('given an event stored without a schema version, when read back, then every upcaster runs from version 1', () => {
    expect(upcastWith(registry, { type: 'Greeted', data: { name: 'Ana' } })).toEqual({
      fullName: 'Ana',
      nickname: null,
    });
  });

  it('given an event stored in version 2, when read back, then only the later upcasters run', () => {
    const stored = { type: 'Greeted', data: { fullName: 'Ana' }, metadata: { schemaVersion: 2 } };

    expect(upcastWith(registry, stored)).toEqual({ fullName: 'Ana', nickname: null });
  });

  it('given an event in the current version or of a type that never evolved, when read back, then its data is untouched', () => {
    const current = { fullName: 'Ana', nickname: 'Aninha' };

    expect(
      upcastWith(registry, { type: 'Greeted', data: current, metadata: { schemaVersion: 3 } }),
    ).toBe(current);
    expect(upcastWith(registry, { type: 'Waved', data: current })).toBe(current);
    expect(currentSchemaVersion(registry, 'Greeted')).toBe(3);
    expect(currentSchemaVersion(registry, 'Waved')).toBe(1);
    expect(currentSchemaVersion(registry, 'toString')).toBe(1);
  });

  it('given an event written by a newer release, when read back, then it is refused rather than guessed at', () => {
    const future = { type: 'Greeted', data: {}, metadata: { schemaVersion: 4 } };

    expect(() => upcastWith(registry, future)).toThrow(UnknownSchemaVersionError);
  });

  it('given the shop registry, when an OrderPlaced is appended, then its metadata carries the current version and other events keep theirs as they were', () => {
    expect(withSchemaVersion('OrderPlaced', metadata)).toEqual({
      ...metadata,
      schemaVersion: 1 + (EVENT_UPCASTERS['OrderPlaced']?.length ?? 0),
    });
    expect(withSchemaVersion('OrderPaid', metadata)).toBe(metadata);
  });

  it('given a stored OrderPlaced of version 1 (no request fingerprint), when parsed, then it reads as the current shape with an empty fingerprint', () => {
    const schemas = {
      OrderPlaced: z.object({ orderId: z.string(), requestFingerprint: z.string() }),
    };

    expect(parseEvent(schemas, { type: 'OrderPlaced', data: { orderId: 'o-1' } })).toEqual({
      type: 'OrderPlaced',
      data: { orderId: 'o-1', requestFingerprint: '' },
    });
  });
});
