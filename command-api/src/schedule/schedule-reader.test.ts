import { describe, expect, it } from 'vitest';
import { DEFAULT_KITCHEN_SCHEDULE, SCHEDULE_STREAM } from '@quitute/contracts';
import { createMemoryEventStore, type EventStore } from '@quitute/infra/event-store';
import { changeSchedule } from './schedule';
import { createScheduleReader } from './schedule-reader';

const byAdmin = (commandId: string) => ({
  commandId,
  correlationId: commandId,
  actorId: 'admin-1',
  actorRole: 'admin' as const,
  occurredAt: '2026-11-28T12:00:00.000Z',
});

/** The event store, with every read of the calendar's stream noted (its fromRevision). */
function countingReads(inner: EventStore) {
  const reads: (number | undefined)[] = [];
  const eventStore: EventStore = {
    ...inner,
    readStream: (name, options) => {
      if (name === SCHEDULE_STREAM) reads.push(options?.fromRevision);
      return inner.readStream(name, options);
    },
  };
  return { eventStore, reads };
}

describe('the command side’s reader of the kitchen calendar', () => {
  it('given no calendar ever saved, then the default (Monday to Saturday, 9h to 18h, unlimited)', async () => {
    const reader = createScheduleReader(createMemoryEventStore());
    expect(await reader.current()).toEqual(DEFAULT_KITCHEN_SCHEDULE);
  });

  it('given a reader that read the default, when an admin saves a capacity, then its next read has it, reading only the events after the last it read', async () => {
    const { eventStore, reads } = countingReads(createMemoryEventStore());
    const reader = createScheduleReader(eventStore);
    expect((await reader.current()).dailyCapacityUnits).toBeNull();

    await changeSchedule(
      eventStore,
      { ...DEFAULT_KITCHEN_SCHEDULE, dailyCapacityUnits: 1000 },
      byAdmin('change-1'),
    );
    reads.length = 0;

    expect((await reader.current()).dailyCapacityUnits).toBe(1000);
    expect((await reader.current()).dailyCapacityUnits).toBe(1000);
    // Revision 0 (the change) was read already by the first call: the second starts after it.
    expect(reads).toEqual([0, 1]);
  });

  it('given another instance’s reader, when an admin saves on this one, then that reader sees it at its next read', async () => {
    const eventStore = createMemoryEventStore();
    const there = createScheduleReader(eventStore);
    await there.current();

    await changeSchedule(
      eventStore,
      { ...DEFAULT_KITCHEN_SCHEDULE, closedDates: [{ date: '2026-12-25', reason: 'Natal' }] },
      byAdmin('change-1'),
    );

    expect((await there.current()).closedDates).toEqual([{ date: '2026-12-25', reason: 'Natal' }]);
  });
});
