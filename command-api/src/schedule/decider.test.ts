import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KITCHEN_SCHEDULE,
  KITCHEN_SCHEDULE_FIELDS,
  type KitchenSchedule,
  type ScheduleEvent,
} from '@quitute/contracts';
import { deciderSpec } from '../shared/decider-testing';
import { scheduleDecider } from './decider';

const natal: KitchenSchedule = {
  ...structuredClone(DEFAULT_KITCHEN_SCHEDULE),
  dailyCapacityUnits: 1000,
  closedDates: [{ date: '2026-12-25', reason: 'Natal' }],
};
const changed = (
  schedule: KitchenSchedule,
  changedFields: ScheduleEvent['data']['changedFields'],
) => ({ type: 'KitchenScheduleChanged', data: { schedule, changedFields } }) as const;

const given = deciderSpec(scheduleDecider);

describe('kitchen calendar decider', () => {
  it('given no calendar ever saved, when an admin saves capacity and a closed date, then KitchenScheduleChanged with the whole document and those two fields against the default', () => {
    expect(given([]).when({ type: 'ChangeKitchenSchedule', schedule: natal })()).toEqual([
      changed(natal, ['dailyCapacityUnits', 'closedDates']),
    ]);
  });

  it('given no calendar ever saved, when an admin saves the default as it is, then it is recorded with every field, so the calendar has an author', () => {
    const schedule = structuredClone(DEFAULT_KITCHEN_SCHEDULE);
    expect(given([]).when({ type: 'ChangeKitchenSchedule', schedule })()).toEqual([
      changed(schedule, [...KITCHEN_SCHEDULE_FIELDS]),
    ]);
  });

  it('given a saved calendar, when the same document is saved again, then nothing', () => {
    expect(
      given([changed(natal, ['dailyCapacityUnits', 'closedDates'])]).when({
        type: 'ChangeKitchenSchedule',
        schedule: structuredClone(natal),
      })(),
    ).toEqual([]);
  });

  it('given a saved calendar, when Saturday’s pickup hours change, then only weekly is named', () => {
    const saturday: KitchenSchedule = {
      ...natal,
      weekly: {
        ...natal.weekly,
        pickup: { ...natal.weekly.pickup, sat: [{ open: '08:00', close: '12:00' }] },
      },
    };
    expect(
      given([changed(natal, ['dailyCapacityUnits', 'closedDates'])]).when({
        type: 'ChangeKitchenSchedule',
        schedule: saturday,
      })(),
    ).toEqual([changed(saturday, ['weekly'])]);
  });
});
