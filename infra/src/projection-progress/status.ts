import type { ProjectionsStatus, ProjectionStatus } from '@quitute/contracts';
import type { EventStore, RecordedEvent } from '../event-store/port';
import type { ReadStore } from '../read-store/port';
import { readProjectionCheckpoints, type ProjectionCheckpoint } from './checkpoints';

/**
 * How many events of the log after a checkpoint the status reads at most. An
 * admin's page must not read the whole log per request: past this many, the
 * projection's `eventsBehind` is a lower bound (it is that far behind at least),
 * while `secondsBehind` stays exact (it is the age of the first event it lacks).
 */
export const STATUS_SCAN_LIMIT = 10_000;

/**
 * GET /api/admin/projections (issue 13): each projection's checkpoint, as its
 * runner wrote it with its details (any process can answer, from the read
 * store and the event log), with how far behind the log it is. Reads the log
 * once per distinct checkpoint (usually one: every projection at the head),
 * at most `scanLimit` events each.
 */
export async function readProjectionsStatus(options: {
  readStore: ReadStore;
  eventStore: Pick<EventStore, 'headPosition' | 'readAll'>;
  /**
   * The projections the shop runs: a retired one's checkpoint (orders_v3 once orders_v4
   * replaced it) stays in the store and would read as ever further behind.
   */
  projectionNames: readonly string[];
  now: () => Date;
  scanLimit?: number;
}): Promise<ProjectionsStatus> {
  const { readStore, eventStore } = options;
  const scanLimit = options.scanLimit ?? STATUS_SCAN_LIMIT;
  const running = new Set(options.projectionNames);
  const checkpoints = (await readProjectionCheckpoints(readStore)).filter((checkpoint) =>
    running.has(checkpoint.name),
  );
  const head = await eventStore.headPosition();
  const windows = new Map<number, Promise<RecordedEvent[]>>();
  const after = (position: number): Promise<RecordedEvent[]> => {
    if (position >= head) return Promise.resolve([]);
    let window = windows.get(position);
    if (!window) {
      window = eventStore.readAll({ fromPosition: position, maxCount: scanLimit });
      windows.set(position, window);
    }
    return window;
  };
  const nowMs = options.now().getTime();
  const projections = await Promise.all(
    checkpoints.map(async (checkpoint) =>
      projectionStatus(checkpoint, await after(checkpoint.position), nowMs),
    ),
  );
  return { position: head, projections };
}

function projectionStatus(
  checkpoint: ProjectionCheckpoint,
  eventsAfter: readonly RecordedEvent[],
  nowMs: number,
): ProjectionStatus {
  const handled = new Set(checkpoint.eventTypes);
  let eventsBehind = 0;
  let oldest: RecordedEvent | undefined;
  for (const event of eventsAfter) {
    if (!handled.has(event.type)) continue;
    eventsBehind += 1;
    oldest ??= event;
  }
  const secondsBehind = oldest ? Math.max(0, (nowMs - Date.parse(oldest.recordedAt)) / 1000) : 0;
  return {
    name: checkpoint.name,
    collection: checkpoint.collection,
    state: checkpoint.rebuilding
      ? 'rebuilding'
      : checkpoint.error
        ? 'failed'
        : eventsBehind > 0
          ? 'catching-up'
          : 'live',
    checkpoint: checkpoint.position,
    eventsBehind,
    secondsBehind: Math.round(secondsBehind * 1000) / 1000,
    lastError: checkpoint.error,
  };
}
