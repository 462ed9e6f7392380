import {
  DEFAULT_KITCHEN_SCHEDULE,
  SCHEDULE_STREAM,
  type KitchenSchedule,
} from '@quitute/contracts';
import type { EventStore } from '@quitute/infra/event-store';
import { emptyAggregate, foldOnto, type LoadedAggregate } from '../shared/handle-command';
import { parseScheduleEvent, scheduleDecider, type ScheduleState } from './decider';

/**
 * The kitchen's calendar as the command side reads it (commands never read
 * read models, ARCHITECTURE §4): each checkout is decided on it.
 */
export interface ScheduleReader {
  /**
   * The calendar as last saved, read at the call: the events recorded since the
   * last call, usually none (one short read). DEFAULT_KITCHEN_SCHEDULE while
   * nothing was ever saved.
   */
  current(): Promise<KitchenSchedule>;
}

/**
 * Keeps the last calendar it folded and its revision, and on each call reads
 * only the events after it: an admin's save is enforced by the next checkout,
 * on this instance and on every other, without reading the stream whole.
 */
export function createScheduleReader(eventStore: EventStore): ScheduleReader {
  let known: LoadedAggregate<ScheduleState> = emptyAggregate(scheduleDecider);
  const fold = { decider: scheduleDecider, parse: parseScheduleEvent };
  return {
    async current() {
      const start = known;
      const recorded = await eventStore.readStream(SCHEDULE_STREAM, {
        fromRevision: start.revision + 1,
      });
      const now = foldOnto(fold, start, recorded);
      // Calls overlap: the one that read further is kept.
      if (now.revision > known.revision) known = now;
      return now.state ?? DEFAULT_KITCHEN_SCHEDULE;
    },
  };
}
