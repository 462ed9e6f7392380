import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_SCHEDULE,
  SCHEDULE_STREAM,
  type KitchenSchedule,
  type ScheduleEvent,
} from '@quitute/contracts';
import type { ReadDocument } from '@quitute/infra/read-store';
import { recordedAt } from '@quitute/infra/testing';
import { kitchenScheduleProjection } from './kitchen-schedule';

const admin = 'a0a0a0a0-b1b1-4c2c-8d3d-e4e4e4e4e4e4';
const other = 'c1c1c1c1-b1b1-4c2c-8d3d-e4e4e4e4e4e4';

/** Given these events of the calendar's stream (event n at position n, by `actors[n-1]`), then this document. */
function given(events: ScheduleEvent[], actors: string[]): ReadDocument | null {
  return events.reduce<ReadDocument | null>((document, event, index) => {
    const recorded = recordedAt(event, index + 1, SCHEDULE_STREAM);
    const actorId = actors[index] ?? admin;
    const routed = kitchenScheduleProjection.route({
      ...recorded,
      metadata: { ...recorded.metadata, actorId, actorRole: 'admin' },
    });
    expect(routed.documentId).toBe('schedule');
    return routed.evolve(document);
  }, null);
}

const natal: KitchenSchedule = {
  ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
  dailyCapacityUnits: 1000,
  closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
};
const saturdayMorning: KitchenSchedule = {
  ...natal,
  weekly: {
    ...natal.weekly,
    pickup: { ...natal.weekly.pickup, sat: [{ open: '08:00', close: '12:00' }] },
  },
};

describe('kitchen schedule projection', () => {
  it('given an admin saved the calendar, then the one document holds it, when and by whom', () => {
    expect(
      given(
        [
          {
            type: 'KitchenScheduleChanged',
            data: { schedule: natal, changedFields: ['dailyCapacityUnits', 'closedDates'] },
          },
        ],
        [admin],
      ),
    ).toEqual({
      _id: 'schedule',
      schedule: natal,
      updatedAt: '2026-11-22T12:00:01.000Z',
      updatedBy: admin,
      position: 1,
    });
  });

  it('given another admin then changed Saturday’s pickup hours, then the document is the last calendar, by her', () => {
    const document = given(
      [
        {
          type: 'KitchenScheduleChanged',
          data: { schedule: natal, changedFields: ['dailyCapacityUnits', 'closedDates'] },
        },
        {
          type: 'KitchenScheduleChanged',
          data: { schedule: saturdayMorning, changedFields: ['weekly'] },
        },
      ],
      [admin, other],
    );

    expect(document).toEqual({
      _id: 'schedule',
      schedule: saturdayMorning,
      updatedAt: '2026-11-22T12:00:02.000Z',
      updatedBy: other,
      position: 2,
    });
  });
});
