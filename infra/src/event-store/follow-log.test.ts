import { describe, expect, it } from 'vitest';
import { foldPage } from './follow-log';
import type { RecordedEvent } from './port';

const event = (position: number, streamName: string, type = 'Happened'): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  type,
  streamName,
  revision: 0,
  position,
  data: {},
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    actorId: 'system',
    actorRole: 'system',
    occurredAt: '2026-11-26T12:00:00.000Z',
  },
  recordedAt: '2026-11-26T12:00:00.000Z',
});

describe('foldPage', () => {
  it('given a page straddling where the fold stands, when folded with a filter, then only the wanted events past it are applied, in order, and every event past it is passed', async () => {
    const page = [
      event(4, 'order-1'),
      event(5, 'order-2'),
      event(6, 'user-1'),
      event(7, 'order-3', 'Ignored'),
      event(9, 'order-4'),
    ];
    const applied: number[] = [];
    const passed: number[] = [];

    await foldPage(page, {
      after: 4,
      filter: { streamNamePrefixes: ['order-'], eventTypes: ['Happened'] },
      onEvent: (recorded) => {
        applied.push(recorded.position);
      },
      onPassed: (position) => passed.push(position),
    });

    expect(applied).toEqual([5, 9]);
    expect(passed).toEqual([5, 6, 7, 9]);
  });

  it('given an asynchronous handler, when a page is folded, then each event is applied only after the one before it has finished', async () => {
    const log: string[] = [];
    await foldPage([event(1, 'order-1'), event(2, 'order-2')], {
      after: 0,
      filter: {},
      onEvent: async (recorded) => {
        log.push(`start ${recorded.position}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${recorded.position}`);
      },
      onPassed: () => {},
    });

    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('given a handler that returns no promise, when a page is folded, then the page is applied without a turn of the microtask queue per event', async () => {
    const log: string[] = [];
    const folding = foldPage([event(1, 'order-1'), event(2, 'order-2'), event(3, 'order-3')], {
      after: 0,
      filter: {},
      onEvent: (recorded) => {
        log.push(`applied ${recorded.position}`);
      },
      onPassed: () => {},
    });
    queueMicrotask(() => log.push('another task'));
    await folding;

    expect(log).toEqual(['applied 1', 'applied 2', 'applied 3', 'another task']);
  });
});
