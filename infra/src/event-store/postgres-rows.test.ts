import { describe, expect, it } from 'vitest';
import { isoMilliseconds, toPageEntries, toRecordedEvents } from './postgres-rows';

const metadata = {
  correlationId: 'c',
  causationId: 'c',
  actorId: 'system',
  actorRole: 'system',
  occurredAt: '2026-11-25T12:00:00.000Z',
};
const row = [
  7,
  '00000000-0000-4000-8000-000000000007',
  'order-1',
  2,
  'OrderPaid',
  { orderId: 'o-1' },
  metadata,
  '2026-11-25T12:00:01.234567',
];

describe('pages of the log read back from SQL', () => {
  it('given a page of well-formed rows, when read, then each is the recorded event it spells', () => {
    expect(toRecordedEvents(JSON.stringify([row]))).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000007',
        type: 'OrderPaid',
        streamName: 'order-1',
        revision: 2,
        position: 7,
        data: { orderId: 'o-1' },
        metadata,
        recordedAt: '2026-11-25T12:00:01.234Z',
      },
    ]);
    expect(toRecordedEvents('[]')).toEqual([]);
  });

  it.each([
    ['a position that is text', ['7', ...row.slice(1)]],
    ['an unsafe position', [2 ** 60, ...row.slice(1)]],
    ['data that is a list', [...row.slice(0, 5), [1], ...row.slice(6)]],
    [
      'metadata without an actor role',
      [...row.slice(0, 6), { ...metadata, actorRole: 'x' }, row[7]],
    ],
    [
      'metadata without a correlation id',
      [...row.slice(0, 6), { ...metadata, correlationId: 1 }, row[7]],
    ],
    ['a missing column', row.slice(0, 7)],
    ['a recorded time with a zone', [...row.slice(0, 7), '2026-11-25T12:00:01.234+00:00']],
    ['a recorded time that is not one', [...row.slice(0, 7), 'ontem']],
  ])('given a row with %s, when read, then reading fails naming it malformed', (_, bad) => {
    expect(() => toRecordedEvents(JSON.stringify([row, bad]))).toThrow(/malformed event/);
  });

  it.each([
    ['2026-11-25T12:00:01', '2026-11-25T12:00:01.000Z'],
    ['2026-11-25T12:00:01.5', '2026-11-25T12:00:01.500Z'],
    ['2026-11-25T12:00:01.12', '2026-11-25T12:00:01.120Z'],
    ['2026-11-25T12:00:01.999999', '2026-11-25T12:00:01.999Z'],
  ])(
    'given the recorded time %s as JSON spells a UTC time, when read, then it is %s, as the Date of the same time spells it',
    (json, iso) => {
      expect(isoMilliseconds(json)).toBe(iso);
      expect(new Date(`${json}Z`).toISOString()).toBe(iso);
    },
  );

  it('given a subscription page, when read, then a bare position is one the filter did not want and a row is an event it wanted', () => {
    expect(toPageEntries(JSON.stringify([6, row, 8]))).toEqual([
      { position: 6, event: null },
      { position: 7, event: expect.objectContaining({ id: row[1], position: 7 }) },
      { position: 8, event: null },
    ]);
    expect(() => toPageEntries('[6.5]')).toThrow(/malformed event/);
    expect(() => toPageEntries(null)).toThrow(/no page/);
  });
});
