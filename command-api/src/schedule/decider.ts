import {
  changedKitchenScheduleFields,
  DEFAULT_KITCHEN_SCHEDULE,
  KITCHEN_SCHEDULE_FIELDS,
  parseEvent,
  scheduleEventSchemas,
  type KitchenSchedule,
  type ScheduleEvent,
} from '@quitute/contracts';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/** The calendar as the last event left it; null while nothing was ever saved (DEFAULT_KITCHEN_SCHEDULE applies). */
export type ScheduleState = KitchenSchedule | null;

/** An admin saves the whole calendar (PUT /api/admin/schedule). */
export type ScheduleCommand = { type: 'ChangeKitchenSchedule'; schedule: KitchenSchedule };

/**
 * The kitchen's calendar (stream SCHEDULE_STREAM, issue 40). Nothing seeds
 * it: an absent stream is DEFAULT_KITCHEN_SCHEDULE. A change names the fields
 * it changed, for the auditors; saving what is recorded appends nothing. The
 * first save compares with the default, and when the admin saves the default
 * as it is, still records it whole (every field) so that the calendar has an
 * author from then on.
 */
export const scheduleDecider: Decider<ScheduleState, ScheduleCommand, ScheduleEvent> = {
  initialState: null,

  // One event, one command: each carries the whole calendar.
  evolve: (_state, event) => event.data.schedule,

  decide(command, state) {
    const changed = changedKitchenScheduleFields(
      state ?? DEFAULT_KITCHEN_SCHEDULE,
      command.schedule,
    );
    if (state !== null && changed.length === 0) return [];
    const changedFields = changed.length > 0 ? changed : [...KITCHEN_SCHEDULE_FIELDS];
    return [
      { type: 'KitchenScheduleChanged', data: { schedule: command.schedule, changedFields } },
    ];
  },
};

export function parseScheduleEvent(recorded: RecordedEvent): ScheduleEvent | null {
  return parseEvent(scheduleEventSchemas, recorded);
}
