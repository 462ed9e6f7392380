import { SCHEDULE_STREAM, type KitchenSchedule } from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { retryOnConflict } from '../shared/command-wrappers';
import { commandStream, type CommandContext, type CommandResult } from '../shared/handle-command';
import { parseScheduleEvent, scheduleDecider, type ScheduleState } from './decider';

/** The calendar's stream, read whole: an admin saves it a few times a month. */
export function scheduleStream(eventStore: EventStore) {
  return commandStream(eventStore, SCHEDULE_STREAM, scheduleDecider, parseScheduleEvent);
}

/**
 * Two admins saving at once: the calendar is saved whole, so the later save is
 * decided again on the earlier one (its changed fields named against it).
 */
const CHANGE_CONFLICT_RETRIES = 3;

/** An admin (the context's actor) saves the whole calendar; saving what is recorded appends nothing. */
export function changeSchedule(
  eventStore: EventStore,
  schedule: KitchenSchedule,
  context: CommandContext,
): Promise<CommandResult<ScheduleState>> {
  return retryOnConflict(
    CHANGE_CONFLICT_RETRIES,
    scheduleStream(eventStore),
    { type: 'ChangeKitchenSchedule', schedule },
    context,
  );
}
